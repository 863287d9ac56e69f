// The measured runs of bench/peer.bench.ts: wrk with the peer's token script (the same settings for both sides),
// the CPU of process trees from /proc, and the drain that waits until a server has finished earlier work.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../src/db/database-url';

export const PEER_DIR = process.env.DRF_PEER_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'peers', 'drf');
export const DURATION = Number(process.env.DURATION ?? 20);
export const WARMUP = Number(process.env.WARMUP ?? 5);
export const CONNS = Number(process.env.CONNS ?? 50);
export const THREADS = Number(process.env.THREADS ?? 2);
const log = (m: string) => console.log(m);

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

export const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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

function wrk(url: string, token: string, seconds: number, script = 'auth.lua'): Promise<WrkResult> {
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
        path.join(PEER_DIR, 'bench', script),
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

export async function get(
  url: string,
  token: string,
): Promise<{ status: number; ms: number; bytes: number }> {
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

export interface Side {
  label: 'peer' | 'ours';
  base: string;
  token: string;
  database: string;
  cheap: string;
  appPid: () => number;
  /** How its list pages were answered since the last reset (ours: listCacheStats of every process). */
  listStats?: (reset: boolean) => Promise<Record<string, number>>;
}

export interface Run extends WrkResult {
  appMs: number;
  pgMs: number;
  load: string;
  /** How the run's list pages were answered (Side.listStats), when the side tells. */
  answers?: Record<string, number>;
}

/** The shares of `answers` ("hits 40 % + unchanged by the log 10 % + revalidated 20 % + …"), or ''. */
export function answerShares(answers: Record<string, number> | undefined): string {
  const total = Object.values(answers ?? {}).reduce((a, b) => a + b, 0);
  if (!answers || total === 0) return '';
  const share = (k: string) => `${((100 * (answers[k] ?? 0)) / total).toFixed(0)} %`;
  return `hits ${share('hits')} + unchanged by the log ${share('unchanged')} + revalidated ${share('revalidated')} + joined ${share('joined')} + computed ${share('misses')}`;
}

/**
 * One measured run of `side`: both servers drained first (the peer's workers may still be answering requests of
 * its previous run, whose PostgreSQL time would otherwise count for us), a warm-up, a drain, then wrk with the
 * CPU of `side`'s process tree and of the whole PostgreSQL cluster read before and after.
 */
export async function measure(
  side: Side,
  all: Side[],
  p: string,
  admin: pg.Client,
  pgPid: number,
  script?: string,
): Promise<Run> {
  const drainAll = async () => {
    for (const s of all) await drain(admin, s.database, `${s.base}${s.cheap}`, s.token);
  };
  await drainAll();
  await wrk(`${side.base}${p}`, side.token, WARMUP, script);
  await drainAll();
  await side.listStats?.(true);
  const app0 = treeCpuMs(side.appPid());
  const pg0 = treeCpuMs(pgPid);
  const r = await wrk(`${side.base}${p}`, side.token, DURATION, script);
  const app1 = treeCpuMs(side.appPid());
  const pg1 = treeCpuMs(pgPid);
  const answers = await side.listStats?.(false);
  return {
    ...r,
    appMs: (app1 - app0) / r.requests,
    pgMs: (pg1 - pg0) / r.requests,
    load: loadAvg(),
    answers,
  };
}
