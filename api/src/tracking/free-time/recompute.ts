// Recomputing every container of a company after its free-time rules changed, in the background: the rules API
// calls requestFreeTimeRecompute, a worker (worker.ts) claims the company and walks its shipments in batches, one
// short transaction each (keyset over id), so the lists keep answering and nothing holds locks for long.
// free_time_recomputes keeps the progress (total, processed) and a new request made during a run starts another:
// pending = started_at and done_at null; under way = started_at set, done_at null; done = both set.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { applyFreeTime, loadRules } from './apply';
import { transactionRetryingDeadlocks } from '../../lib/transactions';
import { todayUtc } from './view';

const FREE_TIME_BATCH = 2000;
/** A run not finished this long after it started is taken as abandoned (its process died) and claimed again. */
const FREE_TIME_LEASE_SECONDS = 600;

const wakers = new Set<() => void>();

/** Lets a worker of this process start at once on a request instead of at its next poll. */
export function onFreeTimeRequest(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Asks for every container of the company to be recomputed (after a rule was created, changed or deleted). */
export async function requestFreeTimeRecompute(db: Kysely<Database>, companyId: number): Promise<void> {
  await sql`
    INSERT INTO free_time_recomputes (company_id, requested_at) VALUES (${companyId}, now())
    ON CONFLICT (company_id) DO UPDATE SET requested_at = now(), done_at = NULL,
      -- A finished run leaves the row pending again; a run under way notices the newer request when it ends.
      started_at = CASE WHEN free_time_recomputes.done_at IS NULL THEN free_time_recomputes.started_at END`.execute(
    db,
  );
  for (const wake of wakers) wake();
}

export interface ClaimedRecompute {
  companyId: number;
  /** The claim's start, as text so it compares exactly (microseconds) when the run ends. */
  startedAt: string;
  total: number;
}

/** The oldest request nobody is working on, now claimed (or null). */
export async function claimFreeTimeRecompute(db: Kysely<Database>): Promise<ClaimedRecompute | null> {
  const result = await sql<{ company_id: number; started_at: string; total: number }>`
    WITH next AS (
      SELECT company_id FROM free_time_recomputes
      WHERE done_at IS NULL
        AND (started_at IS NULL OR started_at < now() - make_interval(secs => ${FREE_TIME_LEASE_SECONDS}))
      ORDER BY requested_at LIMIT 1
      FOR UPDATE SKIP LOCKED)
    UPDATE free_time_recomputes r SET started_at = now(), processed = 0,
      total = (SELECT count(*) FROM shipments s WHERE s.company_id = r.company_id)
    FROM next WHERE r.company_id = next.company_id
    RETURNING r.company_id, r.started_at::text AS started_at, r.total`.execute(db);
  const row = result.rows[0];
  return row ? { companyId: row.company_id, startedAt: row.started_at, total: row.total } : null;
}

/** Done unless a new request came after the run started; then it is left for another run at once. */
async function finishRun(db: Kysely<Database>, run: ClaimedRecompute, completed: boolean): Promise<void> {
  await sql`
    UPDATE free_time_recomputes SET
      done_at = CASE WHEN ${completed} AND requested_at <= started_at THEN now() END,
      started_at = CASE WHEN ${completed} AND requested_at <= started_at THEN started_at END
    WHERE company_id = ${run.companyId} AND started_at = ${run.startedAt}::timestamptz`.execute(db);
}

export interface RunOptions {
  batch?: number;
  /** Batches written side by side (1 to 8, default 2): each its own short transaction. */
  lanes?: number;
  today?: string;
  /** Checked between batches: true stops the run (it is released for another worker). */
  stopping?: () => boolean;
}

/** Hands out the company's shipment ids batch by batch (keyset over id), one caller at a time. */
function batchSource(db: Kysely<Database>, companyId: number, batch: number): () => Promise<string[]> {
  let cursor = '0';
  let exhausted = false;
  let queue: Promise<unknown> = Promise.resolve();
  return () => {
    const next = queue.then(async () => {
      if (exhausted) return [];
      const { rows } = await sql<{ id: string }>`
        SELECT id::text AS id FROM shipments WHERE company_id = ${companyId} AND id > ${cursor}::bigint
        ORDER BY id LIMIT ${batch}`.execute(db);
      if (rows.length < batch) exhausted = true;
      if (rows.length) cursor = rows[rows.length - 1].id;
      return rows.map((r) => r.id);
    });
    queue = next.catch(() => undefined);
    return next;
  };
}

/** Recomputes every shipment of the claimed company, batch by batch; returns how many it went through. */
export async function runFreeTimeRecompute(
  db: Kysely<Database>,
  run: ClaimedRecompute,
  options: RunOptions = {},
): Promise<number> {
  const nextBatch = batchSource(db, run.companyId, options.batch ?? FREE_TIME_BATCH);
  const lanes = Math.max(1, Math.min(8, options.lanes ?? 2));
  let processed = 0;
  let stopped = false;
  let failed = false;
  const lane = async () => {
    for (;;) {
      if (failed || options.stopping?.()) {
        stopped = true;
        return;
      }
      const ids = await nextBatch();
      if (!ids.length) return;
      // Lanes of one company's shipments side by side: a batch PostgreSQL aborts in a deadlock on the counts the
      // triggers keep is applied again.
      await transactionRetryingDeadlocks(db, async (trx) => {
        // Read per batch: a rule changed meanwhile applies to the rest at once (and requests another run).
        const rules = await loadRules(trx, [run.companyId]);
        await applyFreeTime(trx, ids, { today: options.today ?? todayUtc(), rules });
        await sql`
          UPDATE free_time_recomputes SET processed = processed + ${ids.length}
          WHERE company_id = ${run.companyId} AND started_at = ${run.startedAt}::timestamptz`.execute(trx);
      });
      processed += ids.length;
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } catch (err) {
    // Released at once (pending again) rather than left claimed until the lease runs out.
    failed = true;
    await finishRun(db, run, false);
    throw err;
  }
  await finishRun(db, run, !stopped);
  return processed;
}

/**
 * The daily refresh: clocks that run (free_time_lfd set) and were last computed before `today` are computed
 * again, so their cost and state (shipment_free_time) follow the calendar and "approaching" / "passed" events go out.
 */
export async function refreshRunningClocks(db: Kysely<Database>, options: RunOptions = {}): Promise<number> {
  const batch = options.batch ?? FREE_TIME_BATCH;
  const today = options.today ?? todayUtc();
  let cursor = '0';
  let refreshed = 0;
  for (;;) {
    if (options.stopping?.()) return refreshed;
    // A batch PostgreSQL aborts in a deadlock with the engine's saves (the counts the triggers keep) is run again;
    // the cursor moves only past a batch that committed.
    const ids = await transactionRetryingDeadlocks(db, async (trx) => {
      const { rows } = await sql<{ id: string }>`
        SELECT s.id::text AS id FROM shipments s JOIN shipment_free_time f ON f.shipment_id = s.id
        WHERE s.free_time_lfd IS NOT NULL AND f.computed_on < ${today}::date AND s.id > ${cursor}::bigint
        ORDER BY s.id LIMIT ${batch}`.execute(trx);
      if (rows.length) {
        await applyFreeTime(
          trx,
          rows.map((r) => r.id),
          { today },
        );
      }
      return rows.map((r) => r.id);
    });
    const n = ids.length;
    if (n) cursor = ids[n - 1];
    refreshed += n;
    if (n < batch) return refreshed;
  }
}
