// BI, internal: customer tracking over all companies (requests and containers per month, active containers, volume
// against the plan's cap, invalid rate).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Unit } from '../catalogue';
import {
  DAY_MS,
  type ChartResult,
  type MetricContext,
  same,
  num,
  ratio,
  chart,
  and,
  shipmentWhere,
  facts,
  rows,
  companyNames,
  carrierOn,
  rangeOn,
} from './common';

export async function monthlyByCompany(
  ctx: MetricContext,
  source: 'requests' | 'containers',
): Promise<ChartResult> {
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

export async function ctActive(ctx: MetricContext): Promise<ChartResult> {
  return perCompany(
    ctx,
    sql`SELECT shipments.company_id, count(*) AS a, NULL AS b FROM shipments
        WHERE ${shipmentWhere(ctx, [sql<SqlBool>`shipments.lifecycle_status = 'active'`])} GROUP BY 1`,
    'count',
    'single',
  );
}

export async function ctVolumeVsCap(ctx: MetricContext): Promise<ChartResult> {
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

export async function ctInvalidRate(ctx: MetricContext): Promise<ChartResult> {
  return perCompany(
    ctx,
    sql`SELECT r.company_id, count(*) FILTER (WHERE r.status = 'invalid') AS a, count(*) AS b
        FROM tracking_requests r WHERE ${and([...carrierOn(ctx, sql`r.carrier_id`), ...rangeOn(ctx, sql`r.created_at`)])}
        GROUP BY 1`,
    'percent',
    'ratio',
  );
}
