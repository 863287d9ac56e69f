// The timeline of the shipment: carrier events as milestones (an event's planned, estimated and actual times
// together), grouped by date and time, newest first with a toggle, an icon per event code.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { formatTimestamp } from '../../lib/format';
import { fillPlaceholders, localizedDescription } from '../../lib/event-text';
import { EventIcon } from './event-icons';
import {
  CLASSIFIERS,
  groupTimeline,
  type TimelineEvent,
  type TimelineMilestone,
  type TimelineOrder,
} from './timeline';

function MilestoneTimes({ milestone }: { milestone: TimelineMilestone }) {
  const { t } = useTranslation(NS);
  const shown = CLASSIFIERS.filter((c) => milestone.copies[c]);
  if (shown.length === 0) return null;
  const main = milestone.copies.ACT ? 'ACT' : milestone.copies.EST ? 'EST' : 'PLN';
  return (
    <span className="shp-event__times" data-testid="timeline-times">
      {shown.map((c) => (
        <span key={c} className="shp-event__time" data-classifier={c} data-main={c === main || undefined}>
          <span className="shp-event__time-label">{t(`detail.timeline.classifier.${c}`)}</span>{' '}
          <time>{formatTimestamp(milestone.copies[c]!.walltime)}</time>
          {c === 'EST' && milestone.estimates > 1 && (
            <span className="shp-muted">
              {' '}
              ({t('detail.timeline.revisions', { count: milestone.estimates })})
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

export function Timeline({ events }: { events: readonly TimelineEvent[] }) {
  const { t, i18n } = useTranslation(NS);
  const [order, setOrder] = useState<TimelineOrder>('newest');
  const groups = groupTimeline(events, order);
  if (groups.length === 0) return <p className="shp-muted">{t('detail.timeline.empty')}</p>;
  return (
    <>
      <div className="shp-timeline__bar">
        <span className="shp-muted" aria-live="polite">
          {order === 'newest' ? t('detail.timeline.newestFirst') : t('detail.timeline.oldestFirst')}
        </span>
        <Button
          variant="link"
          size="sm"
          onClick={() => setOrder(order === 'newest' ? 'oldest' : 'newest')}
          data-testid="timeline-order"
        >
          {order === 'newest' ? t('detail.timeline.showOldestFirst') : t('detail.timeline.showNewestFirst')}
        </Button>
      </div>
      <ol className="shp-timeline" data-testid="timeline" data-order={order}>
        {groups.map((group) => (
          <li key={group.when} className="shp-timeline__group" data-testid="timeline-group">
            <time className="shp-timeline__when">{group.when}</time>
            <ul className="shp-timeline__events">
              {group.milestones.map((milestone) => {
                const e = milestone.event;
                const what = fillPlaceholders(
                  localizedDescription(e.code_description, e.code_description_es, i18n.language),
                  e.details,
                );
                const where = e.location ?? e.locode;
                return (
                  <li
                    key={e.id}
                    className="shp-event"
                    data-hidden={milestone.hidden}
                    data-testid="timeline-event"
                  >
                    <EventIcon code={e.code} />
                    <span className="shp-event__text">
                      <span>
                        <strong>{what}</strong>
                        {milestone.hidden && (
                          <span className="shp-muted"> · {t('detail.timeline.hidden')}</span>
                        )}
                      </span>
                      {where && (
                        <span className="shp-muted">
                          {where}
                          {e.locode && e.location ? ` (${e.locode})` : ''}
                        </span>
                      )}
                      <MilestoneTimes milestone={milestone} />
                    </span>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}
