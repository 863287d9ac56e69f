// Load helpers of the benchmarks: N concurrent clients over keep-alive HTTP (closed loop, or with think time
// for a steady arrival rate), the same for plain async functions (direct SQL), and latency percentiles.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** Bytes of the last answer (HTTP only). */
  bytes?: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface LoadOptions {
  concurrency: number;
  requests: number;
  /** Pause of each client between its requests (ms); 0 = closed loop (saturation). */
  thinkMs?: number;
}

/** Runs `task` `requests` times over `concurrency` clients; each call's latency is recorded. */
export async function runLoad(task: () => Promise<number | void>, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  let bytes: number | undefined;
  const started = performance.now();
  const client = async (n: number) => {
    // Spread the first requests of paced clients over one think period.
    if (options.thinkMs) await sleep((options.thinkMs * n) / options.concurrency);
    while (issued < options.requests) {
      issued++;
      const t0 = performance.now();
      try {
        const size = await task();
        if (typeof size === 'number') bytes = size;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
      if (options.thinkMs) await sleep(options.thinkMs * (0.5 + Math.random()));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, n) => client(n)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    errors,
    bytes,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET over a keep-alive agent; resolves with the body size, rejects on a non-200 answer. */
export function httpGetter(base: string, token: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${base}${path}`,
        { agent, headers: { authorization: `Token ${token}` } },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => (size += chunk.length));
          res.on('end', () =>
            res.statusCode === 200 ? resolve(size) : reject(new Error(`${path}: HTTP ${res.statusCode}`)),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

export function describe(r: LoadResult): string {
  return (
    `p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  ` +
    `${r.rps.toFixed(0)} req/s  (${r.requests} requests${r.errors ? `, ${r.errors} ERRORS` : ''})`
  );
}

/** Runs `task` back to back over `concurrency` clients for `seconds` (closed loop); latencies as runLoad. */
export async function runTimed(
  task: () => Promise<number | void>,
  options: { concurrency: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes: number | undefined;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const size = await task();
        if (typeof size === 'number') bytes = size;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, () => client()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    errors,
    bytes,
  };
}
