// Benchmark of the BI client metrics (GET /api/bi/{metric}/) on the 1,000,000 shipments of one company
// (bench/shipments-data.ts), over real HTTP, one client (sequential requests): p95 of each metric, without
// filters and with a typical filter (one carrier, a 5½-month created_at range with partial edge months), against
// the 300 ms target (a miss is marked ✗; the run fails only on errors).
//   npm run bench -w @portal/api -- bi          (BENCH_BI_REQUESTS per scenario, default 20)
// Database: as shipments.bench.ts (BENCH_DATABASE_URL, else DATABASE_URL's server, else the local server,
// database portal_bench). Pending migrations (0012, the BI rollup) are applied by prepareBenchDatabase.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { createDb, withDatabase } from '../src/db/connection';
import { hashToken, newToken } from '../src/lib/tokens';
import { METRICS } from '../src/services/bi/catalogue';
import { describe, httpGetter, runLoad } from './load';
import { benchData, prepareBenchDatabase } from './shipments-data';

const REQUESTS = Number(process.env.BENCH_BI_REQUESTS ?? 20);
const TARGET_MS = 300;
const log = (m: string) => console.log(m);

function serverOf(): { serverUrl: string; database: string } {
  if (process.env.BENCH_DATABASE_URL) {
    const url = new URL(process.env.BENCH_DATABASE_URL);
    return {
      serverUrl: withDatabase(url.toString(), 'postgres'),
      database: decodeURIComponent(url.pathname.slice(1)),
    };
  }
  return {
    serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    database: 'portal_bench',
  };
}

async function main(): Promise<void> {
  const server = serverOf();
  const url = await prepareBenchDatabase(server.serverUrl, server.database, log);
  const ids = await benchData(url);
  const handle = createDb(url, { max: 4 });
  const app = await buildApp({ db: handle.db });
  const token = newToken();
  await handle.db
    .insertInto('auth_tokens')
    .values({ key_hash: hashToken(token), user_id: ids.userId })
    .execute();
  let failed = false;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const http = httpGetter(base, token, 1);
    const scenarios: Array<[string, string]> = [
      ['no filter', ''],
      [
        'carrier 1, 2025-01-15..2025-06-30',
        'carrier=1&created_at_range_after=2025-01-15&created_at_range_before=2025-06-30',
      ],
    ];
    const misses: string[] = [];
    for (const def of METRICS.filter((m) => m.type === 'client')) {
      for (const [name, query] of scenarios) {
        const path = `/bi/${def.metric}/${query ? `?${query}` : ''}`;
        await http.get(path); // warm-up (and fails early on an error)
        const r = await runLoad(() => http.get(path), { concurrency: 1, requests: REQUESTS });
        const ok = r.p95 <= TARGET_MS && r.errors === 0;
        if (r.errors) failed = true;
        if (!ok) misses.push(`${def.metric} (${name})`);
        log(`${ok ? '✓' : '✗'} ${def.metric.padEnd(26)} ${name.padEnd(36)} ${describe(r)}`);
      }
    }
    http.close();
    log(
      misses.length
        ? `✗ over ${TARGET_MS} ms: ${misses.join(', ')}`
        : `✓ every client metric p95 ≤ ${TARGET_MS} ms`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await handle.db.deleteFrom('auth_tokens').where('key_hash', '=', hashToken(token)).execute();
    await app.close();
    await handle.close();
  }
  process.exit(failed ? 1 : 0);
}

void main();
