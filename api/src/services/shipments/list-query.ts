// The list's SQL: the count of the matches and the query of one page (deferred join, the plan chosen by how
// many rows match), on the filters and sort keys of ./filters.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ShipmentOrderingField } from '@portal/shared-api/domain';
import { PREPARED, TEXT_TIMESTAMPS } from '../../db/connection';
import type { Database } from '../../db/types';
import {
  HEALTH_COUNTS_SOURCE,
  HEALTH_VALUES,
  healthExpression,
  healthFilter,
  type Health,
  type HealthSource,
  type HealthThresholds,
} from '../health';
import {
  onlyCountedFilters,
  onlyHealthFilters,
  orderTerms,
  shipmentConditions,
  termSql,
  type OrderTerm,
  type ShipmentFilters,
} from './filters';
import { lookupsColumn, selectShipments } from './serializer';

type Conditions = ReturnType<typeof shipmentConditions>;

/**
 * Sort keys with an index on (company_id, carrier_id, key) and one on (company_id, request_status, carrier_id,
 * key) that carry the health inputs (migrations 0017, 0026, 0039): one carrier's list in that order, of all
 * request statuses or of one, is read by walking the index.
 */
const CARRIER_WALK_KEYS: ReadonlySet<ShipmentOrderingField> = new Set(['eta', 'last_update']);

/**
 * True when the page is best read by walking an index in the list's order and stopping after the page, however
 * many rows match: one carrier (and at most one request status), sorted first by a key of CARRIER_WALK_KEYS,
 * filtered by health and by a range of that same key only. Filtering everything first would read every entry of
 * the carrier (and status), then sort them (a health filter cannot narrow an index range): the walk reads
 * (page end) / (share of matches) of the same entries, in order.
 */
function walksOrderIndex(f: ShipmentFilters): boolean {
  const first = f.ordering[0]?.field;
  if (!first || !CARRIER_WALK_KEYS.has(first) || f.carrier.length !== 1 || f.order_dta) return false;
  if (f.status.length > 1) return false;
  const dates = Object.keys(f.dates);
  return onlyHealthFilters({ ...f, carrier: [], status: [], dates: {} }) && dates.every((d) => d === first);
}

/** True for the list of all shipments, in any order (no filter but the hidden ones). */
const plainList = (f: ShipmentFilters): boolean => onlyHealthFilters(f) && f.health.length === 0;

/** shipment_list_counts (migration 0025): health inputs as shipment_health_counts, per carrier and status. */
const LIST_COUNTS_SOURCE: HealthSource = {
  alias: 'shipment_list_counts',
  etaLate: 'eta_delta_ceil',
  etaEarly: 'eta_delta_floor',
};

/**
 * True when a health profile (services/health-profiles) counts the filters: an ETA range or carriers (or both),
 * with health or not, and nothing else. A carrier's tab then sums under a thousand groups (927 for 150,000
 * shipments of a carrier on the bench data), where shipment_list_counts holds 7,142 for them (every distinct set
 * of health inputs), each classified by the caller's thresholds at every count: 0.25 ms instead of 2.9. Without either, the other count tables already answer in time independent
 * of the number of shipments.
 */
export function profileCounted(f: ShipmentFilters): boolean {
  const { eta, ...otherDates } = f.dates;
  return (
    (eta !== undefined || f.carrier.length > 0) &&
    Object.keys(otherDates).length === 0 &&
    f.status.length === 0 &&
    onlyHealthFilters({ ...f, carrier: [], dates: {} })
  );
}

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week of `d` (1970-01-01 was a Thursday). */
function weekFloor(d: Date): Date {
  const day = Math.floor(d.getTime() / DAY_MS);
  return new Date((day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS);
}

/** The first Monday 00:00 UTC at or after `d`. */
function weekCeil(d: Date): Date {
  const floor = weekFloor(d);
  return floor.getTime() === d.getTime() ? floor : new Date(floor.getTime() + 7 * DAY_MS);
}

/**
 * The count of profileCounted filters from profile `profile`: the groups of the range's whole UTC weeks, plus the
 * shipments of its part-weeks at either end counted in the index (at most two weeks of one carrier's off-plan
 * entries). Null when the profile is not ready (or no longer there).
 */
function profileCountQuery(
  profile: number,
  thresholds: HealthThresholds,
  companyId: number,
  filters: ShipmentFilters,
): RawBuilder<{ count: string | null }> {
  const eta = filters.dates.eta ?? {};
  const first = eta.from && weekCeil(eta.from);
  const end = eta.to && weekFloor(eta.to);
  const parts: RawBuilder<unknown>[] = [];
  const counted = (range: { from?: Date; to?: Date }) => {
    const conditions = shipmentConditions(
      { ...filters, dates: { eta: range } },
      thresholds,
      new Date(),
      companyId,
    );
    parts.push(sql`(SELECT count(*) FROM shipments
      WHERE ${sql.join([sql`shipments.company_id = ${companyId}`, ...conditions], sql` AND `)})`);
  };
  if (first && end && first >= end) counted(eta);
  else {
    const week = (d: Date) => sql`(${d}::timestamptz AT TIME ZONE 'UTC')::date`;
    const where = [sql<SqlBool>`profile_id = ${profile}`];
    if (filters.exclude_hidden) where.push(sql<SqlBool>`NOT hidden`);
    if (filters.carrier.length) where.push(sql<SqlBool>`carrier_id = ANY(${filters.carrier}::integer[])`);
    const health = HEALTH_VALUES.filter((h) => filters.health.includes(h));
    if (health.length && health.length < HEALTH_VALUES.length) {
      where.push(sql<SqlBool>`health = ANY(${health}::text[])`);
    }
    // Shipments without an ETA are in week '-infinity': counted only when the list has no ETA range.
    if (filters.dates.eta) {
      where.push(
        first ? sql<SqlBool>`eta_week >= ${week(first)}` : sql<SqlBool>`eta_week > '-infinity'::date`,
      );
    }
    if (end) where.push(sql<SqlBool>`eta_week < ${week(end)}`);
    parts.push(
      sql`(SELECT coalesce(sum(n), 0) FROM health_profile_counts WHERE ${sql.join(where, sql` AND `)})`,
    );
    if (eta.from && first && eta.from < first) counted({ from: eta.from, to: first });
    if (eta.to && end && end < eta.to) counted({ from: end, to: eta.to });
  }
  return sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM health_profiles WHERE id = ${profile} AND ready)
    THEN ${sql.join(parts, sql` + `)} END AS count`;
}

/**
 * The statement counting the shipments that match the filters (one row, `count`). The plain list of visible
 * shipments sums the company's creation days; with no filter but health (the dashboard tabs) it sums the
 * company's groups in shipment_health_counts; with carrier and status too, in shipment_list_counts (whatever the
 * number of shipments); over an ETA range, given a ready health profile (`profile`), its groups (a null count
 * when the profile turns out not to be ready); otherwise it counts the shipments.
 */
export function countQuery(
  thresholds: HealthThresholds,
  companyId: number,
  filters: ShipmentFilters,
  conditions: Conditions,
  profile: number | null = null,
): RawBuilder<{ count: string | null }> {
  if (profile !== null && profileCounted(filters)) {
    return profileCountQuery(profile, thresholds, companyId, filters);
  }
  if (filters.exclude_hidden && plainList(filters)) {
    // Every visible shipment is counted once on its day of creation (shipment_day_counts, migration 0041): a
    // few hundred rows a company instead of its ten thousand health groups (1 ms instead of 5 on a million).
    // Its text differs by nothing but the company: prepared, it is planned once per session (0.4 ms less).
    return sql`SELECT ${PREPARED} sum(n) AS count FROM shipment_day_counts
      WHERE company_id = ${companyId} AND kind = 'c'`;
  }
  const counted = onlyHealthFilters(filters) || onlyCountedFilters(filters);
  if (!counted) {
    return sql`SELECT count(*) AS count FROM shipments
      WHERE ${sql.join([sql`shipments.company_id = ${companyId}`, ...conditions], sql` AND `)}`;
  }
  const source = onlyHealthFilters(filters) ? HEALTH_COUNTS_SOURCE : LIST_COUNTS_SOURCE;
  const where = [sql<SqlBool>`company_id = ${companyId}`];
  if (filters.exclude_hidden) where.push(sql<SqlBool>`NOT hidden`);
  if (filters.carrier.length) where.push(sql<SqlBool>`carrier_id = ANY(${filters.carrier}::integer[])`);
  if (filters.status.length) where.push(sql<SqlBool>`request_status = ANY(${filters.status}::text[])`);
  if (filters.health.length) {
    where.push(healthFilter(thresholds, filters.health, source) as RawBuilder<SqlBool>);
  }
  return sql`SELECT sum(n) AS count FROM ${sql.table(source.alias)} WHERE ${sql.join(where, sql` AND `)}`;
}

/** True when carrierCounts gives the count of `f`: one carrier, at most one status and one health, nothing else. */
export const carrierCounted = (f: ShipmentFilters): boolean =>
  f.carrier.length === 1 && f.status.length <= 1 && f.health.length <= 1 && onlyCountedFilters(f);

/** A group of carrierCounts: the shipments of a request status (null: none) with a health. */
export interface CarrierCount {
  status: string | null;
  health: Health;
  n: number;
}

/**
 * The shipments of one carrier of the company by request status and health (the caller's thresholds), from
 * shipment_list_counts: one pass over the carrier's groups, as the count of one health tab takes anyway (a health
 * filter does not narrow the index range), gives the count of every health tab of every status of the carrier.
 */
export async function carrierCounts(
  db: Kysely<Database>,
  thresholds: HealthThresholds,
  companyId: number,
  filters: ShipmentFilters,
): Promise<CarrierCount[]> {
  const where = [sql`company_id = ${companyId}`, sql`carrier_id = ${filters.carrier[0]}::integer`];
  if (filters.exclude_hidden) where.push(sql`NOT hidden`);
  const { rows } = await sql<{ status: string | null; health: Health; n: string }>`
    SELECT request_status AS status, ${healthExpression(thresholds, LIST_COUNTS_SOURCE)} AS health, sum(n) AS n
    FROM shipment_list_counts WHERE ${sql.join(where, sql` AND `)} GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ status: r.status, health: r.health, n: Number(r.n) }));
}

/** The number of shipments matching the filters (see countQuery). */
export async function countShipments(
  db: Kysely<Database>,
  thresholds: HealthThresholds,
  companyId: number,
  filters: ShipmentFilters,
  conditions: Conditions,
  profile: number | null = null,
): Promise<number> {
  const statement = countQuery(thresholds, companyId, filters, conditions, profile);
  // A search matching many shipments is planned as a parallel scan of the whole company (three processes of about
  // 285 ms each on a million shipments); one process reading only the rows the trigram, port and vessel indexes
  // give takes 200 to 300 ms alone. On a busy server the workers only triple the CPU a search costs.
  const { rows } =
    filters.search && !db.isTransaction
      ? await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
          return statement.execute(trx);
        })
      : await statement.execute(db);
  const count = rows[0]?.count;
  if (count === null && profile !== null)
    return countShipments(db, thresholds, companyId, filters, conditions);
  return Number(count ?? 0);
}

/**
 * A page with empty values last over many matches, when no index gives that order: the ascending indexes walked
 * backwards give NULLS FIRST, and `DESC NULLS LAST` would sort every match (2 s instead of 0.1 s on 1,000,000
 * shipments); a partial index (free_time_lfd's) has no empty rows at all. So the rows with a value (the index,
 * either way) and those without are taken apart, each up to the page's end, and the page is cut from the two in
 * that order.
 */
function nullsApart(
  terms: OrderTerm[],
  where: RawBuilder<unknown>,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  const [first, ...rest] = terms;
  const keys = sql.join(
    terms.map((t, i) => sql`, ${t.expr} AS ${sql.ref(`o${i}`)}`),
    sql``,
  );
  const plain = (t: OrderTerm) => ({ ...t, nullsLast: false });
  const part = (empty: boolean, by: OrderTerm[]) =>
    sql`(SELECT shipments.id${keys}, ${sql.raw(empty ? '1' : '0')} AS g FROM shipments
      WHERE ${where} AND ${first.expr} IS ${sql.raw(empty ? 'NULL' : 'NOT NULL')}
      ORDER BY ${sql.join(by.map((t) => termSql(t.expr, t)))} LIMIT ${limit + offset})`;
  const withValue = part(false, [plain(first), ...rest]);
  const without = part(true, rest.length ? rest : [{ expr: sql`shipments.id`, desc: true }]);
  // A page that holds rows with a value only (page 1,000 of 'ordering=-eta'): straight from the index walked
  // backwards, without sorting the 30,000 rows before it again; the union runs only when that page is short
  // (its One-Time Filter skips it otherwise). Both give the same rows then.
  return sql`WITH v AS MATERIALIZED (${valuesOnlyIds(terms, where, limit, offset)})
    SELECT v.id FROM v
    UNION ALL
    SELECT w.id FROM (SELECT u.id FROM (${withValue} UNION ALL ${without}) u
      ORDER BY u.g, ${sql.join(terms.map((t, i) => termSql(sql.ref(`u.o${i}`), t)))}
      LIMIT ${limit} OFFSET ${offset}) w
    WHERE (SELECT count(*) FROM v) < ${limit}`;
}

/** The ids of the page among the rows with a value of the first sort key, walking its index (see nullsApart). */
function valuesOnlyIds(
  terms: OrderTerm[],
  where: RawBuilder<unknown>,
  limit: number,
  offset: number,
): RawBuilder<{ id: string }> {
  const [first, ...rest] = terms;
  return sql`SELECT shipments.id FROM shipments
    WHERE ${where} AND ${first.expr} IS NOT NULL
    ORDER BY ${sql.join([{ ...first, nullsLast: false }, ...rest].map((t) => termSql(t.expr, t)))}
    LIMIT ${sql.lit(limit)} OFFSET ${sql.lit(offset)}`;
}

/**
 * True when the page's ids are read by walking the ordering index, stopping after the page, whatever the number of
 * matches: walksOrderIndex, or the plain list, where every entry walked is a match but the hidden ones. (Sorted by
 * a key without an index, either way sorts the company's rows once.)
 */
const walksAtAnyCount = (filters: ShipmentFilters) => walksOrderIndex(filters) || plainList(filters);

/** True when the page's ids are read with the ordering index rather than by filtering first (shipmentPageQuery). */
const walksIndex = (filters: ShipmentFilters, count: number) =>
  count > SORT_AFTER_FILTER_MAX || walksAtAnyCount(filters);

/** True when the first sort key's rows with and without a value are read apart (nullsApart). */
const splitsNulls = (terms: OrderTerm[]) =>
  Boolean(terms[0]?.nullsLast && (terms[0].desc || terms[0].partialIndex));

/** One page of a list: whose, with which thresholds and filters (and their conditions), of how many matches. */
interface PageWindow {
  companyId: number;
  thresholds: HealthThresholds;
  filters: ShipmentFilters;
  conditions: RawBuilder<SqlBool>[];
  /** The number of matches (the plan depends on it). */
  count: number;
  limit: number;
  offset: number;
}

const windowWhere = (w: PageWindow) =>
  sql.join([sql`shipments.company_id = ${w.companyId}`, ...w.conditions], sql` AND `);

/**
 * When shipmentPageQuery would read the page with nullsApart: the statement of the page's ids among the rows with
 * a value (the page itself when it comes back full, as it nearly always does), else null. Run alone first, it is
 * planned in a fraction of the time of the union that also covers short pages (about 2 of 5 ms of PostgreSQL
 * CPU for one carrier's page sorted by -eta); its ids then go to shipmentPageQuery as `pageIds`.
 */
export function valuesOnlyPageIds(w: PageWindow): RawBuilder<{ id: string }> | null {
  const terms = orderTerms(w.filters, w.thresholds);
  if (!walksIndex(w.filters, w.count) || !splitsNulls(terms)) return null;
  return valuesOnlyIds(terms, windowWhere(w), w.limit, w.offset);
}

/** At most this many matches: filter first, then sort (see shipmentPageQuery). */
export const SORT_AFTER_FILTER_MAX = 50_000;

/**
 * The ids of one page, in its order (see shipmentPageQuery): when few shipments match (`count` ≤
 * SORT_AFTER_FILTER_MAX) the filtered rows are read through the best index for the filters and then sorted
 * (an OFFSET 0 subquery keeps PostgreSQL from walking an ordering index across the whole company looking for
 * rare matches, e.g. the ongoing shipments sorted by ETA ascending); otherwise the ordering index is walked.
 */
export function pageIdsQuery(w: PageWindow): RawBuilder<{ id: string }> {
  const { filters, count, limit, offset } = w;
  const terms = orderTerms(filters, w.thresholds);
  const where = windowWhere(w);
  // Filter first: only the id and the sort keys leave the subquery, so a covering index can answer it.
  if (!walksIndex(filters, count)) {
    return sql`SELECT f.id FROM (SELECT shipments.id${sql.join(
      terms.map((t, i) => sql`, ${t.expr} AS ${sql.ref(`o${i}`)}`),
      sql``,
    )} FROM shipments WHERE ${where} OFFSET 0) f
      ORDER BY ${sql.join(terms.map((t, i) => termSql(sql.ref(`f.o${i}`), t)))}
      LIMIT ${limit} OFFSET ${offset}`;
  }
  if (splitsNulls(terms)) return nullsApart(terms, where, limit, offset) as RawBuilder<{ id: string }>;
  return sql`SELECT shipments.id FROM shipments WHERE ${where}
    ORDER BY ${sql.join(terms.map((t) => termSql(t.expr, t)))} LIMIT ${sql.lit(limit)} OFFSET ${sql.lit(offset)}`;
}

/**
 * The number of matches and the page's ids in one statement, when the page's plan does not depend on that number
 * (walksAtAnyCount: one carrier walked in index order, or the plain list) and the count is not a search's: one
 * round trip to PostgreSQL instead of two. The ids are those of valuesOnlyPageIds when it applies (to be read
 * again in full when the page comes back short), else the page's. Null when the plan needs the count first.
 */
export async function countWithPageIds(
  db: Kysely<Database>,
  w: Omit<PageWindow, 'count'> & {
    profile?: number | null;
    /** Also read each id's row version (xmin), to revalidate a page kept from an earlier data version. */
    rowVersions?: boolean;
    /** The count, when already known (then only the ids, with their snapshot, are read). */
    known?: number;
  },
): Promise<{
  count: number;
  ids: string[];
  valuesOnly: boolean;
  rowVersions?: Map<string, string>;
  /** The snapshot the ids were read in (pg_snapshot text). */
  snapshot: string;
} | null> {
  if (!walksAtAnyCount(w.filters) || w.filters.search) return null;
  const window = { ...w, count: 0 };
  const valuesOnly = valuesOnlyPageIds(window);
  const count =
    w.known === undefined
      ? countQuery(w.thresholds, w.companyId, w.filters, w.conditions, w.profile ?? null)
      : sql`NULL`;
  // Page 1, the one every list opens on, runs prepared: LIMIT and OFFSET written in its text, it then differs by
  // the filters' shape only, and PostgreSQL plans it once per session instead of at every run (0.6 of 0.8 ms of
  // planning and parsing for one carrier's delayed shipments). Other pages stay unnamed: fifty of each shape would
  // fill a session's bounded named statements.
  const prepared = w.offset === 0 ? PREPARED : sql``;
  const both = (marker: RawBuilder<unknown>) =>
    sql`SELECT ${marker} (${count}) AS count, ARRAY(${valuesOnly ?? pageIdsQuery(window)}) AS ids,
      pg_current_snapshot()::text AS snapshot`;
  // The row versions in the same round trip: the page's rows are found by their primary key. OFFSET 0 keeps the
  // subquery from being pulled up, which could run the ids' subquery a second time inside the versions' one.
  const { rows } = await (
    w.rowVersions
      ? sql<{
          count: string | null;
          ids: string[];
          versions: string[];
          snapshot: string;
        }>`SELECT ${prepared} q.count, q.ids, q.snapshot,
        ARRAY(SELECT s.id::text || ' ' || s.xmin::text FROM shipments s WHERE s.id = ANY(q.ids)) AS versions
        FROM (${both(sql``)} OFFSET 0) q`
      : (both(prepared) as RawBuilder<{
          count: string | null;
          ids: string[];
          versions?: undefined;
          snapshot: string;
        }>)
  ).execute(db);
  const counted = rows[0]?.count;
  const versions = rows[0]?.versions;
  return {
    count:
      w.known ??
      (counted === null && w.profile != null
        ? await countShipments(db, w.thresholds, w.companyId, w.filters, w.conditions)
        : Number(counted ?? 0)),
    ids: rows[0]?.ids.map(String) ?? [],
    valuesOnly: !!valuesOnly,
    snapshot: rows[0]?.snapshot ?? '',
    ...(versions && { rowVersions: new Map(versions.map((v) => v.split(' ') as [string, string])) }),
  };
}

/**
 * The query of one page of shipments, as a deferred join: the ids of the page are found first on narrow rows
 * (no health, no wide columns; pageIdsQuery), then only those rows are read whole. Each row carries its
 * `lookups` (lookupsColumn), so the page is one round trip. Given the page's ids (`pageIds`), it reads those
 * rows only, as a prepared statement: its text then depends on the columns and the ordering alone, and its plan
 * on nothing the values change, so PostgreSQL plans it once per session.
 */
export function shipmentPageQuery(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  filters: ShipmentFilters,
  conditions: RawBuilder<SqlBool>[],
  count: number,
  limit: number,
  offset: number,
  lookups?: Parameters<typeof lookupsColumn>[0],
  /** The page's ids when already known (pageIdsQuery). */
  pageIds?: readonly string[],
) {
  const order = orderTerms(filters, thresholds).map((t) => termSql(t.expr, t));
  const ids = pageIds
    ? sql`SELECT unnest(${pageIds}::bigint[])`
    : pageIdsQuery({ companyId, thresholds, filters, conditions, count, limit, offset });
  let page = selectShipments(db, companyId, thresholds, lookups?.needs)
    .select(lookupsColumn(lookups ?? { projects: false }).as('lookups'))
    // The row version each row is read at, in the same statement as its columns (revalidation, list-cache).
    .select(sql<string>`shipments.xmin::text`.as('row_version'))
    .where(sql<SqlBool>`shipments.id IN (${ids})`);
  if (pageIds) page = page.modifyFront(PREPARED);
  // Its timestamps only go out again as text (serializeShipments).
  page = page.modifyFront(TEXT_TIMESTAMPS);
  for (const term of order) page = page.orderBy(term);
  return page;
}
