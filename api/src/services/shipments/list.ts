// The shipment list and the dashboard counts as use cases: `listShipments(db, caller, query, page)` and
// `shipmentStats(db, caller)`. Each owns its reuse of earlier answers (./list-cache.ts) and the merging of
// concurrent identical requests, so the routes only parse the HTTP request and send the answer.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Lang } from '../../i18n';
import { MESSAGES, notFound } from '../../lib/errors';
import { PAGE_SIZE } from '../../lib/pagination';
import { dashboardCounts, HEALTH_VALUES, type Health, type HealthThresholds } from '../health';
import {
  logComparesFilters,
  logSideCondition,
  onlySelectionFilters,
  parseShipmentFilters,
  resolveSearch,
  shipmentConditions,
  type RawQuery,
  type ShipmentFilters,
} from './filters';
import {
  cacheEnabled,
  countKey,
  countListAnswer,
  dataVersion,
  daysExpiry,
  keepPage,
  listKey,
  listVersions,
  revalidates,
  statsKey,
  unchangedSince,
  versioned,
  versionedList,
  type CachedPage,
  type ListValue,
} from './list-cache';
import {
  carrierCounted,
  carrierCounts,
  countQuery,
  countShipments,
  countWithPageIds,
  pageIdsQuery,
  profileCounted,
  shipmentPageQuery,
  valuesOnlyPageIds,
} from './list-query';
import { readyProfile } from '../health-profiles';
import { freeTimeCounts } from './free-time-filter';
import { FREE_TIME_KEYS } from './free-time-fields';
import { parseListFields, resultsJson, type ListFields } from './list-fields';
import { rowNeeds } from './row-needs';
import { hasProjectsTable, serializeShipments } from './serializer';
import { todayUtc } from '../../tracking/free-time/view';

/** Who asks: the list is the caller's company's, health follows the caller's thresholds, texts their language. */
export interface ListCaller {
  companyId: number;
  thresholds: HealthThresholds;
  lang: Lang;
}

/** One page of the list: the number of matches and the page's results as UTF-8 JSON (in the caller's language). */
export interface ShipmentListPage {
  count: number;
  results: Buffer;
}

/** The key of a page within its list's entry: number, language and fields. */
const listPageKey = ({ page, caller, fields }: Pick<PageRequest, 'page' | 'caller' | 'fields'>) =>
  `${page}:${caller.lang}:${fields?.text ?? ''}`;

/** 404 "Invalid page." for a page past the end (page 1 always exists, empty or not). */
function checkPage(page: number, count: number): void {
  if (page > Math.max(1, Math.ceil(count / PAGE_SIZE))) throw notFound(MESSAGES.invalidPage);
}

/** What a list request reuses: its entry and its count's, each under the version it was read with. */
interface ListReuse {
  key: string;
  cached: ListValue;
  counted?: { count?: number };
  /** The data version the entries were read under. */
  version: string;
}

/**
 * The cache entries of the list of `filters` (none when the cache is off or the filters depend on the clock to
 * the millisecond), after reading the versions they are kept under (one query).
 */
async function listReuse(
  db: Kysely<Database>,
  caller: ListCaller,
  filters: ShipmentFilters,
  now: Date,
): Promise<ListReuse | null> {
  const { companyId, thresholds } = caller;
  const key = cacheEnabled() ? listKey(companyId, thresholds, filters, todayUtc(now)) : null;
  if (key === null) return null;
  // A list of one carrier can only change with a write to that carrier's shipments (or to the company, or to
  // everything): its answers stay while other carriers' shipments are written.
  const carrier = filters.carrier.length === 1 ? filters.carrier[0] : undefined;
  const versions = await listVersions(db, companyId, carrier, onlySelectionFilters(filters));
  const cached = versionedList(db, key, versions);
  // The count does not depend on the ordering: kept apart, it serves every ordering's pages of the filters. Of
  // filters that read only which shipments there are (a search), it also outlives the writes that change what
  // they say (the engine's ETA and status updates), which a search's count, scanning every match, is worth.
  const counts = countKey(companyId, thresholds, filters, todayUtc(now));
  const counted = counts
    ? versioned(db, counts, versions.selection ?? versions.data, (): { count?: number } => ({}))
    : undefined;
  return { key, cached, counted, version: versions.data };
}

/**
 * The count of a carrier's tab (one status or all, one health or all) from carrierCounts, which counts them all
 * at once: the other tabs' counts of that status and of all statuses are kept under the same version (that of
 * the carrier's shipments), so the next tab asked costs no count. The tab of no status and no health is left out:
 * its count is kept under the selection version instead (listReuse).
 */
async function carrierTabCount(
  db: Kysely<Database>,
  caller: ListCaller,
  filters: ShipmentFilters,
  now: Date,
  version: string,
): Promise<number> {
  const { companyId, thresholds } = caller;
  const groups = await carrierCounts(db, thresholds, companyId, filters);
  const sum = (status: string | undefined, health: Health | undefined) =>
    groups.reduce(
      (n, g) =>
        (status === undefined || g.status === status) && (health === undefined || g.health === health)
          ? n + g.n
          : n,
      0,
    );
  for (const status of [undefined, ...filters.status]) {
    for (const health of [undefined, ...HEALTH_VALUES]) {
      if (status === undefined && health === undefined) continue;
      const tab = { ...filters, status: status ? [status] : [], health: health ? [health] : [] };
      const key = countKey(companyId, thresholds, tab, todayUtc(now));
      const kept = key ? versioned(db, key, version, (): { count?: number } => ({})) : undefined;
      if (kept) kept.count ??= sum(status, health);
    }
  }
  return sum(filters.status[0], filters.health[0]);
}

/** True when a carrier's tab is counted with its siblings (carrierTabCount). */
const countsTabs = (filters: ShipmentFilters, reuse: ListReuse | null): boolean =>
  Boolean(reuse?.counted) && carrierCounted(filters) && !onlySelectionFilters(filters);

/** The number of matches: a carrier's tab counts its siblings too (carrierTabCount), else countShipments. */
function countMatches(
  db: Kysely<Database>,
  { caller, filters, now }: PageRequest,
  conditions: ReturnType<typeof shipmentConditions>,
  reuse: ListReuse | null,
  profile: number | null,
): Promise<number> {
  const { companyId, thresholds } = caller;
  if (profile === null && reuse && countsTabs(filters, reuse)) {
    return carrierTabCount(db, caller, filters, now, reuse.version);
  }
  return countShipments(db, thresholds, companyId, filters, conditions, profile);
}

/** What one page's computation needs besides the database. */
interface PageRequest {
  caller: ListCaller;
  filters: ShipmentFilters;
  fields: ListFields | null;
  page: number;
  now: Date;
}

/**
 * The ids of the page, read apart from its rows (which are then read by id, a statement planned once per
 * session). Over many matches sorted by a key with empty values, they are first read among the rows with a
 * value alone (valuesOnlyPageIds); the whole split read runs only when that page comes back short.
 */
async function pageIds(
  db: Kysely<Database>,
  { caller, filters }: PageRequest,
  conditions: ReturnType<typeof shipmentConditions>,
  count: number,
  offset: number,
  /** The ids read with the count (countWithPageIds), if they were. */
  withCount: { ids: string[]; valuesOnly: boolean } | null,
): Promise<string[]> {
  if (withCount && !withCount.valuesOnly) return withCount.ids;
  const { companyId, thresholds } = caller;
  const read = async (q: { execute: (db: Kysely<Database>) => Promise<{ rows: Array<{ id: string }> }> }) =>
    (await q.execute(db)).rows.map((r) => String(r.id));
  const pageWindow = { companyId, thresholds, filters, conditions, count, limit: PAGE_SIZE, offset };
  const first = withCount ? null : valuesOnlyPageIds(pageWindow);
  const firstIds = withCount?.ids ?? (first ? await read(first) : []);
  if (firstIds.length === PAGE_SIZE) return firstIds;
  // The split read gives the short values-only page again before the whole page (a subset of it): once each.
  return [...new Set(await read(pageIdsQuery(pageWindow)))];
}

/** 'desc' or 'asc' for a list in ETA order alone (what the log of changes can vouch for), else null. */
function etaOrder(filters: ShipmentFilters): 'desc' | 'asc' | null {
  const [first, ...rest] = filters.ordering;
  if (!first || rest.length || first.field !== 'eta' || filters.order_dta) return null;
  return first.desc ? 'desc' : 'asc';
}

/**
 * What a computed page keeps to be checked later: when its dtd / dta expire, its ids and row versions, and for a
 * full page in ETA order its first and last rows' ETAs (with the snapshot the caller adds, for unchangedSince).
 */
function whatWasRead(
  rows: ReadonlyArray<{ id: unknown; row_version: string; eta?: unknown }>,
  shipments: Parameters<typeof daysExpiry>[0],
  filters: ShipmentFilters,
): Omit<CachedPage, 'results' | 'snapshot' | 'readAt'> {
  const full = rows.length === PAGE_SIZE && etaOrder(filters) !== null;
  const first = full ? timestampText(rows[0].eta) : undefined;
  const last = full ? timestampText(rows[rows.length - 1].eta) : undefined;
  return {
    expires: daysExpiry(shipments),
    ids: rows.map((r) => String(r.id)),
    rowVersions: rows.map((r) => r.row_version),
    ...(first && last && { firstEta: first, lastEta: last }),
  };
}

/** A timestamp column's value as PostgreSQL reads it back (text of the page statement, or a Date), or undefined. */
const timestampText = (value: unknown): string | undefined =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' && value ? value : undefined;

/**
 * The kept page `candidate` with the list's count, when the log of changes vouches that no write since its
 * snapshot can have touched it (unchangedSince), else null. The count is read in the same statement unless
 * `kept`; `profile` is the caller's health profile when the count reads it.
 */
async function fromLog(
  db: Kysely<Database>,
  { caller, filters, page }: PageRequest,
  counting: { reuse: ListReuse | null; kept: number | undefined; profile: number | null },
  candidate: CachedPage,
  conditions: ReturnType<typeof shipmentConditions>,
): Promise<{ count: number; page: CachedPage } | null> {
  const { companyId, thresholds } = caller;
  const { reuse, kept, profile } = counting;
  const logged = await unchangedSince(db, candidate, {
    companyId,
    carriers: filters.carrier,
    desc: etaOrder(filters) === 'desc',
    sides: {
      o: logSideCondition(filters, thresholds, 'c', 'o'),
      n: logSideCondition(filters, thresholds, 'c', 'n'),
    },
    compares: logComparesFilters(filters),
    count: kept === undefined ? countQuery(thresholds, companyId, filters, conditions, profile) : undefined,
  });
  if (!logged?.unchanged) return null;
  const count =
    kept ??
    (logged.count === null
      ? await countShipments(db, thresholds, companyId, filters, conditions)
      : Number(logged.count));
  if (reuse) reuse.cached.count = count;
  if (reuse?.counted) reuse.counted.count = count;
  checkPage(page, count);
  countListAnswer('unchanged');
  return { count, page: { ...candidate, snapshot: logged.snapshot, readAt: Date.now() } };
}

/** Counts the matches (unless a kept count serves) and builds the page's JSON. */
async function computePage(
  db: Kysely<Database>,
  request: PageRequest,
  reuse: ListReuse | null,
): Promise<{ count: number; page: CachedPage }> {
  const { caller, filters, fields, page, now } = request;
  const { companyId, thresholds, lang } = caller;
  await resolveSearch(db, filters);
  const conditions = shipmentConditions(filters, thresholds, now, companyId);
  const offset = (page - 1) * PAGE_SIZE;
  const kept = reuse?.cached.count ?? reuse?.counted?.count;
  // Over an ETA range or of carriers, the count reads the caller's health profile once it is built (the first ask
  // adds it); a carrier's tab then no longer needs its siblings counted (carrierTabCount).
  const profile =
    kept === undefined && profileCounted(filters) ? await readyProfile(db, companyId, thresholds) : null;
  const pageKey = listPageKey(request);
  const candidate = reuse?.cached.stale?.get(pageKey);
  reuse?.cached.stale?.delete(pageKey);
  const countsHere = kept !== undefined || profile !== null || !countsTabs(filters, reuse);
  // A page of an earlier version (same base) is served again if the log of changes shows no write can have
  // touched it (its ids are then not read again), or if its rows are still those read (revalidates).
  const logged =
    candidate && etaOrder(filters) && countsHere
      ? await fromLog(db, request, { reuse, kept, profile }, candidate, conditions)
      : null;
  if (logged) return logged;
  // With the count kept, the ids are still read in one statement with their snapshot, for the log's next check.
  const both = countsHere
    ? await countWithPageIds(db, {
        companyId,
        thresholds,
        filters,
        conditions,
        limit: PAGE_SIZE,
        offset,
        profile,
        rowVersions: candidate?.ids !== undefined,
        known: kept,
      })
    : null;
  const [count, projects] = await Promise.all([
    kept ?? both?.count ?? countMatches(db, request, conditions, reuse, profile),
    hasProjectsTable(db),
  ]);
  if (reuse) reuse.cached.count = count;
  if (reuse?.counted) reuse.counted.count = count;
  checkPage(page, count);
  const ids = await pageIds(db, request, conditions, count, offset, both);
  // A snapshot taken before the page's ids and rows were read: the log then tells what may have changed since.
  const seen = both ? { snapshot: both.snapshot, readAt: Date.now() } : {};
  if (await revalidates(db, candidate, ids, both?.rowVersions)) {
    countListAnswer('revalidated');
    return { count, page: { ...(candidate as CachedPage), ...seen } };
  }
  countListAnswer('misses');
  const needs = rowNeeds(fields?.keys ?? null);
  const rows = ids.length
    ? await shipmentPageQuery(
        db,
        companyId,
        thresholds,
        filters,
        conditions,
        count,
        PAGE_SIZE,
        offset,
        { projects, companyId, needs },
        ids,
      ).execute()
    : [];
  // The rows carry their free-time snapshot only when a free-time key is shown (selectShipments).
  const shipments = await serializeShipments(db, rows, {
    now,
    companyId,
    compact: true,
    freeTime: fields?.keys.includes('free_time') ?? false,
    freeTimeColumns: !fields || FREE_TIME_KEYS.some((k) => fields.keys.includes(k)),
    columns: needs?.columns,
  });
  const read = { ...whatWasRead(rows, shipments, filters), ...seen };
  const results = Buffer.from(resultsJson(shipments, fields, lang));
  return { count, page: { results, ...read } };
}

/**
 * Page `page` of the caller's shipments matching `query` (the list's filters and ordering; bad values throw
 * 400 `{field: [messages]}`). Reused under the company's data version (a list of one carrier: that carrier's):
 * the count for every page and ordering of the same filters, and each page's JSON while no write has happened and
 * its dtd / dta still hold; concurrent requests of the same page share one computation. The count of filters by
 * search, carrier, project, POL or POD only is reused under the company's selection version instead, which the
 * engine's ETA and status updates leave as it is.
 */
export async function listShipments(
  db: Kysely<Database>,
  caller: ListCaller,
  query: RawQuery,
  page: number,
  now: Date = new Date(),
): Promise<ShipmentListPage> {
  const filters = parseShipmentFilters(query, now);
  const fields = parseListFields(query);
  const reuse = await listReuse(db, caller, filters, now);
  const pageKey = listPageKey({ page, caller, fields });
  const hit = reuse?.cached.pages.get(pageKey);
  if (reuse?.cached.count !== undefined && hit && hit.expires > Date.now()) {
    checkPage(page, reuse.cached.count);
    countListAnswer('hits');
    return { count: reuse.cached.count, results: hit.results };
  }
  const compute = () => computePage(db, { caller, filters, fields, page, now }, reuse);
  if (!reuse) {
    const { count, page: computed } = await compute();
    return { count, results: computed.results };
  }
  const { count, page: computed } = await shared(db, reuse.key, reuse.cached, pageKey, compute);
  return { count, results: computed.results };
}

/** The page's computation, run once for the requests that ask for it meanwhile, then kept in the cache. */
function shared(
  db: Kysely<Database>,
  key: string,
  cached: ListValue,
  pageKey: string,
  compute: () => Promise<{ count: number; page: CachedPage }>,
): Promise<{ count: number; page: CachedPage }> {
  let pending = cached.pending.get(pageKey);
  if (pending) countListAnswer('joined');
  else {
    pending = compute()
      .then((r) => {
        keepPage(db, key, cached, pageKey, r.page);
        return r;
      })
      .finally(() => cached.pending.delete(pageKey));
    cached.pending.set(pageKey, pending);
  }
  return pending;
}

export interface ShipmentStats {
  shipments_last_week_count: number;
  shipments_on_track_count: number;
  shipments_warning_count: number;
  shipments_delayed_count: number;
  shipments_with_incidents_count: number;
  /** Containers whose free time ends within the user's free_time_warning_days (list: free_time_ends_within). */
  free_time_ending_count: number;
  /** Containers over free time (list: over_free_time=true). */
  over_free_time_count: number;
  /** The user's threshold the ending count used. */
  free_time_warning_days: number;
}

const WEEK_MS = 7 * 86_400_000;
/** user_profiles.free_time_warning_days when the caller has none (its column default). */
const DEFAULT_FREE_TIME_WARNING_DAYS = 3;

/**
 * The dashboard counts of the caller's visible shipments with the caller's thresholds; reused under the
 * company's data version until the oldest shipment of the last 7 days leaves them.
 */
export async function shipmentStats(
  db: Kysely<Database>,
  caller: Omit<ListCaller, 'lang'> & { freeTimeWarningDays?: number },
  now: Date = new Date(),
): Promise<ShipmentStats> {
  const { companyId, thresholds } = caller;
  const warningDays = caller.freeTimeWarningDays ?? DEFAULT_FREE_TIME_WARNING_DAYS;
  const today = todayUtc(now);
  const key = statsKey(companyId, thresholds, today, warningDays);
  const cached = cacheEnabled()
    ? versioned(db, key, await dataVersion(db, companyId), () => ({
        stats: null as ShipmentStats | null,
        expires: 0,
      }))
    : null;
  if (cached?.stats && cached.expires > Date.now()) return cached.stats;
  const profile = await readyProfile(db, companyId, thresholds);
  const [health, freeTime] = await Promise.all([
    dashboardCounts(db, thresholds, companyId, new Date(Date.now() - WEEK_MS), profile),
    freeTimeCounts(db, companyId, today, warningDays),
  ]);
  const stats: ShipmentStats = {
    shipments_last_week_count: health.created,
    shipments_on_track_count: health.ontrack,
    shipments_warning_count: health.delayed,
    shipments_delayed_count: health.delayed,
    shipments_with_incidents_count: health.alerted,
    free_time_ending_count: freeTime.ending,
    over_free_time_count: freeTime.over,
    free_time_warning_days: warningDays,
  };
  if (cached) {
    cached.stats = stats;
    cached.expires = health.oldestCreated ? new Date(health.oldestCreated).getTime() + WEEK_MS : Infinity;
  }
  return stats;
}
