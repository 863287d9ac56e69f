// Reference lists the screens need (carriers and projects for the filters, event codes for the dashboard
// settings), loaded once per page view, every page of them.
import { useEffect, useState } from 'react';
import {
  carriersApi,
  eventCodesApi,
  resultsOf,
  trackingLookupsApi,
  type Carrier,
  type EventCode,
  type Paged,
  type Project,
} from '@portal/shared-api';
import { api } from '@portal/shared-api';

type ListAnswer<T> = T[] | Paged<T>;

/** Every item of a list call, following its pages (at most 20). */
async function allPages<T>(first: () => Promise<ListAnswer<T>>, path: string): Promise<T[]> {
  const answer = await first();
  const items = resultsOf(answer);
  if (Array.isArray(answer)) return items;
  let next = answer.next;
  for (let page = 2; next && page <= 20; page += 1) {
    const more = await api.get<Paged<T>>(path, { query: { page } });
    items.push(...more.results);
    next = more.next;
  }
  return items;
}

function useList<T>(load: () => Promise<T[]>): T[] {
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((list) => live && setItems(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // loaded once per mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return items;
}

export function useCarriers(): Carrier[] {
  return useList(() => allPages(carriersApi.list, 'carriers'));
}

/** The caller's company's projects (they change in /projects-config, so asked for on every visit). */
export function useProjects(): Project[] {
  return useList(trackingLookupsApi.projects);
}

export type LocalizedEventCode = EventCode & { description_es?: string; category?: string };

export function useEventCodes(): LocalizedEventCode[] {
  return useList(() => allPages<LocalizedEventCode>(eventCodesApi.list, 'event-codes'));
}
