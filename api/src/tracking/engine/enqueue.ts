// What the tracking-requests API calls. Works with or without an engine in this process: the
// database state (next_poll_at = now(), status) is what the scheduler of any worker picks up
// within one tick; a running engine in this process also sends the job at once.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { runningEngine } from './engine';
import { resetForRetry } from './lifecycle';

/**
 * Call after creating a tracking request, after a retry, and after setting pending_archiving /
 * pending_cancelling: a new / ongoing request is polled now, a pending one is carried out.
 */
export async function enqueueTrackingRequest(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('tracking_requests')
    .set({ next_poll_at: sql`now()`, poll_failures: 0 })
    .where('id', '=', id)
    .where('status', 'in', ['new', 'ongoing'])
    .execute();
  const engine = runningEngine();
  if (engine) await engine.enqueue(id);
}

/** Retry from invalid: status back to new, polling state reset, polled now. False if not invalid. */
export async function retryTrackingRequest(db: Kysely<Database>, id: number): Promise<boolean> {
  const reset = await resetForRetry(db, id);
  if (reset) await enqueueTrackingRequest(db, id);
  return reset;
}
