// Side by side with the Django REST Framework peer (../shared/peers/drf, see its README) on one machine, one
// PostgreSQL cluster (the peer's, 127.0.0.1:5433) and the same wrk settings: for each case the peer's request
// and ours are run interleaved in two rounds (peer first in round 1, ours first in round 2), each after a
// warm-up and a drain, and the table gives req/s, p95, the ratio and the server CPU per request (app process
// tree + every PostgreSQL process of the cluster, from /proc, during the measured run only).
//   npm run bench -w @portal/api -- peer         (DURATION=20 WARMUP=5 CONNS=50 THREADS=2 ROUNDS=2,
//                                                 CASES="a b c d e a-same typical f g" to run some cases only,
//                                                 CASES="mix0 mix10 mix50" for the mix of list URLs at 0,
//                                                 10 and 50 writes/s (only when named),
//                                                 OURS_CACHE=0 to measure ours without the answers it reuses,
//                                                 BENCH_API_PROCESSES=N for N API processes, default one a core:
//                                                 the peer runs 2 × cores + 1 gunicorn workers)
// When the peer is not set up on this machine (packages, cluster), it says so and skips (exit 0). A stopped
// cluster is started (and stopped again afterwards); a missing one is initialised and loaded when the Debian
// packages are there and we run as root (about a minute). Our data: database portal_bench on the same cluster
// (BENCH_DATABASE_URL to use another), generated on first use (bench/shipments-data.ts, a few minutes).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, withDatabase } from '../src/db/connection';
import { REPO_ROOT } from '../src/db/database-url';
import { benchToken } from './bench-token';
import { cases, type Case } from './peer-cases';
import { REFERENCE_FIELDS } from './reference-fields';
import {
  CONNS,
  DURATION,
  get,
  loadAvg,
  answerShares,
  measure,
  PEER_DIR,
  THREADS,
  WARMUP,
  type Run,
  type Side,
} from './peer-runs';
import { benchData, prepareBenchDatabase } from './shipments-data';

const PEER_BASE = process.env.DRFPEER_BASE ?? path.join(process.env.TMPDIR ?? '/tmp', 'drfpeer');
const PEER_PG = 'postgres://postgres@127.0.0.1:5433';
const PEER_URL = 'http://127.0.0.1:8001';
const PEER_TOKEN = 'd3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0';
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const log = (m: string) => console.log(m);

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

// ---- main ----

type Cleanups = Array<() => Promise<void> | void>;
type Results = Map<string, { peer: Run[]; ours: Run[] }>;

/** The peer's cluster, started or loaded when needed; null (after saying why) when the bench has to skip. */
async function preparePeer(): Promise<(() => void) | null> {
  const missing = peerMissing();
  if (missing.length) {
    log(
      `SKIPPED: the DRF peer is not set up on this machine; missing: ${missing.join('; ')}.\n` +
        `See ${path.join(PEER_DIR, 'README.md')} (set up once as root).`,
    );
    return null;
  }
  const stopCluster = await peerCluster();
  if (!stopCluster) {
    log(
      `SKIPPED: the DRF peer's PostgreSQL cluster (127.0.0.1:5433) is not available; see ${PEER_DIR}/README.md.`,
    );
    return null;
  }
  return stopCluster;
}

/** gunicorn (left running when it already was), as the peer's side. */
function startPeer(cleanups: Cleanups): Side {
  const running = sh('./run.sh', ['status']).out.includes('gunicorn running');
  if (!running) {
    const r = sh('./run.sh', ['start']);
    if (!r.ok) throw new Error(`could not start the peer: ${r.out}`);
    cleanups.unshift(() => void sh('./run.sh', ['stop']));
  }
  const gunicornPid = () => Number(readFileSync(path.join(PEER_BASE, 'gunicorn.pid'), 'utf8').trim());
  return {
    label: 'peer',
    base: PEER_URL,
    token: PEER_TOKEN,
    database: 'trackpeer',
    cheap: '/api/shipments/1/',
    appPid: gunicornPid,
  };
}

/** Our API in its own processes (peer-server.ts: one a core, on one port) on our data, as our side. */
async function startOurs(url: string, ourDb: string, userId: number, cleanups: Cleanups): Promise<Side> {
  const handle = createDb(url, { max: 2 });
  const { token, revoke } = await benchToken(handle.db, userId);
  cleanups.unshift(async () => {
    await revoke();
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
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  cleanups.unshift(() => void child.kill('SIGTERM'));
  const lines = serverLines(child);
  const [port, ourPid] = await new Promise<number[]>((resolve, reject) => {
    lines.next = (line) => resolve(line.split(' ').map(Number));
    child.once('exit', (code) => reject(new Error(`our server exited (${code})`)));
  });
  // peer-server.ts answers "list-stats [reset]" with "list-stats <json>", one line each, in order.
  const listStats = (reset: boolean) =>
    new Promise<Record<string, number>>((resolve) => {
      lines.next = (line) => resolve(JSON.parse(line.slice('list-stats '.length)) as Record<string, number>);
      child.stdin!.write(`list-stats${reset ? ' reset' : ''}\n`);
    });
  return {
    label: 'ours',
    base: `http://127.0.0.1:${port}`,
    token,
    database: ourDb,
    cheap: '/api/shipments/stats/',
    appPid: () => ourPid,
    listStats,
  };
}

/** The lines our server writes, each given to `next` (set before the line is awaited). */
function serverLines(child: ChildProcess): { next: (line: string) => void } {
  const reader = { next: (line: string) => void line };
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += String(d);
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) reader.next(line.trim());
  });
  return reader;
}

/** Every request answers 200 on both before anything is measured. */
async function checkAnswers(list: Case[], peer: Side, ours: Side): Promise<void> {
  for (const c of list.filter((x) => !x.script)) {
    for (const [side, p] of [
      [peer, c.peer],
      [ours, c.ours],
    ] as const) {
      if (!p) continue;
      const r = await get(`${side.base}${p}`, side.token);
      if (r.status !== 200) throw new Error(`${side.label} ${p}: HTTP ${r.status}`);
    }
  }
}

/** writer.py updating `rate` shipments per second of our bench company until the returned function stops it. */
function startWriter(database: string, rate: number): () => Promise<void> {
  if (rate <= 0) return () => Promise.resolve();
  const child = spawn('/usr/bin/python3', [path.join(PEER_DIR, 'bench', 'writer.py')], {
    env: {
      ...process.env,
      WRITER_DSN: `host=127.0.0.1 port=5433 dbname=${database} user=postgres`,
      RATE: String(rate),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += String(d)));
  return () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        log(`    ${out.trim()}`);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** ROUNDS rounds of every case, the peer first in odd rounds and ours first in even ones; each run printed. */
async function runRounds(
  list: Case[],
  sides: { peer: Side; ours: Side },
  admin: pg.Client,
  pgPid: number,
): Promise<Results> {
  const { peer, ours } = sides;
  const results: Results = new Map();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const c of list) {
      const entry = results.get(c.key) ?? { peer: [], ours: [] };
      results.set(c.key, entry);
      const order: Side[] = round % 2 === 1 ? [peer, ours] : [ours, peer];
      for (const side of order) {
        const p = side === peer ? c.peer : c.ours;
        if (!p) continue;
        const stopWriter = startWriter(ours.database, c.writes ?? 0);
        const r = await measure(side, [peer, ours], p, admin, pgPid, c.script).finally(stopWriter);
        entry[side.label].push(r);
        log(
          `  round ${round} ${c.key} ${side.label.padEnd(4)} ${r.rps.toFixed(1).padStart(7)} req/s  p95 ` +
            `${r.p95.toFixed(1)} ms  CPU/request app ${r.appMs.toFixed(1)} + PostgreSQL ${r.pgMs.toFixed(1)} ms  ` +
            `${(r.bytes / Math.max(1, r.requests) / 1024).toFixed(1)} KB/answer${r.errors ? `  ${r.errors} ERRORS` : ''}` +
            `  (load ${r.load})${r.answers && c.script ? `\n    list answers: ${answerShares(r.answers)}` : ''}`,
        );
      }
    }
  }
  return results;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** A request as the table shows it: the reference's columns by name, not listed. */
const shown = (url: string) =>
  url
    .replace('/api/shipments/', '')
    .replace(`fields=${REFERENCE_FIELDS}`, 'fields=<the reference’s columns>');

/** The list answers of `runs` added up (undefined when none told them). */
function sumAnswers(runs: Run[]): Record<string, number> | undefined {
  const told = runs.flatMap((r) => (r.answers ? [r.answers] : []));
  if (!told.length) return undefined;
  const sum: Record<string, number> = {};
  for (const a of told) for (const [k, n] of Object.entries(a)) sum[k] = (sum[k] ?? 0) + n;
  return sum;
}

/** The table of the cases (means of the rounds); answers the targets missed. */
function reportTable(list: Case[], results: Results): string[] {
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
        `| ${c.key} | \`${shown(c.ours)}\` | ${fmt(e.peer.map((r) => r.rps))} | ` +
          `${fmt(e.ours.map((r) => r.rps))} | **${ratio.toFixed(1)}×** | ${p95.toFixed(1)} | ${peerCpu} | ${ourCpu} | ${cpuRatio.toFixed(1)}× |`,
      );
    } else {
      log(
        `| ${c.key} | \`${shown(c.ours)}\` | – | ${fmt(e.ours.map((r) => r.rps))} | – | ` +
          `${p95.toFixed(1)} | – | ${ourCpu} | – |`,
      );
    }
    const answers = sumAnswers(e.ours);
    if (c.script && answers)
      log(`|   | ours' list answers, all rounds: ${answerShares(answers)} | | | | | | | |`);
    if (c.key === 'd' && ourRps < 1000) misses.push(`stats: ${ourRps.toFixed(0)} req/s (target 1,000)`);
    if ((c.script || ['typical', 'f', 'g'].includes(c.key)) && p95 > 100)
      misses.push(`${c.key}: p95 ${p95.toFixed(0)} ms at ${CONNS} connections (target 100 ms)`);
  }
  return misses;
}

/** Page 1,000 against page 1, the dashboard tabs against the typical list (ours); misses added to `misses`. */
function reportRatios(results: Results, misses: string[]): void {
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
}

/** Both sides started, checked, measured and reported; what was started is added to `cleanups`. */
async function sideBySide(cleanups: Cleanups): Promise<void> {
  const ourServer = process.env.BENCH_DATABASE_URL
    ? withDatabase(process.env.BENCH_DATABASE_URL, 'postgres')
    : `${PEER_PG}/postgres`;
  const ourDb = process.env.BENCH_DATABASE_URL
    ? decodeURIComponent(new URL(process.env.BENCH_DATABASE_URL).pathname.slice(1))
    : 'portal_bench';
  const url = await prepareBenchDatabase(ourServer, ourDb, log);
  const ids = await benchData(url);
  const peer = startPeer(cleanups);
  const ours = await startOurs(url, ourDb, ids.userId, cleanups);

  const admin = new pg.Client({ connectionString: `${PEER_PG}/postgres` });
  await admin.connect();
  cleanups.unshift(() => admin.end());
  const dataDir = (await admin.query<{ data_directory: string }>('SHOW data_directory')).rows[0]
    .data_directory;
  const pgPid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  const list = cases();
  await checkAnswers(list, peer, ours);
  const cpu = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`;
  log(
    `\nside by side: ${cpu}; wrk -t${THREADS} -c${CONNS} -d${DURATION}s after a ${WARMUP}s warm-up, ` +
      `${ROUNDS} rounds interleaved; load average at start ${loadAvg()}` +
      (process.env.OURS_CACHE === '0' ? '; ours WITHOUT the version-keyed reuse (OURS_CACHE=0)' : ''),
  );
  const results = await runRounds(list, { peer, ours }, admin, pgPid);
  const misses = reportTable(list, results);
  reportRatios(results, misses);
  if (misses.length) {
    log(`\nover target: ${misses.join('; ')}`);
    process.exitCode = 1;
  } else log('\nevery case is within its target');
}

async function main(): Promise<void> {
  const stopCluster = await preparePeer();
  if (!stopCluster) return;
  const cleanups: Cleanups = [stopCluster];
  const cleanUp = async () => {
    for (const c of cleanups.splice(0)) await Promise.resolve(c()).catch(() => undefined);
  };
  // Interrupted: stop what was started here all the same.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }
  try {
    await sideBySide(cleanups);
  } finally {
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
