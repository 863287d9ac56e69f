// Transactions that PostgreSQL may end in a deadlock. Writes of one company's shipments in transactions of
// several statements (the engine's save of a shipment: its row, then free time, then alerts, each moving the
// trigger-kept counts) can meet in opposite order on the rows of shipment_health_counts and its siblings when
// several processes recompute at once; PostgreSQL then aborts one of them, whole. Run again, it finds the other
// committed.
import type { Kysely, Transaction } from 'kysely';

/** PostgreSQL's "deadlock detected". */
const DEADLOCK = '40P01';

/** Tries in all, and the longest pause before the last (the first ones are shorter). */
const ATTEMPTS = 4;
const MAX_PAUSE_MS = 200;

/**
 * Runs `work` in a transaction, again from the start (with a short random pause) when PostgreSQL ends it in a
 * deadlock, up to ATTEMPTS times in all; any other error, or a deadlock the last time, is thrown. `work` must
 * have no effect outside the transaction, as a rolled-back attempt leaves none inside.
 */
export async function transactionRetryingDeadlocks<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= ATTEMPTS) throw err;
      const pause = (MAX_PAUSE_MS * attempt) / ATTEMPTS;
      await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * (pause / 2)));
    }
  }
}
