// A webhook delivery worker as its own process: `tsx src/services/webhooks/worker-cli.ts`, on DATABASE_URL
// (else the embedded PostgreSQL of a running API). Start as many as you like; run the API with
// WEBHOOK_WORKER=0 to leave all deliveries to them. Settings: WEBHOOK_TIMEOUT_MS, WEBHOOK_RETRY_HOURS,
// WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_ALLOW_PRIVATE_URLS, SMTP_URL (disable notices), PUBLIC_URL.
// WEBHOOK_WORKER_SETTINGS may hold JSON overriding any option (tests use short backoffs).
import { createDb } from '../../db/connection';
import { databaseSettings } from '../../db/database-url';
import { mailerFromEnv } from '../../mail';
import {
  startWebhookWorker,
  webhookSettingsFromEnv,
  WEBHOOK_GUARD_OFF_NOTICE,
  type WebhookWorkerOptions,
} from './worker';
import { stopOnSignals } from '../../lib/shutdown';

async function main(): Promise<void> {
  const settings = databaseSettings();
  const url =
    settings.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${settings.embedded.port}/portal`;
  const handle = createDb(url, { max: 8 });
  const extra: Partial<WebhookWorkerOptions> = process.env.WEBHOOK_WORKER_SETTINGS
    ? (JSON.parse(process.env.WEBHOOK_WORKER_SETTINGS) as Partial<WebhookWorkerOptions>)
    : {};
  const fromEnv = webhookSettingsFromEnv();
  if (fromEnv.allowPrivate) console.error(WEBHOOK_GUARD_OFF_NOTICE);
  const worker = await startWebhookWorker(handle.db, {
    ...fromEnv,
    mailer: mailerFromEnv(),
    publicUrl: process.env.PUBLIC_URL?.replace(/\/+$/, ''),
    log: (m) => console.error(m),
    ...extra,
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
