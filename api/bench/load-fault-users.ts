// The simulated users of bench/load-fault.bench.ts over keep-alive HTTP: each mixes reads (shipment and tracking
// lists, stats, projects, its own user) with writes (create a project, create a tracking request, rename itself)
// and a think time until its deadline, and records what was acknowledged.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { iso6346CheckDigit } from '../src/tracking/containers';
import { percentile } from './load';

export const THINK_MS = Number(process.env.LOAD_THINK_MS || 1000);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- HTTP ----------------------------------------------------------------------------------------------------

export const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });

export function request(
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

export interface Stats {
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

export const newStats = (): Stats => ({
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

interface UsersOptions {
  base: () => string;
  tokens: string[];
  seconds: number;
  carrierId: number;
  stats: Stats;
  tag: string;
  runTag: number;
  retryNoAnswer: boolean;
}

type Answer = Awaited<ReturnType<typeof request>>;
type Call = (method: string, p: string, body?: unknown, token?: string) => Promise<Answer>;

/** One call; with retryNoAnswer, a call that got no answer is sent again (for up to 180 s). */
function caller(options: UsersOptions): Call {
  const { stats } = options;
  return async (method, p, body, token) => {
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
}

/** A create answered 400 "exists" after a retry: committed before the kill, the retry found it. */
const existsOnRetry = (options: UsersOptions, res: Answer) =>
  options.retryNoAnswer && res.status === 400 && JSON.stringify(res.json()).includes('exist');

async function createProject(options: UsersOptions, call: Call, name: string, token: string) {
  const { stats } = options;
  const res = await call('POST', '/api/projects/', { name }, token);
  if (res.status === 201) stats.projects.add(name);
  else if (existsOnRetry(options, res)) {
    stats.projects.add(name); // committed before the kill; the retry found it
  } else stats.errors.push(`POST projects ${res.status} ${JSON.stringify(res.json()).slice(0, 120)}`);
}

async function createRequest(options: UsersOptions, call: Call, code: string, token: string) {
  const { stats } = options;
  const res = await call(
    'POST',
    '/api/tracking-requests/',
    { carrier_id: options.carrierId, code_type: 'c_id', code_value: code, client_code: options.tag },
    token,
  );
  if (res.status === 201) stats.trackingCodes.add(code);
  else if (existsOnRetry(options, res)) {
    stats.trackingCodes.add(code);
  } else
    stats.errors.push(`POST tracking-requests ${res.status} ${JSON.stringify(res.json()).slice(0, 120)}`);
}

const READS = [
  '/api/shipments/?page=1',
  '/api/tracking-requests/?page=1',
  '/api/shipments/stats/',
  '/api/projects/',
  '/api/rest-auth/user/',
];

export async function runUsers(options: UsersOptions) {
  const { tokens, stats, tag } = options;
  const deadline = performance.now() + options.seconds * 1000;
  const call = caller(options);
  const user = async (n: number, token: string) => {
    await sleep(Math.random() * THINK_MS);
    let k = 0;
    while (performance.now() < deadline) {
      k += 1;
      const roll = Math.random();
      // the project's name or the container number of a create, counted as unanswered when no answer came
      const pending = roll < 0.15 ? `${tag}-p-${n}-${k}` : roll < 0.3 ? nextContainer(options.runTag) : null;
      try {
        if (roll < 0.15) await createProject(options, call, pending!, token);
        else if (roll < 0.3) await createRequest(options, call, pending!, token);
        else if (roll < 0.35) {
          const res = await call('PATCH', '/api/rest-auth/user/', { first_name: `Load ${k}` }, token);
          if (res.status === 200) stats.renames += 1;
          else stats.errors.push(`PATCH rest-auth/user ${res.status}`);
        } else {
          const p = READS[Math.floor(Math.random() * READS.length)];
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

export function summary(label: string, stats: Stats, seconds: number) {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  return (
    `${label}: ${stats.requests} requests in ${seconds.toFixed(1)} s (${(stats.requests / seconds).toFixed(0)} req/s), ` +
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
    `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(0)} ms; ` +
    `errors: ${stats.errors.length}; writes acknowledged: ${stats.projects.size} projects, ` +
    `${stats.trackingCodes.size} tracking requests, ${stats.renames} renames`
  );
}
