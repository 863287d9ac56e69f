// Cleaning the webhook outbox and delivery log (run by the delivery worker, see worker.ts).
//
// - A delivered (succeeded) delivery is deleted once it was delivered more than `deliveredDays` ago (default 30),
//   with its attempts (ON DELETE CASCADE).
// - An event (outbox row) is deleted once it is older than `deliveredDays` and no delivery of it is left.
// - Failed and pending deliveries are never deleted here: the delivery log shows every failed delivery (with
//   Send again) for as long as its endpoint exists, and a pending one is still to be sent. They are few (an
//   endpoint failing for 72 h is disabled, and a disabled endpoint gets no new deliveries); deleting an endpoint
//   deletes its log.
// - Bounded: at most `batch` rows a statement and `maxBatches` statements a run, each a short transaction that
//   skips rows another worker holds, so a large backlog is worked off over several runs without long locks.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface WebhookCleanupOptions {
  /** Delivered rows (and events with no delivery left) older than this many days are deleted. */
  deliveredDays: number;
  /** Rows deleted by one statement. */
  batch: number;
  /** Statements of one run, per table. */
  maxBatches: number;
}

export const WEBHOOK_CLEANUP_DEFAULTS: WebhookCleanupOptions = {
  deliveredDays: 30,
  batch: 5000,
  maxBatches: 20,
};

/** One bounded cleanup run; returns how many deliveries and events it deleted. */
export async function cleanupWebhookLog(
  db: Kysely<Database>,
  options: Partial<WebhookCleanupOptions> = {},
): Promise<{ deliveries: number; events: number }> {
  const o = { ...WEBHOOK_CLEANUP_DEFAULTS, ...options };
  const cutoff = sql`now() - make_interval(days => ${o.deliveredDays})`;
  const rounds = async (statement: () => Promise<number>) => {
    let total = 0;
    for (let i = 0; i < o.maxBatches; i += 1) {
      const n = await statement();
      total += n;
      if (n < o.batch) break;
    }
    return total;
  };
  const deliveries = await rounds(async () => {
    const result = await sql`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE status = 'succeeded' AND delivered_at < ${cutoff}
        ORDER BY id LIMIT ${o.batch} FOR UPDATE SKIP LOCKED)`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
  const events = await rounds(async () => {
    const result = await sql`
      DELETE FROM webhook_events WHERE id IN (
        SELECT ev.id FROM webhook_events ev
        WHERE ev.occurred_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = ev.id)
        ORDER BY ev.seq LIMIT ${o.batch} FOR UPDATE SKIP LOCKED)`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
  return { deliveries, events };
}
