// BI, History evaluation and Shipments: punctuality, delays, transit times, ETA accuracy, lanes and dwell, from the
// shipment facts (common.ts), and the current exceptions.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { healthExpression, healthFilter } from '../../health';
import { DWELL_BUCKETS, LEAD_BOUNDS, LEAD_BUCKETS } from '../catalogue';
import {
  type Dataset,
  type ChartResult,
  type TableResult,
  type MetricContext,
  same,
  num,
  ratio,
  chart,
  shipmentWhere,
  facts,
  rows,
  carrierNames,
  carrierRows,
  locationCodes,
  baseDrill,
  monthDrill,
  shipmentTable,
} from './common';
import type { ListQuery } from '../params';

type FactSums = Record<string, string | null> & { carrier_id: number; month: string };

export async function monthlyByCarrier(ctx: MetricContext, value: 'count' | 'on_time'): Promise<ChartResult> {
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

export async function delayByCarrier(ctx: MetricContext): Promise<ChartResult> {
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

export async function delayByLane(ctx: MetricContext): Promise<ChartResult> {
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

export async function transitByLane(ctx: MetricContext): Promise<ChartResult> {
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

export async function rolledAndVesselChanges(ctx: MetricContext): Promise<ChartResult> {
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

export async function etaAccuracy(ctx: MetricContext): Promise<ChartResult> {
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

export async function topLanes(ctx: MetricContext): Promise<ChartResult> {
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

export async function dwellAtPod(ctx: MetricContext): Promise<ChartResult> {
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

export async function currentExceptions(ctx: MetricContext): Promise<TableResult> {
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
