// The tracking engine's scheduler: a tick claims the tracking requests due for a poll (next_poll_at,
// with a lease so a lost job is claimed again), the pending life-cycle actions and the shipments to
// recompute, and sends their jobs; enqueue does the same for one request at once.
import { sql } from 'kysely';
import type { EngineDeps } from './deps';
import type { JobQueues } from './queues';

export interface TickResult {
  polls: number;
  lifecycle: number;
  recomputes: number;
}

/** A tick over the requests of `companyIds` (all when null). */
export function scheduler(deps: EngineDeps, queues: JobQueues, companyIds: number[] | null) {
  const { config } = deps;
  const inScope = companyIds ? sql`AND company_id = ANY(${companyIds}::int[])` : sql``;
  return async (): Promise<TickResult> => {
    const due = await sql<{ id: number }>`
      WITH due AS (
        SELECT id FROM tracking_requests
        WHERE status IN ('new', 'ongoing') AND coalesce(next_poll_at, '-infinity') <= now() ${inScope}
        ORDER BY next_poll_at NULLS FIRST
        LIMIT ${config.claimBatch}
        FOR UPDATE SKIP LOCKED)
      UPDATE tracking_requests t SET next_poll_at = now() + make_interval(secs => ${config.pollLeaseSeconds})
      FROM due WHERE t.id = due.id
      RETURNING t.id`.execute(deps.db);
    for (const { id } of due.rows) await queues.sendPoll(id);

    const pendingRows = await sql<{ id: number }>`
      SELECT id FROM tracking_requests
      WHERE status IN ('pending_archiving', 'pending_cancelling') ${inScope}
      LIMIT ${config.claimBatch}`.execute(deps.db);
    for (const { id } of pendingRows.rows) await queues.sendLifecycle(id);

    const stale = await sql<{ id: number }>`
      SELECT id FROM tracking_requests
      WHERE status IN ('new', 'ongoing') AND last_update IS NOT NULL ${inScope}
        AND (computed_at IS NULL OR last_update > computed_at
             OR (status = 'ongoing' AND computed_at < now() - make_interval(secs => ${config.recomputeEverySeconds})))
      LIMIT ${config.claimBatch}`.execute(deps.db);
    for (const { id } of stale.rows) await queues.sendRecompute(id);
    return { polls: due.rows.length, lifecycle: pendingRows.rows.length, recomputes: stale.rows.length };
  };
}

/** Polls a request now (if new / ongoing, claiming it under the lease) or carries out its pending state. */
export function enqueuer(deps: EngineDeps, queues: JobQueues) {
  return async (id: number): Promise<void> => {
    const claimed = await deps.db
      .updateTable('tracking_requests')
      .set({ next_poll_at: sql`now() + make_interval(secs => ${deps.config.pollLeaseSeconds})` })
      .where('id', '=', id)
      .where('status', 'in', ['new', 'ongoing'])
      .returning('id')
      .executeTakeFirst();
    if (claimed) {
      await queues.sendPoll(id);
      return;
    }
    const row = await deps.db
      .selectFrom('tracking_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.status === 'pending_archiving' || row?.status === 'pending_cancelling')
      await queues.sendLifecycle(id);
  };
}

/** Ticks every `tickMs` (a tick still running is not overlapped); returns the timer. */
export function tickEvery(
  tickMs: number,
  tick: () => Promise<unknown>,
  log: (m: string) => void,
): NodeJS.Timeout {
  let ticking = false;
  const run = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await tick();
    } catch (err) {
      log(`Engine tick failed: ${(err as Error).message}`);
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void run(), tickMs);
  void run();
  return timer;
}
