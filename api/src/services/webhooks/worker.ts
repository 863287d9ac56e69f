// The webhook delivery worker, on pg-boss.
//
// - The outbox rows (webhook_events) and their deliveries are written by triggers in the transaction of the
//   change (migrations/0016_webhooks.sql). The delivery rows are the truth; jobs only say "work on chain C
//   of endpoint E".
// - The pump (every pumpIntervalMs) marks new deliveries as queued and, in the same transaction, queues one
//   job per chain on the `webhook-deliver` queue (policy `short`: at most one waiting job per chain; a job
//   left active by a dead worker never blocks the chain). A lease always starts at the chain's first pending
//   delivery, so however many jobs run for a chain, one worker sends it at a time, in order.
// - The sweep (every sweepIntervalMs) queues again every chain whose first pending delivery is due and not
//   leased: a worker that died mid-delivery, or a lost job, delays a delivery, it never loses one.
// - A job drains its chain strictly in order: it leases the due prefix of the chain's pending deliveries (up
//   to CLAIM_BATCH; leased_until), builds their bodies in two queries, signs and POSTs them one after the
//   other, and records the delivered ones in one statement. A failure (non-2xx, timeout, refused connection)
//   frees the rest of the lease, schedules the next attempt with exponential backoff (base × 2^(n-1), capped,
//   ±20 % jitter) and stops the chain until then, so later events of the same tracking request never overtake it. A
//   delivery is given up ('failed') once its event is older than retryWindowSeconds (72 h by default); the
//   chain then goes on.
// - The sweep also sends the API key expiry warnings (services/api-keys/expiry-notices.ts).
// - An endpoint whose attempts have all failed for disableAfterSeconds (72 h) is disabled; the managers of
//   the company get an e-mail (kept in disabled_notified_at, retried by the sweep until sent). Its pending
//   deliveries stay: enabling it again sends them.
// - The cleanup (at start, then every cleanupIntervalMs, 1 h) deletes delivered rows older than
//   deliveredRetentionDays (30) and the events left without deliveries, a bounded amount a run (cleanup.ts);
//   failed and pending deliveries stay in the log.
//
// The steps live beside this file: worker-queue.ts (pg-boss queue, chain jobs), worker-schedule.ts (pump,
// sweep, one run at a time), worker-chain.ts (one chain job), worker-deliveries.ts (its SQL), and
// worker-options.ts (settings).
import type PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { cleanupWebhookLog } from './cleanup';
import { drainChain, type ChainContext } from './worker-chain';
import { DEFAULT_WEBHOOK_OPTIONS, type WebhookWorkerOptions } from './worker-options';
import { chainEnqueuer, chainKey, startWebhookBoss, WEBHOOK_QUEUE, type ChainJob } from './worker-queue';
import { every, pumpDeliveries, singleFlight, sweepDueChains } from './worker-schedule';

export { WEBHOOK_GUARD_OFF_NOTICE, type WebhookWorkerOptions } from './worker-options';

export interface WebhookWorker {
  /** Queues the new deliveries now (the API calls it after a test event or a redelivery). */
  pump(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `loops` job loops on the delivery queue, each draining up to `batchSize` chains at once. Every drain
 * running is kept in `inflight` until it ends, so stopping can wait for it.
 */
async function startJobLoops(
  boss: PgBoss,
  ctx: ChainContext,
  inflight: Set<Promise<unknown>>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < ctx.o.loops; i += 1) {
    ids.push(
      await boss.work<ChainJob>(
        WEBHOOK_QUEUE,
        { batchSize: ctx.o.batchSize, pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          const drains = jobs.map((j) =>
            drainChain(ctx, j.data).catch((err: Error) => {
              ctx.o.log(`Webhook chain ${chainKey(j.data)}: ${err.message}`);
              throw err;
            }),
          );
          const all = Promise.all(drains);
          inflight.add(all);
          try {
            await all;
          } finally {
            inflight.delete(all);
          }
        },
      ),
    );
  }
  return ids;
}

export async function startWebhookWorker(
  db: Kysely<Database>,
  options: Partial<WebhookWorkerOptions> & Pick<WebhookWorkerOptions, 'log'>,
): Promise<WebhookWorker> {
  const o: WebhookWorkerOptions = { ...DEFAULT_WEBHOOK_OPTIONS, mailer: null, ...options };
  const { boss, queue } = await startWebhookBoss(db, o.schema, o.leaseSeconds, o.log);
  let stopping = false;
  const isStopping = () => stopping;
  const enqueue = chainEnqueuer(boss, db);
  const workerIds: string[] = [];
  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  const inflight = new Set<Promise<unknown>>();
  workerIds.push(...(await startJobLoops(boss, { db, o, enqueue, stopping: isStopping }, inflight)));

  const pump = singleFlight(
    () => pumpDeliveries(db, enqueue, wake, isStopping),
    (err) => o.log(`Webhook pump failed: ${err.message}`),
  );
  const sweep = () => sweepDueChains(db, o, enqueue, wake);
  const sweeping = singleFlight(sweep, (err) => o.log(`Webhook sweep failed: ${err.message}`));
  const cleanup = singleFlight(
    () => cleanupWebhookLog(db, { deliveredDays: o.deliveredRetentionDays }),
    (err) => o.log(`Webhook log cleanup failed: ${err.message}`),
    () => !stopping,
  );
  const timers = [every(o.pumpIntervalMs, () => pump.run()), every(o.sweepIntervalMs, () => sweeping.run())];
  await sweep().catch((err: Error) => o.log(`Webhook sweep failed: ${err.message}`));
  timers.push(every(o.cleanupIntervalMs, () => cleanup.run()));
  void cleanup.run();

  return {
    pump: () => pump.run() ?? Promise.resolve(),
    async stop() {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      await pump.running();
      await cleanup.running();
      // A chain being drained stops before its next send, but the send under way may take up to timeoutMs:
      // pg-boss waits for it, and past its own timeout the drain is still awaited here, so it records its
      // result (and pg-boss completes or fails its job) before the owner closes the database.
      await boss.stop({ graceful: true, wait: true, timeout: o.timeoutMs + 5_000, close: false });
      // A fetch under way when stop() began is not waited for by pg-boss: its jobs' drains and their completion.
      await queue.quiet(() => inflight);
    },
  };
}
