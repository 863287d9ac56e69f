// The map page's calls (not in @portal/shared-api yet): the compact form of GET shipments/coordinates/ and the
// info window's GET shipments/coordinates/details/, typed by the API's OpenAPI document.
import { type ApiAnswer, type Query, type ShipmentCoordinates } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

/**
 * `GET shipments/coordinates/?format=compact`: one array per column, `count` entries each; `vessel` is an index
 * into `vessels`, -1 when the container is not on a vessel.
 */
export type CompactMapPoints = Exclude<ShipmentCoordinates, unknown[]>;
export type CompactVessel = CompactMapPoints['vessels'][number];
export type PortRef = NonNullable<CompactVessel['next_port']>;
/** One container of the info window (`GET shipments/coordinates/details/`). */
export type PointDetail = ApiAnswer<'/api/shipments/coordinates/details/'>[number];

/** Most ids one details call takes (the API's limit). */
const MAX_DETAIL_IDS = 200;

/** The compact form the points call asks for (the document answers either form, as `format` says). */
function compactOnly(answer: ShipmentCoordinates): CompactMapPoints {
  if (Array.isArray(answer)) throw new Error('GET shipments/coordinates/ did not answer the compact form');
  return answer;
}

export const mapApi = {
  points: (query: Query, signal?: AbortSignal): Promise<CompactMapPoints> =>
    client
      .get('/api/shipments/coordinates/', { query: { ...query, format: 'compact' }, signal })
      .then(compactOnly),
  details: (ids: number[], signal?: AbortSignal): Promise<PointDetail[]> =>
    client.get('/api/shipments/coordinates/details/', {
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
