// Side by side with the Django REST Framework peer (../shared/peers/drf, see its README) on one machine, one
// PostgreSQL cluster (the peer's, 127.0.0.1:5433) and the same wrk settings: for each case the peer's request
// and ours are run interleaved in two rounds (peer first in round 1, ours first in round 2), each after a
// warm-up and a drain, and the table gives req/s, p95, the ratio and the server CPU per request (app process
// tree + every PostgreSQL process of the cluster, from /proc, during the measured run only).
//   npm run bench -w @portal/api -- peer         (DURATION=20 WARMUP=5 CONNS=50 THREADS=2 ROUNDS=2,
//                                                 CASES="a b c d e typical f g" to run some cases only,
//                                                 OURS_CACHE=0 to measure ours without the answers it reuses)
// When the peer is not set up on this machine (packages, cluster), it says so and skips (exit 0). A stopped
// cluster is started (and stopped again afterwards); a missing one is initialised and loaded when the Debian
// packages are there and we run as root (about a minute). Our data: database portal_bench on the same cluster
// (BENCH_DATABASE_URL to use another), generated on first use (bench/shipments-data.ts, a few minutes).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, withDatabase } from '../src/db/connection';
import { REPO_ROOT } from '../src/db/database-url';
import { hashToken, newToken } from '../src/lib/tokens';
import { benchData, prepareBenchDatabase } from './shipments-data';

const PEER_DIR = process.env.DRF_PEER_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'peers', 'drf');
const PEER_BASE = process.env.DRFPEER_BASE ?? path.join(process.env.TMPDIR ?? '/tmp', 'drfpeer');
const PEER_PG = 'postgres://postgres@127.0.0.1:5433';
const PEER_URL = 'http://127.0.0.1:8001';
const PEER_TOKEN = 'd3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0';
const DURATION = Number(process.env.DURATION ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNS = Number(process.env.CONNS ?? 50);
const THREADS = Number(process.env.THREADS ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const log = (m: string) => console.log(m);

interface Case {
  key: string;
  name: string;
  peer?: string;
  ours: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function cases(): Case[] {
  const etaAfter = day(-180);
  const all: Case[] = [
    {
      key: 'a',
      name: 'list ordering=-eta',
      peer: '/api/shipments/?ordering=-eta',
      ours: '/api/shipments/?ordering=-eta',
    },
    {
      key: 'b',
      name: `health=delayed&carrier=3&eta_after=${etaAfter}&ordering=-eta`,
      peer: `/api/shipments/?health=delayed&carrier=3&eta_after=${etaAfter}&ordering=-eta`,
      ours: `/api/shipments/?health=delayed&carrier=3&eta_after=${etaAfter}&ordering=-eta`,
    },
    {
      key: 'c',
      name: 'search by container prefix (peer TGHU12, ours MSCU00123)',
      peer: '/api/shipments/?search=TGHU12',
      ours: '/api/shipments/?search=MSCU00123',
    },
    { key: 'd', name: 'stats/', peer: '/api/shipments/stats/', ours: '/api/shipments/stats/' },
    {
      key: 'e',
      name: 'ordering=-eta&page=1000',
      peer: '/api/shipments/?ordering=-eta&page=1000',
      ours: '/api/shipments/?ordering=-eta&page=1000',
    },
    {
      key: 'typical',
      name: 'our typical list status=ongoing&carrier=2&ordering=-eta',
      ours: '/api/shipments/?status=ongoing&carrier=2&ordering=-eta',
    },
    {
      key: 'f',
      name: 'dashboard tab health=delayed&ordering=eta',
      ours: '/api/shipments/?health=delayed&ordering=eta',
    },
    {
      key: 'g',
      name: 'dashboard tab health=alerted&ordering=-last_update',
      ours: '/api/shipments/?health=alerted&ordering=-last_update',
    },
  ];
  const only = (process.env.CASES ?? '').split(/[\s,]+/).filter(Boolean);
  return all.filter((c) => only.length === 0 || only.includes(c.key));
}

// ---- /proc: CPU of process trees ----

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100);

interface Stat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks (waited-for children included). */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): ppid field 4, utime 14, stime 15, cutime 16, cstime 17
    return { pid, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU ms used so far by `root` and all its descendants (exited children counted through cutime). */
function treeCpuMs(root: number): number {
  const stats: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s) stats.push(s);
  }
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const rootStat = stats.find((s) => s.pid === root);
  if (!rootStat) return NaN;
  let ticks = 0;
  const stack = [rootStat];
  while (stack.length) {
    const s = stack.pop()!;
    ticks += s.ticks;
    stack.push(...(children.get(s.pid) ?? []));
  }
  return (ticks * 1000) / CLK_TCK;
}

const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// ---- the peer ----

function sh(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, {
    cwd: PEER_DIR,
    encoding: 'utf8',
    env: { ...process.env, DRFPEER_BASE: PEER_BASE, ...env },
  });
  return { ok: r.status === 0 && !r.error, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

async function answers(url: string, sqlText = 'SELECT 1'): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(sqlText);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What is missing for the peer on this machine (empty: ready to start). */
function peerMissing(): string[] {
  const missing: string[] = [];
  if (!existsSync(path.join(PEER_DIR, 'run.sh'))) missing.push(`the peer's folder (${PEER_DIR})`);
  if (spawnSync('wrk', ['--version']).error) missing.push('wrk (apt-get install wrk)');
  if (!existsSync('/usr/bin/gunicorn')) missing.push('gunicorn (apt-get install gunicorn)');
  const py = spawnSync('/usr/bin/python3', ['-c', 'import django, rest_framework, django_filters, psycopg2']);
  if (py.status !== 0)
    missing.push(
      'the Debian Python packages (apt-get install python3-django python3-djangorestframework ' +
        'python3-django-filters python3-psycopg2)',
    );
  if (!existsSync('/usr/lib/postgresql/15/bin/postgres')) missing.push('PostgreSQL 15 binaries');
  return missing;
}

/** Starts (or initialises and loads) the peer's cluster; returns a stop function for what was started here. */
async function peerCluster(): Promise<(() => void) | null> {
  const db = `${PEER_PG}/trackpeer`;
  let started = false;
  if (!(await answers(`${PEER_PG}/postgres`))) {
    if (!existsSync(path.join(PEER_BASE, 'pgdata', 'PG_VERSION'))) {
      if (os.userInfo().uid !== 0) return null;
      log(`initialising the peer's cluster in ${PEER_BASE}/pgdata`);
      if (!sh('./pg.sh', ['init']).ok) return null;
    }
    const r = sh('./pg.sh', ['start']);
    if (!r.ok) {
      log(`could not start the peer's cluster: ${r.out}`);
      return null;
    }
    started = true;
  }
  if (!(await answers(db, 'SELECT 1 FROM shipments_shipment LIMIT 1'))) {
    log("loading the peer's data (load.sh, about a minute)");
    const r = sh('./load.sh', []);
    if (!r.ok) {
      log(`load.sh failed: ${r.out.slice(-2000)}`);
      return null;
    }
  }
  return () => {
    if (started) sh('./pg.sh', ['stop']);
  };
}

// ---- load runs ----

interface WrkResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  bytes: number;
}

function wrk(url: string, token: string, seconds: number): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      [
        `-t${THREADS}`,
        `-c${CONNS}`,
        `-d${seconds}s`,
        '--timeout',
        '30s',
        '--latency',
        '-s',
        path.join(PEER_DIR, 'bench', 'auth.lua'),
        url,
      ],
      { env: { ...process.env, TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', () => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT'));
      if (!line) return reject(new Error(`wrk gave no result for ${url}:\n${out}`));
      const kv = Object.fromEntries(
        line
          .split(' ')
          .slice(1)
          .map((p) => p.split('=') as [string, string]),
      );
      resolve({
        requests: Number(kv.requests),
        rps: Number(kv.rps),
        p50: Number(kv.p50_ms),
        p95: Number(kv.p95_ms),
        p99: Number(kv.p99_ms),
        errors: Number(kv.non2xx) + Number(kv.timeouts) + Number(kv.connect_err) + Number(kv.read_err),
        bytes: Number(kv.bytes),
      });
    });
  });
}

async function get(url: string, token: string): Promise<{ status: number; ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    headers: { authorization: `Token ${token}` },
    signal: AbortSignal.timeout(120_000),
  });
  const body = await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0, bytes: body.byteLength };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the server has finished what earlier runs left queued (gunicorn's sync workers keep working
 * through requests whose clients left): no active query in its database and a cheap request answered fast.
 */
async function drain(admin: pg.Client, database: string, cheapUrl: string, token: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const { rows } = await admin.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
      [database],
    );
    const r = await get(cheapUrl, token).catch(() => ({ ms: Infinity, status: 0 }));
    if (Number(rows[0].n) === 0 && r.ms < 100) return;
    await sleep(1000);
  }
  log(`warning: ${database} did not drain`);
}

interface Side {
  label: 'peer' | 'ours';
  base: string;
  token: string;
  database: string;
  cheap: string;
  appPid: () => number;
}

interface Run extends WrkResult {
  appMs: number;
  pgMs: number;
  load: string;
}

/**
 * One measured run of `side`: both servers drained first (the peer's workers may still be answering requests of
 * its previous run, whose PostgreSQL time would otherwise count for us), a warm-up, a drain, then wrk with the
 * CPU of `side`'s process tree and of the whole PostgreSQL cluster read before and after.
 */
async function measure(side: Side, all: Side[], p: string, admin: pg.Client, pgPid: number): Promise<Run> {
  const drainAll = async () => {
    for (const s of all) await drain(admin, s.database, `${s.base}${s.cheap}`, s.token);
  };
  await drainAll();
  await wrk(`${side.base}${p}`, side.token, WARMUP);
  await drainAll();
  const app0 = treeCpuMs(side.appPid());
  const pg0 = treeCpuMs(pgPid);
  const r = await wrk(`${side.base}${p}`, side.token, DURATION);
  const app1 = treeCpuMs(side.appPid());
  const pg1 = treeCpuMs(pgPid);
  return { ...r, appMs: (app1 - app0) / r.requests, pgMs: (pg1 - pg0) / r.requests, load: loadAvg() };
}

// ---- main ----

async function main(): Promise<void> {
  const missing = peerMissing();
  if (missing.length) {
    log(
      `SKIPPED: the DRF peer is not set up on this machine; missing: ${missing.join('; ')}.\n` +
        `See ${path.join(PEER_DIR, 'README.md')} (set up once as root).`,
    );
    return;
  }
  const stopCluster = await peerCluster();
  if (!stopCluster) {
    log(
      `SKIPPED: the DRF peer's PostgreSQL cluster (127.0.0.1:5433) is not available; see ${PEER_DIR}/README.md.`,
    );
    return;
  }
  const cleanups: Array<() => Promise<void> | void> = [stopCluster];
  const cleanUp = async () => {
    for (const c of cleanups.splice(0)) await Promise.resolve(c()).catch(() => undefined);
  };
  // Interrupted: stop what was started here all the same.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }
  try {
    const ourServer = process.env.BENCH_DATABASE_URL
      ? withDatabase(process.env.BENCH_DATABASE_URL, 'postgres')
      : `${PEER_PG}/postgres`;
    const ourDb = process.env.BENCH_DATABASE_URL
      ? decodeURIComponent(new URL(process.env.BENCH_DATABASE_URL).pathname.slice(1))
      : 'portal_bench';
    const url = await prepareBenchDatabase(ourServer, ourDb, log);
    const ids = await benchData(url);

    // gunicorn (left running when it already was)
    const running = sh('./run.sh', ['status']).out.includes('gunicorn running');
    if (!running) {
      const r = sh('./run.sh', ['start']);
      if (!r.ok) throw new Error(`could not start the peer: ${r.out}`);
      cleanups.unshift(() => void sh('./run.sh', ['stop']));
    }
    const gunicornPid = () => Number(readFileSync(path.join(PEER_BASE, 'gunicorn.pid'), 'utf8').trim());

    // our API in its own process
    const handle = createDb(url, { max: 2 });
    const token = newToken();
    await handle.db
      .insertInto('auth_tokens')
      .values({ key_hash: hashToken(token), user_id: ids.userId })
      .execute();
    cleanups.unshift(async () => {
      await handle.db.deleteFrom('auth_tokens').where('key_hash', '=', hashToken(token)).execute();
      await handle.close();
    });
    const child: ChildProcess = spawn(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(__dirname, 'peer-server.ts')],
      {
        env: {
          ...process.env,
          BENCH_URL: url,
          NODE_ENV: 'production',
          SHIPMENTS_CACHE: process.env.OURS_CACHE === '0' ? '0' : '1',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    cleanups.unshift(() => void child.kill('SIGTERM'));
    const [port, ourPid] = await new Promise<number[]>((resolve, reject) => {
      child.stdout!.once('data', (d: Buffer) => resolve(String(d).trim().split(' ').map(Number)));
      child.once('exit', (code) => reject(new Error(`our server exited (${code})`)));
    });

    const admin = new pg.Client({ connectionString: `${PEER_PG}/postgres` });
    await admin.connect();
    cleanups.unshift(() => admin.end());
    const dataDir = (await admin.query<{ data_directory: string }>('SHOW data_directory')).rows[0]
      .data_directory;
    const pgPid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

    const peer: Side = {
      label: 'peer',
      base: PEER_URL,
      token: PEER_TOKEN,
      database: 'trackpeer',
      cheap: '/api/shipments/1/',
      appPid: gunicornPid,
    };
    const ours: Side = {
      label: 'ours',
      base: `http://127.0.0.1:${port}`,
      token,
      database: ourDb,
      cheap: '/api/shipments/stats/',
      appPid: () => ourPid,
    };

    const list = cases();
    // every request answers 200 on both before anything is measured
    for (const c of list) {
      for (const [side, p] of [
        [peer, c.peer],
        [ours, c.ours],
      ] as const) {
        if (!p) continue;
        const r = await get(`${side.base}${p}`, side.token);
        if (r.status !== 200) throw new Error(`${side.label} ${p}: HTTP ${r.status}`);
      }
    }

    const cpu = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`;
    log(
      `\nside by side: ${cpu}; wrk -t${THREADS} -c${CONNS} -d${DURATION}s after a ${WARMUP}s warm-up, ` +
        `${ROUNDS} rounds interleaved; load average at start ${loadAvg()}` +
        (process.env.OURS_CACHE === '0' ? '; ours WITHOUT the version-keyed reuse (OURS_CACHE=0)' : ''),
    );
    const results = new Map<string, { peer: Run[]; ours: Run[] }>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const c of list) {
        const entry = results.get(c.key) ?? { peer: [], ours: [] };
        results.set(c.key, entry);
        const order: Side[] = round % 2 === 1 ? [peer, ours] : [ours, peer];
        for (const side of order) {
          const p = side === peer ? c.peer : c.ours;
          if (!p) continue;
          const r = await measure(side, [peer, ours], p, admin, pgPid);
          entry[side.label].push(r);
          log(
            `  round ${round} ${c.key} ${side.label.padEnd(4)} ${r.rps.toFixed(1).padStart(7)} req/s  p95 ` +
              `${r.p95.toFixed(1)} ms  CPU/request app ${r.appMs.toFixed(1)} + PostgreSQL ${r.pgMs.toFixed(1)} ms  ` +
              `${(r.bytes / Math.max(1, r.requests) / 1024).toFixed(1)} KB/answer${r.errors ? `  ${r.errors} ERRORS` : ''}` +
              `  (load ${r.load})`,
          );
        }
      }
    }

    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const fmt = (xs: number[], d = 1) => xs.map((x) => x.toFixed(d)).join(', ');
    const cpuOf = (runs: Run[]) => mean(runs.map((r) => r.appMs + r.pgMs));
    const misses: string[] = [];
    log(`\nload average at end ${loadAvg()}\n`);
    log(
      '| case | request (ours) | peer req/s | ours req/s | ours / peer | ours p95 ms | peer CPU ms/req (app + PG) | ours CPU ms/req (app + PG) | CPU peer / ours |',
    );
    log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of list) {
      const e = results.get(c.key)!;
      const ourRps = mean(e.ours.map((r) => r.rps));
      const ourCpu = `${mean(e.ours.map((r) => r.appMs)).toFixed(1)} + ${mean(e.ours.map((r) => r.pgMs)).toFixed(1)}`;
      const p95 = mean(e.ours.map((r) => r.p95));
      if (e.peer.length) {
        const ratio = ourRps / mean(e.peer.map((r) => r.rps));
        const cpuRatio = cpuOf(e.peer) / cpuOf(e.ours);
        const peerCpu = `${mean(e.peer.map((r) => r.appMs)).toFixed(1)} + ${mean(e.peer.map((r) => r.pgMs)).toFixed(1)}`;
        if (ratio < 10) misses.push(`${c.key}: ${ratio.toFixed(1)}× the peer's throughput (target 10×)`);
        if (cpuRatio < 5) misses.push(`${c.key}: ${cpuRatio.toFixed(1)}× less CPU per request (target 5×)`);
        log(
          `| ${c.key} | \`${c.ours.replace('/api/shipments/', '')}\` | ${fmt(e.peer.map((r) => r.rps))} | ` +
            `${fmt(e.ours.map((r) => r.rps))} | **${ratio.toFixed(1)}×** | ${p95.toFixed(1)} | ${peerCpu} | ${ourCpu} | ${cpuRatio.toFixed(1)}× |`,
        );
      } else {
        log(
          `| ${c.key} | \`${c.ours.replace('/api/shipments/', '')}\` | – | ${fmt(e.ours.map((r) => r.rps))} | – | ` +
            `${p95.toFixed(1)} | – | ${ourCpu} | – |`,
        );
      }
      if (c.key === 'd' && ourRps < 1000) misses.push(`stats: ${ourRps.toFixed(0)} req/s (target 1,000)`);
      if (['typical', 'f', 'g'].includes(c.key) && p95 > 100)
        misses.push(`${c.key}: p95 ${p95.toFixed(0)} ms at ${CONNS} connections (target 100 ms)`);
    }
    const rpsOf = (k: string) => {
      const e = results.get(k);
      return e ? mean(e.ours.map((r) => r.rps)) : undefined;
    };
    const [pageOne, deep, typ] = [rpsOf('a'), rpsOf('e'), rpsOf('typical')];
    if (pageOne && deep) {
      log(`\npage 1,000 / page 1 (ours): ${(pageOne / deep).toFixed(2)}× the time per request (target ≤ 2)`);
      if (pageOne / deep > 2) misses.push(`page 1,000 is ${(pageOne / deep).toFixed(1)}× slower than page 1`);
    }
    for (const k of ['f', 'g']) {
      const tab = rpsOf(k);
      if (typ && tab) {
        log(
          `dashboard tab ${k} / typical list (ours): ${(typ / tab).toFixed(2)}× the time per request (target ≤ 2)`,
        );
        if (typ / tab > 2) misses.push(`${k} is ${(typ / tab).toFixed(1)}× slower than the typical list`);
      }
    }
    if (misses.length) {
      log(`\nover target: ${misses.join('; ')}`);
      process.exitCode = 1;
    } else log('\nevery case is within its target');
  } finally {
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
