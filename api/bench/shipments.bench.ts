// Benchmark of the shipments API on 1,000,000 shipments of one company (bench/shipments-data.ts): the list page
// (30 rows, typical filters and ordering), the dashboard stats and the map points, through real HTTP (Fastify
// listening, 50 concurrent keep-alive clients) and the same SQL run directly, each with its query plan summary.
//   npm run bench -w @portal/api -- shipments        (BENCH_REQUESTS, BENCH_SHIPMENTS to change the sizes,
//   BENCH_SCENARIOS=typical,stats to run only some list / stats scenarios)
// Database: BENCH_DATABASE_URL as is; else the server of DATABASE_URL, else postgres://postgres@127.0.0.1:5432
// when it answers, else an embedded PostgreSQL in <repo>/.data/bench-postgres; database `portal_bench`.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';
import type { Database } from '../src/db/types';
import {
  HEALTH_COUNTS_SOURCE,
  healthIs,
  loadThresholds,
  type HealthThresholds,
} from '../src/services/health';
import { parseShipmentFilters, resolveSearch, shipmentConditions } from '../src/services/shipments/filters';
import { countQuery, shipmentPageQuery } from '../src/services/shipments/list-query';
import { describe, httpGetter, runLoad, type LoadResult } from './load';
import { benchServer } from './bench-db';
import { benchToken } from './bench-token';
import { benchData, prepareBenchDatabase } from './shipments-data';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = 50;
const POOL = Number(process.env.BENCH_POOL ?? 10);
const log = (m: string) => console.log(m);

/** The plan's top node, the scans it uses and the execution time, from EXPLAIN ANALYZE. */
async function planSummary(compiled: CompiledQuery): Promise<string> {
  const lines = await explainWithParams(compiled.sql, compiled.parameters);
  const nodes = lines
    .filter((l) => /(Scan|Aggregate|Sort|Limit|Join|Nested Loop|Gather)/.test(l))
    .map((l) =>
      l
        .replace(/^[\s->]+/, '')
        .replace(/\s+\(cost=[^)]*\)/, '')
        .replace(/ \(actual time=[^)]*\)/, ''),
    )
    .slice(0, 6);
  const time = lines.find((l) => l.startsWith('Execution Time'));
  return `${nodes.join(' | ')}${time ? ` || ${time}` : ''}`;
}

let explainClient: pg.Client | null = null;
async function explainWithParams(text: string, params: readonly unknown[]): Promise<string[]> {
  if (!explainClient) throw new Error('explain client not connected');
  const { rows } = await explainClient.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
    params as unknown[],
  );
  return rows.map((r) => r['QUERY PLAN']);
}

interface Scenario {
  name: string;
  path: string;
  target?: number;
  /** The SQL the handler runs, for the direct comparison and the plan. */
  /** `matched`: the count the API answered (it picks the page plan). */
  queries: (db: Kysely<Database>, matched: number) => CompiledQuery[];
}

function listQueries(
  companyId: number,
  t: HealthThresholds,
  query: string,
  matches?: { locations: number[]; vessels: number[] },
) {
  return (db: Kysely<Database>, matched: number): CompiledQuery[] => {
    const now = new Date();
    const filters = parseShipmentFilters(Object.fromEntries(groupParams(query)), now);
    filters.searchMatches = matches;
    const conditions = shipmentConditions(filters, t, now, companyId);
    const page = shipmentPageQuery(db, companyId, t, filters, conditions, matched, 30, 0, {
      projects: true,
      companyId,
    });
    // The count as the API makes it (from the counted groups when the filters allow).
    return [countQuery(t, companyId, filters, conditions).compile(db), page.compile()];
  };
}

async function searchMatches(db: Kysely<Database>, search: string) {
  const f = parseShipmentFilters({ search });
  await resolveSearch(db, f);
  return f.searchMatches;
}

function groupParams(query: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams(query)) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

function statsQuery(companyId: number, t: HealthThresholds) {
  return (db: Kysely<Database>): CompiledQuery[] => {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    // As dashboardCounts (one statement).
    return [
      sql`SELECT h.alerted, h.delayed, h.total,
                 (SELECT count(*) FROM shipments
                   WHERE company_id = ${companyId} AND hidden = false AND created_at >= ${weekAgo}) AS created
          FROM (SELECT sum(n) FILTER (WHERE ${healthIs(t, 'alerted', HEALTH_COUNTS_SOURCE)}) AS alerted,
                       sum(n) FILTER (WHERE ${healthIs(t, 'delayed', HEALTH_COUNTS_SOURCE)}) AS delayed,
                       sum(n) AS total
                FROM shipment_health_counts WHERE company_id = ${companyId} AND NOT hidden) h`.compile(db),
    ];
  };
}

interface Bench {
  ids: { companyId: number; userId: number };
  t: HealthThresholds;
  base: string;
  token: string;
  http: ReturnType<typeof httpGetter>;
  handle: ReturnType<typeof createDb>;
  direct: ReturnType<typeof createDb>;
}

interface ScenarioResult {
  name: string;
  target?: number;
  single: LoadResult;
  singleSql: LoadResult;
  http: LoadResult;
  sql: LoadResult;
}

/** The API listening on loopback, a pool for the direct SQL and the explain client; null with BENCH_GENERATE_ONLY. */
async function setUp(server: Awaited<ReturnType<typeof benchServer>>) {
  const url = await prepareBenchDatabase(server.serverUrl, server.database, log);
  if (process.env.BENCH_GENERATE_ONLY) return null;
  const ids = await benchData(url);
  const handle = createDb(url, { max: POOL });
  const direct = createDb(url, { max: POOL });
  explainClient = new pg.Client({ connectionString: url });
  await explainClient.connect();
  const { token, revoke } = await benchToken(handle.db, ids.userId);
  const app = await buildApp({ db: handle.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const http = httpGetter(base, token, CONCURRENCY);
  const t = await loadThresholds(handle.db, ids.userId);
  const bench: Bench = { ids, t, base, token, http, handle, direct };
  const tearDown = async () => {
    http.close();
    await app.close();
    await revoke();
    await handle.close();
    await direct.close();
    await explainClient?.end();
  };
  return { bench, tearDown };
}

async function logCounts(b: Bench): Promise<void> {
  const counts = await sql<{ total: string; active: string }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE lifecycle_status = 'active') AS active
    FROM shipments WHERE company_id = ${b.ids.companyId}`.execute(b.handle.db);
  const others = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM shipments WHERE company_id <> ${b.ids.companyId}`.execute(b.handle.db);
  log(
    `\nshipments: ${Number(counts.rows[0].total).toLocaleString('en')} of the bench company ` +
      `(${Number(counts.rows[0].active).toLocaleString('en')} active), ` +
      `${Number(others.rows[0].n).toLocaleString('en')} of other companies; pool ${POOL}, ${CONCURRENCY} clients\n`,
  );
}

/** The list / stats scenarios; BENCH_SCENARIOS=typical,stats keeps those whose name contains one of the words. */
async function scenarios(b: Bench): Promise<Scenario[]> {
  const { companyId } = b.ids;
  const typical = 'status=ongoing&carrier=2&ordering=-eta';
  const all: Scenario[] = [
    {
      name: `list, typical filters (${typical})`,
      path: `/shipments/?${typical}`,
      target: 25,
      queries: listQueries(companyId, b.t, typical),
    },
    {
      name: 'list, no filter (newest first)',
      path: '/shipments/',
      queries: listQueries(companyId, b.t, ''),
    },
    {
      name: 'list, health=delayed&status=ongoing&ordering=eta',
      path: '/shipments/?health=delayed&status=ongoing&ordering=eta',
      queries: listQueries(companyId, b.t, 'health=delayed&status=ongoing&ordering=eta'),
    },
    {
      name: 'list, search=MSCU00123 (container)',
      path: '/shipments/?search=MSCU00123',
      queries: listQueries(companyId, b.t, 'search=MSCU00123', await searchMatches(b.handle.db, 'MSCU00123')),
    },
    {
      name: 'list, dashboard tab health=alerted',
      path: '/shipments/?health=alerted',
      queries: listQueries(companyId, b.t, 'health=alerted'),
    },
    {
      name: 'list, dashboard tab last_n_days=7',
      path: '/shipments/?last_n_days=7',
      queries: listQueries(companyId, b.t, 'last_n_days=7'),
    },
    {
      name: 'stats (four counts, caller thresholds)',
      path: '/shipments/stats/',
      target: 20,
      queries: statsQuery(companyId, b.t),
    },
  ];
  const only = (process.env.BENCH_SCENARIOS ?? '').split(',').filter(Boolean);
  return all.filter((s) => only.length === 0 || only.some((w) => s.name.includes(w)));
}

/** One scenario over HTTP and as direct SQL, one client and CONCURRENCY clients, with its plans; printed. */
async function runScenario(b: Bench, s: Scenario): Promise<ScenarioResult> {
  const first = await fetch(`${b.base}${s.path}`, { headers: { authorization: `Token ${b.token}` } });
  const answer = (await first.json()) as { count?: number };
  const queries = s.queries(b.direct.db, answer.count ?? 0);
  const runSql = async () => {
    for (const c of queries) await b.direct.pool.query(c.sql, c.parameters as unknown[]);
  };
  // Warm up both paths (plans, caches, JIT of the handlers).
  await runLoad(() => b.http.get(s.path), { concurrency: 10, requests: 50 });
  await runLoad(runSql, { concurrency: 10, requests: 50 });
  const single = await runLoad(() => b.http.get(s.path), { concurrency: 1, requests: 40 });
  const singleSql = await runLoad(runSql, { concurrency: 1, requests: 40 });
  const httpResult = await runLoad(() => b.http.get(s.path), {
    concurrency: CONCURRENCY,
    requests: REQUESTS,
  });
  const sqlResult = await runLoad(runSql, { concurrency: CONCURRENCY, requests: REQUESTS });
  const plans = [];
  for (const q of queries) plans.push(await planSummary(q));
  log(`■ ${s.name}${s.target ? `  [target p95 ≤ ${s.target} ms]` : ''}`);
  log(`  HTTP, one client:                ${describe(single)}  ${single.bytes ?? 0} bytes`);
  log(`  SQL directly, one client:        ${describe(singleSql)}`);
  log(`  HTTP, 50 clients back to back:   ${describe(httpResult)}`);
  log(`  SQL directly, 50 clients:        ${describe(sqlResult)}`);
  log(
    `  ratio HTTP/SQL p95: one client ${(single.p95 / singleSql.p95).toFixed(2)}, 50 clients ${(httpResult.p95 / sqlResult.p95).toFixed(2)}`,
  );
  for (const p of plans) log(`  plan: ${p}`);
  log('');
  return { name: s.name, target: s.target, single, singleSql, http: httpResult, sql: sqlResult };
}

/** Map points (a filter matching about 10,000 shipments) and the stats with one client; printed. */
async function runMapAndStats(b: Bench) {
  const mapFilter = 'pod_loc=NLRTM';
  const mapPath = `/shipments/coordinates/?${mapFilter}`;
  await runLoad(() => b.http.get(mapPath), { concurrency: 4, requests: 20 });
  const points = JSON.parse(
    await (await fetch(`${b.base}${mapPath}`, { headers: { authorization: `Token ${b.token}` } })).text(),
  ) as unknown[];
  const mapSerial = await runLoad(() => b.http.get(mapPath), { concurrency: 1, requests: 60 });
  const mapLoad = await runLoad(() => b.http.get(mapPath), { concurrency: CONCURRENCY, requests: 300 });
  log(`■ coordinates (${mapFilter}: ${points.length.toLocaleString('en')} points)  [target ≤ 100 ms]`);
  log(`  HTTP, one client:                ${describe(mapSerial)}  ${mapSerial.bytes ?? 0} bytes`);
  log(`  HTTP, 50 clients back to back:   ${describe(mapLoad)}`);
  const statsSerial = await runLoad(() => b.http.get('/shipments/stats/'), { concurrency: 1, requests: 100 });
  log(`■ stats, one client:               ${describe(statsSerial)}`);
  const mapCompiled = await sql`EXPLAIN ANALYZE SELECT count(*) FROM shipments
      WHERE company_id = ${b.ids.companyId} AND last_coordinates IS NOT NULL AND lifecycle_status = 'active' AND NOT hidden
        AND pod_loc_id = ANY(ARRAY(SELECT id FROM locations WHERE locode = 'NLRTM'))`.execute(b.handle.db);
  log(
    `  map plan: ${(mapCompiled.rows as Array<Record<string, string>>)
      .map((r) => r['QUERY PLAN'])
      .filter((l) => /Scan|Execution/.test(l))
      .map((l) => l.trim())
      .join(' | ')}`,
  );
  return { points: points.length, mapSerial, mapLoad, statsSerial };
}

function logSummary(results: ScenarioResult[], rest: Awaited<ReturnType<typeof runMapAndStats>>): void {
  log('\nsummary:');
  for (const r of results) {
    const ok = r.target === undefined ? '' : r.http.p95 <= r.target ? ' ✓' : ' ✗';
    log(
      `  ${r.name}: p95 one client ${r.single.p95.toFixed(1)} ms (SQL ${r.singleSql.p95.toFixed(1)}); ` +
        `50 clients ${r.http.p95.toFixed(1)} ms at ${r.http.rps.toFixed(0)} req/s${ok} ` +
        `(SQL ${r.sql.p95.toFixed(1)}, ratio ${(r.http.p95 / r.sql.p95).toFixed(2)})`,
    );
  }
  log(
    `  coordinates ${rest.points} points: p95 ${rest.mapSerial.p95.toFixed(1)} ms one client, ${rest.mapLoad.p95.toFixed(1)} ms with 50`,
  );
  log(`  stats one client: p95 ${rest.statsSerial.p95.toFixed(1)} ms`);
}

async function main(): Promise<void> {
  const server = await benchServer();
  const setup = await setUp(server);
  if (!setup) {
    await server.stop();
    return;
  }
  const { bench } = setup;
  await logCounts(bench);
  const chosen = await scenarios(bench);
  const results: ScenarioResult[] = [];
  for (const s of chosen) results.push(await runScenario(bench, s));
  const rest = await runMapAndStats(bench);
  logSummary(results, rest);
  await setup.tearDown();
  await server.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
