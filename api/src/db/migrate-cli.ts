// `npm run migrate -w api`: applies the migrations to DATABASE_URL, or to the embedded server.
import { loadConfig } from '../config';
import { seedReferenceData } from '../tracking/reference-data';
import { createDb } from './connection';
import { migrate } from './migrate';

async function main(): Promise<void> {
  const settings = loadConfig().database;
  let url = settings.databaseUrl;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const { startEmbeddedPostgres } = await import('./embedded');
    const pg = await startEmbeddedPostgres(settings.embedded);
    url = pg.url;
    stop = pg.stop;
  }
  try {
    const { applied } = await migrate(url, { log: (m) => console.log(m) });
    console.log(applied.length ? `Applied ${applied.length} migration(s).` : 'Database is up to date.');
    const handle = createDb(url, { max: 1 });
    try {
      const { ports } = await seedReferenceData(handle.db);
      if (ports) console.log(`Loaded ${ports} ports from sea-ports.`);
    } finally {
      await handle.close();
    }
  } finally {
    await stop?.();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
