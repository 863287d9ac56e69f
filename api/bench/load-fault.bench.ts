// The load and fault runs, over real HTTP on loopback against the API and the tracking worker as
// separate processes (node src/server.ts with ENGINE_WORKERS=0, node src/worker.ts), on a throwaway database:
//
// 1. Load: LOAD_USERS (200) signed-in users for LOAD_SECONDS (60 s), each mixing reads (shipment and tracking
//    lists, stats, projects, own user) and writes (create a project, create a tracking request, rename itself)
//    with a think time (LOAD_THINK_MS, 1000 ms average). Target: 0 errors; every acknowledged write is in the
//    database exactly once (counts before and after).
// 2. Fault: FAULT_USERS (50) users for FAULT_SECONDS (40 s); the API is killed (SIGKILL) at 1/4 of the run and
//    the worker at 1/2, each restarted as `npm start`'s supervisor would. Clients retry a call that got no
//    answer (the same write with the same unique name: a create that was committed before the kill answers
//    "exists" and counts as acknowledged). Target: every acknowledged write stored once, no write lost after
//    its retries, every tracking request created during the run polled by the worker afterwards, no duplicated
//    shipment or carrier event.
//
//   cd api && npm run bench -- load-fault        (or: npx tsx bench/load-fault.bench.ts)
//
// Database server: LOAD_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL, else postgres://postgres@127.0.0.1:5432.
// Bounded: at most LOAD_USERS clients, each ending at its deadline; loopback only. Exit code 1 on a miss.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createDb, dropDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/types';
import { createUser } from '../src/services/accounts';
import { agent, newStats, request, runUsers, sleep, summary, THINK_MS, type Stats } from './load-fault-users';
import { seedCarrierAndCompanies, throwawayDatabase } from './throwaway-db';

const LOAD_USERS = Number(process.env.LOAD_USERS || 200);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS || 60);
const FAULT_USERS = Number(process.env.FAULT_USERS || 50);
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS || 40);
const API_DIR = path.resolve(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// ---- processes -----------------------------------------------------------------------------------------------

interface Proc {
  child: ChildProcess;
  exited: Promise<void>;
}

function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_DIR,
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((l) => l.trim() !== '' && !/npm warn/.test(l))
      .forEach((l) => process.env.LOAD_VERBOSE && console.log(`  [${name}] ${l}`));
  child.stdout?.on('data', prefix);
  child.stderr?.on('data', prefix);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

async function waitHealthy(base: string, timeoutMs = 300_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    try {
      const res = await request(base, 'GET', '/api/health/');
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`API not healthy after ${timeoutMs} ms`);
}

// ---- setup and checks -----------------------------------------------------------------------------------------

/** What the runs share: the database, the API's address, signed-in users' tokens and the processes. */
interface Ctx {
  db: Kysely<Database>;
  base: string;
  tokens: string[];
  carrierId: number;
  procs: Record<string, Proc | null>;
  apiEnv: Record<string, string>;
  workerEnv: Record<string, string>;
  check: (ok: boolean, message: string) => void;
}

/** Reference data, two companies and max(LOAD_USERS, FAULT_USERS) users; answers the carrier and the users. */
async function seed(db: Kysely<Database>) {
  const { carrierId, companies } = await seedCarrierAndCompanies(db, 'Load');
  const users: Array<{ username: string; password: string }> = [];
  const nUsers = Math.max(LOAD_USERS, FAULT_USERS);
  for (let i = 0; i < nUsers; i++) {
    const username = `load${i}`;
    await createUser(db, {
      username,
      password: `load-password-${i}`,
      companyId: companies[i % 2],
      roleId: 1,
      hashCost: 2 ** 10,
    });
    users.push({ username, password: `load-password-${i}` });
  }
  return { carrierId, users };
}

/** The API and the worker as processes (into `procs`), then every user signed in; answers the shared context. */
async function startServices(
  db: Kysely<Database>,
  url: string,
  procs: Record<string, Proc | null>,
  check: Ctx['check'],
): Promise<Ctx> {
  const { carrierId, users } = await seed(db);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const apiEnv = {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    ENGINE_WORKERS: '0',
    PUBLIC_URL: base,
  };
  // A poll claimed by a killed worker is claimed again when its lease ends (300 s by default): 30 s here, so
  // that the catch-up check below sees it within its wait.
  const workerEnv = {
    DATABASE_URL: url,
    SIMULATOR_PORT: '0',
    ENGINE_PUSH: '0',
    ENGINE_POLL_LEASE_SECONDS: '30',
  };
  procs.api = startProcess('api', 'src/server.ts', apiEnv);
  await waitHealthy(base);
  procs.worker = startProcess('worker', 'src/worker.ts', workerEnv);
  const tokens: string[] = [];
  for (const u of users) {
    const res = await request(base, 'POST', '/api/token/', u);
    if (res.status !== 200) throw new Error(`login ${u.username}: ${res.status}`);
    tokens.push(String(res.json().token));
  }
  return { db, base, tokens, carrierId, procs, apiEnv, workerEnv, check };
}

/** Projects and tracking requests of a run's tag, in all and distinct. */
async function count(db: Kysely<Database>, tag: string) {
  const projects = await db
    .selectFrom('projects')
    .select(({ fn }) => [fn.countAll<string>().as('n'), fn.count<string>(sql`DISTINCT name`).as('d')])
    .where('name', 'like', `${tag}-p-%`)
    .executeTakeFirstOrThrow();
  const requests = await db
    .selectFrom('tracking_requests')
    .select(({ fn }) => [fn.countAll<string>().as('n'), fn.count<string>(sql`DISTINCT code_value`).as('d')])
    .where('client_code', '=', tag)
    .executeTakeFirstOrThrow();
  return {
    projects: Number(projects.n),
    distinctProjects: Number(projects.d),
    requests: Number(requests.n),
    distinctRequests: Number(requests.d),
  };
}

/** The counts, and what of the run's acknowledged creates is missing or was stored though nobody sent it. */
async function storedOnce(db: Kysely<Database>, tag: string, stats: Stats) {
  const c = await count(db, tag);
  const names = new Set(
    (await db.selectFrom('projects').select('name').where('name', 'like', `${tag}-p-%`).execute()).map(
      (r) => r.name,
    ),
  );
  const codes = new Set(
    (
      await db.selectFrom('tracking_requests').select('code_value').where('client_code', '=', tag).execute()
    ).map((r) => r.code_value),
  );
  const lostProjects = [...stats.projects].filter((n) => !names.has(n)).length;
  const lostRequests = [...stats.trackingCodes].filter((n) => !codes.has(n)).length;
  // Rows nobody asked for (neither acknowledged nor sent without an answer).
  const known = (v: string) => stats.projects.has(v) || stats.trackingCodes.has(v) || stats.unanswered.has(v);
  const phantoms = [...names, ...codes].filter((v) => !known(v)).length;
  const storedUnanswered = [...names, ...codes].filter((v) => stats.unanswered.has(v)).length;
  return { ...c, lostProjects, lostRequests, phantoms, storedUnanswered };
}

// ---- the runs --------------------------------------------------------------------------------------------------

/** 1. Load. */
async function loadRun(ctx: Ctx): Promise<void> {
  const { check } = ctx;
  console.log(
    `load: ${LOAD_USERS} users for ${LOAD_SECONDS} s, think time ${THINK_MS} ms, API and worker as processes`,
  );
  const before = await count(ctx.db, 'load');
  const loadStats = newStats();
  const t0 = performance.now();
  await runUsers({
    base: () => ctx.base,
    tokens: ctx.tokens.slice(0, LOAD_USERS),
    seconds: LOAD_SECONDS,
    carrierId: ctx.carrierId,
    stats: loadStats,
    tag: 'load',
    runTag: 1,
    retryNoAnswer: false,
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  console.log(`  ${summary('load', loadStats, loadSeconds)}`);
  const after = await storedOnce(ctx.db, 'load', loadStats);
  console.log(
    `  counts before: ${before.projects} projects, ${before.requests} tracking requests; after: ` +
      `${after.projects} projects, ${after.requests} tracking requests`,
  );
  check(
    loadStats.errors.length === 0,
    `0 errors (${loadStats.errors.length}) ${loadStats.errors.slice(0, 3).join('; ')}`,
  );
  check(
    after.lostProjects === 0 && after.lostRequests === 0 && after.phantoms === 0,
    `nothing lost: every acknowledged create stored (lost ${after.lostProjects + after.lostRequests}), ` +
      `no row nobody sent (${after.phantoms}); stored though its client timed out: ${after.storedUnanswered}`,
  );
  check(
    after.projects === after.distinctProjects && after.requests === after.distinctRequests,
    'nothing duplicated',
  );
}

/** The API killed at 1/4 and the worker at 1/2 of the fault run (two independent timers), each restarted. */
function killAndRestart(ctx: Ctx, t0: number): Promise<void> {
  const { procs } = ctx;
  // The worker is killed at 1/2 even while the API is still coming back.
  const killApi = (async () => {
    await sleep((FAULT_SECONDS * 1000) / 4);
    const api = procs.api!;
    api.child.kill('SIGKILL');
    await api.exited;
    const down = performance.now();
    procs.api = startProcess('api', 'src/server.ts', ctx.apiEnv);
    const back = await waitHealthy(ctx.base);
    console.log(
      `  API killed at ${((down - t0) / 1000).toFixed(1)} s; answering again after ${(back / 1000).toFixed(1)} s`,
    );
  })();
  const killWorker = (async () => {
    await sleep((FAULT_SECONDS * 1000) / 2);
    const worker = procs.worker!;
    worker.child.kill('SIGKILL');
    await worker.exited;
    console.log(`  worker killed at ${((performance.now() - t0) / 1000).toFixed(1)} s; restarted`);
    procs.worker = startProcess('worker', 'src/worker.ts', ctx.workerEnv);
  })();
  // A restart that fails is a miss, reported after the run (never an unhandled rejection that skips cleanup).
  return Promise.all([killApi, killWorker]).then(
    () => undefined,
    (error: Error) => {
      ctx.check(false, `restart under load: ${error.message}`);
    },
  );
}

/** 2. Fault: kill -9 the API and the worker under load, restart them. */
async function faultRun(ctx: Ctx): Promise<void> {
  const { check } = ctx;
  console.log(
    `fault: ${FAULT_USERS} users for ${FAULT_SECONDS} s; SIGKILL the API at 1/4, the worker at 1/2`,
  );
  const faultStats = newStats();
  const t0 = performance.now();
  const killer = killAndRestart(ctx, t0);
  await runUsers({
    base: () => ctx.base,
    tokens: ctx.tokens.slice(0, FAULT_USERS),
    seconds: FAULT_SECONDS,
    carrierId: ctx.carrierId,
    stats: faultStats,
    tag: 'fault',
    runTag: 2,
    retryNoAnswer: true,
  });
  await killer;
  console.log(`  ${summary('fault', faultStats, (performance.now() - t0) / 1000)}`);
  console.log(`  calls without an answer during the outage, sent again: ${faultStats.retried}`);
  const faultAfter = await storedOnce(ctx.db, 'fault', faultStats);
  check(
    faultStats.errors.length === 0,
    `0 errors after retries (${faultStats.errors.length}) ${faultStats.errors.slice(0, 3).join('; ')}`,
  );
  check(
    faultAfter.lostProjects === 0 && faultAfter.lostRequests === 0 && faultAfter.phantoms === 0,
    `nothing lost: every acknowledged create stored (lost ${faultAfter.lostProjects + faultAfter.lostRequests}), ` +
      `no row nobody sent (${faultAfter.phantoms})`,
  );
  check(
    faultAfter.projects === faultAfter.distinctProjects &&
      faultAfter.requests === faultAfter.distinctRequests,
    `nothing duplicated (${faultAfter.projects} projects, ${faultAfter.requests} tracking requests stored)`,
  );
}

/** The worker catches up: every tracking request of both runs polled once the worker is back; no duplicate. */
async function catchUp(ctx: Ctx): Promise<void> {
  const { db, check } = ctx;
  const waitStart = performance.now();
  let unpolled = -1;
  while (performance.now() - waitStart < 180_000) {
    const row = await db
      .selectFrom('tracking_requests')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('client_code', 'in', ['load', 'fault'])
      .where('last_polled_at', 'is', null)
      .executeTakeFirstOrThrow();
    unpolled = Number(row.n);
    if (unpolled === 0) break;
    await sleep(1000);
  }
  check(
    unpolled === 0,
    `every tracking request polled by the worker (${unpolled} left, ${((performance.now() - waitStart) / 1000).toFixed(1)} s after the run)`,
  );
  const dupShipments = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (
      SELECT tracking_request_id, container_number FROM shipments GROUP BY 1, 2 HAVING count(*) > 1) d`.execute(
    db,
  );
  const dupEvents = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (
      SELECT shipment_id, carrier_event_id FROM shipment_events GROUP BY 1, 2 HAVING count(*) > 1) d`.execute(
    db,
  );
  const shipments = await db
    .selectFrom('shipments')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  check(
    Number(dupShipments.rows[0].n) === 0 && Number(dupEvents.rows[0].n) === 0,
    `no duplicated shipment or shipment event (${shipments.n} shipments derived)`,
  );
}

/** SIGTERM each process still running, SIGKILL after 10 s. */
async function stopAll(procs: Record<string, Proc | null>): Promise<void> {
  for (const p of Object.values(procs)) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await Promise.race([p.exited, sleep(10_000)]);
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    }
  }
}

// ---- main ------------------------------------------------------------------------------------------------------

async function main() {
  const { serverUrl, dbName, url } = await throwawayDatabase('LOAD_DATABASE_URL', 'portal_load');
  const handle = createDb(url, { max: 4 });
  const procs: Record<string, Proc | null> = { api: null, worker: null };
  let failed = false;
  const check = (ok: boolean, message: string) => {
    console.log(`  ${ok ? 'ok  ' : 'MISS'} ${message}`);
    if (!ok) failed = true;
  };
  try {
    await migrate(url);
    const ctx = await startServices(handle.db, url, procs, check);
    await loadRun(ctx);
    await faultRun(ctx);
    await catchUp(ctx);
  } finally {
    await stopAll(procs);
    agent.destroy();
    await handle.close();
    await dropDatabase(serverUrl, dbName).catch((error: Error) =>
      console.error(`drop ${dbName}: ${error.message}`),
    );
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
