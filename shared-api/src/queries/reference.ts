// The reference lists several remotes need (carriers, projects, event codes) as queries of the
// page's one cache: carriers and event codes are asked for once per session whichever remote asks
// first; projects are asked for again on every page visit (they change in /projects-config) and after a write.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { allPages, trackingLookupsApi, type Carrier, type EventCode, type Project } from '@portal/shared-api';
import { queryKeys } from './keys';

/** Lists that change only when an administrator edits them: kept for the session. */
const SESSION = { staleTime: Infinity, gcTime: Infinity } as const;

export const referenceQueries = {
  carriers: () =>
    queryOptions({
      queryKey: queryKeys.reference.carriers,
      queryFn: trackingLookupsApi.carriers,
      ...SESSION,
    }),
  projects: () =>
    queryOptions({
      queryKey: queryKeys.reference.projects,
      queryFn: trackingLookupsApi.projects,
      staleTime: 0,
    }),
  eventCodes: () =>
    queryOptions({
      queryKey: queryKeys.reference.eventCodes,
      queryFn: () => allPages<EventCode>('event-codes'),
      ...SESSION,
    }),
};

// One empty array per list, so that a screen's memos and effects do not run again on every render while loading.
const NO_CARRIERS: Carrier[] = [];
const NO_PROJECTS: Project[] = [];
const NO_EVENT_CODES: EventCode[] = [];

/** The carriers (empty while loading or when the call failed). */
export function useCarriers(): Carrier[] {
  return useQuery(referenceQueries.carriers()).data ?? NO_CARRIERS;
}

/** The caller's company's projects (empty while loading or when the call failed). */
export function useProjects(): Project[] {
  return useQuery(referenceQueries.projects()).data ?? NO_PROJECTS;
}

/** The carrier event codes (empty while loading or when the call failed). */
export function useEventCodes(): EventCode[] {
  return useQuery(referenceQueries.eventCodes()).data ?? NO_EVENT_CODES;
}

/** After a write to projects (create, rename, subscribers, delete): every screen's project list asks again. */
export function invalidateProjects(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.reference.projects });
}
