// The alert events of one shipment and their Hidden flags: one event shown hidden (or not) at once and saved,
// put back when the save fails; all of them hidden or shown once the server says so.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorToNotificationBody,
  eventsApi,
  resultsOf,
  shipmentsApi,
  type AlertEvent,
} from '@portal/shared-api';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifyError } from '@portal/shared-ui';

/** The events with the Hidden flag set on the ones named ('all': every one). */
export function withHidden(events: AlertEvent[], ids: number[] | 'all', hidden: boolean): AlertEvent[] {
  return events.map((e) => (ids === 'all' || ids.includes(e.id) ? { ...e, hidden } : e));
}

/** The write at work: 'event-{id}', 'hide-all', 'unhide-all', or null. */
export type AlertBusy = string | null;

export function useAlertEvents(id: number | undefined, onChanged: () => void) {
  const { t: tc } = useTranslation('common');
  const [busy, setBusy] = useState<AlertBusy>(null);
  const client = useQueryClient();
  const eventsKey = queryKeys.shipments.alertEvents(id ?? 0);

  const eventsQuery = useQuery({
    queryKey: eventsKey,
    queryFn: async ({ signal }) => resultsOf(await shipmentsApi.alertEvents(id ?? 0, signal)),
    enabled: id !== undefined,
  });
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

  const setHidden = (ids: number[] | 'all', hidden: boolean) =>
    client.setQueryData<AlertEvent[]>(eventsKey, (prev) => prev && withHidden(prev, ids, hidden));
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

  // a failed load shows the empty table (and says why)
  const events: AlertEvent[] | null = eventsQuery.data ?? (eventsQuery.isError ? [] : null);
  return { events, busy, toggle, all };
}
