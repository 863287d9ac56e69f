import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, dropDatabase, ensureDatabase, withDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/tracking/reference-data';

declare global {
  var __PORTAL_TEST_TEARDOWN__: (() => Promise<void>) | undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const name = `portal_test_${Date.now()}_${process.pid}`;
  let url: string;
  if (serverUrl) {
    await ensureDatabase(serverUrl, name);
    url = withDatabase(serverUrl, name);
    globalThis.__PORTAL_TEST_TEARDOWN__ = () => dropDatabase(serverUrl, name);
    console.log(`\nAPI tests on database ${name} (server of TEST_DATABASE_URL/DATABASE_URL)`);
  } else {
    const { rm } = await import('node:fs/promises');
    const { startEmbeddedPostgres } = await import('../src/db/embedded');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-pg-'));
    const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: name });
    url = pg.url;
    globalThis.__PORTAL_TEST_TEARDOWN__ = async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
    console.log(`\nAPI tests on an embedded PostgreSQL (${dataDir})`);
  }
  await migrate(url);
  const handle = createDb(url, { max: 1 });
  try {
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
  // Read by test/helpers (workers inherit the environment).
  process.env.PORTAL_TEST_DATABASE_URL = url;
}
