// pg-boss on an existing Kysely pool (pg-boss's `db` option): the job queues of the contact form and the
// scheduled reports share the API's connections instead of opening their own.
import type PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';

/** A queue's database adapter: pg-boss's `db` option, plus the tracking its owner's stop waits on. */
export type BossDb = ReturnType<typeof bossDb>;

export function bossDb<DB>(db: Kysely<DB>) {
  // Statements under way: pg-boss's stop() can return while a worker's fetch is still running, and that fetch
  // then hands its jobs to the handler and completes or fails them after the owner closed the database.
  const running = new Set<Promise<unknown>>();
  // Jobs whose handler is running (handlers wrapped by `handler`).
  const handling = new Set<Promise<unknown>>();
  const track = <T>(set: Set<Promise<unknown>>, work: Promise<T>): Promise<T> => {
    set.add(work);
    void work.then(
      () => set.delete(work),
      () => set.delete(work),
    );
    return work;
  };
  return {
    executeSql(text: string, values?: unknown[]) {
      return track(running, runSql(db, text, values));
    },
    /** A pg-boss work handler whose runs quiet() waits for. */
    handler<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
      return (...args) => track(handling, fn(...args));
    },
    /**
     * Resolves once no statement of this queue, no job of a `handler` and none of `work()` is running across a
     * turn of the event loop: after pg-boss's stop(), so that a fetch it did not wait for has handed over its jobs,
     * and their completion has been written, before the database is closed.
     */
    async quiet(work: () => Iterable<Promise<unknown>> = () => []): Promise<void> {
      const settled = new WeakSet<Promise<unknown>>();
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        const pending = [...running, ...handling, ...work()].filter((p) => !settled.has(p));
        if (pending.length === 0) return;
        await Promise.allSettled(pending);
        for (const p of pending) settled.add(p);
      }
    },
  };
}

// On one connection, rolled back when it fails: pg-boss sends some statements as one text with its own
// BEGIN … COMMIT (creating a queue), and one that fails midway (two processes creating queues at the same
// time meet in a deadlock) would otherwise give the pool back a connection stuck in an aborted transaction,
// failing every later query that gets it.
async function runSql<DB>(db: Kysely<DB>, text: string, values?: unknown[]) {
  // Inside the caller's transaction (a job queued with the rows that cause it) the statement runs as part of
  // it: a failure aborts that transaction, which its owner rolls back.
  if (db.isTransaction) {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows ?? [] };
  }
  return db.connection().execute(async (conn) => {
    try {
      const result = await conn.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows ?? [] };
    } catch (err) {
      await conn.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      throw err;
    }
  });
}

/**
 * Creates (or updates) pg-boss queues, tolerating the other processes doing the same at the same moment: several
 * API and worker processes starting together make pg-boss's queue DDL meet itself ("deadlock detected", or the
 * queue created in between), which would otherwise end a process's start-up. Tried again a few times.
 */
export async function ensureQueues(boss: PgBoss, queues: PgBoss.Queue[]): Promise<void> {
  for (const q of queues) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(q.name, q);
        await boss.updateQueue(q.name, q);
        break;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }
}
