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
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDb, dropDatabase, ensureDatabase, withDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { createCompany, createUser } from '../src/services/accounts';
import { iso6346CheckDigit } from '../src/tracking/containers';
import { seedReferenceData } from '../src/tracking/reference-data';
import { percentile } from './load';

const LOAD_USERS = Number(process.env.LOAD_USERS || 200);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS || 60);
const FAULT_USERS = Number(process.env.FAULT_USERS || 50);
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS || 40);
const THINK_MS = Number(process.env.LOAD_THINK_MS || 1000);
const API_DIR = path.resolve(__dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

// ---- HTTP ----------------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });

function request(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: () => Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as Record<string, unknown> });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ---- the simulated users ---------------------------------------------------------------------------------------

interface Stats {
  requests: number;
  errors: string[];
  latencies: number[];
  /** Calls that got no answer (connection refused or reset) and were sent again. */
  retried: number;
  projects: Set<string>;
  trackingCodes: Set<string>;
  /** Creates that got no answer at all (client time-out): stored or not, neither is a loss. */
  unanswered: Set<string>;
  renames: number;
}

const newStats = (): Stats => ({
  requests: 0,
  errors: [],
  latencies: [],
  retried: 0,
  projects: new Set(),
  trackingCodes: new Set(),
  unanswered: new Set(),
  renames: 0,
});

let containerSeq = 0;
function nextContainer(runTag: number): string {
  containerSeq += 1;
  const first10 = `LDU${'U'}${String((runTag * 1_000_000 + containerSeq) % 1_000_000).padStart(6, '0')}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
}

async function runUsers(options: {
  base: () => string;
  tokens: string[];
  seconds: number;
  carrierId: number;
  stats: Stats;
  tag: string;
  runTag: number;
  retryNoAnswer: boolean;
}) {
  const { tokens, stats, tag } = options;
  const deadline = performance.now() + options.seconds * 1000;
  /** One call; with retryNoAnswer, a call that got no answer is sent again (for up to 180 s). */
  const call = async (method: string, p: string, body?: unknown, token?: string) => {
    const giveUp = performance.now() + 180_000;
    for (;;) {
      const t0 = performance.now();
      try {
        const res = await request(options.base(), method, p, body, token);
        stats.requests += 1;
        stats.latencies.push(performance.now() - t0);
        return res;
      } catch (error) {
        if (!options.retryNoAnswer || performance.now() > giveUp) throw error;
        stats.retried += 1;
        await sleep(250);
      }
    }
  };
  const user = async (n: number, token: string) => {
    await sleep(Math.random() * THINK_MS);
    let k = 0;
    while (performance.now() < deadline) {
      k += 1;
      const roll = Math.random();
      let pending: string | null = null;
      try {
        if (roll < 0.15) {
          const name = `${tag}-p-${n}-${k}`;
          pending = name;
          const res = await call('POST', '/api/projects/', { name }, token);
          if (res.status === 201) stats.projects.add(name);
          else if (
            options.retryNoAnswer &&
            res.status === 400 &&
            JSON.stringify(res.json()).includes('exist')
          ) {
            stats.projects.add(name); // committed before the kill; the retry found it
          } else stats.errors.push(`POST projects ${res.status} ${JSON.stringify(res.json()).slice(0, 120)}`);
        } else if (roll < 0.3) {
          const code = nextContainer(options.runTag);
          pending = code;
          const res = await call(
            'POST',
            '/api/tracking-requests/',
            { carrier_id: options.carrierId, code_type: 'c_id', code_value: code, client_code: tag },
            token,
          );
          if (res.status === 201) stats.trackingCodes.add(code);
          else if (
            options.retryNoAnswer &&
            res.status === 400 &&
            JSON.stringify(res.json()).includes('exist')
          ) {
            stats.trackingCodes.add(code);
          } else
            stats.errors.push(
              `POST tracking-requests ${res.status} ${JSON.stringify(res.json()).slice(0, 120)}`,
            );
        } else if (roll < 0.35) {
          const res = await call('PATCH', '/api/rest-auth/user/', { first_name: `Load ${k}` }, token);
          if (res.status === 200) stats.renames += 1;
          else stats.errors.push(`PATCH rest-auth/user ${res.status}`);
        } else {
          const reads = [
            '/api/shipments/?page=1',
            '/api/tracking-requests/?page=1',
            '/api/shipments/stats/',
            '/api/projects/',
            '/api/rest-auth/user/',
          ];
          const p = reads[Math.floor(Math.random() * reads.length)];
          const res = await call('GET', p, undefined, token);
          if (res.status !== 200) stats.errors.push(`GET ${p} ${res.status}`);
        }
      } catch (error) {
        stats.errors.push(`no answer: ${(error as Error).message}`);
        if (pending) stats.unanswered.add(pending);
      }
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  };
  await Promise.all(tokens.map((token, n) => user(n, token)));
}

function summary(label: string, stats: Stats, seconds: number) {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  return (
    `${label}: ${stats.requests} requests in ${seconds.toFixed(1)} s (${(stats.requests / seconds).toFixed(0)} req/s), ` +
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
    `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(0)} ms; ` +
    `errors: ${stats.errors.length}; writes acknowledged: ${stats.projects.size} projects, ` +
    `${stats.trackingCodes.size} tracking requests, ${stats.renames} renames`
  );
}

// ---- main ------------------------------------------------------------------------------------------------------

async function main() {
  const serverUrl =
    process.env.LOAD_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `portal_load_${Date.now()}_${process.pid}`;
  await ensureDatabase(serverUrl, dbName);
  const url = withDatabase(serverUrl, dbName);
  const handle = createDb(url, { max: 4 });
  const procs: Record<string, Proc | null> = { api: null, worker: null };
  let failed = false;
  const check = (ok: boolean, message: string) => {
    console.log(`  ${ok ? 'ok  ' : 'MISS'} ${message}`);
    if (!ok) failed = true;
  };
  try {
    await migrate(url);
    await seedReferenceData(handle.db);
    const carrier = await handle.db
      .selectFrom('carriers')
      .select('id')
      .where('active', '=', true)
      .where('supports_c_id', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const companies = [
      await createCompany(handle.db, { name: 'Load A', max_tracking_requests: 1_000_000 }),
      await createCompany(handle.db, { name: 'Load B', max_tracking_requests: 1_000_000 }),
    ];
    const users: Array<{ username: string; password: string }> = [];
    const nUsers = Math.max(LOAD_USERS, FAULT_USERS);
    for (let i = 0; i < nUsers; i++) {
      const username = `load${i}`;
      await createUser(handle.db, {
        username,
        password: `load-password-${i}`,
        companyId: companies[i % 2],
        roleId: 1,
        hashCost: 2 ** 10,
      });
      users.push({ username, password: `load-password-${i}` });
    }
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

    const count = async (tag: string) => {
      const projects = await handle.db
        .selectFrom('projects')
        .select(({ fn }) => [fn.countAll<string>().as('n'), fn.count<string>(sql`DISTINCT name`).as('d')])
        .where('name', 'like', `${tag}-p-%`)
        .executeTakeFirstOrThrow();
      const requests = await handle.db
        .selectFrom('tracking_requests')
        .select(({ fn }) => [
          fn.countAll<string>().as('n'),
          fn.count<string>(sql`DISTINCT code_value`).as('d'),
        ])
        .where('client_code', '=', tag)
        .executeTakeFirstOrThrow();
      return {
        projects: Number(projects.n),
        distinctProjects: Number(projects.d),
        requests: Number(requests.n),
        distinctRequests: Number(requests.d),
      };
    };
    const storedOnce = async (tag: string, stats: Stats) => {
      const c = await count(tag);
      const names = new Set(
        (
          await handle.db.selectFrom('projects').select('name').where('name', 'like', `${tag}-p-%`).execute()
        ).map((r) => r.name),
      );
      const codes = new Set(
        (
          await handle.db
            .selectFrom('tracking_requests')
            .select('code_value')
            .where('client_code', '=', tag)
            .execute()
        ).map((r) => r.code_value),
      );
      const lostProjects = [...stats.projects].filter((n) => !names.has(n)).length;
      const lostRequests = [...stats.trackingCodes].filter((n) => !codes.has(n)).length;
      // Rows nobody asked for (neither acknowledged nor sent without an answer).
      const known = (v: string) =>
        stats.projects.has(v) || stats.trackingCodes.has(v) || stats.unanswered.has(v);
      const phantoms = [...names, ...codes].filter((v) => !known(v)).length;
      const storedUnanswered = [...names, ...codes].filter((v) => stats.unanswered.has(v)).length;
      return { ...c, lostProjects, lostRequests, phantoms, storedUnanswered };
    };

    // 1. Load.
    console.log(
      `load: ${LOAD_USERS} users for ${LOAD_SECONDS} s, think time ${THINK_MS} ms, API and worker as processes`,
    );
    const before = await count('load');
    const loadStats = newStats();
    let t0 = performance.now();
    await runUsers({
      base: () => base,
      tokens: tokens.slice(0, LOAD_USERS),
      seconds: LOAD_SECONDS,
      carrierId: carrier.id,
      stats: loadStats,
      tag: 'load',
      runTag: 1,
      retryNoAnswer: false,
    });
    const loadSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${summary('load', loadStats, loadSeconds)}`);
    const after = await storedOnce('load', loadStats);
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

    // 2. Fault: kill -9 the API and the worker under load, restart them.
    console.log(
      `fault: ${FAULT_USERS} users for ${FAULT_SECONDS} s; SIGKILL the API at 1/4, the worker at 1/2`,
    );
    const faultStats = newStats();
    t0 = performance.now();
    // Two independent timers: the worker is killed at 1/2 even while the API is still coming back.
    const killApi = (async () => {
      await sleep((FAULT_SECONDS * 1000) / 4);
      const api = procs.api!;
      api.child.kill('SIGKILL');
      await api.exited;
      const down = performance.now();
      procs.api = startProcess('api', 'src/server.ts', apiEnv);
      const back = await waitHealthy(base);
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
      procs.worker = startProcess('worker', 'src/worker.ts', workerEnv);
    })();
    // A restart that fails is a miss, reported after the run (never an unhandled rejection that skips cleanup).
    const killer = Promise.all([killApi, killWorker]).catch((error: Error) => {
      check(false, `restart under load: ${error.message}`);
    });
    await runUsers({
      base: () => base,
      tokens: tokens.slice(0, FAULT_USERS),
      seconds: FAULT_SECONDS,
      carrierId: carrier.id,
      stats: faultStats,
      tag: 'fault',
      runTag: 2,
      retryNoAnswer: true,
    });
    await killer;
    console.log(`  ${summary('fault', faultStats, (performance.now() - t0) / 1000)}`);
    console.log(`  calls without an answer during the outage, sent again: ${faultStats.retried}`);
    const faultAfter = await storedOnce('fault', faultStats);
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

    // The worker catches up: every tracking request of both runs polled once the worker is back.
    const waitStart = performance.now();
    let unpolled = -1;
    while (performance.now() - waitStart < 180_000) {
      const row = await handle.db
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
      handle.db,
    );
    const dupEvents = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        SELECT shipment_id, carrier_event_id FROM shipment_events GROUP BY 1, 2 HAVING count(*) > 1) d`.execute(
      handle.db,
    );
    const shipments = await handle.db
      .selectFrom('shipments')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    check(
      Number(dupShipments.rows[0].n) === 0 && Number(dupEvents.rows[0].n) === 0,
      `no duplicated shipment or shipment event (${shipments.n} shipments derived)`,
    );
  } finally {
    for (const p of Object.values(procs)) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM');
        await Promise.race([p.exited, sleep(10_000)]);
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      }
    }
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
