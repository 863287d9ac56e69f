// BI, internal: tracking quality over all companies (milestone completeness, event latency, invalid requests, AIS
// positions and poll failures per carrier).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  type ChartResult,
  type MetricContext,
  num,
  ratio,
  chart,
  and,
  shipmentWhere,
  carrierRows,
  carrierOn,
  rangeOn,
} from './common';

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

export async function tqCompleteness(ctx: MetricContext): Promise<ChartResult> {
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

export async function tqEventLatency(ctx: MetricContext): Promise<ChartResult> {
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

export async function tqInvalidShare(ctx: MetricContext): Promise<ChartResult> {
  const conds = [...carrierOn(ctx, sql`r.carrier_id`), ...rangeOn(ctx, sql`r.created_at`)];
  return perCarrier(
    ctx,
    sql`SELECT r.carrier_id, count(*) FILTER (WHERE r.status = 'invalid') AS a, count(*) AS b
        FROM tracking_requests r WHERE ${and(conds)} GROUP BY 1`,
  );
}

export async function tqAisShare(ctx: MetricContext): Promise<ChartResult> {
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

export async function tqPollFailures(ctx: MetricContext): Promise<ChartResult> {
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
