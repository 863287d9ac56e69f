// What users of a busy company get from the shipments list: 50 keep-alive connections, each request drawn at
// random from thousands of distinct list URLs (carriers × health × statuses × orderings × pages 1–50, plus
// searches), while a writer updates random shipments of the bench company at 10 and 50 shipments/s the way the
// tracking engine does (one UPDATE per shipment in its own transaction, so the triggers move the data version,
// the health counts and the date history as in operation). Then the list cases a–e of the side-by-side table
// with the answer cache off. Each run prints req/s, p95, the cache hit rate, the server CPU per request (API
// process + the PostgreSQL backends of the bench database and their parallel workers) and the load average.
//   npm run bench -w @portal/api -- mix       (MIX_SECONDS=20 per run, MIX_RATES=0,10,50 (empty: none),
//                                              CASES="a b c d e", MIX_PLANS=1 prints the plans of the cache-off
//                                              cases a, b and e, MIX_SERIAL=300 times 300 misses one at a time)
// The tables earlier runs wrote are vacuumed and analyzed first (bench/shipments-data.ts), so their dead rows do
// not weigh on this run's figures.
// Same database as bench/shipments.bench.ts (bench/bench-db.ts). The Django reference (../shared/peers/drf)
// runs in bench/peer.bench.ts when it is installed; its figures from the last side-by-side run are printed
// next to ours for the cache-off cases, marked as such.
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';
import { listColumnFields, SHIPMENT_ORDERING_FIELDS } from '@portal/shared-api/domain';
import { hashToken, newToken } from '../src/lib/tokens';
import { configureListCache, listCacheStats } from '../src/services/shipments/list-cache';
import { benchServer } from './bench-db';
import { httpGetter, runTimed, type LoadResult } from './load';
import { FREE_TIME_KEYS } from '../src/services/shipments/free-time-fields';
import { listPlans } from './list-plans';
import { REFERENCE_FIELDS } from './reference-fields';
import { benchData, prepareBenchDatabase } from './shipments-data';

const SECONDS = Number(process.env.MIX_SECONDS ?? 20);
const RATES = (process.env.MIX_RATES ?? '0,10,50').split(',').filter(Boolean).map(Number);
const SERIAL = Number(process.env.MIX_SERIAL ?? 0);
const CONNS = 50;
const POOL = Number(process.env.BENCH_POOL ?? 10);
const log = (m: string) => console.log(m);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The reference's req/s in the last side-by-side run (two rounds), for the cache-off cases. */
const REFERENCE_RPS: Record<string, [number, number]> = {
  a: [24.1, 22.7],
  b: [22.3, 19.5],
  c: [1.4, 1.0],
  d: [28.1, 22.7],
  e: [11.5, 10.9],
};

/** The list cases of the side-by-side table. */
const SIDE = {
  a: '/shipments/?ordering=-eta',
  b: `/shipments/?health=delayed&carrier=3&eta_after=${day(-180)}&ordering=-eta`,
  c: '/shipments/?search=MSCU00123',
  e: '/shipments/?ordering=-eta&page=1000',
};

/** The cache-off cases of the side-by-side table. */
function cases(): Array<{ key: string; path: string }> {
  const all = [
    { key: 'a', path: SIDE.a },
    { key: 'b', path: SIDE.b },
    { key: 'c', path: SIDE.c },
    { key: 'd', path: '/shipments/stats/' },
    { key: 'e', path: SIDE.e },
    // Case a as the portal asks it: only what its list shows.
    { key: 'a-lean', path: `/shipments/?ordering=-eta&fields=${PORTAL_FIELDS}` },
    // The list cases with the columns the reference sends (its serializer's fields, under our names).
    ...(['a', 'b', 'c', 'e'] as const).map((k) => ({
      key: `${k}-same`,
      path: `${SIDE[k]}&fields=${REFERENCE_FIELDS}`,
    })),
    { key: 'typical', path: '/shipments/?status=ongoing&carrier=2&ordering=-eta' },
    // Demurrage and detention: the two free-time filters and the sort by days left.
    { key: 'ft-over', path: '/shipments/?over_free_time=true&ordering=free_time_lfd' },
    { key: 'ft-within', path: '/shipments/?free_time_ends_within=7&ordering=free_time_lfd' },
    { key: 'ft-sort', path: '/shipments/?ordering=free_time_lfd' },
  ];
  const only = (process.env.CASES ?? '').split(/[\s,]+/).filter(Boolean);
  return all.filter((c) => only.length === 0 || only.includes(c.key));
}

/** The `fields` the portal's list page asks for (mfe-shipments features/list/columns.tsx LIST_FIELDS). */
const PORTAL_FIELDS = [
  ...SHIPMENT_ORDERING_FIELDS.flatMap(listColumnFields),
  'carrier_name',
  'status_verbose',
  'last_alert_message',
  'schema_form',
  'schema_form_source',
  'sf_data',
  // The free-time columns and currency (not the whole free_time object, which only the detail shows).
  ...FREE_TIME_KEYS.filter(
    (k) => k !== 'free_time' && !(SHIPMENT_ORDERING_FIELDS as readonly string[]).includes(k),
  ),
].join(',');

/** The mix's random numbers: Math.random, or a seeded sequence (the same URLs in every run: MIX_SERIAL). */
let random = Math.random;
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const HEALTHS = ['', '&health=ontrack', '&health=delayed', '&health=alerted'];
const ORDERINGS = ['-eta', 'eta', '-last_update'];
// Ongoing shipments are a few percent of the company's: their pages stop earlier.
const STATUSES: Array<[string, number]> = [
  ['', 50],
  ['&status=ongoing', 3],
];
const SEARCHES = ['MSCU00', 'MAEU01', 'HLXU002', 'CL-12', 'NLRTM', 'BENCH VESSEL 7'];

/**
 * One list URL of the mix: 10 carriers × 4 health × 2 statuses × 3 orderings × their pages (over 6,000
 * distinct URLs), one request in twenty a search (first pages); each with the portal's `fields`, as its list
 * page sends them.
 */
function mixUrl(): string {
  return `${mixPath()}&fields=${PORTAL_FIELDS}`;
}
function mixPath(): string {
  if (random() < 0.05) {
    return `/shipments/?search=${encodeURIComponent(pick(SEARCHES))}&page=${1 + Math.floor(random() * 2)}`;
  }
  const [status, pages] = pick(STATUSES);
  const page = 1 + Math.floor(random() * pages);
  return (
    `/shipments/?ordering=${pick(ORDERINGS)}&carrier=${1 + Math.floor(random() * 10)}` +
    `${pick(HEALTHS)}${status}${page > 1 ? `&page=${page}` : ''}`
  );
}

// ---- CPU: this process and the PostgreSQL backends serving the bench database ----

const CLK_TCK = 100;
function procTicks(pid: number): number {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}
const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((r) => r.pid);
}

/**
 * CPU ticks of the processes the postmaster reaped (its cutime + cstime): the parallel workers of a query (a
 * count over many matches runs in three processes) and the sessions that ended, which backendPids no longer
 * lists; 0 when /proc does not show the server (another machine).
 */
function reapedTicks(backend: number): number {
  try {
    const f = (pid: number) => {
      const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return s.slice(s.lastIndexOf(')') + 2).split(' ');
    };
    const postmaster = f(Number(f(backend)[1]));
    return Number(postmaster[13]) + Number(postmaster[14]);
  } catch {
    return 0;
  }
}

/**
 * CPU ms of this process and of the PostgreSQL backends of `database` spent while `run` runs, the parallel
 * workers they started included (reapedTicks: also any other session of the server that ended meanwhile).
 */
async function measured<T>(
  admin: pg.Client,
  database: string,
  run: () => Promise<T>,
): Promise<{ value: T; appMs: number; pgMs: number }> {
  const pidsBefore = await backendPids(admin, database);
  const before = new Map(pidsBefore.map((p) => [p, procTicks(p)]));
  const reapedBefore = pidsBefore.length ? reapedTicks(pidsBefore[0]) : 0;
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  let ticks = 0;
  const pidsAfter = await backendPids(admin, database);
  for (const pid of pidsAfter) ticks += procTicks(pid) - (before.get(pid) ?? 0);
  if (pidsBefore.length && pidsAfter.includes(pidsBefore[0])) {
    ticks += reapedTicks(pidsBefore[0]) - reapedBefore;
  }
  return { value, appMs: (used.user + used.system) / 1000, pgMs: (ticks * 1000) / CLK_TCK };
}

// ---- the writer ----

/**
 * Updates `rate` random shipments of the company per second, each in its own transaction (ETA ±1 hour and
 * modified_at, as writer.py of the reference does), until stopped; returns how many it wrote.
 */
function startWriter(url: string, companyId: number, rate: number) {
  let stop = false;
  let done = 0;
  const finished = (async () => {
    if (rate <= 0) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ lo: string; hi: string }>(
      'SELECT min(id) AS lo, max(id) AS hi FROM shipments WHERE company_id = $1',
      [companyId],
    );
    const lo = Number(rows[0].lo);
    const hi = Number(rows[0].hi);
    const interval = 1000 / rate;
    let next = performance.now();
    while (!stop) {
      const id = lo + Math.floor(Math.random() * (hi - lo + 1));
      const r = await client.query(
        `UPDATE shipments SET eta = eta + $1 * interval '1 hour', modified_at = now()
         WHERE id = $2 AND company_id = $3`,
        [done % 2 === 0 ? 1 : -1, id, companyId],
      );
      if (r.rowCount === 1) done++;
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      stop = true;
      await finished;
      return done;
    },
  };
}

/**
 * What a miss costs, one request at a time (MIX_SERIAL=n): the same n mix URLs in every run (seeded), answer
 * cache off, on one connection; the CPU of this process and of the bench database's backends per request (their
 * own ticks only: the sessions of other databases on a shared server do not count) and the wall time. Steadier
 * than the loaded runs when the machine does other work meanwhile.
 */
async function serialMisses(
  get: (path: string) => Promise<number>,
  admin: pg.Client,
  database: string,
  n: number,
): Promise<string> {
  random = seeded(20_261_128);
  const urls = Array.from({ length: n }, mixUrl);
  random = Math.random;
  for (const url of urls.slice(0, 20)) await get(url);
  const before = new Map((await backendPids(admin, database)).map((p) => [p, procTicks(p)]));
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const url of urls) await get(url);
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  let ticks = 0;
  for (const pid of await backendPids(admin, database)) ticks += procTicks(pid) - (before.get(pid) ?? 0);
  const per = (v: number) => (v / n).toFixed(2);
  return `${n} requests: wall ${per(wall)} ms, CPU app ${per((used.user + used.system) / 1000)} + PG ${per((ticks * 1000) / CLK_TCK)} ms per request`;
}

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(1).padStart(7)} req/s  p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95
    .toFixed(0)
    .padStart(
      5,
    )} ms  p99 ${r.p99.toFixed(0).padStart(5)} ms  ${r.requests} requests${r.errors ? `, ${r.errors} ERRORS` : ''}`;

/** How the list pages were answered since the last call: kept answers, revalidated rows, computed. */
function cacheUse(): string {
  const cache = listCacheStats(true);
  const all = cache.hits + cache.joined + cache.unchanged + cache.revalidated + cache.misses;
  const share = (n: number) => (all ? (100 * n) / all : 0).toFixed(0);
  const kept = cache.unchanged + cache.revalidated;
  return (
    `cache hits ${share(cache.hits + cache.joined)} % (${cache.hits} kept, ${cache.joined} merged), ` +
    `rows kept ${share(kept)} % (${cache.unchanged} by the log, ${cache.revalidated} revalidated), ` +
    `${cache.misses} computed`
  );
}

async function main(): Promise<void> {
  const server = await benchServer();
  const url = await prepareBenchDatabase(server.serverUrl, server.database, log);
  const ids = await benchData(url);
  const handle = createDb(url, { max: POOL });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const token = newToken();
  await handle.db
    .insertInto('auth_tokens')
    .values({ key_hash: hashToken(token), user_id: ids.userId })
    .execute();
  const app = await buildApp({ db: handle.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const http = httpGetter(base, token, CONNS);
  const cores = readdirSync('/sys/devices/system/cpu').filter((d) => /^cpu\d+$/.test(d)).length;
  log(
    `\n${CONNS} connections, pool ${POOL}, ${SECONDS} s per run, ${cores} cores, load average ${loadAvg()}`,
  );

  // Warm-up: plans, JIT of the handlers.
  await runTimed(() => http.get(mixUrl()), { concurrency: 10, seconds: 3 });

  log('\n■ mixed list URLs while the engine writes (answer cache on)');
  for (const rate of RATES) {
    listCacheStats(true);
    const writer = startWriter(url, ids.companyId, rate);
    const {
      value: r,
      appMs,
      pgMs,
    } = await measured(admin, server.database, () =>
      runTimed(() => http.get(mixUrl()), { concurrency: CONNS, seconds: SECONDS }),
    );
    const writes = await writer.stop();
    log(
      `  ${String(rate).padStart(2)} writes/s (${(writes / SECONDS).toFixed(1)} done): ${fmt(r)}  ` +
        `${cacheUse()}  CPU/request app ${(appMs / r.requests).toFixed(1)} + PG ${(pgMs / r.requests).toFixed(1)} ms  ` +
        `load ${loadAvg()}`,
    );
  }

  configureListCache({ enabled: false });
  if (SERIAL > 0) {
    log('\n■ misses one at a time (answer cache off, the same seeded mix URLs in every run)');
    log(`  ${await serialMisses(http.get, admin, server.database, SERIAL)}  load ${loadAvg()}`);
  }

  log('\n■ cache off (SHIPMENTS_CACHE=0): the side-by-side cases; reference = its figures in the last run');
  for (const c of cases()) {
    await runTimed(() => http.get(c.path), { concurrency: 10, seconds: 2 });
    const {
      value: r,
      appMs,
      pgMs,
    } = await measured(admin, server.database, () =>
      runTimed(() => http.get(c.path), { concurrency: CONNS, seconds: Math.max(5, SECONDS / 2) }),
    );
    const ref = REFERENCE_RPS[c.key.replace(/-same$/, '')];
    const ratio = ref
      ? `  ${(r.rps / ((ref[0] + ref[1]) / 2)).toFixed(1)}× the reference (${ref.join(' / ')})`
      : '';
    log(
      `  ${c.key.padEnd(9)}${fmt(r)}  ${r.bytes ?? 0} bytes  CPU/request app ${(appMs / r.requests).toFixed(1)} + PG ${(pgMs / r.requests).toFixed(1)} ms${ratio}  load ${loadAvg()}`,
    );
  }
  configureListCache('reset');

  if (process.env.MIX_PLANS) {
    const t = await (await import('../src/services/health')).loadThresholds(handle.db, ids.userId);
    for (const c of cases().filter((x) => ['a', 'b', 'e'].includes(x.key))) {
      log(`\n■ plans of case ${c.key} (${c.path})`);
      for (const plan of await listPlans(handle.pool, admin, ids.companyId, t, c.path)) log(plan);
    }
  }

  http.close();
  await app.close();
  await handle.db.deleteFrom('auth_tokens').where('key_hash', '=', hashToken(token)).execute();
  await handle.close();
  await admin.end();
  await server.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
