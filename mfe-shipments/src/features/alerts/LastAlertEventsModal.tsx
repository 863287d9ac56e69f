// The 'Last Alert Events' modal: Code, Message, WallTime, Hidden; each Hidden checkbox saves at once; Unhide All
// Events / Hide All Events. Without write permission the checkboxes and buttons are read-only.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorToNotificationBody,
  eventsApi,
  resultsOf,
  shipmentsApi,
  type AlertEvent,
  type Shipment,
} from '@portal/shared-api';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, Checkbox, Modal, notifyError, Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { fillPlaceholders, localizedDescription } from '../../lib/event-text';
import { formatTimestamp } from '../../lib/format';

export interface LastAlertEventsModalProps {
  shipment: Shipment | null;
  writable: boolean;
  onClose: () => void;
  /** Called after any change (the row's last alert may have changed). */
  onChanged: () => void;
}

export function LastAlertEventsModal({ shipment, writable, onClose, onChanged }: LastAlertEventsModalProps) {
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const [busy, setBusy] = useState<string | null>(null);
  const id = shipment?.id;
  const client = useQueryClient();

  const eventsQuery = useQuery({
    queryKey: queryKeys.shipments.alertEvents(id ?? 0),
    queryFn: async ({ signal }) => resultsOf(await shipmentsApi.alertEvents(id ?? 0, signal)),
    enabled: id !== undefined,
  });
  // a failed load shows the empty table (and says why)
  const events: AlertEvent[] | null = eventsQuery.data ?? (eventsQuery.isError ? [] : null);
  useEffect(() => {
    if (eventsQuery.error) notifyError(tc('errors.title'), errorToNotificationBody(eventsQuery.error));
    // a failure is told once, in the language of the moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventsQuery.error]);

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    try {
      await action();
      onChanged();
    } catch (error) {
      notifyError(tc('errors.title'), errorToNotificationBody(error));
    } finally {
      setBusy(null);
    }
  };

  const eventsKey = queryKeys.shipments.alertEvents(id ?? 0);
  const setHidden = (ids: number[] | 'all', hidden: boolean) =>
    client.setQueryData<AlertEvent[]>(eventsKey, (prev) =>
      prev?.map((e) => (ids === 'all' || ids.includes(e.id) ? { ...e, hidden } : e)),
    );
  // A read that started before the write ended (the window closed and opened again meanwhile) would put the old
  // state back: it is dropped, and the events are read again once the write is done.
  const afterWrite = () => client.invalidateQueries({ queryKey: eventsKey });

  // The checkbox shows the new state at once and saves it; a failure puts it back.
  const toggle = async (event: AlertEvent, hidden: boolean) => {
    await client.cancelQueries({ queryKey: eventsKey });
    setHidden([event.id], hidden);
    return run(`event-${event.id}`, async () => {
      try {
        await (hidden ? eventsApi.hide(event.id) : eventsApi.unhide(event.id));
      } catch (error) {
        setHidden([event.id], !hidden);
        throw error;
      } finally {
        void afterWrite();
      }
    });
  };

  const all = (hidden: boolean) =>
    run(hidden ? 'hide-all' : 'unhide-all', async () => {
      if (id === undefined) return;
      try {
        await (hidden ? shipmentsApi.hideAllEvents(id) : shipmentsApi.unhideAllEvents(id));
        setHidden('all', hidden);
      } finally {
        void afterWrite();
      }
    });

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
    <Modal
      open={shipment !== null}
      onClose={onClose}
      size="lg"
      title={`${t('alerts.title')} · ${shipment?.container_number ?? ''}`}
      footer={
        writable && events && events.length > 0 ? (
          <>
            <Button
              variant="secondary"
              busy={busy === 'unhide-all'}
              disabled={busy !== null}
              onClick={() => void all(false)}
            >
              {t('alerts.unhideAll')}
            </Button>
            <Button busy={busy === 'hide-all'} disabled={busy !== null} onClick={() => void all(true)}>
              {t('alerts.hideAll')}
            </Button>
          </>
        ) : undefined
      }
    >
      {events === null ? (
        <Spinner size="lg" label={tc('actions.loading')} />
      ) : events.length === 0 ? (
        <p>{t('alerts.empty')}</p>
      ) : (
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
                      onChange={(hidden) => void toggle(e, hidden)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
