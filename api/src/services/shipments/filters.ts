// The shipment list filters (spec section 2, Shipment list and Export List) and the 22 sortable columns:
// parses a query string into checked filters (400 `{field: [messages]}` on bad values) and turns them into SQL
// conditions on the `shipments` table (the ORDER BY terms: ./ordering). Shared by the list, the map points and
// the stats.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ShipmentOrderingField, TrackingRequestStatus } from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import { ErrorCollector } from '../../lib/errors';
import {
  choiceParam,
  idListParam,
  isDateOnly,
  lastParam,
  likePattern,
  listParam,
  parseBoolean,
  parseInteger,
  parseQueryDate,
  QUERY_MESSAGES,
} from '../../lib/query-params';
import { STATUSES } from '../tracking-requests';
import { healthFilter, HEALTH_VALUES, type Health, type HealthThresholds } from '../health';
import { freeTimeCondition, parseFreeTimeFilter, type FreeTimeFilter } from './free-time-filter';
import { parseOrdering } from './ordering';

// The sort keys live in ./ordering; they are exported here too, where the list's callers have always found them.
export { ORDERING_FIELD_NAMES, orderTerms, shipmentOrderBy, termSql, type OrderTerm } from './ordering';

/** The eight date fields with _before / _after (dates) and _rel_min / _rel_max (days from today). */
export const DATE_FILTER_FIELDS = {
  eta: 'eta',
  etd: 'etd',
  last_update: 'last_update',
  created_at: 'created_at',
  atd: 'atd',
  ata: 'ata',
  pol_departure: 'pol_departure',
  pod_arrival: 'pod_arrival',
} as const;
type DateFilterField = keyof typeof DATE_FILTER_FIELDS;

/** Tracking-request statuses a shipment list can be filtered by (the request's status). */
export const SHIPMENT_STATUS_VALUES = STATUSES;
type ShipmentStatusValue = TrackingRequestStatus;

interface DateRange {
  from?: Date; // inclusive
  to?: Date; // exclusive
}

export interface ShipmentFilters {
  search?: string;
  status: ShipmentStatusValue[];
  health: Health[];
  carrier: number[];
  project: number[];
  pol_loc?: string;
  pod_loc?: string;
  dates: Partial<Record<DateFilterField, DateRange>>;
  dtd?: DateRange;
  dta?: DateRange;
  order_dta: boolean;
  last_n_days?: number;
  /** free_time_ends_within / over_free_time as a range of the running clock's last free day. */
  free_time?: FreeTimeFilter;
  exclude_hidden: boolean;
  ordering: { field: ShipmentOrderingField; desc: boolean }[];
  /** Set by resolveSearch: the ports and vessels the search text names (lets each part use its index). */
  searchMatches?: { locations: number[]; vessels: number[] };
}

export type RawQuery = Record<string, unknown>;

const MESSAGES = QUERY_MESSAGES;

const DAY_MS = 86_400_000;

/** All values of a query key (repeated keys and comma lists both accepted), trimmed, empty ones dropped. */
const values = (query: RawQuery, key: string): string[] => listParam(query[key]);

/** The last value of a key (or undefined). */
const single = (query: RawQuery, key: string): string | undefined => lastParam(query[key]);

/** Relative day filters stay within a century of today, far inside PostgreSQL's timestamp range. */
const MAX_RELATIVE_DAYS = 36_500;

/** Adds the range error of a relative day count `n` (of `field`) to `errors`; true when it is within range. */
function daysInRange(field: string, n: number, errors: ErrorCollector): boolean {
  if (n > MAX_RELATIVE_DAYS)
    errors.add(field, `Ensure this value is less than or equal to ${MAX_RELATIVE_DAYS}.`);
  else if (n < -MAX_RELATIVE_DAYS)
    errors.add(field, `Ensure this value is greater than or equal to ${-MAX_RELATIVE_DAYS}.`);
  else return true;
  return false;
}

/** Midnight UTC of today. */
function startOfToday(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `field`_before / _after (dates) and _rel_min / _rel_max (days from `today`) of the eight date fields. */
function parseDateFilters(query: RawQuery, today: Date, errors: ErrorCollector): ShipmentFilters['dates'] {
  const dates: ShipmentFilters['dates'] = {};
  for (const field of Object.keys(DATE_FILTER_FIELDS) as DateFilterField[]) {
    const range: DateRange = {};
    const before = single(query, `${field}_before`);
    if (before !== undefined) {
      const d = parseQueryDate(before);
      if (!d) errors.add(`${field}_before`, MESSAGES.invalidDate);
      // A day is included whole: before 2024-05-01 means up to the end of that day.
      else range.to = isDateOnly(before) ? new Date(d.getTime() + DAY_MS) : d;
    }
    const after = single(query, `${field}_after`);
    if (after !== undefined) {
      const d = parseQueryDate(after);
      if (!d) errors.add(`${field}_after`, MESSAGES.invalidDate);
      else range.from = d;
    }
    const relMin = relativeDays(query, `${field}_rel_min`, errors);
    if (relMin !== undefined) range.from = maxDate(range.from, new Date(today.getTime() + relMin * DAY_MS));
    const relMax = relativeDays(query, `${field}_rel_max`, errors);
    if (relMax !== undefined) range.to = minDate(range.to, new Date(today.getTime() + (relMax + 1) * DAY_MS));
    if (range.from || range.to) dates[field] = range;
  }
  return dates;
}

/** The whole number of days `key` holds, within a century (else an error, and undefined). */
function relativeDays(query: RawQuery, key: string, errors: ErrorCollector): number | undefined {
  const text = single(query, key);
  if (text === undefined) return undefined;
  const n = parseInteger(text);
  if (n === null) errors.add(key, MESSAGES.integer);
  else if (daysInRange(key, n, errors)) return n;
  return undefined;
}

/**
 * dtd_min / dtd_max, dta_min / dta_max and dta: dtd / dta are shown as whole days from now (rounded), so N days
 * is [N - ½, N + ½).
 */
function parseDayRanges(
  query: RawQuery,
  now: Date,
  errors: ErrorCollector,
): Pick<ShipmentFilters, 'dtd' | 'dta'> {
  const out: Pick<ShipmentFilters, 'dtd' | 'dta'> = {};
  const dayBound = (n: number, half: number) => new Date(now.getTime() + (n + half) * DAY_MS);
  for (const key of ['dtd', 'dta'] as const) {
    const range: DateRange = {};
    const min = relativeDays(query, `${key}_min`, errors);
    if (min !== undefined) range.from = dayBound(min, -0.5);
    const max = relativeDays(query, `${key}_max`, errors);
    if (max !== undefined) range.to = dayBound(max, 0.5);
    const exact = key === 'dta' ? relativeDays(query, 'dta', errors) : undefined;
    if (exact !== undefined) {
      range.from = maxDate(range.from, dayBound(exact, -0.5));
      range.to = minDate(range.to, dayBound(exact, 0.5));
    }
    if (range.from || range.to) out[key] = range;
  }
  return out;
}

/** A true / false query value (else an error, and undefined). */
function booleanParam(query: RawQuery, key: string, errors: ErrorCollector): boolean | undefined {
  const text = single(query, key);
  if (text === undefined) return undefined;
  const b = parseBoolean(text);
  if (b === null) errors.add(key, MESSAGES.boolean);
  return b ?? undefined;
}

/** last_n_days: a whole number of days, 1 or more. */
function parseLastNDays(query: RawQuery, errors: ErrorCollector): number | undefined {
  const text = single(query, 'last_n_days');
  if (text === undefined) return undefined;
  const n = parseInteger(text);
  if (n === null) errors.add('last_n_days', MESSAGES.integer);
  else if (n < 1) errors.add('last_n_days', MESSAGES.positive);
  else if (daysInRange('last_n_days', n, errors)) return n;
  return undefined;
}

/**
 * Parses and checks the filters of `query`. Throws 400 `{field: [messages]}` listing every bad value.
 * `now` fixes "today" for the relative filters.
 */
export function parseShipmentFilters(query: RawQuery, now: Date = new Date()): ShipmentFilters {
  const errors = new ErrorCollector();
  const filters: ShipmentFilters = {
    status: choiceParam(query.status, SHIPMENT_STATUS_VALUES, 'status', errors),
    health: choiceParam(query.health, HEALTH_VALUES, 'health', errors),
    carrier: idListParam(query.carrier, 'carrier', errors),
    project: idListParam(query.project, 'project', errors),
    dates: parseDateFilters(query, startOfToday(now), errors),
    ...parseDayRanges(query, now, errors),
    order_dta: booleanParam(query, 'order_dta', errors) ?? false,
    exclude_hidden: booleanParam(query, 'exclude_hidden', errors) ?? true,
    ordering: [],
  };
  const search = values(query, 'search').join(' ').trim();
  if (search) filters.search = search.slice(0, 200);
  for (const key of ['pol_loc', 'pod_loc'] as const) {
    const v = single(query, key);
    if (v) filters[key] = v.slice(0, 100);
  }
  const lastNDays = parseLastNDays(query, errors);
  if (lastNDays !== undefined) filters.last_n_days = lastNDays;
  const freeTime = parseFreeTimeFilter(query, now, errors);
  if (freeTime) filters.free_time = freeTime;
  filters.ordering = parseOrdering(query, errors);
  errors.throwIfAny();
  return filters;
}

/** True when no filter but health (and exclude_hidden) is set: the count can come from the health counts. */
export function onlyHealthFilters(f: ShipmentFilters): boolean {
  return (
    !f.search &&
    f.status.length === 0 &&
    f.carrier.length === 0 &&
    f.project.length === 0 &&
    !f.pol_loc &&
    !f.pod_loc &&
    Object.keys(f.dates).length === 0 &&
    !f.dtd &&
    !f.dta &&
    !f.last_n_days &&
    !f.free_time
  );
}

/** True when no filter but health, status and carrier (and exclude_hidden) is set: shipment_list_counts counts it. */
export function onlyCountedFilters(f: ShipmentFilters): boolean {
  return onlyHealthFilters({ ...f, status: [], carrier: [] });
}

/**
 * True when every filter reads only which shipments the company has, not what they say: search, carrier, project,
 * POL, POD (and exclude_hidden). The count of such a list moves only with shipments_selection_version (migration
 * 0038), not with the ETA or status updates of the tracking engine.
 */
export function onlySelectionFilters(f: ShipmentFilters): boolean {
  return (
    f.health.length === 0 &&
    onlyHealthFilters({
      ...f,
      search: undefined,
      carrier: [],
      project: [],
      pol_loc: undefined,
      pod_loc: undefined,
    })
  );
}

const maxDate = (a: Date | undefined, b: Date): Date => (a && a > b ? a : b);
const minDate = (a: Date | undefined, b: Date): Date => (a && a < b ? a : b);

/** `%text%` for `lower(column) LIKE` (and the lower-case search_text), with the wildcards of `text` escaped. */
const containsPattern = (text: string): string => likePattern(text, { lowerCase: true });

/** Locations matching a POL / POD text: its id (digits), its UN/LOCODE, or part of its name. */
function locationIds(text: string): RawBuilder<number[]> {
  if (/^\d{1,9}$/.test(text)) return sql<number[]>`ARRAY[${Number(text)}]::integer[]`;
  const upper = text.toUpperCase();
  return sql<
    number[]
  >`ARRAY(SELECT l.id FROM locations l WHERE l.locode = ${upper} OR lower(l.name) LIKE ${containsPattern(text)} OR lower(l.display) LIKE ${containsPattern(text)})`;
}

const range = (column: RawBuilder<unknown>, r: DateRange): RawBuilder<SqlBool>[] => {
  const out: RawBuilder<SqlBool>[] = [];
  if (r.from) out.push(sql<SqlBool>`${column} >= ${r.from}`);
  if (r.to) out.push(sql<SqlBool>`${column} < ${r.to}`);
  return out;
};

/**
 * The WHERE conditions (on table `shipments`) of the filters, company excluded (callers add
 * `company_id = …` first). `now` fixes last_n_days.
 */
export function shipmentConditions(
  f: ShipmentFilters,
  thresholds: HealthThresholds,
  now: Date = new Date(),
  companyId?: number,
): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (f.exclude_hidden) out.push(sql<SqlBool>`NOT shipments.hidden`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    const lower = f.search.toLowerCase();
    if (f.searchMatches) {
      // Each part on its own index (trigram GIN, POL / POD b-trees, vessel GIN), OR-ed by a bitmap.
      const { locations, vessels } = f.searchMatches;
      const company = companyId === undefined ? sql`true` : sql`shipments.company_id = ${companyId}`;
      const arms: RawBuilder<unknown>[] = [sql`shipments.search_text LIKE ${pattern}`];
      if (locations.length) {
        arms.push(sql`(${company} AND shipments.pol_loc_id = ANY(${locations}::integer[]))`);
        arms.push(sql`(${company} AND shipments.pod_loc_id = ANY(${locations}::integer[]))`);
      }
      if (vessels.length) arms.push(sql`shipments.vessel_ids && ${vessels}::integer[]`);
      out.push(sql<SqlBool>`(${sql.join(arms, sql` OR `)})`);
    } else {
      out.push(sql<SqlBool>`(shipments.search_text LIKE ${pattern}
        OR shipments.pol_loc_id = ANY(ARRAY(SELECT l.id FROM locations l WHERE lower(l.name) LIKE ${pattern} OR lower(l.locode) = ${lower}))
        OR shipments.pod_loc_id = ANY(ARRAY(SELECT l.id FROM locations l WHERE lower(l.name) LIKE ${pattern} OR lower(l.locode) = ${lower}))
        OR shipments.vessel_ids && ARRAY(SELECT v.id FROM vessels v WHERE lower(v.name) LIKE ${pattern} OR v.imo = ${f.search}))`);
    }
  }
  // One status as an equality too: an index on (company_id, request_status, carrier_id, key) then gives the rows
  // in key order (PostgreSQL 15 orders no index scan by a key after an `= ANY` column).
  if (f.status.length === 1) out.push(sql<SqlBool>`shipments.request_status = ${f.status[0]}`);
  else if (f.status.length) out.push(sql<SqlBool>`shipments.request_status = ANY(${f.status}::text[])`);
  // One carrier as an equality: then an index on (company_id, carrier_id, key) gives the rows in key order.
  if (f.carrier.length === 1) out.push(sql<SqlBool>`shipments.carrier_id = ${f.carrier[0]}::integer`);
  else if (f.carrier.length) out.push(sql<SqlBool>`shipments.carrier_id = ANY(${f.carrier}::integer[])`);
  if (f.project.length) out.push(sql<SqlBool>`shipments.project_id = ANY(${f.project}::integer[])`);
  if (f.pol_loc) out.push(sql<SqlBool>`shipments.pol_loc_id = ANY(${locationIds(f.pol_loc)})`);
  if (f.pod_loc) out.push(sql<SqlBool>`shipments.pod_loc_id = ANY(${locationIds(f.pod_loc)})`);
  for (const [field, r] of Object.entries(f.dates) as [DateFilterField, DateRange][]) {
    out.push(...range(sql.ref(`shipments.${DATE_FILTER_FIELDS[field]}`), r));
  }
  if (f.dtd) out.push(...range(sql`shipments.dtd`, f.dtd));
  if (f.dta) out.push(...range(sql`shipments.dta`, f.dta));
  if (f.last_n_days) {
    out.push(sql<SqlBool>`shipments.created_at >= ${new Date(now.getTime() - f.last_n_days * DAY_MS)}`);
  }
  if (f.free_time) out.push(freeTimeCondition(f.free_time));
  if (f.health.length) out.push(healthFilter(thresholds, f.health) as RawBuilder<SqlBool>);
  return out;
}

/**
 * Whether the log of changes (migration 0045) can tell the list's matches on each side of a write: true when
 * every filter reads only the side's ETA or health inputs, or the columns whose equality the log keeps
 * (`rest_same`: company, carrier, status, hidden, project, POL, POD and what a search reads). Other filters (the
 * other dates, dtd / dta, last_n_days, free time) can change with a write the log does not compare.
 */
export function logComparesFilters(f: ShipmentFilters): boolean {
  const dates = Object.keys(f.dates);
  return (
    dates.every((d) => d === 'eta') && !f.dtd && !f.dta && !f.last_n_days && !f.free_time && !f.order_dta
  );
}

/**
 * The part of the list's conditions that reads a side of a logged change (`shipment_changes` under `alias`,
 * columns `<side>_…`): the health filter and the ETA range. With `rest_same`, the rest of the conditions is the
 * same on both sides.
 */
export function logSideCondition(
  f: ShipmentFilters,
  thresholds: HealthThresholds,
  alias: string,
  side: 'o' | 'n',
): RawBuilder<SqlBool> {
  const prefix = `${side}_`;
  const source = { alias, prefix, etaLate: 'eta_delta_days', etaEarly: 'eta_delta_days' };
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${sql.ref(`${alias}.${side}`)}`];
  if (f.dates.eta) parts.push(...range(sql.ref(`${alias}.${prefix}eta`), f.dates.eta));
  if (f.health.length) parts.push(healthFilter(thresholds, f.health, source) as RawBuilder<SqlBool>);
  return sql<SqlBool>`coalesce(${sql.join(parts, sql` AND `)}, false)`;
}

/** Looks up the ports (name or UN/LOCODE) and vessels (name or IMO) the search text names. */
export async function resolveSearch(db: Kysely<Database>, f: ShipmentFilters): Promise<void> {
  if (!f.search) return;
  const pattern = containsPattern(f.search);
  const { rows } = await sql<{ locations: number[]; vessels: number[] }>`
    SELECT ARRAY(SELECT l.id FROM locations l WHERE lower(l.name) LIKE ${pattern} OR l.locode = ${f.search.toUpperCase()})
             AS locations,
           ARRAY(SELECT v.id FROM vessels v WHERE lower(v.name) LIKE ${pattern} OR v.imo = ${f.search}) AS vessels`.execute(
    db,
  );
  f.searchMatches = { locations: rows[0]?.locations ?? [], vessels: rows[0]?.vessels ?? [] };
}
