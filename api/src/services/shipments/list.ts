// The shipment list and the dashboard counts as use cases: `listShipments(db, caller, query, page)` and
// `shipmentStats(db, caller)`. Each owns its reuse of earlier answers (./list-cache.ts) and the merging of
// concurrent identical requests, so the routes only parse the HTTP request and send the answer.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { localizePayload, type Lang } from '../../i18n';
import { ErrorCollector, MESSAGES, notFound } from '../../lib/errors';
import { choiceParam } from '../../lib/query-params';
import { PAGE_SIZE } from '../../lib/pagination';
import { dashboardCounts, type HealthThresholds } from '../health';
import {
  onlySelectionFilters,
  parseShipmentFilters,
  resolveSearch,
  shipmentConditions,
  type RawQuery,
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
  newListValue,
  statsKey,
  versioned,
  type CachedPage,
  type ListValue,
} from './list-cache';
import { countShipments, shipmentPageQuery, valuesOnlyPageIds } from './list-query';
import { freeTimeCounts } from './free-time-filter';
import { FREE_TIME_KEYS } from './free-time-fields';
import { SHIPMENT_FIELDS } from './schema';
import { rowNeeds } from './row-needs';
import { hasProjectsTable, serializeShipments, shipmentsJson } from './serializer';
import { todayUtc } from '../../tracking/free-time/view';

/** Who asks: the list is the caller's company's, health follows the caller's thresholds, texts their language. */
export interface ListCaller {
  companyId: number;
  thresholds: HealthThresholds;
  lang: Lang;
}

/** One page of the list: the number of matches and the page's results as JSON text (in the caller's language). */
export interface ShipmentListPage {
  count: number;
  results: string;
}

/**
 * The `fields` of the query (comma-separated or repeated): the shipment properties each result keeps, in the
 * order given; null when absent (the full objects). Unknown names answer 400 `{fields: [messages]}`.
 */
function parseListFields(query: RawQuery): string[] | null {
  if (query.fields === undefined) return null;
  const errors = new ErrorCollector();
  const fields = [...new Set(choiceParam(query.fields, SHIPMENT_FIELDS, 'fields', errors))];
  errors.throwIfAny();
  return fields.length ? fields : null;
}

/** 404 "Invalid page." for a page past the end (page 1 always exists, empty or not). */
function checkPage(page: number, count: number): void {
  if (page > Math.max(1, Math.ceil(count / PAGE_SIZE))) throw notFound(MESSAGES.invalidPage);
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
  const needs = rowNeeds(fields);
  const { companyId, thresholds, lang } = caller;
  const key = cacheEnabled() ? listKey(companyId, thresholds, filters, todayUtc(now)) : null;
  // A list of one carrier can only change with a write to that carrier's shipments (or to the company, or to
  // everything): its answers stay while other carriers' shipments are written.
  const carrier = filters.carrier.length === 1 ? filters.carrier[0] : undefined;
  const versions = key
    ? await listVersions(db, companyId, carrier, onlySelectionFilters(filters))
    : undefined;
  const version = versions?.data;
  const cached = key && version !== undefined ? versioned(db, key, version, newListValue) : undefined;
  // The count does not depend on the ordering: kept apart, it serves every ordering's pages of the filters. Of
  // filters that read only which shipments there are (a search), it also outlives the writes that change what
  // they say (the engine's ETA and status updates), which a search's count, scanning every match, is worth.
  const counts = key ? countKey(companyId, thresholds, filters, todayUtc(now)) : null;
  const countVersion = versions?.selection ?? version;
  const counted =
    counts && countVersion !== undefined
      ? versioned(db, counts, countVersion, (): { count?: number } => ({}))
      : undefined;
  const pageKey = `${page}:${lang}:${fields?.join(',') ?? ''}`;
  const hit = cached?.pages.get(pageKey);
  if (cached?.count !== undefined && hit && hit.expires > Date.now()) {
    checkPage(page, cached.count);
    countListAnswer('hits');
    return { count: cached.count, results: hit.results };
  }

  const compute = async (): Promise<{ count: number; page: CachedPage }> => {
    await resolveSearch(db, filters);
    const conditions = shipmentConditions(filters, thresholds, now, companyId);
    const [count, projects] = await Promise.all([
      cached?.count ?? counted?.count ?? countShipments(db, thresholds, companyId, filters, conditions),
      hasProjectsTable(db),
    ]);
    if (cached) cached.count = count;
    if (counted) counted.count = count;
    checkPage(page, count);
    // Over many matches sorted by a key with empty values, the page's ids are first read among the rows with a
    // value alone (valuesOnlyPageIds); the whole split read runs only when that page comes back short.
    const offset = (page - 1) * PAGE_SIZE;
    const first = valuesOnlyPageIds(companyId, thresholds, filters, conditions, count, PAGE_SIZE, offset);
    const firstIds = first ? (await first.execute(db)).rows.map((r) => String(r.id)) : [];
    const rows = await shipmentPageQuery(
      db,
      companyId,
      thresholds,
      filters,
      conditions,
      count,
      PAGE_SIZE,
      offset,
      { projects, companyId, needs },
      firstIds.length === PAGE_SIZE ? firstIds : undefined,
    ).execute();
    const freeTime = fields?.includes('free_time') ?? false;
    // shipment_free_time is read for the page's ids only when a free-time key is shown.
    const freeTimeColumns = !fields || FREE_TIME_KEYS.some((k) => fields.includes(k));
    const shipments = await serializeShipments(db, rows, {
      now,
      companyId,
      compact: true,
      freeTime,
      freeTimeColumns,
    });
    // Only what is sent is put into the caller's language (each property is translated on its own).
    const results =
      fields && lang !== 'en'
        ? JSON.stringify(
            localizePayload(
              shipments.map((s) => Object.fromEntries(fields.map((f) => [f, s[f]]))),
              lang,
            ),
          )
        : shipmentsJson(localizePayload(shipments, lang), fields);
    return { count, page: { results, expires: daysExpiry(shipments) } };
  };

  if (!cached || key === null) {
    countListAnswer('misses');
    const { count, page: computed } = await compute();
    return { count, results: computed.results };
  }
  const { count, page: computed } = await shared(db, key, cached, pageKey, compute);
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
  countListAnswer(pending ? 'joined' : 'misses');
  if (!pending) {
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
  const [health, freeTime] = await Promise.all([
    dashboardCounts(db, thresholds, companyId, new Date(Date.now() - WEEK_MS)),
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
