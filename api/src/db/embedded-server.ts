// The embedded PostgreSQL as a process of its own (`tsx src/db/embedded-server.ts`), for `npm start` with several
// API processes (PORTAL_API_PROCESSES): when one API process owns the database, killing it would take the
// database away from the others. This one only starts the server (EMBEDDED_PG_PORT, data in PORTAL_DATA_DIR),
// applies the migrations once, says so, and stops the server on SIGINT / SIGTERM; the API and worker processes
// connect with DATABASE_URL. A single API process keeps starting its own, as before (server.ts).
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';
import { stopOnSignals } from '../lib/shutdown';

async function main(): Promise<void> {
  const { embedded } = loadConfig().database;
  const pg = await startEmbeddedPostgres(embedded);
  stopOnSignals('embedded PostgreSQL', () => pg.stop());
  const { applied } = await migrate(pg.url, { log: (m) => console.log(m) });
  if (applied.length === 0) console.log('Database schema is up to date.');
  // portal.mjs waits for this line before starting the API processes.
  console.log(`Embedded PostgreSQL ready on ${pg.url.replace(/\/\/[^@]+@/, '//')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
