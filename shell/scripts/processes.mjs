// The API tier of `npm start`: one API process running the engine (the default), or, with
// PORTAL_API_PROCESSES=N and/or PORTAL_WORKER_PROCESSES=M, N API processes on API_PORT, API_PORT+1, … and M engine
// worker processes (src/worker.ts), all on one database, behind the portal's server, which balances /api/ over
// them (shared-ui/build/api-balancer.mjs). With several processes the embedded PostgreSQL runs as a process of its
// own (api/src/db/embedded-server.ts), so that no API process takes it down when it dies; DATABASE_URL, when
// set, is used instead. Every process is supervised (restarted with backoff).
import { createRequire } from 'node:module';
import path from 'node:path';

const MAX_PROCESSES = 16;

function count(value, fallback, min) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > MAX_PROCESSES) {
    throw new Error(`expected a whole number from ${min} to ${MAX_PROCESSES}, got "${value}"`);
  }
  return n;
}

/** PORTAL_API_PROCESSES (1..16, default 1) and PORTAL_WORKER_PROCESSES (0..16, default 0). */
export function processSettings(env = process.env) {
  const api = count(env.PORTAL_API_PROCESSES, 1, 1);
  const workers = count(env.PORTAL_WORKER_PROCESSES, 0, 0);
  return { api, workers, multi: api > 1 || workers > 0 };
}

/** The API processes' base URLs (what the portal's server balances /api/ over). */
export function apiUrlsFor(env, apiPort) {
  const { api } = processSettings(env);
  return Array.from({ length: api }, (_, i) => `http://localhost:${apiPort + i}`);
}

/** Resolves once `url`'s database accepts a connection (the embedded server is up and its database exists). */
async function waitForDatabase(root, url, timeoutMs, isAlive) {
  const pg = createRequire(path.join(root, 'api', 'package.json'))('pg');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isAlive()) throw new Error('stopped while waiting for the database');
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1 FROM schema_migrations LIMIT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`the database did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Starts the API tier; resolves when every API process answers its health check (apiUrlsFor says where).
 * `spawnChild(name, cmd, args, cwd, env)` supervises a child; `apiEnv` is every API process's environment.
 */
export async function startApiTier({
  root,
  env,
  bin,
  spawnChild,
  apiPort,
  portalPort,
  apiEnv,
  waitFor,
  isAlive,
}) {
  const tier = processSettings(env);
  const health = (port) => `http://localhost:${port}/api/health/`;
  if (!tier.multi) {
    spawnChild('API', bin('tsx'), ['src/server.ts'], 'api', { ...apiEnv, PORT: String(apiPort) });
    await waitFor(health(apiPort), 180000, isAlive);
    return;
  }
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const port = Number(env.EMBEDDED_PG_PORT || 5433);
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/portal`;
    spawnChild('database', bin('tsx'), ['src/db/embedded-server.ts'], 'api', {});
    await waitForDatabase(root, databaseUrl, 180000, isAlive);
  }
  const shared = {
    ...apiEnv,
    DATABASE_URL: databaseUrl,
    ...(tier.workers > 0 ? { ENGINE_WORKERS: '0' } : {}),
  };
  const ports = Array.from({ length: tier.api }, (_, i) => apiPort + i);
  // The first one alone (it seeds the demo data), then the others, which find the data there.
  spawnChild('API 1', bin('tsx'), ['src/server.ts'], 'api', { ...shared, PORT: String(ports[0]) });
  await waitFor(health(ports[0]), 180000, isAlive);
  ports.slice(1).forEach((port, i) =>
    spawnChild(`API ${i + 2}`, bin('tsx'), ['src/server.ts'], 'api', {
      ...shared,
      PORT: String(port),
      DEMO_SEED: '0',
    }),
  );
  for (let i = 0; i < tier.workers; i += 1) {
    spawnChild(`engine worker ${i + 1}`, bin('tsx'), ['src/worker.ts'], 'api', {
      DATABASE_URL: databaseUrl,
      // Carriers push through the portal's balancer, so any API process takes the callback.
      ENGINE_CALLBACK_URL: env.ENGINE_CALLBACK_URL || `http://127.0.0.1:${portalPort}`,
    });
  }
  for (const port of ports.slice(1)) await waitFor(health(port), 180000, isAlive);
}
