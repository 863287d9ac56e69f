// The map page's calls (not in @portal/shared-api yet): the compact form of GET shipments/coordinates/ and the
// info window's GET shipments/coordinates/details/. See api/src/services/map-points.ts for the shapes.
import { api, type Query } from '@portal/shared-api';
import type { ShipmentHealth } from '@portal/shared-api/domain';

export interface PortRef {
  name: string;
  locode: string | null;
}

export interface CompactVessel {
  id: number;
  name: string;
  lng: number | null;
  lat: number | null;
  next_port: PortRef | null;
}

/** `GET shipments/coordinates/?format=compact`: one array per column, `count` entries each. */
export interface CompactMapPoints {
  count: number;
  id: number[];
  lng: number[];
  lat: number[];
  health: number[];
  /** Index into `vessels`, -1 when the container is not on a vessel. */
  vessel: number[];
  vessels: CompactVessel[];
}

export interface PointDetail {
  id: number;
  container_number: string;
  carrier: string | null;
  status_text: string;
  pol: PortRef | null;
  pod: PortRef | null;
  eta: string | null;
  ata: string | null;
  health: ShipmentHealth;
  vessel: string | null;
  next_port: string | null;
  /** The demurrage / detention clock running now (the one over first); null when none runs. */
  free_time: {
    clock: 'demurrage' | 'detention' | 'combined';
    state: 'running' | 'over';
    lfd: string | null;
    days_left: number | null;
  } | null;
}

/** Most ids one details call takes (the API's limit). */
const MAX_DETAIL_IDS = 200;

export const mapApi = {
  points: (query: Query, signal?: AbortSignal) =>
    api.get<CompactMapPoints>('shipments/coordinates', { query: { ...query, format: 'compact' }, signal }),
  details: (ids: number[], signal?: AbortSignal) =>
    api.get<PointDetail[]>('shipments/coordinates/details', {
      query: { id: ids.slice(0, MAX_DETAIL_IDS).join(',') },
      signal,
    }),
};

/** Points asked for before the page rendered (see prefetchPoints), taken once by the page's first load. */
let prefetched: {
  key: string;
  at: number;
  answer: Promise<CompactMapPoints>;
  /** The answer once it has come. */
  ready: CompactMapPoints | null;
} | null = null;
/** A prefetched answer older than this is not used (ms). */
const PREFETCH_FRESH_MS = 15_000;

/**
 * Starts the points call for `query` now (when the page's module is evaluated, before React has rendered it), so
 * the answer travels while the page mounts and the map's code loads.
 */
export function prefetchPoints(query: Query): void {
  const answer = mapApi.points(query);
  const entry = {
    key: JSON.stringify(query),
    at: Date.now(),
    answer,
    ready: null as CompactMapPoints | null,
  };
  answer.then(
    (value) => {
      entry.ready = value;
    },
    () => undefined,
  );
  prefetched = entry;
}

function takeEntry(query: Query) {
  const entry = prefetched;
  if (!entry || entry.key !== JSON.stringify(query) || Date.now() - entry.at > PREFETCH_FRESH_MS) return null;
  return entry;
}

/** The prefetched answer for `query` if it has already come (taken: null afterwards), else null. */
export function takeReadyPrefetchedPoints(query: Query): CompactMapPoints | null {
  const entry = takeEntry(query);
  if (!entry?.ready) return null;
  prefetched = null;
  return entry.ready;
}

/** The prefetched answer for `query` (once), or null: none, another query, or too old. */
export function takePrefetchedPoints(query: Query): Promise<CompactMapPoints> | null {
  const entry = takeEntry(query);
  prefetched = null;
  return entry ? entry.answer : null;
}
