// Starts the database (DATABASE_URL or embedded PostgreSQL), migrates, optionally seeds the demo
// data, listens, and runs the tracking engine's workers (ENGINE_WORKERS=0: not here). Everything
// else is in app.ts.
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/connection';
import { migrate } from './db/migrate';
import { DEMO_LOGINS, hasDemoData, seedDemo } from './demo/seed';
import { readableLogStream } from './logging';
import { startEngineRuntime } from './tracking/engine/runtime';
import { seedReferenceData } from './tracking/reference-data';

async function main(): Promise<void> {
  const config = loadConfig();
  const { port, host } = config.server;
  const settings = config.database;
  const stops: Array<() => Promise<void>> = [];

  let url = settings.databaseUrl;
  if (!url) {
    const { startEmbeddedPostgres } = await import('./db/embedded');
    console.log(
      `Starting embedded PostgreSQL on port ${settings.embedded.port} (data in ${settings.embedded.dataDir})`,
    );
    const pg = await startEmbeddedPostgres(settings.embedded);
    url = pg.url;
    stops.push(pg.stop);
  }

  const { applied } = await migrate(url, { log: (m) => console.log(m) });
  if (applied.length === 0) console.log('Database schema is up to date.');

  const handle = createDb(url);
  stops.unshift(handle.close);
  const { ports } = await seedReferenceData(handle.db);
  if (ports) console.log(`Loaded ${ports} ports from sea-ports.`);
  let seeded = false;
  if (config.server.demoSeed) {
    seeded = await seedDemo(handle.db, { epochDaysAgo: config.demoEpochDaysAgo });
    if (seeded) console.log('Seeded the demo data.');
  }

  const app = await buildApp({
    db: handle.db,
    config,
    logger: { level: config.server.logLevel, stream: readableLogStream() },
    corsOrigins: config.server.corsOrigins,
    // TRUST_PROXY: '1'/'true' any proxy, '0'/'false' none, else addresses/CIDRs (none by default;
    // `npm start` sets 'loopback' for the portal's server).
    trustProxy: config.server.trustProxy,
  });
  stops.unshift(() => app.close());

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping.`);
    for (const stop of stops) await stop().catch((err) => console.error(err));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Ctrl+C reaches the embedded PostgreSQL (same process group) as fast as us: it ends our connections
  // ("terminating connection due to administrator command", 57P01) and a connection that was idle in a
  // worker reports it as an unhandled 'error'. That is the database going away, not a bug: stop cleanly.
  process.on('uncaughtException', (err: Error & { code?: string }) => {
    const databaseGone =
      ['57P01', '57P02', '57P03'].includes(err.code ?? '') || /Connection terminated/.test(err.message);
    if (databaseGone || stopping) {
      if (!stopping) console.log(`The database went away (${err.code ?? err.message}); stopping.`);
      void shutdown('database shutdown');
      return;
    }
    console.error(err);
    process.exit(1);
  });

  await app.listen({ port, host });
  console.log(`API listening on http://localhost:${port}/api/`);
  console.log(`API docs: http://localhost:${port}/api/docs`);

  // The tracking engine's workers run here unless ENGINE_WORKERS=0 (then run src/worker.ts).
  if (config.server.engineWorkers) {
    const runtime = await startEngineRuntime({
      config,
      db: handle.db,
      databaseUrl: url,
      callbackBaseUrl: `http://127.0.0.1:${port}`,
    });
    stops.unshift(() => runtime.stop());
    console.log('Tracking engine workers running in the API process.');
  }
  if (seeded || (await hasDemoData(handle.db))) {
    console.log('Demo logins (username / password):');
    for (const login of DEMO_LOGINS) console.log(`  ${login.username} / ${login.password}  (${login.note})`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
