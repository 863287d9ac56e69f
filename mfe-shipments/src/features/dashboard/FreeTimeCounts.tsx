// The dashboard's demurrage and detention counts: containers whose free time ends within the user's warning days
// (free_time_warning_days of the profile, sent back with the counts) and containers over free time, each a link
// to the shipment list with the same filter (the counts equal that list's count).
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { FREE_TIME_NS } from '../free-time/i18n';

export interface FreeTimeCountsProps {
  ending: number | undefined;
  over: number | undefined;
  warningDays: number | undefined;
}

export function FreeTimeCounts({ ending, over, warningDays }: FreeTimeCountsProps) {
  const { t, i18n } = useTranslation(FREE_TIME_NS);
  if (warningDays === undefined) return null;
  const shown = (n: number | undefined) =>
    n === undefined ? '—' : n.toLocaleString(i18n.language === 'es' ? 'es-ES' : 'en-GB');
  return (
    <section className="shp-ft-dash" aria-label={t('dashboard.title')} data-testid="free-time-counts">
      <Link
        className="shp-ft-count shp-ft-count--warning"
        to={`/shipments?${new URLSearchParams({ free_time_ends_within: String(warningDays) })}`}
        data-testid="free-time-ending-count"
      >
        <strong>{shown(ending)}</strong>
        <span>{t('dashboard.ending', { count: warningDays })}</span>
      </Link>
      <Link
        className="shp-ft-count shp-ft-count--danger"
        to={`/shipments?${new URLSearchParams({ over_free_time: 'true' })}`}
        data-testid="free-time-over-count"
      >
        <strong>{shown(over)}</strong>
        <span>{t('dashboard.over')}</span>
      </Link>
    </section>
  );
}
