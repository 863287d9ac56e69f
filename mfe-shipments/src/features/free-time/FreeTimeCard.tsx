// The detail's demurrage and detention card: each clock on a small timeline (start, last free day, stop or
// today) with its state, days left, free days and cost (accrued and projected, in the rule's currency), the rule
// applied (its scope) or the carrier's own last free day; a plain sentence and a link to the rules page when no
// rule applies.
import { useTranslation } from 'react-i18next';
import type { FreeTimeClockView, FreeTimeViewData } from '@portal/shared-api/domain';
import { Link } from '@portal/shared-ui/router';
import { ClockTimeline } from './ClockTimeline';
import { FreeTimeBadge } from './FreeTimeBadge';
import { daysLeftText, formatMoney } from './format';
import { FREE_TIME_NS } from './i18n';

/** The rule's scope as the detail sends it (null = any). */
interface FreeTimeRuleScope {
  id: number;
  carrier: string | null;
  pod_locode: string | null;
  container_type: string | null;
}

export interface FreeTimeCardProps {
  freeTime: FreeTimeViewData | null | undefined;
  rule: FreeTimeRuleScope | null | undefined;
  /** 'YYYY-MM-DD' (UTC), the day the clocks are read on. */
  today?: string;
}

const CONFIG_FREE_TIME_PATH = '/free-time-config';

const utcToday = () => new Date().toISOString().slice(0, 10);

function ClockRow(props: { name: string; clock: FreeTimeClockView; view: FreeTimeViewData; today: string }) {
  const { t, i18n } = useTranslation(FREE_TIME_NS);
  const { clock, view, name } = props;
  const money = (n: number) => formatMoney(n, view.currency, i18n.language);
  const running = clock.state === 'running' || clock.state === 'over';
  return (
    <li className="shp-ft-clock" data-testid={`free-time-clock-${name}`}>
      <div className="shp-ft-clock-head">
        <h3>{t(`card.${name}`)}</h3>
        <FreeTimeBadge state={clock.state} daysLeft={clock.days_left} />
        {running && <strong className="shp-ft-days">{daysLeftText(t, clock.days_left)}</strong>}
        {clock.free_days !== null && (
          <span className="shp-ft-muted">
            {t('card.freeDays', { count: clock.free_days })} · {t(`card.${view.day_count}`)}
          </span>
        )}
        {clock.lfd_source === 'carrier' && <span className="shp-ft-tag">{t('card.carrierLfd')}</span>}
      </div>
      <ClockTimeline clock={clock} today={props.today} label={t(`card.${name}`)} />
      {view.currency && (
        <dl className="shp-ft-costs">
          <div>
            <dt>{t('card.cost')}</dt>
            <dd data-testid="free-time-cost">{money(clock.cost)}</dd>
          </div>
          <div>
            <dt>{t('card.projected')}</dt>
            <dd data-testid="free-time-projected">{money(clock.projected_cost)}</dd>
          </div>
        </dl>
      )}
    </li>
  );
}

function RuleLine({ view, rule }: { view: FreeTimeViewData; rule: FreeTimeRuleScope | null | undefined }) {
  const { t } = useTranslation(FREE_TIME_NS);
  if (view.rule_id === null) return <p className="shp-ft-muted">{t('card.carrierOnly')}</p>;
  const any = t('card.ruleAny');
  return (
    <p className="shp-ft-rule" data-testid="free-time-rule">
      <span>{t('card.rule')}: </span>
      {rule
        ? t('card.ruleScope', {
            carrier: rule.carrier ?? any,
            pod: rule.pod_locode ?? any,
            type: rule.container_type ?? any,
          })
        : `#${view.rule_id}`}{' '}
      · <Link to={CONFIG_FREE_TIME_PATH}>{t('card.configure')}</Link>
    </p>
  );
}

export function FreeTimeCard({ freeTime, rule, today = utcToday() }: FreeTimeCardProps) {
  const { t } = useTranslation(FREE_TIME_NS);
  return (
    <section className="shp-panel shp-ft-card" aria-labelledby="shp-ft-title" data-testid="free-time-card">
      <div className="shp-ft-title">
        <h2 id="shp-ft-title">{t('card.title')}</h2>
        {freeTime && <FreeTimeBadge state={freeTime.state} daysLeft={freeTime.days_left} />}
      </div>
      {!freeTime ? (
        <p data-testid="free-time-none">
          {t('card.noRule')} <Link to={CONFIG_FREE_TIME_PATH}>{t('card.configure')}</Link>
        </p>
      ) : (
        <>
          <ul className="shp-ft-clocks">
            <ClockRow
              name={freeTime.mode === 'combined' ? 'combined' : 'demurrage'}
              clock={freeTime.demurrage}
              view={freeTime}
              today={today}
            />
            {freeTime.detention && (
              <ClockRow name="detention" clock={freeTime.detention} view={freeTime} today={today} />
            )}
          </ul>
          <RuleLine view={freeTime} rule={rule} />
        </>
      )}
    </section>
  );
}
