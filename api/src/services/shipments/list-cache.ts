// Reuse of what the shipments list and the dashboard counts computed, keyed by the company's data version
// (shipments_data_version, migration 0017; a list of one carrier by that carrier's, migration 0037): the version
// is read first (one tiny query), and an entry made under another version is dropped, so a count, a page's ids
// or a page's JSON is served only while nothing it depends on (the company's shipments, their alert codes and
// request statuses, carriers, ports, vessels, projects, the company's default form) has changed since — a write
// is seen by the next request, in every API process.
// The caller's thresholds and the filters are part of the key; what depends on the clock carries an expiry
// (dtd / dta are whole days from now; "created in the last 7 days" loses its oldest shipment) or is not cached
// (last_n_days, dtd / dta ranges: bounds to the millisecond). SHIPMENTS_CACHE=0 turns it off (to measure);
// SHIPMENTS_CACHE_MB bounds its pages' JSON (both read and checked by config.ts).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { loadConfig, type ShipmentsCacheSettings } from '../../config';
import type { Database } from '../../db/types';
import type { HealthThresholds } from '../health';
import type { ShipmentFilters } from './filters';

/** Entries kept per database handle (least recently used dropped first). */
const MAX_ENTRIES = 2_000;
/** Pages kept per list entry (the last ones asked). */
const MAX_PAGES = 50;
const DAY_MS = 86_400_000;

/** The settings in force: the environment's (loadConfig, validated at start) unless configureListCache set them. */
let settings: ShipmentsCacheSettings | undefined;
const currentSettings = (): ShipmentsCacheSettings => (settings ??= loadConfig().shipmentsCache);

/**
 * Sets the cache's settings (the process's config: `loadConfig().shipmentsCache`, or a part of it, e.g. the
 * benchmarks turning the cache off); `reset` goes back to the environment's.
 */
export function configureListCache(next: Partial<ShipmentsCacheSettings> | 'reset'): void {
  settings = next === 'reset' ? undefined : { ...currentSettings(), ...next };
}

export const cacheEnabled = (): boolean => currentSettings().enabled;

/**
 * How list pages were answered since the last reset: from the cache, by joining a computation, from an earlier
 * version's page whose rows did not change (revalidated: its count and ids were read again), or computed.
 */
const counters = { hits: 0, joined: 0, unchanged: 0, revalidated: 0, misses: 0 };
export type ListAnswerSource = keyof typeof counters;
export const countListAnswer = (source: ListAnswerSource): void => void counters[source]++;
/** The counters (for the benchmarks' hit rate); `reset` starts them again from zero. */
export function listCacheStats(reset = false): Record<ListAnswerSource, number> {
  const out = { ...counters };
  if (reset) Object.assign(counters, { hits: 0, joined: 0, unchanged: 0, revalidated: 0, misses: 0 });
  return out;
}

interface Entry {
  version: string;
  value: object & { bytes?: number };
}

interface Store {
  entries: Map<string, Entry>;
  /** Sum of the entries' `bytes`. */
  bytes: number;
}

const stores = new WeakMap<Kysely<Database>, Store>();

function storeOf(db: Kysely<Database>): Store {
  let store = stores.get(db);
  if (!store) {
    store = { entries: new Map(), bytes: 0 };
    stores.set(db, store);
  }
  return store;
}

function drop(store: Store, key: string): void {
  const entry = store.entries.get(key);
  if (!entry) return;
  store.entries.delete(key);
  store.bytes -= entry.value.bytes ?? 0;
}

/** Drops the least recently used entries while over the limits. */
function trim(store: Store): void {
  const maxBytes = currentSettings().maxBytes; // least recently used entries dropped first
  while (store.entries.size > MAX_ENTRIES || (store.bytes > maxBytes && store.entries.size > 1)) {
    drop(store, store.entries.keys().next().value as string);
  }
}

/**
 * The company's data version (changes with every committed write the lists depend on); with `carrierId`, the
 * version of that carrier's shipments of the company (migration 0037: writes to other carriers' shipments leave
 * it as it is).
 */
export async function dataVersion(
  db: Kysely<Database>,
  companyId: number,
  carrierId?: number,
): Promise<string> {
  const { rows } =
    carrierId === undefined
      ? await sql<{ v: string }>`SELECT shipments_data_version(${companyId})::text AS v`.execute(db)
      : await sql<{
          v: string;
        }>`SELECT shipments_data_version(${companyId}, ${carrierId}::integer)::text AS v`.execute(db);
  return rows[0].v;
}

/**
 * A list's versions in one query: `data`, as dataVersion; `base`, the part of it that moves with everything but
 * the writes to shipments (the changes recorded with no carrier: the company's forms, projects, free time,
 * carriers, ports, vessels, and changes of everything), under which the rows of a page are revalidated rather
 * than rebuilt (revalidates); with `selection`, also the company's selection version
 * (shipments_selection_version, migration 0038: moves only with the writes that change which shipments a search,
 * carrier, project, POL or POD filter selects), under which the count of such filters is reused.
 */
export async function listVersions(
  db: Kysely<Database>,
  companyId: number,
  carrierId: number | undefined,
  selection: boolean,
): Promise<{ data: string; base: string; selection?: string }> {
  const data =
    carrierId === undefined
      ? sql`shipments_data_version(${companyId})`
      : sql`shipments_data_version(${companyId}, ${carrierId}::integer)`;
  const selected = selection ? sql`shipments_selection_version(${companyId})::text` : sql`NULL::text`;
  // Only the shipments trigger records a change with a carrier (migration 0037); the rest are the base.
  const { rows } = await sql<{ v: string; b: string; s: string | null }>`SELECT ${data}::text AS v,
    (SELECT coalesce(sum(weight), 0) FROM shipment_data_changes
      WHERE company_id IS NULL OR (company_id = ${companyId} AND carrier_id IS NULL))::text AS b,
    ${selected} AS s`.execute(db);
  const { v, b, s: sel } = rows[0];
  return sel === null ? { data: v, base: b } : { data: v, base: b, selection: sel };
}

/** The value kept under `key` for `version` (a new one from `create` when absent or made under another version). */
export function versioned<T extends object>(
  db: Kysely<Database>,
  key: string,
  version: string,
  create: () => T,
): T {
  const store = storeOf(db);
  const found = store.entries.get(key);
  let entry: Entry;
  if (found && found.version === version) {
    store.entries.delete(key); // most recently used last
    entry = found;
  } else {
    drop(store, key);
    entry = { version, value: create() };
  }
  store.entries.set(key, entry);
  trim(store);
  return entry.value as T;
}

const thresholdsKey = (t: HealthThresholds) =>
  JSON.stringify([
    t.days_of_delay,
    t.days_in_advance,
    [...new Set(t.attention_required_event_codes)].sort((a, b) => a - b),
    Object.entries(t.max_days)
      .filter(([, v]) => typeof v === 'number')
      .sort(([a], [b]) => a.localeCompare(b)),
    t.pod_warning_risk ?? null,
  ]);

/**
 * The key of a list's filters for the caller's company and thresholds on `today` (UTC 'YYYY-MM-DD': the rows'
 * free-time days left and state change at midnight without a write), or null when the filters depend on the
 * clock to the millisecond (last_n_days, dtd / dta ranges). Relative date filters are already whole days.
 */
export function listKey(
  companyId: number,
  t: HealthThresholds,
  f: ShipmentFilters,
  today: string,
): string | null {
  if (f.last_n_days !== undefined || f.dtd || f.dta) return null;
  const { searchMatches: _derived, ...filters } = f;
  void _derived;
  return `list:${companyId}:${today}:${thresholdsKey(t)}:${JSON.stringify(filters)}`;
}

/** The key of the count of a list's filters: listKey's without the ordering (the count is the same for all). */
export function countKey(
  companyId: number,
  t: HealthThresholds,
  f: ShipmentFilters,
  today: string,
): string | null {
  const key = listKey(companyId, t, { ...f, ordering: [], order_dta: false }, today);
  return key && `count:${key.slice('list:'.length)}`;
}

/** The dashboard counts' key: the free-time counts depend on the day and the user's warning days. */
export const statsKey = (companyId: number, t: HealthThresholds, today: string, warningDays: number) =>
  `stats:${companyId}:${today}:${warningDays}:${thresholdsKey(t)}`;

export interface CachedPage {
  /**
   * The page's results as UTF-8 JSON: bytes, off the JS heap, counted exactly against the memory allowed
   * (SHIPMENTS_CACHE_MB), and sent as they are. Deflated, a page keeps in a seventh of the memory, but unpacking
   * it at each reuse cost 0.9 ms of the API's CPU per request in the bench's mix: a third of what a miss costs.
   */
  results: Buffer;
  /** Epoch ms after which it must be rebuilt (a dtd / dta would round to another day). */
  expires: number;
  /** The page's shipment ids in its order, and the row version (xmin) each was read at, for revalidation. */
  ids?: string[];
  rowVersions?: string[];
  /**
   * For a full page in ETA order whose last row has an ETA: the snapshot its ids were read in (pg_snapshot text)
   * and its first and last rows' ETAs, to tell from the log of changes whether it can still be the page
   * (unchangedSince).
   */
  snapshot?: string;
  firstEta?: string;
  lastEta?: string;
  /** Epoch ms when `snapshot` was taken (a log older than LOGGED_MS is not relied on). */
  readAt?: number;
}

export interface ListValue {
  count?: number;
  /** By `<page>:<language>`. */
  pages: Map<string, CachedPage>;
  /** Pages being computed, shared by the requests that ask for them meanwhile. */
  pending: Map<string, Promise<{ count: number; page: CachedPage }>>;
  /** Size of the pages' JSON (counted against the settings' maxBytes). */
  bytes: number;
  /** listVersions' `base` the value was made under. */
  base?: string;
  /**
   * Pages of earlier versions with the same base (only shipments were written since): one is served again when
   * its ids and their row versions are still those of the page (see revalidates).
   */
  stale?: Map<string, CachedPage>;
}

const newListValue = (): ListValue => ({ pages: new Map(), pending: new Map(), bytes: 0 });

const textSize = (results: Buffer | undefined) => results?.length ?? 0;

/**
 * The list entry of `key` under `versions.data`, as versioned; when it replaces one of an earlier data version
 * with the same base, that entry's pages (and the ones it carried) are carried as `stale`, to be revalidated.
 */
export function versionedList(
  db: Kysely<Database>,
  key: string,
  versions: { data: string; base: string },
): ListValue {
  const store = storeOf(db);
  const found = store.entries.get(key);
  const previous = found && found.version !== versions.data ? (found.value as ListValue) : undefined;
  const value = versioned(db, key, versions.data, newListValue);
  if (value.base !== undefined) return value;
  value.base = versions.base;
  if (previous?.base !== versions.base) return value;
  const carried = [...(previous.stale ?? []), ...previous.pages].filter(([, p]) => p.ids).slice(-MAX_PAGES);
  if (carried.length === 0) return value;
  value.stale = new Map(carried);
  const size = carried.reduce((n, [, p]) => n + textSize(p.results), 0);
  value.bytes += size;
  store.bytes += size;
  trim(store);
  return value;
}

/**
 * True when `candidate` (a page of an earlier version, same base) is still the page: the same ids, each row
 * still at the version (xmin) it was read at. Every write to a shipment makes a new row version,
 * and everything else a page shows moves the base, so the JSON is what reading the rows again would give.
 */
export async function revalidates(
  db: Kysely<Database>,
  candidate: CachedPage | undefined,
  ids: readonly string[],
  /** The rows' versions by id, when read with the ids (countWithPageIds); else they are read here. */
  known?: ReadonlyMap<string, string>,
): Promise<boolean> {
  const kept = candidate?.ids;
  if (!candidate || !kept || !candidate.rowVersions || candidate.expires <= Date.now()) return false;
  // The same shipments: their order is then the same too, being read from the same (unchanged) rows.
  const sorted = (list: readonly string[]) => [...list].sort().join(',');
  if (kept.length !== ids.length || sorted(kept) !== sorted(ids)) return false;
  if (ids.length === 0) return true;
  const now =
    known && ids.every((id) => known.has(id))
      ? known
      : new Map(
          (
            await sql<{ id: string; v: string }>`SELECT /* prepared */ id::text AS id, xmin::text AS v
              FROM shipments WHERE id = ANY(${ids}::bigint[])`.execute(db)
          ).rows.map((r) => [r.id, r.v]),
        );
  return kept.every((id, i) => now.get(id) === candidate.rowVersions?.[i]);
}

/** How long a page's snapshot can be checked against the log (shipment_changes keeps ten minutes: 0044). */
const LOGGED_MS = 5 * 60_000;
/**
 * How many changes one check reads at most: about 0.8 µs each (2,000 take some 1.6 ms, as much as revalidating
 * the page by its ids). A page with more changes since its snapshot (one seldom asked, under many writes) is
 * revalidated instead: 50 writes a second for five minutes would otherwise be 15,000 changes, 12 ms.
 */
const LOG_SCAN_MAX = 2_000;

/** What unchangedSince needs of the list besides the kept page. */
export interface LoggedList {
  companyId: number;
  /** The list's carriers (all the company's when empty). */
  carriers: readonly number[];
  desc: boolean;
  /** The list's conditions on each side of a logged change (logSideCondition, on `c`). */
  sides: { o: RawBuilder<SqlBool>; n: RawBuilder<SqlBool> };
  /** False when the list also filters by columns the log does not compare (logComparesFilters). */
  compares: boolean;
  /** Read in the same statement when given. */
  count?: RawBuilder<unknown>;
  /** At most this many changes are read (LOG_SCAN_MAX unless given); past it, null. */
  scanMax?: number;
}

/**
 * Whether `candidate` (a page of an earlier version, same base) is still the page, from the log of changes
 * (migrations 0044, 0045) alone. Only shipments can have moved (the base is the same), and the page is the list's
 * rows from its first to its last in the list's order (ETA, NULLS LAST, then id). It is still the page when no
 * transaction its snapshot did not see wrote one of its rows, or a shipment that
 * - is in the list within the page's ETA span on either side of the write (it could take a place on the page), or
 * - changed whether it is in the list before the page's first ETA (the rows before the page would then be one
 *   more or one less, and the page would shift).
 * A side is in the list when it exists and its ETA and health inputs match (`sides`); the other filters match
 * both sides alike when the log says they agree (`rest_same`), else either side may be in the list. Each logged
 * write is such a step, so a chain of them that each leave the page as it is leaves it as it is.
 * `count`, when given, is read in the same statement. Null when the page cannot be checked this way (no
 * snapshot, too old, the log was trimmed past it, or more changes than `scanMax` since), else the answer and the
 * snapshot it holds for.
 */
export async function unchangedSince(
  db: Kysely<Database>,
  candidate: CachedPage,
  list: LoggedList,
): Promise<{ unchanged: boolean; snapshot: string; count: string | null } | null> {
  const { snapshot, firstEta, lastEta, ids } = candidate;
  if (!snapshot || !firstEta || !lastEta || !ids || candidate.expires <= Date.now()) return null;
  if (candidate.readAt === undefined || Date.now() - candidate.readAt > LOGGED_MS) return null;
  const seen = sql`${snapshot}::pg_snapshot`;
  const carrier = list.carriers.length ? sql`AND c.carrier_id = ANY(${list.carriers}::integer[])` : sql``;
  const first = sql`${firstEta}::timestamptz`;
  const last = sql`${lastEta}::timestamptz`;
  const where = (side: 'o' | 'n') => {
    const eta = sql.ref(`c.${side}_eta`);
    const before = list.desc ? sql`${eta} > ${first}` : sql`${eta} < ${first}`;
    const within = list.desc
      ? sql`${eta} <= ${first} AND ${eta} >= ${last}`
      : sql`${eta} >= ${first} AND ${eta} <= ${last}`;
    return {
      before: sql`(${list.sides[side]} AND coalesce(${before}, false))`,
      within: sql`(${list.sides[side]} AND coalesce(${within}, false))`,
    };
  };
  const o = where('o');
  const n = where('n');
  const restSame = list.compares ? sql`c.rest_same` : sql`false`;
  const touches = sql`(c.shipment_id = ANY(${ids}::bigint[]) OR ${o.within} OR ${n.within}
    OR CASE WHEN ${restSame} THEN ${o.before} <> ${n.before} ELSE ${o.before} OR ${n.before} END)`;
  const most = list.scanMax ?? LOG_SCAN_MAX;
  const { rows } = await sql<{
    count: string | null;
    snapshot: string;
    checked: boolean;
    scanned: string;
    touched: boolean;
  }>`
    SELECT ${list.count ? sql`(${list.count})` : sql`NULL`} AS count, pg_current_snapshot()::text AS snapshot,
      (SELECT horizon FROM shipment_changes_horizon) <= pg_snapshot_xmin(${seen})::text::bigint AS checked,
      l.scanned, l.touched
    FROM (SELECT count(*) AS scanned, coalesce(bool_or(${touches}), false) AS touched
      FROM (SELECT * FROM shipment_changes c
        WHERE c.company_id = ${list.companyId} ${carrier}
          AND c.xid >= pg_snapshot_xmin(${seen})::text::bigint
          AND NOT pg_visible_in_snapshot(c.xid::text::xid8, ${seen})
        LIMIT ${most + 1}) c) l`.execute(db);
  const row = rows[0];
  if (!row?.checked || Number(row.scanned) > most) return null;
  return { unchanged: !row.touched, snapshot: row.snapshot, count: row.count };
}

/** Keeps a page's JSON in `value` (the entry of `key`, when it is still the current one). */
export function keepPage(
  db: Kysely<Database>,
  key: string,
  value: ListValue,
  page: string,
  cached: CachedPage,
): void {
  const store = storeOf(db);
  const current = store.entries.get(key)?.value === value;
  const size = textSize;
  let delta = size(cached.results) - size(value.pages.get(page)?.results);
  value.pages.delete(page);
  value.pages.set(page, cached);
  if (value.pages.size > MAX_PAGES) {
    const oldest = value.pages.keys().next().value as string;
    delta -= size(value.pages.get(oldest)?.results);
    value.pages.delete(oldest);
  }
  value.bytes += delta;
  if (current) {
    store.bytes += delta;
    trim(store);
  }
}

/**
 * When the dtd / dta of these serialized shipments would change: each is Math.round((date - now) / day), which
 * moves to the next value once now passes date - (value - 0.5) days.
 */
export function daysExpiry(rows: ReadonlyArray<Record<string, unknown>>): number {
  let expires = Infinity;
  for (const r of rows) {
    for (const [days, date] of [
      ['dtd', 'dtd_date'],
      ['dta', 'dta_date'],
    ] as const) {
      const n = r[days];
      const d = r[date];
      if (typeof n === 'number' && typeof d === 'string') {
        expires = Math.min(expires, Date.parse(d) - (n - 0.5) * DAY_MS);
      }
    }
  }
  return expires;
}
