// The table of the 'Last Alert Events' modal: Code, Message, WallTime and the Hidden checkbox of each event.
import { useTranslation } from 'react-i18next';
import type { AlertEvent } from '@portal/shared-api';
import { Checkbox } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { fillPlaceholders, localizedDescription } from '../../lib/event-text';
import { formatTimestamp } from '../../lib/format';
import type { AlertBusy } from './use-alert-events';

interface Props {
  events: AlertEvent[];
  writable: boolean;
  busy: AlertBusy;
  onToggle: (event: AlertEvent, hidden: boolean) => void;
}

export function AlertEventsTable({ events, writable, busy, onToggle }: Props) {
  const { t, i18n } = useTranslation(NS);
  const description = (e: AlertEvent) =>
    fillPlaceholders(
      localizedDescription(e.code_description, e.code_description_es, i18n.language),
      e.details,
    );
  // The message is written by the tracking engine in English; in Spanish the code's own wording goes under it.
  const translated = (e: AlertEvent) =>
    i18n.language === 'es' && e.code_description_es
      ? fillPlaceholders(e.code_description_es, e.details)
      : null;

  return (
    <div className="shp-scroll">
      <table className="shp-alerts-table" data-testid="alert-events-table">
        <thead>
          <tr>
            <th scope="col">{t('alerts.code')}</th>
            <th scope="col">{t('alerts.message')}</th>
            <th scope="col">{t('alerts.walltime')}</th>
            <th scope="col">{t('alerts.hidden')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} data-hidden={e.hidden}>
              <td title={description(e)}>{e.code}</td>
              <td>
                {e.details?.message || description(e)}
                {e.details?.message && translated(e) && (
                  <span className="shp-muted" style={{ display: 'block' }}>
                    {translated(e)}
                  </span>
                )}
              </td>
              <td className="shp-nowrap">{formatTimestamp(e.walltime)}</td>
              <td>
                <Checkbox
                  checked={e.hidden}
                  disabled={!writable || busy === 'hide-all' || busy === 'unhide-all'}
                  aria-label={t('alerts.hideLabel', { code: e.code })}
                  data-testid="alert-hidden-checkbox"
                  onChange={(hidden) => onToggle(e, hidden)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
