// The API alone on the bench database, for peer.bench.ts to measure in its own process (its CPU from /proc).
// Same pool size as the server (src/server.ts, 10). Prints "<port> <pid>" once listening, then serves until
// killed.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';

async function main(): Promise<void> {
  const url = process.env.BENCH_URL;
  if (!url) throw new Error('BENCH_URL is not set');
  const handle = createDb(url);
  const app = await buildApp({ db: handle.db });
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  process.stdout.write(`${(app.server.address() as AddressInfo).port} ${process.pid}\n`);
}

void main();
