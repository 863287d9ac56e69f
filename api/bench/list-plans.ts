// The query plans of one list request as the API runs it: the request goes through listShipments (answer cache
// off) on a Kysely instance that records every statement, and each statement is then run again under
// EXPLAIN (ANALYZE, BUFFERS). Used by bench/mix.bench.ts (MIX_PLANS=1) and quoted in api/README.md.
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Database } from '../src/db/types';
import type { HealthThresholds } from '../src/services/health';
import { listShipments, shipmentStats } from '../src/services/shipments/list';
import { cacheEnabled, configureListCache } from '../src/services/shipments/list-cache';

/** The plans (EXPLAIN ANALYZE text) of the statements a list `path` (`/shipments/?…`) runs, cache off. */
export async function listPlans(
  pool: pg.Pool,
  client: pg.Client,
  companyId: number,
  thresholds: HealthThresholds,
  path: string,
): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const recording = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const previous = cacheEnabled();
  configureListCache({ enabled: false });
  try {
    const url = new URL(path, 'http://x');
    const query: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
    const caller = { companyId, thresholds, lang: 'en' as const };
    if (url.pathname.endsWith('/stats/')) await shipmentStats(recording, caller);
    else await listShipments(recording, caller, query, Number(url.searchParams.get('page') ?? 1));
  } finally {
    configureListCache({ enabled: previous });
  }
  const out: string[] = [];
  for (const q of captured) {
    if (/to_regclass\('projects'\)/.test(q.sql)) continue;
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`,
      q.parameters as unknown[],
    );
    out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return out;
}
