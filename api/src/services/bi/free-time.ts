// BI: what demurrage and detention cost, by month, carrier and port of discharge, and how many days containers
// spent over their free time. One row per month, carrier, POD and currency: amounts in different currencies are
// never added up. The caller's company only, hidden shipments left out, the page's filters applied as in every
// other metric (carrier, POL, POD, created_at range).
//
// A clock's days over and its cost land in the month of its first charged day (the day after its last free day):
// the invoice a forwarder expects for that month. Costs are the ones the engine keeps per container
// (shipment_free_time: `demurrage_cost`, `detention_cost`, refreshed daily for running clocks; a combined free
// time is reported as demurrage); days over are counted up to the stop day, or up to today while the clock runs,
// as the shipment detail counts them.
import type { BiTableResult } from '@portal/shared-api/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { shipmentConditions } from '../shipments/filters';
// metrics.ts imports this module: BI_PAGE_SIZE is read when a page is built, after both are loaded.
import { BI_PAGE_SIZE, type MetricContext } from './metrics/common';

const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** A date of the stored snapshot, or null (it is validated when written; a bad value must not break BI). */
const snapshotDate = (field: string) =>
  sql`(CASE WHEN k.clock_json->>${sql.lit(field)} ~ ${DATE} THEN (k.clock_json->>${sql.lit(field)})::date END)`;

/** Every clock that went over its free time (one row per clock), for the visible shipments matching the page. */
function clocksOver(ctx: MetricContext, today: string): RawBuilder<unknown> {
  const parts: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`shipments.company_id = ${ctx.companyId}`,
    ...shipmentConditions(ctx.params.filters, ctx.thresholds, ctx.now, ctx.companyId ?? undefined),
  ];
  return sql`(
    SELECT shipments.id, shipments.carrier_id, shipments.pod_loc_id, f.currency,
           k.clock, coalesce(k.cost, 0) AS cost, d.lfd, d.until
    FROM shipments
    JOIN shipment_free_time f ON f.shipment_id = shipments.id AND f.company_id = shipments.company_id
    CROSS JOIN LATERAL (VALUES ('demurrage', f.free_time->'demurrage', f.demurrage_cost),
                               ('detention', f.free_time->'detention', f.detention_cost))
      AS k(clock, clock_json, cost)
    CROSS JOIN LATERAL (SELECT ${snapshotDate('lfd')} AS lfd, ${snapshotDate('started_on')} AS started,
                               coalesce(${snapshotDate('stopped_on')}, ${today}::date) AS until) d
    WHERE ${sql.join(parts, sql` AND `)}
      AND jsonb_typeof(k.clock_json) = 'object' AND d.started IS NOT NULL AND d.lfd IS NOT NULL
      AND d.until > d.lfd)`;
}

type Row = Record<string, string | number | null>;

/**
 * The month × carrier × POD × currency rows, most recent month first, one page. The groups are few (months ×
 * carriers × ports × currencies) next to the clocks they sum, so all of them come back from one scan and the
 * page is cut here: the count and the page never disagree.
 */
export async function freeTimeCost(ctx: MetricContext): Promise<BiTableResult<unknown>> {
  if (ctx.companyId === null) throw new Error('a client metric needs the caller’s company');
  const today = ctx.now.toISOString().slice(0, 10);
  const { rows } = await sql<Row>`
    SELECT g.month, c.short_name AS carrier, coalesce(l.locode, l.name) AS pod, g.currency,
           g.containers, g.days_over, coalesce(g.demurrage, 0)::float8 AS demurrage,
           coalesce(g.detention, 0)::float8 AS detention, g.total::float8 AS total,
           concat_ws('|', g.month, g.carrier_id, g.pod_loc_id, g.currency) AS id
    FROM (SELECT to_char(o.lfd + 1, 'YYYY-MM') AS month, o.carrier_id, o.pod_loc_id, o.currency,
                 count(DISTINCT o.id)::integer AS containers, sum(o.until - o.lfd)::integer AS days_over,
                 sum(o.cost) FILTER (WHERE o.clock = 'demurrage') AS demurrage,
                 sum(o.cost) FILTER (WHERE o.clock = 'detention') AS detention, sum(o.cost) AS total
          FROM ${clocksOver(ctx, today)} o
          GROUP BY 1, 2, 3, 4) g
    LEFT JOIN carriers c ON c.id = g.carrier_id
    LEFT JOIN locations l ON l.id = g.pod_loc_id
    ORDER BY g.month DESC, c.short_name, pod, g.currency NULLS LAST`.execute(ctx.db);
  return {
    kind: 'table',
    unit: ctx.def.unit,
    count: rows.length,
    page: ctx.params.page,
    page_size: BI_PAGE_SIZE,
    columns: ctx.def.columns,
    // `id` is the row's key (not a column): the month, carrier, POD and currency it stands for.
    results: rows.slice(ctx.offset, ctx.offset + ctx.limit),
  };
}
