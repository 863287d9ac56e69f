// The shipment list filters (spec section 2, Shipment list and Export List) and the 22 sortable columns:
// parses a query string into checked filters (400 `{field: [messages]}` on bad values) and turns them into SQL
// conditions and ORDER BY terms on the `shipments` table. Shared by the list, the map points and the stats.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  SHIPMENT_ORDERING_FIELDS,
  type ShipmentOrderingField,
  type TrackingRequestStatus,
} from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import { ErrorCollector } from '../../lib/errors';
import {
  choiceParam,
  columnRefs,
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
import { healthExpression, healthFilter, HEALTH_VALUES, type Health, type HealthThresholds } from '../health';
import { freeTimeCondition, parseFreeTimeFilter, type FreeTimeFilter } from './free-time-filter';

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

/** The sortable columns (`ordering=field` ascending, `-field` descending) that are not a shipment column. */
const COMPUTED_ORDERING: Partial<Record<ShipmentOrderingField, RawBuilder<unknown> | null>> = {
  carrier: sql`(SELECT c.short_name FROM carriers c WHERE c.id = shipments.carrier_id)`,
  // by what the lists show: the UN/LOCODE, else the name
  pol_loc: sql`(SELECT coalesce(nullif(l.locode, ''), l.name) FROM locations l WHERE l.id = shipments.pol_loc_id)`,
  pod_loc: sql`(SELECT coalesce(nullif(l.locode, ''), l.name) FROM locations l WHERE l.id = shipments.pod_loc_id)`,
  health: null, // by severity: ontrack < delayed < alerted (needs the caller's thresholds)
};
const ORDERING_FIELDS: Readonly<Record<ShipmentOrderingField, RawBuilder<unknown> | null>> = {
  ...columnRefs(
    'shipments',
    SHIPMENT_ORDERING_FIELDS.filter((f) => !(f in COMPUTED_ORDERING)),
  ),
  ...COMPUTED_ORDERING,
};
type OrderingField = ShipmentOrderingField;
export const ORDERING_FIELD_NAMES: readonly OrderingField[] = SHIPMENT_ORDERING_FIELDS;
/** Other names accepted for a sortable column. */
const ORDERING_ALIASES: Record<string, OrderingField> = {
  carrier_name: 'carrier',
  pol: 'pol_loc',
  pod: 'pod_loc',
  status_verbose: 'status',
  free_time_days_left: 'free_time_lfd', // days left grow with the last free day
};

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
  ordering: { field: OrderingField; desc: boolean }[];
  /** Set by resolveSearch: the ports and vessels the search text names (lets each part use its index). */
  searchMatches?: { locations: number[]; vessels: number[] };
}

export type RawQuery = Record<string, unknown>;

const MESSAGES = {
  ...QUERY_MESSAGES,
  ordering: (v: string) => `Invalid ordering field "${v}".`,
} as const;

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

/**
 * Parses and checks the filters of `query`. Throws 400 `{field: [messages]}` listing every bad value.
 * `now` fixes "today" for the relative filters.
 */
export function parseShipmentFilters(query: RawQuery, now: Date = new Date()): ShipmentFilters {
  const errors = new ErrorCollector();
  const today = startOfToday(now);
  const filters: ShipmentFilters = {
    status: [],
    health: [],
    carrier: [],
    project: [],
    dates: {},
    order_dta: false,
    exclude_hidden: true,
    ordering: [],
  };

  const search = values(query, 'search').join(' ').trim();
  if (search) filters.search = search.slice(0, 200);

  filters.status = choiceParam(query.status, SHIPMENT_STATUS_VALUES, 'status', errors);
  filters.health = choiceParam(query.health, HEALTH_VALUES, 'health', errors);
  for (const key of ['carrier', 'project'] as const) filters[key] = idListParam(query[key], key, errors);
  for (const key of ['pol_loc', 'pod_loc'] as const) {
    const v = single(query, key);
    if (v) filters[key] = v.slice(0, 100);
  }

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
    const relMin = single(query, `${field}_rel_min`);
    if (relMin !== undefined) {
      const n = parseInteger(relMin);
      if (n === null) errors.add(`${field}_rel_min`, MESSAGES.integer);
      else if (daysInRange(`${field}_rel_min`, n, errors))
        range.from = maxDate(range.from, new Date(today.getTime() + n * DAY_MS));
    }
    const relMax = single(query, `${field}_rel_max`);
    if (relMax !== undefined) {
      const n = parseInteger(relMax);
      if (n === null) errors.add(`${field}_rel_max`, MESSAGES.integer);
      else if (daysInRange(`${field}_rel_max`, n, errors))
        range.to = minDate(range.to, new Date(today.getTime() + (n + 1) * DAY_MS));
    }
    if (range.from || range.to) filters.dates[field] = range;
  }

  // Day ranges: dtd / dta are shown as whole days from now (rounded), so N days is [N - ½, N + ½).
  const dayBound = (n: number, half: number) => new Date(now.getTime() + (n + half) * DAY_MS);
  for (const key of ['dtd', 'dta'] as const) {
    const range: DateRange = {};
    const min = single(query, `${key}_min`);
    if (min !== undefined) {
      const n = parseInteger(min);
      if (n === null) errors.add(`${key}_min`, MESSAGES.integer);
      else if (daysInRange(`${key}_min`, n, errors)) range.from = dayBound(n, -0.5);
    }
    const max = single(query, `${key}_max`);
    if (max !== undefined) {
      const n = parseInteger(max);
      if (n === null) errors.add(`${key}_max`, MESSAGES.integer);
      else if (daysInRange(`${key}_max`, n, errors)) range.to = dayBound(n, 0.5);
    }
    if (key === 'dta') {
      const exact = single(query, 'dta');
      if (exact !== undefined) {
        const n = parseInteger(exact);
        if (n === null) errors.add('dta', MESSAGES.integer);
        else if (daysInRange('dta', n, errors)) {
          range.from = maxDate(range.from, dayBound(n, -0.5));
          range.to = minDate(range.to, dayBound(n, 0.5));
        }
      }
    }
    if (range.from || range.to) filters[key] = range;
  }

  const orderDta = single(query, 'order_dta');
  if (orderDta !== undefined) {
    const b = parseBoolean(orderDta);
    if (b === null) errors.add('order_dta', MESSAGES.boolean);
    else filters.order_dta = b;
  }
  const excludeHidden = single(query, 'exclude_hidden');
  if (excludeHidden !== undefined) {
    const b = parseBoolean(excludeHidden);
    if (b === null) errors.add('exclude_hidden', MESSAGES.boolean);
    else filters.exclude_hidden = b;
  }
  const lastNDays = single(query, 'last_n_days');
  if (lastNDays !== undefined) {
    const n = parseInteger(lastNDays);
    if (n === null) errors.add('last_n_days', MESSAGES.integer);
    else if (n < 1) errors.add('last_n_days', MESSAGES.positive);
    else if (daysInRange('last_n_days', n, errors)) filters.last_n_days = n;
  }

  const freeTime = parseFreeTimeFilter(query, now, errors);
  if (freeTime) filters.free_time = freeTime;

  for (const v of values(query, 'ordering')) {
    const desc = v.startsWith('-');
    const name = desc ? v.slice(1) : v;
    const field = (ORDERING_FIELD_NAMES as string[]).includes(name)
      ? (name as OrderingField)
      : ORDERING_ALIASES[name];
    if (!field) errors.add('ordering', MESSAGES.ordering(v));
    else if (!filters.ordering.some((o) => o.field === field)) filters.ordering.push({ field, desc });
  }

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
  if (f.status.length) out.push(sql<SqlBool>`shipments.request_status = ANY(${f.status}::text[])`);
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

export interface OrderTerm {
  expr: RawBuilder<unknown>;
  desc: boolean;
  nullsLast?: boolean;
  /** Its index holds only the rows with a value (partial), so the rows without are read apart. */
  partialIndex?: boolean;
}

/** The sort keys: order_dta first (dta ascending), then `ordering`, then id descending (stable pages). */
export function orderTerms(f: ShipmentFilters, thresholds: HealthThresholds): OrderTerm[] {
  const terms: OrderTerm[] = [];
  if (f.order_dta) terms.push({ expr: sql`shipments.dta`, desc: false, nullsLast: true });
  for (const o of f.ordering) {
    const expr =
      o.field === 'health'
        ? sql`(CASE ${healthExpression(thresholds)} WHEN 'ontrack' THEN 0 WHEN 'delayed' THEN 1 ELSE 2 END)`
        : ORDERING_FIELDS[o.field];
    // empty values last in both directions (PostgreSQL puts NULLs first when descending)
    if (expr) terms.push({ expr, desc: o.desc, nullsLast: true, partialIndex: o.field === 'free_time_lfd' });
  }
  if (!f.ordering.some((o) => o.field === 'id')) terms.push({ expr: sql`shipments.id`, desc: true });
  return terms;
}

export const termSql = (expr: RawBuilder<unknown>, t: OrderTerm): RawBuilder<unknown> =>
  sql`${expr} ${sql.raw(t.desc ? 'DESC' : 'ASC')}${sql.raw(t.nullsLast ? ' NULLS LAST' : '')}`;

/** ORDER BY terms: order_dta first (dta ascending), then `ordering`, then id descending (stable pages). */
export function shipmentOrderBy(f: ShipmentFilters, thresholds: HealthThresholds): RawBuilder<unknown>[] {
  return orderTerms(f, thresholds).map((t) => termSql(t.expr, t));
}
