// The webhook worker's periodic steps: the pump (new deliveries → chain jobs), the sweep (due chains queued
// again, disable and key expiry notices) and the guard that keeps each step to one run at a time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { notifyDisabledEndpoints } from './notify';
import { notifyExpiringKeys } from '../api-keys/expiry-notices';
import type { Enqueue } from './worker-queue';
import type { WebhookWorkerOptions } from './worker-options';

/** Rows marked queued per pump transaction. */
const PUMP_BATCH = 5000;

/**
 * Runs `task` at most once at a time: `run()` starts it unless it is running (or `canStart()` says no) and
 * returns the run in progress, if any. Its failures go to `onError`, never to the caller.
 */
export function singleFlight(
  task: () => Promise<unknown>,
  onError: (err: Error) => void,
  canStart: () => boolean = () => true,
) {
  let running: Promise<void> | null = null;
  return {
    run(): Promise<void> | null {
      if (!running && canStart())
        running = task()
          .then(
            () => undefined,
            (err: Error) => {
              onError(err);
            },
          )
          .finally(() => {
            running = null;
          });
      return running;
    },
    running: () => running,
  };
}

/**
 * Marks new deliveries as queued and, in the same transaction, queues one job per chain; in batches until
 * none is left (or the worker stops). `wake` tells the job loops there is work.
 */
export async function pumpDeliveries(
  db: Kysely<Database>,
  enqueue: Enqueue,
  wake: () => void,
  stopping: () => boolean,
): Promise<void> {
  let more = true;
  while (more && !stopping()) {
    const queued = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ endpoint_id: number; chain: string }>`
        UPDATE webhook_deliveries SET enqueued = true
        WHERE id IN (
          SELECT id FROM webhook_deliveries WHERE NOT enqueued ORDER BY id LIMIT ${sql.lit(PUMP_BATCH)}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING endpoint_id, chain`.execute(trx);
      await enqueue(
        rows.map((r) => ({ endpointId: r.endpoint_id, chain: r.chain })),
        trx,
      );
      return rows.length;
    });
    more = queued === PUMP_BATCH;
    // Waking the job loops makes each fetch from the queue at once: only worth it when chains were queued (an
    // idle worker would otherwise send four fetches to the database at every pump).
    if (queued > 0) wake();
  }
}

/**
 * Queues again every chain whose first pending delivery is due and not leased (a dead worker or a lost job
 * delays a delivery, never loses it), then sends the pending disable notices and API key expiry warnings.
 */
export async function sweepDueChains(
  db: Kysely<Database>,
  o: Pick<WebhookWorkerOptions, 'mailer' | 'publicUrl' | 'log'>,
  enqueue: Enqueue,
  wake: () => void,
): Promise<void> {
  const { rows } = await sql<{ endpoint_id: number; chain: string }>`
    SELECT h.endpoint_id, h.chain FROM (
      SELECT DISTINCT ON (d.endpoint_id, d.chain) d.endpoint_id, d.chain, d.next_attempt_at, d.leased_until
      FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
      WHERE d.status = 'pending' AND d.enqueued
      ORDER BY d.endpoint_id, d.chain, d.seq, d.id
    ) h
    WHERE h.next_attempt_at <= now() AND (h.leased_until IS NULL OR h.leased_until < now())
    LIMIT 10000`.execute(db);
  await enqueue(rows.map((r) => ({ endpointId: r.endpoint_id, chain: r.chain })));
  if (rows.length) wake();
  await notifyDisabledEndpoints(db, o.mailer, o.publicUrl, o.log);
  await notifyExpiringKeys(db, o.mailer, o.publicUrl, o.log);
}

/** Calls `tick` every `ms` without keeping the process alive; returns the timer to clear. */
export function every(ms: number, tick: () => unknown): NodeJS.Timeout {
  const timer = setInterval(() => void tick(), ms);
  timer.unref();
  return timer;
}
