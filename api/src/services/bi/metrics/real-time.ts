// BI, Real Time: where the company's active containers are now, what is stopped and what arrives next.
import { HEALTH_TEXTS, HEALTH_VALUES } from '@portal/shared-api/domain';
import { sql, type SqlBool } from 'kysely';
import { healthExpression } from '../../health';
import { LIFE_STAGE_TEXT, LIFE_STAGES } from '../catalogue';
import {
  DAY_MS,
  type ChartResult,
  type TableResult,
  type MetricContext,
  same,
  num,
  chart,
  shipmentWhere,
  rows,
  carrierNames,
  baseDrill,
  shipmentTable,
} from './common';

export async function activeByStage(ctx: MetricContext): Promise<ChartResult> {
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

export async function stoppedContainers(ctx: MetricContext): Promise<TableResult> {
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

export async function arrivalsNextDays(ctx: MetricContext): Promise<ChartResult> {
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
