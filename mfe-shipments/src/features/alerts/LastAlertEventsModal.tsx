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
import { Button, Checkbox, Modal, notifyError, Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { fillPlaceholders, localizedDescription } from '../../lib/eventText';
import { formatTimestamp } from '../../lib/format';

export interface LastAlertEventsModalProps {
  shipment: Shipment | null;
  writable: boolean;
  onClose: () => void;
  /** Called after any change (the row's last alert may have changed). */
  onChanged: () => void;
}

type LocalizedEvent = AlertEvent & { code_description_es?: string };

export function LastAlertEventsModal({ shipment, writable, onClose, onChanged }: LastAlertEventsModalProps) {
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const [events, setEvents] = useState<LocalizedEvent[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const id = shipment?.id;

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    setEvents(null);
    shipmentsApi
      .alertEvents(id, controller.signal)
      .then((answer) => setEvents(resultsOf(answer)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setEvents([]);
        notifyError(tc('errors.title'), errorToNotificationBody(error));
      });
    return () => controller.abort();
  }, [id, tc]);

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

  const setHidden = (ids: number[] | 'all', hidden: boolean) =>
    setEvents(
      (prev) => prev?.map((e) => (ids === 'all' || ids.includes(e.id) ? { ...e, hidden } : e)) ?? prev,
    );

  // The checkbox shows the new state at once and saves it; a failure puts it back.
  const toggle = (event: AlertEvent, hidden: boolean) => {
    setHidden([event.id], hidden);
    return run(`event-${event.id}`, async () => {
      try {
        await (hidden ? eventsApi.hide(event.id) : eventsApi.unhide(event.id));
      } catch (error) {
        setHidden([event.id], !hidden);
        throw error;
      }
    });
  };

  const all = (hidden: boolean) =>
    run(hidden ? 'hide-all' : 'unhide-all', async () => {
      if (id === undefined) return;
      await (hidden ? shipmentsApi.hideAllEvents(id) : shipmentsApi.unhideAllEvents(id));
      setHidden('all', hidden);
    });

  const details = (e: LocalizedEvent) => (e.details ?? {}) as Record<string, unknown>;
  const description = (e: LocalizedEvent) =>
    fillPlaceholders(
      localizedDescription(e.code_description, e.code_description_es, i18n.language),
      details(e),
    );
  // The message is written by the tracking engine in English; in Spanish the code's own wording goes under it.
  const translated = (e: LocalizedEvent) =>
    i18n.language === 'es' && e.code_description_es
      ? fillPlaceholders(e.code_description_es, details(e))
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
