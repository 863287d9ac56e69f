// One status calendar (planned or actual): a step per place with flag, locode, name and its ARRIVAL / DISCHARGE /
// LOAD / DEPARTURE dates (real black, planned grey), filled by the real dates; the progress bar on the actual one.
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@portal/shared-api';
import { NS } from '../../i18n';
import { formatDate } from '../../lib/format';
import { buildCalendar, calendarProgress, type CalendarMode, type StepKey } from './calendar';
import { Flag } from './Flag';

function stepName(t: (key: string, options?: Record<string, unknown>) => string, key: StepKey): string {
  const tsp = /^tsp(\d)$/.exec(key);
  return tsp ? t('detail.calendar.steps.tsp', { n: Number(tsp[1]) }) : t(`detail.calendar.steps.${key}`);
}

export function StatusCalendar({ shipment, mode }: { shipment: Shipment; mode: CalendarMode }) {
  const { t } = useTranslation(NS);
  const steps = buildCalendar(shipment, mode);
  const progress = calendarProgress(steps);
  const title = t(`detail.calendar.${mode}`);
  return (
    <div data-testid={`calendar-${mode}`}>
      <h3 className="pui-visually-hidden">{title}</h3>
      {mode === 'actual' && steps.length > 0 && (
        <div
          className="shp-progress"
          role="progressbar"
          aria-label={t('detail.calendar.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          data-testid="calendar-progress"
        >
          <div style={{ width: `${progress}%` }} />
        </div>
      )}
      {steps.length === 0 ? (
        <p className="shp-muted">{t('detail.calendar.empty')}</p>
      ) : (
        <ol className="shp-calendar" aria-label={title} style={{ listStyle: 'none', margin: 0 }}>
          {steps.map((step) => (
            <li
              key={step.key}
              className="shp-step"
              data-state={step.state}
              data-step={step.key}
              data-testid="calendar-step"
              aria-label={`${stepName(t, step.key)} (${t(`detail.calendar.state.${step.state}`)})`}
            >
              <span className="shp-step__name">{stepName(t, step.key)}</span>
              <span className="shp-step__place">
                <Flag iso2={step.port?.country_iso2} />
                {step.port?.locode && <code>{step.port.locode}</code>}
              </span>
              <span className="shp-step__port">{step.port?.name ?? '—'}</span>
              <dl>
                {step.dates.map((d) => (
                  <div key={d.kind} style={{ display: 'contents' }}>
                    <dt>{t(`detail.calendar.dates.${d.kind}`)}</dt>
                    <dd
                      className={d.value ? (d.real ? 'shp-date--real' : 'shp-date--planned') : 'shp-muted'}
                      title={
                        d.value
                          ? t(d.real ? 'detail.calendar.real' : 'detail.calendar.plannedDate')
                          : undefined
                      }
                      data-real={d.value ? d.real : undefined}
                    >
                      {d.value ? formatDate(d.value) : '—'}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
