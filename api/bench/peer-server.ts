// The API alone on the bench database, for peer.bench.ts to measure in its own process tree (its CPU from
// /proc). As many API processes as cores (BENCH_API_PROCESSES), sharing one listening port through node:cluster,
// as the reference's gunicorn workers share theirs (it runs 2 × cores + 1) and as PORTAL_API_PROCESSES runs the
// portal in operation: one Node.js process can use one core only. Each has the server's pool size (src/server.ts,
// 10). Prints "<port> <pid>" once every process listens, then serves until killed.
import cluster from 'node:cluster';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';

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

async function main(): Promise<void> {
  if (cluster.isWorker) {
    // A worker left behind by a primary that was killed stops too.
    process.once('disconnect', () => process.exit(0));
    return serve(Number(process.env.BENCH_SERVE_PORT));
  }
  const port = await freePort();
  if (PROCESSES === 1) await serve(port);
  else {
    const listening = Array.from({ length: PROCESSES }, () => {
      const worker = cluster.fork({ BENCH_SERVE_PORT: String(port) });
      return new Promise<void>((resolve, reject) => {
        worker.once('listening', () => resolve());
        worker.once('exit', (code) => reject(new Error(`an API process exited (${code})`)));
      });
    });
    await Promise.all(listening);
    // The workers go with the primary.
    process.once('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      process.exit(0);
    });
  }
  process.stdout.write(`${port} ${process.pid}\n`);
}

void main();
