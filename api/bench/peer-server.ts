// The API alone on the bench database, for peer.bench.ts to measure in its own process tree (its CPU from
// /proc). As many API processes as cores (BENCH_API_PROCESSES), sharing one listening port through node:cluster,
// as the reference's gunicorn workers share theirs (it runs 2 × cores + 1) and as PORTAL_API_PROCESSES runs the
// portal in operation: one Node.js process can use one core only. Each has the server's pool size (src/server.ts,
// 10). Prints "<port> <pid>" once every process listens, then serves until killed. A line "list-stats" on its
// standard input (or "list-stats reset") makes it print "list-stats <json>": how the list pages of all its
// processes were answered since the last reset (listCacheStats), for the bench's hit rate.
import cluster from 'node:cluster';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';
import { listCacheStats, type ListAnswerSource } from '../src/services/shipments/list-cache';

type Stats = Record<ListAnswerSource, number>;
const STATS = 'list-stats';

const PROCESSES = Math.max(1, Number(process.env.BENCH_API_PROCESSES ?? os.availableParallelism()));

/** A free port on the loopback address (BENCH_PORT when set). */
async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function serve(port: number): Promise<void> {
  const url = process.env.BENCH_URL;
  if (!url) throw new Error('BENCH_URL is not set');
  const handle = createDb(url);
  const app = await buildApp({ db: handle.db });
  await app.listen({ port, host: '127.0.0.1' });
}

/** The answer counters of every worker (each resetting its own when asked), summed. */
async function workersStats(reset: boolean): Promise<Stats> {
  const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const each = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<Stats>((resolve) => {
          const onMessage = (m: { [STATS]?: Stats }) => {
            if (!m[STATS]) return;
            worker.off('message', onMessage);
            resolve(m[STATS]);
          };
          worker.on('message', onMessage);
          worker.send({ [STATS]: reset });
        }),
    ),
  );
  const sum = { hits: 0, joined: 0, unchanged: 0, revalidated: 0, misses: 0 };
  for (const stats of each) for (const k of Object.keys(sum) as ListAnswerSource[]) sum[k] += stats[k];
  return sum;
}

/** Answers "list-stats [reset]" lines of standard input (see the head of this file). */
function answerStats(stats: (reset: boolean) => Promise<Stats>): void {
  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.startsWith(STATS))) {
      void stats(line.includes('reset')).then((s) => process.stdout.write(`${STATS} ${JSON.stringify(s)}\n`));
    }
  });
}

async function main(): Promise<void> {
  if (cluster.isWorker) {
    // A worker left behind by a primary that was killed stops too.
    process.once('disconnect', () => process.exit(0));
    process.on('message', (m: { [STATS]?: boolean }) => {
      if (m[STATS] !== undefined) process.send?.({ [STATS]: listCacheStats(m[STATS]) });
    });
    return serve(Number(process.env.BENCH_SERVE_PORT));
  }
  const port = await freePort();
  if (PROCESSES === 1) {
    await serve(port);
    answerStats((reset) => Promise.resolve(listCacheStats(reset)));
  } else {
    const listening = Array.from({ length: PROCESSES }, () => {
      const worker = cluster.fork({ BENCH_SERVE_PORT: String(port) });
      return new Promise<void>((resolve, reject) => {
        worker.once('listening', () => resolve());
        worker.once('exit', (code) => reject(new Error(`an API process exited (${code})`)));
      });
    });
    await Promise.all(listening);
    answerStats(workersStats);
    // The workers go with the primary.
    process.once('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      process.exit(0);
    });
  }
  process.stdout.write(`${port} ${process.pid}\n`);
}

void main();
