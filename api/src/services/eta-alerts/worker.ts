// The ETA-change e-mails' job on pg-boss (queue `eta-alerts`, in the `pgboss` schema the reports use): a cron
// schedule runs it every minute, so a change the engine queued is mailed within a couple of minutes; the
// singleton queue keeps one run at a time per cluster, and the row claim in send.ts holds even without it.
// Started with the API when mail can be sent (SMTP_URL) unless ETA_ALERTS=0; registered by app.ts.
import PgBoss from 'pg-boss';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { bossDb, ensureQueues } from '../../lib/boss-db';
import { mailerFromConfig, type Mailer } from '../../mail';
import { sendEtaAlerts } from './send';

const QUEUE = 'eta-alerts';

export async function startEtaAlertWorker(
  deps: { db: Kysely<Database>; mailer: Mailer; log: (m: string) => void },
  options: { portalUrl: string; cron?: string; pollingIntervalSeconds?: number },
): Promise<{ runNow(): Promise<void>; stop(): Promise<void> }> {
  const queueDb = bossDb(deps.db);
  const boss = new PgBoss({ db: queueDb, schema: 'pgboss', schedule: true, supervise: true });
  boss.on('error', (err) => deps.log(`pg-boss (eta-alerts): ${err.message}`));
  await boss.start();
  const queue: PgBoss.Queue = { name: QUEUE, policy: 'singleton', retryLimit: 0, expireInSeconds: 300 };
  await ensureQueues(boss, [queue]);
  await boss.work(
    QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5, batchSize: 1 },
    queueDb.handler(() => sendEtaAlerts(deps.db, deps.mailer, options).then(() => undefined)),
  );
  await boss.schedule(QUEUE, options.cron ?? '* * * * *');
  return {
    /** Queues a run at once (what the cron does every minute). */
    async runNow() {
      await boss.send(QUEUE, {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000, close: false });
      // A fetch under way when stop() began is not waited for by pg-boss: its run and its completion are.
      await queueDb.quiet();
    },
  };
}

export interface EtaAlertPluginOptions {
  /** A mailer (tests); default from SMTP_URL. null: no job. */
  mailer?: Mailer | null;
}

export const etaAlerts: FastifyPluginAsync<EtaAlertPluginOptions> = async (app, opts) => {
  const env = app.config.env;
  if (!env.etaAlerts.enabled) return;
  const mailer = opts.mailer === undefined ? mailerFromConfig(env.mail) : opts.mailer;
  if (!mailer) return;
  const worker = await startEtaAlertWorker(
    { db: app.db, mailer, log: (m) => app.log.warn(m) },
    // The portal's address for the links: PUBLIC_URL, else PORTAL_URL, else the local portal.
    { portalUrl: env.etaAlerts.portalUrl },
  );
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
  });
};
