// One clock on a small timeline: the free part up to the last free day, the part over it, and the marks (start,
// last free day, stop or today) with their dates underneath.
import { useTranslation } from 'react-i18next';
import type { FreeTimeClockView } from '@portal/shared-api/domain';
import { clockTimeline } from './clock-timeline';
import { FREE_TIME_NS } from './i18n';

export interface ClockTimelineProps {
  clock: FreeTimeClockView;
  today: string;
  label: string;
}

const MARK_TEXT = { start: 'card.start', lfd: 'card.lfd', stop: 'card.stop', today: 'card.today' } as const;

export function ClockTimeline({ clock, today, label }: ClockTimelineProps) {
  const { t } = useTranslation(FREE_TIME_NS);
  const model = clockTimeline(clock, today);
  if (model.marks.length === 0) return null;
  const summary = model.marks.map((m) => `${t(MARK_TEXT[m.kind])} ${m.date}`).join(', ');
  return (
    <div
      className="shp-ft-line"
      role="img"
      aria-label={`${label}: ${summary}`}
      data-testid="free-time-timeline"
    >
      <div className="shp-ft-track">
        {model.free && (
          <span
            className="shp-ft-seg shp-ft-seg--free"
            style={{ left: `${model.free.from}%`, width: `${model.free.to - model.free.from}%` }}
          />
        )}
        {model.over && (
          <span
            className="shp-ft-seg shp-ft-seg--over"
            style={{ left: `${model.over.from}%`, width: `${model.over.to - model.over.from}%` }}
          />
        )}
        {model.marks.map((m) => (
          <span key={m.kind} className={`shp-ft-dot shp-ft-dot--${m.kind}`} style={{ left: `${m.at}%` }} />
        ))}
      </div>
      <ol className="shp-ft-marks" aria-hidden="true">
        {model.marks.map((m) => (
          <li key={m.kind} className={`shp-ft-mark shp-ft-mark--${m.kind}`}>
            <span>{t(MARK_TEXT[m.kind])}</span>
            <strong>
              {m.date}
              {m.kind === 'lfd' && clock.estimated ? ` (${t('card.estimated')})` : ''}
            </strong>
          </li>
        ))}
      </ol>
    </div>
  );
}
