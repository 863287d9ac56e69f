// What every BI metric module uses: the metric's context, the chart and table shapes, the shipment facts (the
// monthly rollup bi_shipment_rollup for whole months, bi_shipment_fact() for the days at the range's edges), names
// and drill-down queries.
import type { BiChartResult, BiDataset, BiTableResult } from '@portal/shared-api/domain';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { HealthThresholds } from '../../health';
import { shipmentConditions, type ShipmentFilters } from '../../shipments/filters';
import type { MetricDef, Text, Unit } from '../catalogue';
import type { Database } from '../../../db/types';
import type { BiParams, ListQuery } from '../params';

export const BI_PAGE_SIZE = 30;
/** At most this many rows in a table export. */
export const BI_EXPORT_MAX_ROWS = 50_000;
export const DAY_MS = 86_400_000;

export type Dataset = BiDataset;
export type ChartResult = BiChartResult;
export type TableResult = BiTableResult<unknown>;
export type MetricResult = ChartResult | TableResult;

export interface MetricContext {
  db: Kysely<Database>;
  def: MetricDef;
  params: BiParams;
  thresholds: HealthThresholds;
  /** The caller's company (client metrics); null for internal metrics (all companies). */
  companyId: number | null;
  now: Date;
  /** Table metrics: rows wanted (a page, or the export). */
  limit: number;
  offset: number;
}

export const same = (s: string): Text => ({ en: s, es: s });
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const ratio = (a: unknown, b: unknown): number | null => (num(b) > 0 ? round(num(a) / num(b)) : null);

export function chart(
  unit: Unit,
  labels: string[],
  text: Text[],
  datasets: Dataset[],
  drill: ChartResult['drill'],
  options: { extras?: Dataset[]; total?: boolean } = {},
): ChartResult {
  const total = options.total
    ? datasets.reduce((s, d) => s + d.data.reduce<number>((a, v) => a + (v ?? 0), 0), 0)
    : null;
  return {
    kind: 'chart',
    unit,
    labels,
    label_text: { en: text.map((t) => t.en), es: text.map((t) => t.es) },
    datasets,
    extras: options.extras ?? [],
    total,
    drill,
  };
}

export const and = (parts: RawBuilder<SqlBool>[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

/** The list-filter conditions on `shipments` (hidden excluded), plus the company. */
export function shipmentWhere(ctx: MetricContext, extra: RawBuilder<SqlBool>[] = []): RawBuilder<unknown> {
  const parts = shipmentConditions(ctx.params.filters, ctx.thresholds, ctx.now, ctx.companyId ?? undefined);
  if (ctx.companyId !== null) parts.unshift(sql<SqlBool>`shipments.company_id = ${ctx.companyId}`);
  return and([...parts, ...extra]);
}

/** Carrier / POL / POD conditions only (for the rollup, aliased as `shipments`). */
function dimensionConditions(ctx: MetricContext): RawBuilder<SqlBool>[] {
  const f: ShipmentFilters = { ...ctx.params.filters, dates: {}, exclude_hidden: false, health: [] };
  return shipmentConditions(f, ctx.thresholds, ctx.now);
}

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The facts of the visible shipments matching the filters, grouped by company, carrier, POL, POD and month:
 * whole months from bi_shipment_rollup, the edge days of the created_at range from the shipments.
 */
export function facts(ctx: MetricContext, groups: Array<'carrier' | 'lane'> = []): RawBuilder<unknown> {
  const dims = dimensionConditions(ctx);
  // The smallest rollup grain that has the metric's groups and the filters' dimensions.
  const f0 = ctx.params.filters;
  const needCarrier = groups.includes('carrier') || f0.carrier.length > 0;
  const needLane = groups.includes('lane') || !!f0.pol_loc || !!f0.pod_loc;
  const grain = needCarrier && needLane ? 'full' : needLane ? 'lane' : 'carrier';
  const company = ctx.companyId !== null ? [sql<SqlBool>`shipments.company_id = ${ctx.companyId}`] : [];
  const range = ctx.params.filters.dates.created_at ?? {};
  const from = range.from;
  const to = range.to;
  const fullFrom: Date | undefined = from
    ? monthStart(from).getTime() === from.getTime()
      ? from
      : nextMonth(from)
    : undefined;
  const fullTo: Date | undefined = to ? monthStart(to) : undefined;
  const rawRanges: Array<[Date | undefined, Date | undefined]> = [];
  // A range inside one month: all from the shipments; else whole months from the rollup plus the edge days.
  const useRollup = !(fullFrom && fullTo && fullFrom >= fullTo);
  if (!useRollup) rawRanges.push([from, to]);
  else {
    if (from && fullFrom && from < fullFrom) rawRanges.push([from, fullFrom]);
    if (to && fullTo && fullTo < to) rawRanges.push([fullTo, to]);
  }
  const parts: RawBuilder<unknown>[] = [];
  if (useRollup) {
    const monthConds: RawBuilder<SqlBool>[] = [];
    if (fullFrom) monthConds.push(sql<SqlBool>`shipments.month >= ${ymd(fullFrom)}::date`);
    if (fullTo) monthConds.push(sql<SqlBool>`shipments.month < ${ymd(fullTo)}::date`);
    parts.push(sql`SELECT shipments.company_id, shipments.carrier_id, shipments.pol_loc_id, shipments.pod_loc_id,
        shipments.month, shipments.n, shipments.arrived, shipments.punct_n, shipments.on_time, shipments.delay_sum,
        shipments.transit_n, shipments.transit_sum, shipments.transit_planned_n, shipments.transit_planned_sum,
        shipments.rolled, shipments.vessel_changes, shipments.dwell, shipments.pred_n, shipments.pred_err
      FROM bi_shipment_rollup AS shipments
      WHERE ${and([...company, sql<SqlBool>`shipments.grain = ${grain}`, ...dims, ...monthConds])}`);
  }
  const bucketArray = (expr: (b: number) => RawBuilder<unknown>, type: string) =>
    sql`ARRAY[${sql.join([0, 1, 2, 3, 4, 5].map(expr))}]::${sql.raw(type)}`;
  const midnight = (d: Date | undefined) => !d || d.getTime() % DAY_MS === 0;
  for (const [a, b] of rawRanges) {
    if (grain === 'carrier' && midnight(a) && midnight(b)) {
      // Whole days: from the per-day rollup.
      const dayConds: RawBuilder<SqlBool>[] = [sql<SqlBool>`shipments.grain = 'carrier_day'`];
      if (a) dayConds.push(sql<SqlBool>`shipments.month >= ${ymd(a)}::date`);
      if (b) dayConds.push(sql<SqlBool>`shipments.month < ${ymd(b)}::date`);
      parts.push(sql`SELECT shipments.company_id, shipments.carrier_id, shipments.pol_loc_id, shipments.pod_loc_id,
          date_trunc('month', shipments.month)::date AS month, shipments.n, shipments.arrived, shipments.punct_n,
          shipments.on_time, shipments.delay_sum, shipments.transit_n, shipments.transit_sum, shipments.transit_planned_n,
          shipments.transit_planned_sum, shipments.rolled, shipments.vessel_changes, shipments.dwell, shipments.pred_n,
          shipments.pred_err
        FROM bi_shipment_rollup AS shipments WHERE ${and([...company, ...dims, ...dayConds])}`);
      continue;
    }
    const conds = [...company, ...dims, sql<SqlBool>`NOT shipments.hidden`];
    if (a) conds.push(sql<SqlBool>`shipments.created_at >= ${a}`);
    if (b) conds.push(sql<SqlBool>`shipments.created_at < ${b}`);
    parts.push(sql`SELECT f.company_id, f.carrier_id, f.pol_loc_id, f.pod_loc_id, f.month, sum(f.n) AS n,
        sum(f.arrived) AS arrived, sum(f.punct_n) AS punct_n, sum(f.on_time) AS on_time, sum(f.delay_sum) AS delay_sum,
        sum(f.transit_n) AS transit_n, sum(f.transit_sum) AS transit_sum, sum(f.transit_planned_n) AS transit_planned_n,
        sum(f.transit_planned_sum) AS transit_planned_sum, sum(f.rolled) AS rolled, sum(f.vessel_changes) AS vessel_changes,
        ${bucketArray((k) => sql`count(*) FILTER (WHERE f.dwell = ${sql.lit(k)})`, 'bigint[]')} AS dwell,
        ${bucketArray((k) => sql`count(*) FILTER (WHERE f.pred_bucket = ${sql.lit(k)})`, 'bigint[]')} AS pred_n,
        ${bucketArray((k) => sql`coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = ${sql.lit(k)}), 0)`, 'numeric[]')} AS pred_err
      FROM shipments, LATERAL bi_shipment_fact(shipments) AS f
      WHERE ${and(conds)}
      GROUP BY 1, 2, 3, 4, 5`);
  }
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}

export async function rows<T>(ctx: MetricContext, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(ctx.db)).rows;
}

export async function carrierNames(ctx: MetricContext): Promise<Map<number, string>> {
  const list = await rows(ctx, sql<{ id: number; short_name: string }>`SELECT id, short_name FROM carriers`);
  return new Map(list.map((c) => [c.id, c.short_name]));
}

/** The rows of a per-carrier query sorted by carrier name, with their chart labels (ids) and texts (names). */
export async function carrierRows<T extends { carrier_id: number }>(
  ctx: MetricContext,
  query: RawBuilder<T>,
) {
  const list = await rows(ctx, query);
  const names = await carrierNames(ctx);
  list.sort((x, y) => (names.get(x.carrier_id) ?? '').localeCompare(names.get(y.carrier_id) ?? ''));
  return {
    list,
    labels: list.map((r) => String(r.carrier_id)),
    text: list.map((r) => same(names.get(r.carrier_id) ?? String(r.carrier_id))),
  };
}

export async function locationCodes(
  ctx: MetricContext,
  ids: (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const list = await rows(
    ctx,
    sql<{
      id: number;
      code: string;
    }>`SELECT id, coalesce(locode, name) AS code FROM locations WHERE id = ANY(${wanted}::integer[])`,
  );
  return new Map(list.map((l) => [l.id, l.code]));
}

export async function companyNames(ctx: MetricContext): Promise<Map<number, string>> {
  const list = await rows(ctx, sql<{ id: number; name: string }>`SELECT id, name FROM companies`);
  return new Map(list.map((c) => [c.id, c.name]));
}

/** The base drill-down query (the page's filters), for shipment-entity client metrics. */
export function baseDrill(ctx: MetricContext, extra: ListQuery = {}): ListQuery {
  return { ...ctx.params.listQuery, ...extra };
}

/** A month label's created_at range, within the filter's range. */
export function monthDrill(ctx: MetricContext, month: string): ListQuery {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(nextMonth(start).getTime() - DAY_MS);
  let after = ymd(start);
  let before = ymd(end);
  const range = ctx.params.filters.dates.created_at ?? {};
  if (range.from && range.from > start) after = ctx.params.after ?? after;
  if (range.to && range.to <= nextMonth(start)) before = ctx.params.before ?? before;
  return { created_at_after: after, created_at_before: before };
}

/** A table of shipments: how many `where` finds and the page `page` reads, both at once. */
export async function shipmentTable(
  ctx: MetricContext,
  where: RawBuilder<unknown>,
  page: RawBuilder<Record<string, unknown>>,
): Promise<TableResult> {
  const [[countRow], list] = await Promise.all([
    rows(ctx, sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE ${where}`),
    rows(ctx, page),
  ]);
  return table(ctx, num(countRow?.n), list);
}

function table(ctx: MetricContext, count: number, results: Record<string, unknown>[]): TableResult {
  return {
    kind: 'table',
    unit: ctx.def.unit,
    count,
    page: ctx.params.page,
    page_size: BI_PAGE_SIZE,
    columns: ctx.def.columns,
    results: results.map((r) => {
      const out: Record<string, unknown> = {};
      for (const c of ctx.def.columns) {
        const v = r[c.key];
        out[c.key] = v instanceof Date ? v.toISOString() : v === undefined ? null : v;
      }
      return out;
    }),
  };
}

/** Request-side date range: the created_at range applied to another timestamp column. */
export function rangeOn(ctx: MetricContext, column: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const r = ctx.params.filters.dates.created_at ?? {};
  const out: RawBuilder<SqlBool>[] = [];
  if (r.from) out.push(sql<SqlBool>`${column} >= ${r.from}`);
  if (r.to) out.push(sql<SqlBool>`${column} < ${r.to}`);
  return out;
}
export function carrierOn(ctx: MetricContext, column: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const c = ctx.params.filters.carrier;
  return c.length ? [sql<SqlBool>`${column} = ANY(${c}::integer[])`] : [];
}
