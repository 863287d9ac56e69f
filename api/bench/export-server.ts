// The API alone on the bench database, for export.bench.ts to measure in its own process (peak RSS).
// Prints the port it listens on and its pid (tsx runs it in a child process), then serves until killed.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';

async function main(): Promise<void> {
  const url = process.env.BENCH_URL;
  if (!url) throw new Error('BENCH_URL is not set');
  const handle = createDb(url, { max: 4 });
  const app = await buildApp({ db: handle.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${(app.server.address() as AddressInfo).port} ${process.pid}\n`);
}

void main();
