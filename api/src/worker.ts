// The tracking engine's workers as a separate process (`tsx src/worker.ts`), on the API's database:
// DATABASE_URL, else the embedded PostgreSQL a running API started (EMBEDDED_PG_PORT, 5433). Start
// as many as you like; they share the job queue. Run the API with ENGINE_WORKERS=0 to leave all the
// work to them.
import { loadConfig } from './config';
import { createDb } from './db/connection';
import { migrate } from './db/migrate';
import { startEngineRuntime } from './tracking/engine/runtime';
import { stopOnSignals } from './lib/shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const { databaseUrl, embedded } = config.database;
  const url = databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${embedded.port}/portal`;
  await migrate(url);
  const handle = createDb(url, { max: 6 });
  const runtime = await startEngineRuntime({ config, db: handle.db, databaseUrl: url });
  console.log(`Tracking engine worker ${process.pid} running.`);
  stopOnSignals('worker', async () => {
    await runtime.stop();
    await handle.close();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
