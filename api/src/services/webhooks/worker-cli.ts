// A webhook delivery worker as its own process: `tsx src/services/webhooks/worker-cli.ts`, on DATABASE_URL
// (else the embedded PostgreSQL of a running API). Start as many as you like; run the API with
// WEBHOOK_WORKER=0 to leave all deliveries to them. Settings: WEBHOOK_TIMEOUT_MS, WEBHOOK_RETRY_HOURS,
// WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_ALLOW_PRIVATE_URLS, SMTP_URL (disable notices), PUBLIC_URL.
// WEBHOOK_WORKER_SETTINGS may hold JSON overriding any option (tests use short backoffs).
import { loadConfig } from '../../config';
import { createDb } from '../../db/connection';
import { mailerFromConfig } from '../../mail';
import { startWebhookWorker, WEBHOOK_GUARD_OFF_NOTICE } from './worker';
import { stopOnSignals } from '../../lib/shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const { databaseUrl, embedded } = config.database;
  const url = databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${embedded.port}/portal`;
  const handle = createDb(url, { max: 8 });
  if (config.webhooks.allowPrivate) console.error(WEBHOOK_GUARD_OFF_NOTICE);
  const worker = await startWebhookWorker(handle.db, {
    ...config.webhooks.settings,
    mailer: mailerFromConfig(config.mail),
    publicUrl: config.publicUrl,
    log: (m) => console.error(m),
    ...config.webhooks.workerOverrides,
  });
  console.log(`Webhook worker ${process.pid} running.`);
  stopOnSignals('webhook worker', async () => {
    await worker.stop();
    await handle.close();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
