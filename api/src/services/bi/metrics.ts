// The numbers of each BI metric (catalogue.ts). Client metrics count the caller's company only (visible
// shipments, health with the caller's thresholds); internal ones span every company. History and Shipments
// metrics read the monthly rollup bi_shipment_rollup (migration 0012) for the whole months of the date range and
// the shipments themselves, through the same bi_shipment_fact(), for the days at its edges.
import {
  HEALTH_TEXTS,
  HEALTH_VALUES,
  type BiChartResult,
  type BiDataset,
  type BiTableResult,
} from '@portal/shared-api/domain';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import { healthExpression, healthFilter, type HealthThresholds } from '../health';
import { shipmentConditions, type ShipmentFilters } from '../shipments/filters';
import {
  DWELL_BUCKETS,
  LEAD_BOUNDS,
  LEAD_BUCKETS,
  LIFE_STAGE_TEXT,
  LIFE_STAGES,
  type MetricDef,
  type Text,
  type Unit,
} from './catalogue';
import type { BiParams, ListQuery } from './params';
import { freeTimeCost } from './free-time';
import { FREE_TIME_COST_METRIC } from './free-time-def';

export const BI_PAGE_SIZE = 30;
/** At most this many rows in a table export. */
export const BI_EXPORT_MAX_ROWS = 50_000;
const DAY_MS = 86_400_000;

type Dataset = BiDataset;
type ChartResult = BiChartResult;
type TableResult = BiTableResult<unknown>;
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

const same = (s: string): Text => ({ en: s, es: s });
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const ratio = (a: unknown, b: unknown): number | null => (num(b) > 0 ? round(num(a) / num(b)) : null);

function chart(
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

const and = (parts: RawBuilder<SqlBool>[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

/** The list-filter conditions on `shipments` (hidden excluded), plus the company. */
function shipmentWhere(ctx: MetricContext, extra: RawBuilder<SqlBool>[] = []): RawBuilder<unknown> {
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
function facts(ctx: MetricContext, groups: Array<'carrier' | 'lane'> = []): RawBuilder<unknown> {
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

async function rows<T>(ctx: MetricContext, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(ctx.db)).rows;
}

async function carrierNames(ctx: MetricContext): Promise<Map<number, string>> {
  const list = await rows(ctx, sql<{ id: number; short_name: string }>`SELECT id, short_name FROM carriers`);
  return new Map(list.map((c) => [c.id, c.short_name]));
}

/** The rows of a per-carrier query sorted by carrier name, with their chart labels (ids) and texts (names). */
async function carrierRows<T extends { carrier_id: number }>(ctx: MetricContext, query: RawBuilder<T>) {
  const list = await rows(ctx, query);
  const names = await carrierNames(ctx);
  list.sort((x, y) => (names.get(x.carrier_id) ?? '').localeCompare(names.get(y.carrier_id) ?? ''));
  return {
    list,
    labels: list.map((r) => String(r.carrier_id)),
    text: list.map((r) => same(names.get(r.carrier_id) ?? String(r.carrier_id))),
  };
}

async function locationCodes(ctx: MetricContext, ids: (number | null)[]): Promise<Map<number, string>> {
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

async function companyNames(ctx: MetricContext): Promise<Map<number, string>> {
  const list = await rows(ctx, sql<{ id: number; name: string }>`SELECT id, name FROM companies`);
  return new Map(list.map((c) => [c.id, c.name]));
}

/** The base drill-down query (the page's filters), for shipment-entity client metrics. */
function baseDrill(ctx: MetricContext, extra: ListQuery = {}): ListQuery {
  return { ...ctx.params.listQuery, ...extra };
}

/** A month label's created_at range, within the filter's range. */
function monthDrill(ctx: MetricContext, month: string): ListQuery {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(nextMonth(start).getTime() - DAY_MS);
  let after = ymd(start);
  let before = ymd(end);
  const range = ctx.params.filters.dates.created_at ?? {};
  if (range.from && range.from > start) after = ctx.params.after ?? after;
  if (range.to && range.to <= nextMonth(start)) before = ctx.params.before ?? before;
  return { created_at_after: after, created_at_before: before };
}

// ---------------------------------------------------------------------------------------------------------
// Real Time

async function activeByStage(ctx: MetricContext): Promise<ChartResult> {
  const list = await rows(
    ctx,
    sql<{ stage: number; health: string; n: string }>`
      SELECT CASE WHEN shipments.status BETWEEN 0 AND 12 THEN shipments.status ELSE 0 END AS stage,
             ${healthExpression(ctx.thresholds)} AS health, count(*) AS n
      FROM shipments
      WHERE ${shipmentWhere(ctx, [sql<SqlBool>`shipments.lifecycle_status = 'active'`])}
      GROUP BY 1, 2`,
  );
  const any = list.some((r) => num(r.n) > 0);
  const labels = any ? [...LIFE_STAGES] : [];
  const datasets = HEALTH_VALUES.map((h) => ({
    key: h,
    label: HEALTH_TEXTS[h],
    data: labels.map((_, i) => num(list.find((r) => r.stage === i && r.health === h)?.n)),
  }));
  return chart(
    'count',
    labels,
    labels.map((l) => LIFE_STAGE_TEXT[l]),
    datasets,
    {
      // The shipment list has no life-stage filter: a stage adds nothing to the query (an empty part, not null,
      // which would mean "no drill-down"), so a click opens the list on the page's filters and the health clicked.
      base: baseDrill(ctx),
      labels: labels.map(() => ({})),
      datasets: HEALTH_VALUES.map((h) => ({ health: h })),
    },
    { total: true },
  );
}

/** When the container arrived where it is stopped (POL, the last transshipment port reached, POD). */
const STOPPED_SINCE = sql`(CASE
  WHEN shipments.status IN (3, 4) THEN coalesce(shipments.pol_arrival_actual, shipments.pol_loaded_actual)
  WHEN shipments.status = 6 THEN greatest(shipments.tsp1_vessel_arrival_actual, shipments.tsp2_vessel_arrival_actual,
                                          shipments.tsp3_vessel_arrival_actual, shipments.tsp4_vessel_arrival_actual)
  WHEN shipments.status IN (8, 9) THEN coalesce(shipments.pod_vessel_arrival_actual, shipments.ata) END)`;
const STOPPED_LOCATION = sql`(CASE
  WHEN shipments.status IN (3, 4) THEN shipments.pol_loc_id
  WHEN shipments.status = 6 THEN (CASE
    WHEN shipments.tsp4_vessel_arrival_actual IS NOT NULL THEN shipments.tsp4_loc_id
    WHEN shipments.tsp3_vessel_arrival_actual IS NOT NULL THEN shipments.tsp3_loc_id
    WHEN shipments.tsp2_vessel_arrival_actual IS NOT NULL THEN shipments.tsp2_loc_id
    ELSE shipments.tsp1_loc_id END)
  ELSE shipments.pod_loc_id END)`;

async function stoppedContainers(ctx: MetricContext): Promise<TableResult> {
  const days = ctx.params.numeric.stopped_days;
  const limitDate = new Date(ctx.now.getTime() - days * DAY_MS);
  const where = shipmentWhere(ctx, [
    sql<SqlBool>`shipments.lifecycle_status = 'active'`,
    sql<SqlBool>`shipments.status IN (3, 4, 6, 8, 9)`,
    sql<SqlBool>`${STOPPED_SINCE} < ${limitDate}`,
  ]);
  // The page's ids first (index-only on bi_shipments_active_idx), then those 30 rows.
  return shipmentTable(
    ctx,
    where,
    sql<Record<string, unknown>>`
      SELECT shipments.id::text AS id, shipments.container_number, c.short_name AS carrier,
             CASE WHEN shipments.status IN (3, 4) THEN 'POL' WHEN shipments.status = 6 THEN 'TSP' ELSE 'POD' END AS place,
             coalesce(l.locode, l.name) AS location, p.since,
             round((extract(epoch FROM ${ctx.now}::timestamptz - p.since) / 86400)::numeric, 2)::float8 AS days,
             ${healthExpression(ctx.thresholds)} AS health
      FROM (SELECT shipments.id, ${STOPPED_SINCE} AS since FROM shipments WHERE ${where}
            ORDER BY 2 ASC, shipments.id DESC LIMIT ${ctx.limit} OFFSET ${ctx.offset}) p
      JOIN shipments ON shipments.id = p.id
      CROSS JOIN LATERAL (SELECT ${STOPPED_LOCATION} AS loc) x
      LEFT JOIN carriers c ON c.id = shipments.carrier_id
      LEFT JOIN locations l ON l.id = x.loc
      ORDER BY p.since ASC, shipments.id DESC`,
  );
}

/** A table of shipments: how many `where` finds and the page `page` reads, both at once. */
async function shipmentTable(
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

async function arrivalsNextDays(ctx: MetricContext): Promise<ChartResult> {
  const n = ctx.params.numeric.dta;
  // The shipment list's dta_min=0 / dta_max=N: whole days from now, rounded ([−½, N + ½) days).
  const from = new Date(ctx.now.getTime() - 0.5 * DAY_MS);
  const to = new Date(ctx.now.getTime() + (n + 0.5) * DAY_MS);
  const list = await rows(
    ctx,
    sql<{ carrier_id: number; health: string; n: string }>`
      SELECT shipments.carrier_id, ${healthExpression(ctx.thresholds)} AS health, count(*) AS n
      FROM shipments
      WHERE ${shipmentWhere(ctx, [sql<SqlBool>`shipments.dta >= ${from}`, sql<SqlBool>`shipments.dta < ${to}`])}
      GROUP BY 1, 2`,
  );
  const names = await carrierNames(ctx);
  const totals = new Map<number, number>();
  for (const r of list) totals.set(r.carrier_id, (totals.get(r.carrier_id) ?? 0) + num(r.n));
  const carriers = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a - b);
  return chart(
    'count',
    carriers.map(String),
    carriers.map((c) => same(names.get(c) ?? String(c))),
    HEALTH_VALUES.map((h) => ({
      key: h,
      label: HEALTH_TEXTS[h],
      data: carriers.map((c) => num(list.find((r) => r.carrier_id === c && r.health === h)?.n)),
    })),
    {
      base: baseDrill(ctx, { dta_min: '0', dta_max: String(n) }),
      labels: carriers.map((c) => ({ carrier: String(c) })),
      datasets: HEALTH_VALUES.map((h) => ({ health: h })),
    },
    { total: true },
  );
}

// ---------------------------------------------------------------------------------------------------------
// History evaluation and Shipments (from the facts)

type FactSums = Record<string, string | null> & { carrier_id: number; month: string };

async function monthlyByCarrier(ctx: MetricContext, value: 'count' | 'on_time'): Promise<ChartResult> {
  const list = await rows(
    ctx,
    sql<FactSums>`
      SELECT to_char(f.month, 'YYYY-MM') AS month, f.carrier_id, sum(f.n) AS n, sum(f.on_time) AS on_time,
             sum(f.punct_n) AS punct_n
      FROM ${facts(ctx, ['carrier'])} AS f
      GROUP BY 1, 2
      HAVING ${value === 'count' ? sql`sum(f.n) <> 0` : sql`sum(f.punct_n) <> 0`}`,
  );
  const names = await carrierNames(ctx);
  const months = [...new Set(list.map((r) => r.month))].sort();
  const carriers = [...new Set(list.map((r) => r.carrier_id))].sort((a, b) =>
    (names.get(a) ?? '').localeCompare(names.get(b) ?? ''),
  );
  const datasets = carriers.map((c) => ({
    key: String(c),
    label: same(names.get(c) ?? String(c)),
    data: months.map((m) => {
      const r = list.find((x) => x.month === m && x.carrier_id === c);
      if (!r) return value === 'count' ? 0 : null;
      return value === 'count' ? num(r.n) : ratio(r.on_time, r.punct_n);
    }),
  }));
  const extras =
    value === 'on_time'
      ? carriers.map((c) => ({
          key: `arrived_${c}`,
          label: { en: `${names.get(c)} arrived`, es: `${names.get(c)} llegados` },
          data: months.map((m) => num(list.find((x) => x.month === m && x.carrier_id === c)?.punct_n)),
        }))
      : [];
  return chart(
    value === 'count' ? 'count' : 'percent',
    months,
    months.map(same),
    datasets,
    {
      base: baseDrill(ctx),
      labels: months.map((m) => monthDrill(ctx, m)),
      datasets: carriers.map((c) => ({ carrier: String(c) })),
    },
    { extras, total: value === 'count' },
  );
}

async function delayByCarrier(ctx: MetricContext): Promise<ChartResult> {
  const { list, labels, text } = await carrierRows(
    ctx,
    sql<{ carrier_id: number; delay_sum: string; punct_n: string }>`
      SELECT f.carrier_id, sum(f.delay_sum) AS delay_sum, sum(f.punct_n) AS punct_n
      FROM ${facts(ctx, ['carrier'])} AS f GROUP BY 1 HAVING sum(f.punct_n) > 0`,
  );
  const delay = delayDatasets(list);
  return chart(
    'days',
    labels,
    text,
    [delay.average],
    { base: baseDrill(ctx), labels: list.map((r) => ({ carrier: String(r.carrier_id) })), datasets: [{}] },
    { extras: [delay.arrived] },
  );
}

type LaneRow = { pol_loc_id: number | null; pod_loc_id: number | null };

async function laneLabels(ctx: MetricContext, list: LaneRow[]) {
  const codes = await locationCodes(
    ctx,
    list.flatMap((r) => [r.pol_loc_id, r.pod_loc_id]),
  );
  const code = (id: number | null) => (id === null ? '—' : (codes.get(id) ?? String(id)));
  return list.map((r) => same(`${code(r.pol_loc_id)} → ${code(r.pod_loc_id)}`));
}
const laneKey = (r: LaneRow) => `${r.pol_loc_id ?? ''}-${r.pod_loc_id ?? ''}`;
const laneDrill = (r: LaneRow): ListQuery | null =>
  r.pol_loc_id === null || r.pod_loc_id === null
    ? null
    : { pol_loc: String(r.pol_loc_id), pod_loc: String(r.pod_loc_id) };

/** A chart of one point per lane (POL → POD) in the metric's unit, each point drilling down to its lane. */
async function laneChart(
  ctx: MetricContext,
  list: LaneRow[],
  datasets: Dataset[],
  options?: Parameters<typeof chart>[5],
): Promise<ChartResult> {
  return chart(
    ctx.def.unit,
    list.map(laneKey),
    await laneLabels(ctx, list),
    datasets,
    { base: baseDrill(ctx), labels: list.map(laneDrill), datasets: datasets.map(() => ({})) },
    options,
  );
}

/** The average delay of each point (days off the initial plan at POD) and its arrivals (an extra column). */
const delayDatasets = (list: { delay_sum: string; punct_n: string }[]) => ({
  average: {
    key: 'delay',
    label: { en: 'Average delay (days)', es: 'Retraso medio (días)' },
    data: list.map((r) => ratio(r.delay_sum, r.punct_n)),
  },
  arrived: {
    key: 'arrived',
    label: { en: 'Arrived', es: 'Llegados' },
    data: list.map((r) => num(r.punct_n)),
  },
});

async function delayByLane(ctx: MetricContext): Promise<ChartResult> {
  const list = await rows(
    ctx,
    sql<{ pol_loc_id: number | null; pod_loc_id: number | null; delay_sum: string; punct_n: string }>`
      SELECT f.pol_loc_id, f.pod_loc_id, sum(f.delay_sum) AS delay_sum, sum(f.punct_n) AS punct_n
      FROM ${facts(ctx, ['lane'])} AS f GROUP BY 1, 2 HAVING sum(f.punct_n) > 0
      ORDER BY sum(f.punct_n) DESC, 1, 2 LIMIT 20`,
  );
  const delay = delayDatasets(list);
  return laneChart(ctx, list, [delay.average], { extras: [delay.arrived] });
}

async function transitByLane(ctx: MetricContext): Promise<ChartResult> {
  const list = await rows(
    ctx,
    sql<{
      pol_loc_id: number | null;
      pod_loc_id: number | null;
      tp: string;
      tpn: string;
      ta: string;
      tan: string;
    }>`
      SELECT f.pol_loc_id, f.pod_loc_id, sum(f.transit_planned_sum) AS tp, sum(f.transit_planned_n) AS tpn,
             sum(f.transit_sum) AS ta, sum(f.transit_n) AS tan
      FROM ${facts(ctx, ['lane'])} AS f GROUP BY 1, 2 HAVING sum(f.transit_planned_n) + sum(f.transit_n) > 0
      ORDER BY sum(f.n) DESC, 1, 2 LIMIT 20`,
  );
  return laneChart(ctx, list, [
    { key: 'planned', label: { en: 'Planned', es: 'Previsto' }, data: list.map((r) => ratio(r.tp, r.tpn)) },
    { key: 'actual', label: { en: 'Actual', es: 'Real' }, data: list.map((r) => ratio(r.ta, r.tan)) },
  ]);
}

async function rolledAndVesselChanges(ctx: MetricContext): Promise<ChartResult> {
  const { list, labels, text } = await carrierRows(
    ctx,
    sql<{ carrier_id: number; rolled: string; vessel_changes: string; n: string }>`
      SELECT f.carrier_id, sum(f.rolled) AS rolled, sum(f.vessel_changes) AS vessel_changes, sum(f.n) AS n
      FROM ${facts(ctx, ['carrier'])} AS f GROUP BY 1 HAVING sum(f.n) > 0`,
  );
  return chart(
    'count',
    labels,
    text,
    [
      { key: 'rolled', label: { en: 'Rolled over', es: 'Rolados' }, data: list.map((r) => num(r.rolled)) },
      {
        key: 'vessel_changes',
        label: { en: 'Vessel changes', es: 'Cambios de buque' },
        data: list.map((r) => num(r.vessel_changes)),
      },
    ],
    {
      base: baseDrill(ctx),
      labels: list.map((r) => ({ carrier: String(r.carrier_id) })),
      datasets: [{}, {}],
    },
    {
      extras: [
        {
          key: 'containers',
          label: { en: 'Containers', es: 'Contenedores' },
          data: list.map((r) => num(r.n)),
        },
      ],
      total: true,
    },
  );
}

async function etaAccuracy(ctx: MetricContext): Promise<ChartResult> {
  // Prediction: the last prediction made before the arrival (migration 0012, pred_* buckets).
  const [sums] = await rows(
    ctx,
    sql<Record<string, string | null>>`
      SELECT ${sql.join([1, 2, 3, 4, 5, 6].map((i) => sql`sum(f.pred_n[${sql.lit(i)}]) AS ${sql.ref(`n${i - 1}`)}, sum(f.pred_err[${sql.lit(i)}]) AS ${sql.ref(`e${i - 1}`)}`))}
      FROM ${facts(ctx)} AS f`,
  );
  const buckets = [0, 1, 2, 3, 4, 5].map((b) => ({
    b,
    n: sums?.[`n${b}`] ?? '0',
    err: sums?.[`e${b}`] ?? '0',
  }));
  // Carrier ETA: every ETA the carrier published before the arrival, bucketed by how long before it. When it was
  // published is the carrier event's creation time (eventCreatedDateTime) where the change came from one: a
  // container whose history was fetched after the fact (a request made late, the demo data) still counts.
  const carrier = await rows(
    ctx,
    sql<{ b: number; n: string; err: string }>`
      SELECT bi_day_bucket((extract(epoch FROM shipments.ata - k.known_at) / 86400)::numeric,
                           ${LEAD_BOUNDS}::numeric[]) AS b,
             count(*) AS n, sum(abs(extract(epoch FROM m.new_value - shipments.ata) / 86400)) AS err
      FROM milestone_date_changes m
      JOIN shipments ON shipments.id = m.shipment_id
      LEFT JOIN carrier_events ce ON ce.id = m.carrier_event_id
      CROSS JOIN LATERAL (SELECT least(m.changed_at, coalesce(ce.event_created_at, m.changed_at)) AS known_at) k
      WHERE m.field = 'eta' AND m.new_value IS NOT NULL AND shipments.ata IS NOT NULL AND k.known_at <= shipments.ata
        AND ${shipmentWhere(ctx)}
      GROUP BY 1`,
  );
  const at = (list: { b: number; n: string; err: string }[], i: number) =>
    list.find((r) => Number(r.b) === i);
  const any = [...buckets, ...carrier].some((r) => num(r.n) > 0);
  const idx = any ? [0, 1, 2, 3, 4, 5] : [];
  return chart(
    'days',
    idx.map(String),
    idx.map((i) => LEAD_BUCKETS[i]),
    [
      {
        key: 'carrier_eta',
        label: { en: 'Carrier ETA', es: 'ETA de la naviera' },
        data: idx.map((i) => ratio(at(carrier, i)?.err, at(carrier, i)?.n)),
      },
      {
        key: 'prediction',
        label: { en: 'Predicted arrival', es: 'Llegada prevista' },
        data: idx.map((i) => ratio(at(buckets, i)?.err, at(buckets, i)?.n)),
      },
    ],
    { base: null, labels: idx.map(() => null), datasets: [null, null] },
    {
      extras: [
        {
          key: 'carrier_eta_n',
          label: { en: 'Carrier ETAs', es: 'ETAs de la naviera' },
          data: idx.map((i) => num(at(carrier, i)?.n)),
        },
        {
          key: 'prediction_n',
          label: { en: 'Predictions', es: 'Predicciones' },
          data: idx.map((i) => num(at(buckets, i)?.n)),
        },
      ],
    },
  );
}

async function topLanes(ctx: MetricContext): Promise<ChartResult> {
  const list = await rows(
    ctx,
    sql<{ pol_loc_id: number | null; pod_loc_id: number | null; n: string }>`
      SELECT f.pol_loc_id, f.pod_loc_id, sum(f.n) AS n
      FROM ${facts(ctx, ['lane'])} AS f GROUP BY 1, 2 HAVING sum(f.n) > 0
      ORDER BY sum(f.n) DESC, 1, 2 LIMIT 15`,
  );
  return laneChart(
    ctx,
    list,
    [{ key: 'containers', label: { en: 'Containers', es: 'Contenedores' }, data: list.map((r) => num(r.n)) }],
    { total: true },
  );
}

async function dwellAtPod(ctx: MetricContext): Promise<ChartResult> {
  const [sums] = await rows(
    ctx,
    sql<Record<string, string | null>>`
      SELECT ${sql.join([1, 2, 3, 4, 5, 6].map((i) => sql`sum(f.dwell[${sql.lit(i)}]) AS ${sql.ref(`d${i - 1}`)}`))}
      FROM ${facts(ctx)} AS f`,
  );
  const values = [0, 1, 2, 3, 4, 5].map((i) => num(sums?.[`d${i}`]));
  const idx = values.some((v) => v > 0) ? [0, 1, 2, 3, 4, 5] : [];
  return chart(
    'count',
    idx.map(String),
    idx.map((i) => DWELL_BUCKETS[i]),
    [{ key: 'containers', label: { en: 'Containers', es: 'Contenedores' }, data: idx.map((i) => values[i]) }],
    { base: null, labels: idx.map(() => null), datasets: [null] },
    { total: true },
  );
}

async function currentExceptions(ctx: MetricContext): Promise<TableResult> {
  const where = shipmentWhere(ctx, [
    sql<SqlBool>`shipments.lifecycle_status = 'active'`,
    healthFilter(ctx.thresholds, ['delayed', 'alerted']) as RawBuilder<SqlBool>,
  ]);
  const alerted = sql`(${healthExpression(ctx.thresholds)} = 'alerted')`;
  return shipmentTable(
    ctx,
    where,
    sql<Record<string, unknown>>`
      SELECT shipments.id::text AS id, shipments.container_number, c.short_name AS carrier,
             coalesce(pl.locode, pl.name) AS pol, coalesce(pd.locode, pd.name) AS pod,
             ${healthExpression(ctx.thresholds)} AS health, shipments.eta,
             round(shipments.eta_delta_days, 2)::float8 AS eta_delta_days, shipments.last_alert_message
      FROM (SELECT shipments.id, ${alerted} AS alerted, shipments.eta_delta_days AS delta FROM shipments WHERE ${where}
            ORDER BY 2 DESC, 3 DESC NULLS LAST, shipments.id DESC LIMIT ${ctx.limit} OFFSET ${ctx.offset}) p
      JOIN shipments ON shipments.id = p.id
      LEFT JOIN carriers c ON c.id = shipments.carrier_id
      LEFT JOIN locations pl ON pl.id = shipments.pol_loc_id
      LEFT JOIN locations pd ON pd.id = shipments.pod_loc_id
      ORDER BY p.alerted DESC, p.delta DESC NULLS LAST, shipments.id DESC`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Internal: tracking quality (all companies)

const MILESTONES_DUE = [
  'empty_pickup',
  'pol_arrival',
  'pol_loaded',
  'pol_vessel_departure',
  'pod_vessel_arrival',
  'pod_discharge',
  'pod_departure',
  'empty_return',
];

/**
 * A metric per carrier from rows (carrier_id, a, b): a / b (`special`: a and b side by side), under the labels
 * and in the unit of the metric's catalogue columns.
 */
async function perCarrier(
  ctx: MetricContext,
  query: RawBuilder<{ carrier_id: number; a: string | null; b: string | null }>,
  special = false,
): Promise<ChartResult> {
  const { list, labels, text } = await carrierRows(ctx, query);
  const drill = { base: null, labels: list.map(() => null), datasets: special ? [null, null] : [null] };
  const [main, extra] = ctx.def.columns.slice(1);
  const b = { key: extra.key, label: extra.labels, data: list.map((r) => num(r.b)) };
  if (special) {
    return chart(
      ctx.def.unit,
      labels,
      text,
      [{ key: main.key, label: main.labels, data: list.map((r) => num(r.a)) }, b],
      drill,
      { total: true },
    );
  }
  return chart(
    ctx.def.unit,
    labels,
    text,
    [{ key: main.key, label: main.labels, data: list.map((r) => ratio(r.a, r.b)) }],
    drill,
    { extras: [b] },
  );
}

/** Request-side date range: the created_at range applied to another timestamp column. */
function rangeOn(ctx: MetricContext, column: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const r = ctx.params.filters.dates.created_at ?? {};
  const out: RawBuilder<SqlBool>[] = [];
  if (r.from) out.push(sql<SqlBool>`${column} >= ${r.from}`);
  if (r.to) out.push(sql<SqlBool>`${column} < ${r.to}`);
  return out;
}
function carrierOn(ctx: MetricContext, column: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const c = ctx.params.filters.carrier;
  return c.length ? [sql<SqlBool>`${column} = ANY(${c}::integer[])`] : [];
}

async function tqCompleteness(ctx: MetricContext): Promise<ChartResult> {
  // A milestone with no planned date is not due: 0, not NULL (one NULL term would blank out the whole row's sum).
  const due = (m: string) =>
    sql`coalesce((coalesce(shipments.${sql.ref(`${m}_planned_last`)}, shipments.${sql.ref(`${m}_planned_initial`)}) < ${ctx.now})::int, 0)`;
  const got = (m: string) =>
    sql`coalesce((coalesce(shipments.${sql.ref(`${m}_planned_last`)}, shipments.${sql.ref(`${m}_planned_initial`)}) < ${ctx.now}
         AND shipments.${sql.ref(`${m}_actual`)} IS NOT NULL)::int, 0)`;
  return perCarrier(
    ctx,
    sql`SELECT shipments.carrier_id, sum(${sql.join(MILESTONES_DUE.map(got), sql` + `)}) AS a,
               sum(${sql.join(MILESTONES_DUE.map(due), sql` + `)}) AS b
        FROM shipments WHERE ${shipmentWhere(ctx)} GROUP BY 1
        HAVING sum(${sql.join(MILESTONES_DUE.map(due), sql` + `)}) > 0`,
  );
}

async function tqEventLatency(ctx: MetricContext): Promise<ChartResult> {
  const conds = [
    sql<SqlBool>`e.event_classifier = 'ACT'`,
    ...carrierOn(ctx, sql`e.carrier_id`),
    ...rangeOn(ctx, sql`e.received_at`),
  ];
  return perCarrier(
    ctx,
    sql`SELECT e.carrier_id, sum(extract(epoch FROM e.received_at - e.event_datetime) / 3600) AS a, count(*) AS b
        FROM carrier_events e WHERE ${and(conds)} GROUP BY 1`,
  );
}

async function tqInvalidShare(ctx: MetricContext): Promise<ChartResult> {
  const conds = [...carrierOn(ctx, sql`r.carrier_id`), ...rangeOn(ctx, sql`r.created_at`)];
  return perCarrier(
    ctx,
    sql`SELECT r.carrier_id, count(*) FILTER (WHERE r.status = 'invalid') AS a, count(*) AS b
        FROM tracking_requests r WHERE ${and(conds)} GROUP BY 1`,
  );
}

async function tqAisShare(ctx: MetricContext): Promise<ChartResult> {
  return perCarrier(
    ctx,
    sql`SELECT shipments.carrier_id,
               sum((shipments.pol_vessel_departure_actual IS NOT NULL AND shipments.pol_vessel_departure_detected IS NOT NULL)::int
                 + (shipments.pod_vessel_arrival_actual IS NOT NULL AND shipments.pod_vessel_arrival_detected IS NOT NULL)::int) AS a,
               sum((shipments.pol_vessel_departure_actual IS NOT NULL)::int + (shipments.pod_vessel_arrival_actual IS NOT NULL)::int) AS b
        FROM shipments WHERE ${shipmentWhere(ctx)} GROUP BY 1
        HAVING sum((shipments.pol_vessel_departure_actual IS NOT NULL)::int + (shipments.pod_vessel_arrival_actual IS NOT NULL)::int) > 0`,
  );
}

async function tqPollFailures(ctx: MetricContext): Promise<ChartResult> {
  const conds = [
    sql<SqlBool>`r.status IN ('new', 'ongoing')`,
    ...carrierOn(ctx, sql`r.carrier_id`),
    ...rangeOn(ctx, sql`r.created_at`),
  ];
  return perCarrier(
    ctx,
    sql`SELECT r.carrier_id, sum(r.poll_failures) AS a, count(*) FILTER (WHERE r.last_poll_error IS NOT NULL) AS b
        FROM tracking_requests r WHERE ${and(conds)} GROUP BY 1`,
    true,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Internal: customer tracking (all companies)

async function monthlyByCompany(ctx: MetricContext, source: 'requests' | 'containers'): Promise<ChartResult> {
  const query =
    source === 'requests'
      ? sql<{ month: string; company_id: number; n: string }>`
          SELECT to_char(date_trunc('month', r.created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, r.company_id, count(*) AS n
          FROM tracking_requests r WHERE ${and([...carrierOn(ctx, sql`r.carrier_id`), ...rangeOn(ctx, sql`r.created_at`)])}
          GROUP BY 1, 2`
      : sql<{ month: string; company_id: number; n: string }>`
          SELECT to_char(f.month, 'YYYY-MM') AS month, f.company_id, sum(f.n) AS n
          FROM ${facts(ctx)} AS f GROUP BY 1, 2 HAVING sum(f.n) <> 0`;
  const list = await rows(ctx, query);
  const names = await companyNames(ctx);
  const months = [...new Set(list.map((r) => r.month))].sort();
  const companies = [...new Set(list.map((r) => r.company_id))].sort((a, b) =>
    (names.get(a) ?? '').localeCompare(names.get(b) ?? ''),
  );
  return chart(
    'count',
    months,
    months.map(same),
    companies.map((c) => ({
      key: String(c),
      label: same(names.get(c) ?? String(c)),
      data: months.map((m) => num(list.find((r) => r.month === m && r.company_id === c)?.n)),
    })),
    { base: null, labels: months.map(() => null), datasets: companies.map(() => null) },
    { total: true },
  );
}

async function perCompany(
  ctx: MetricContext,
  query: RawBuilder<{ company_id: number; a: string | null; b: string | null }>,
  unit: Unit,
  mode: 'single' | 'ratio' | 'pair',
): Promise<ChartResult> {
  const list = await rows(ctx, query);
  const names = await companyNames(ctx);
  list.sort((x, y) => (names.get(x.company_id) ?? '').localeCompare(names.get(y.company_id) ?? ''));
  const cols = ctx.def.columns.slice(1);
  const labels = list.map((r) => String(r.company_id));
  const text = list.map((r) => same(names.get(r.company_id) ?? String(r.company_id)));
  const drill = { base: null, labels: list.map(() => null), datasets: cols.map(() => null) };
  if (mode === 'single') {
    return chart(
      unit,
      labels,
      text,
      [{ key: cols[0].key, label: cols[0].labels, data: list.map((r) => num(r.a)) }],
      drill,
      {
        total: true,
      },
    );
  }
  if (mode === 'pair') {
    return chart(
      unit,
      labels,
      text,
      cols.map((c, i) => ({ key: c.key, label: c.labels, data: list.map((r) => num(i === 0 ? r.a : r.b)) })),
      drill,
    );
  }
  return chart(
    unit,
    labels,
    text,
    [{ key: cols[0].key, label: cols[0].labels, data: list.map((r) => ratio(r.a, r.b)) }],
    drill,
    {
      extras: [{ key: cols[1].key, label: cols[1].labels, data: list.map((r) => num(r.b)) }],
    },
  );
}

async function ctActive(ctx: MetricContext): Promise<ChartResult> {
  return perCompany(
    ctx,
    sql`SELECT shipments.company_id, count(*) AS a, NULL AS b FROM shipments
        WHERE ${shipmentWhere(ctx, [sql<SqlBool>`shipments.lifecycle_status = 'active'`])} GROUP BY 1`,
    'count',
    'single',
  );
}

async function ctVolumeVsCap(ctx: MetricContext): Promise<ChartResult> {
  const since = new Date(ctx.now.getTime() - 365 * DAY_MS);
  return perCompany(
    ctx,
    sql`SELECT c.id AS company_id, coalesce(u.n, 0) AS a, c.max_tracking_requests AS b
        FROM companies c
        LEFT JOIN (SELECT company_id, count(*) AS n FROM shipments WHERE created_at >= ${since} GROUP BY 1) u ON u.company_id = c.id
        WHERE coalesce(u.n, 0) > 0 OR c.max_tracking_requests > 0`,
    'count',
    'pair',
  );
}

async function ctInvalidRate(ctx: MetricContext): Promise<ChartResult> {
  return perCompany(
    ctx,
    sql`SELECT r.company_id, count(*) FILTER (WHERE r.status = 'invalid') AS a, count(*) AS b
        FROM tracking_requests r WHERE ${and([...carrierOn(ctx, sql`r.carrier_id`), ...rangeOn(ctx, sql`r.created_at`)])}
        GROUP BY 1`,
    'percent',
    'ratio',
  );
}

export const COMPUTE: Record<string, (ctx: MetricContext) => Promise<MetricResult>> = {
  active_by_stage: activeByStage,
  stopped_containers: stoppedContainers,
  arrivals_next_days: arrivalsNextDays,
  on_time_rate: (ctx) => monthlyByCarrier(ctx, 'on_time'),
  avg_delay_by_carrier: delayByCarrier,
  avg_delay_by_lane: delayByLane,
  transit_time_by_lane: transitByLane,
  rolled_and_vessel_changes: rolledAndVesselChanges,
  eta_accuracy: etaAccuracy,
  created_per_month: (ctx) => monthlyByCarrier(ctx, 'count'),
  top_lanes: topLanes,
  dwell_at_pod: dwellAtPod,
  current_exceptions: currentExceptions,
  [FREE_TIME_COST_METRIC]: freeTimeCost,
  tq_completeness: tqCompleteness,
  tq_event_latency: tqEventLatency,
  tq_invalid_share: tqInvalidShare,
  tq_ais_share: tqAisShare,
  tq_poll_failures: tqPollFailures,
  ct_requests_per_month: (ctx) => monthlyByCompany(ctx, 'requests'),
  ct_containers_per_month: (ctx) => monthlyByCompany(ctx, 'containers'),
  ct_active_containers: ctActive,
  ct_volume_vs_cap: ctVolumeVsCap,
  ct_invalid_rate: ctInvalidRate,
};
