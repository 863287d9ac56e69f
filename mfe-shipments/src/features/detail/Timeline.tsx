// The timeline of the shipment: carrier events grouped by date and time, an icon per event code.
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { fillPlaceholders, localizedDescription } from '../../lib/eventText';
import { EventIcon } from './eventIcons';
import { groupTimeline, type TimelineEvent } from './timeline';

export function Timeline({ events }: { events: readonly TimelineEvent[] }) {
  const { t, i18n } = useTranslation(NS);
  const groups = groupTimeline(events);
  if (groups.length === 0) return <p className="shp-muted">{t('detail.timeline.empty')}</p>;
  return (
    <ol className="shp-timeline" data-testid="timeline">
      {groups.map((group) => (
        <li key={group.when} className="shp-timeline__group" data-testid="timeline-group">
          <time className="shp-timeline__when">{group.when}</time>
          <ul className="shp-timeline__events">
            {group.events.map((e) => {
              const what = fillPlaceholders(
                localizedDescription(e.code_description, e.code_description_es, i18n.language),
                e.details,
              );
              const where = e.location ?? e.locode;
              const classifier = e.classifier ? t(`detail.timeline.classifier.${e.classifier}`, '') : '';
              return (
                <li
                  key={e.id}
                  className="shp-event"
                  data-hidden={e.hidden ?? false}
                  data-testid="timeline-event"
                >
                  <EventIcon code={e.code} />
                  <span className="shp-event__text">
                    <span>
                      <strong>{what}</strong>
                      {classifier && <span className="shp-muted"> ({classifier})</span>}
                      {e.hidden && <span className="shp-muted"> · {t('detail.timeline.hidden')}</span>}
                    </span>
                    {where && (
                      <span className="shp-muted">
                        {where}
                        {e.locode && e.location ? ` (${e.locode})` : ''}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
