// The simulated users of bench/multiprocess-fault.bench.ts: each signs in through the balancer, then mixes reads
// (lists, stats, projects, its own user) with creates (a project, a tracking request) until its deadline. A create
// carries an Idempotency-Key and is sent again with the same key when it got no answer or a 5xx / 409 (the first
// attempt still running): an acknowledged create is one whose answer was 201, first time or replayed.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import { sleep } from './multiprocess-cluster';

const THINK_MS = Number(process.env.MP_THINK_MS || 1000);
const READS = [
  '/api/shipments/?page=1',
  '/api/tracking-requests/?page=1',
  '/api/shipments/stats/',
  '/api/projects/',
  '/api/rest-auth/user/',
];
const agent = new http.Agent({ keepAlive: true, maxSockets: 600 });

export interface LoadStats {
  reads: number;
  readErrors: string[];
  latencies: number[];
  projects: Set<string>;
  codes: Set<string>;
  writeErrors: string[];
  writeRetries: number;
  replays: number;
}

/** `n` free loopback ports. */
export async function freePorts(n: number): Promise<number[]> {
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await one());
  return [...ports];
}

type Answer = { status: number; body: string; replayed: boolean };

function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            replayed: res.headers['idempotent-replayed'] === 'true',
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A create, sent again with the same Idempotency-Key until it is answered (for up to 90 s). */
async function create(
  base: string,
  token: string,
  path: string,
  body: object,
  stats: LoadStats,
): Promise<boolean> {
  const headers = { authorization: `Token ${token}`, 'idempotency-key': randomUUID() };
  const giveUp = Date.now() + 90_000;
  for (;;) {
    const t0 = performance.now();
    let answer: Answer | null = null;
    try {
      answer = await call(base, 'POST', path, headers, body);
      stats.latencies.push(performance.now() - t0);
    } catch {
      answer = null;
    }
    if (answer && answer.status === 201) {
      if (answer.replayed) stats.replays += 1;
      return true;
    }
    if (answer && answer.status < 500 && answer.status !== 409) {
      stats.writeErrors.push(`POST ${path} ${answer.status} ${answer.body.slice(0, 120)}`);
      return false;
    }
    if (Date.now() > giveUp) {
      stats.writeErrors.push(`POST ${path}: no answer after 90 s`);
      return false;
    }
    stats.writeRetries += 1;
    await sleep(300);
  }
}

export async function runUsers(o: {
  base: string;
  users: Array<{ username: string; password: string }>;
  seconds: number;
  carrierId: number;
  code: () => string;
}): Promise<LoadStats> {
  const stats: LoadStats = {
    reads: 0,
    readErrors: [],
    latencies: [],
    projects: new Set(),
    codes: new Set(),
    writeErrors: [],
    writeRetries: 0,
    replays: 0,
  };
  const signIn = async (u: { username: string; password: string }) => {
    const res = await call(o.base, 'POST', '/api/token/', {}, u);
    if (res.status !== 200)
      throw new Error(`sign-in of ${u.username}: ${res.status} ${res.body.slice(0, 200)}`);
    return (JSON.parse(res.body) as { token: string }).token;
  };
  const tokens: string[] = [];
  for (let i = 0; i < o.users.length; i += 20)
    tokens.push(...(await Promise.all(o.users.slice(i, i + 20).map(signIn))));
  const deadline = Date.now() + o.seconds * 1000;
  const user = async (n: number, token: string) => {
    await sleep(Math.random() * THINK_MS);
    for (let k = 1; Date.now() < deadline; k += 1) {
      const roll = Math.random();
      if (roll < 0.1) {
        const name = `mp-${n}-${k}`;
        if (await create(o.base, token, '/api/projects/', { name }, stats)) stats.projects.add(name);
      } else if (roll < 0.2) {
        const code = o.code();
        const body = { carrier_id: o.carrierId, code_type: 'c_id', code_value: code };
        if (await create(o.base, token, '/api/tracking-requests/', body, stats)) stats.codes.add(code);
      } else {
        const path = READS[Math.floor(Math.random() * READS.length)];
        const t0 = performance.now();
        try {
          const res = await call(o.base, 'GET', path, { authorization: `Token ${token}` });
          stats.latencies.push(performance.now() - t0);
          stats.reads += 1;
          if (res.status !== 200) stats.readErrors.push(`GET ${path} ${res.status}`);
        } catch (error) {
          stats.readErrors.push(`GET ${path}: ${(error as Error).message}`);
        }
      }
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  };
  await Promise.all(tokens.map((token, n) => user(n, token)));
  return stats;
}
