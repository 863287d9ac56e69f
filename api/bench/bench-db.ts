// Where the benchmarks on the million-shipment data find their database: BENCH_DATABASE_URL as is; else the
// server of DATABASE_URL, else postgres://postgres@127.0.0.1:5432 when it answers, else an embedded PostgreSQL
// in <repo>/.data/bench-postgres (port BENCH_PG_PORT, 5434); database `portal_bench`. The data is generated on
// first use (bench/shipments-data.ts) and reused after.
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../src/db/connection';
import { REPO_ROOT } from '../src/db/database-url';
import { prepareBenchDatabase } from './shipments-data';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function benchServer(): Promise<{
  serverUrl: string;
  database: string;
  stop: () => Promise<void>;
}> {
  if (process.env.BENCH_DATABASE_URL) {
    const url = new URL(process.env.BENCH_DATABASE_URL);
    return {
      serverUrl: withDatabase(url.toString(), 'postgres'),
      database: decodeURIComponent(url.pathname.slice(1)),
      stop: () => Promise.resolve(),
    };
  }
  if (process.env.DATABASE_URL) {
    return { serverUrl: process.env.DATABASE_URL, database: 'portal_bench', stop: () => Promise.resolve() };
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await answers(local))
    return { serverUrl: local, database: 'portal_bench', stop: () => Promise.resolve() };
  const { startEmbeddedPostgres } = await import('../src/db/embedded');
  const pgEmbedded = await startEmbeddedPostgres({
    dataDir: path.join(process.env.PORTAL_DATA_DIR ?? path.join(REPO_ROOT, '.data'), 'bench-postgres'),
    port: Number(process.env.BENCH_PG_PORT ?? 5434),
    database: 'portal_bench',
  });
  return { serverUrl: pgEmbedded.serverUrl, database: 'portal_bench', stop: pgEmbedded.stop };
}

/** The bench database, generated when missing or stale: its URL and how to stop an embedded server. */
export async function benchDatabase(
  log: (m: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = await benchServer();
  const url = await prepareBenchDatabase(server.serverUrl, server.database, log);
  return { url, stop: server.stop };
}
