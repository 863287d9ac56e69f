// One poll of a tracking request at a time, across every engine process. The scheduler's lease (next_poll_at)
// and the poll queue's `stately` policy keep a second poll from being *queued*, but neither holds while a poll
// runs: a poll that outlives its job's expiry (a slow carrier, paging) or its lease lets pg-boss start the next
// one beside it, in this process or another. So each poll takes a PostgreSQL session advisory lock on the
// request first and skips when another holds it. The locks live on one dedicated connection per engine: a
// process that dies (SIGKILL included) drops its connection and with it every lock it held, at once, with no
// expiry to wait for and nothing to clean up. Session locks are re-entrant within a session, so the process's
// own polls are kept apart by the `held` set.
import pg from 'pg';

/** The advisory lock's first key (the second is the request id): hashtext('tracking-poll'), fixed. */
const LOCK_CLASS = 0x7470_6f6c; // 'tpol'

export interface PollLocks {
  /** True when this process now holds the request's poll lock (release it with `release`). */
  tryAcquire(id: number): Promise<boolean>;
  release(id: number): Promise<void>;
  close(): Promise<void>;
}

export function createPollLocks(
  connectionString: string,
  log: (message: string) => void = () => undefined,
): PollLocks {
  const held = new Set<number>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  // One statement at a time on the connection: pg queues concurrent ones itself but that use is deprecated
  // (removed in pg 9), and four poll workers take and release locks side by side.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };

  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      // The connection lost: every lock on it is gone with it; polls in flight finish unguarded (at worst one
      // overlap), new ones wait for a new connection.
      c.on('error', (err) => {
        log(`Poll lock connection lost: ${err.message}`);
        if (client === c) client = null;
        held.clear();
      });
      await c.connect();
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async tryAcquire(id) {
      if (closed || held.has(id)) return false;
      held.add(id);
      try {
        const c = await connection();
        const { rows } = await inTurn(() =>
          c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, id]),
        );
        if (rows[0]?.ok) return true;
      } catch (err) {
        log(`Poll lock of tracking request ${id} not taken: ${(err as Error).message}`);
      }
      held.delete(id);
      return false;
    },
    async release(id) {
      if (!held.delete(id)) return;
      const c = client;
      if (c)
        await inTurn(() => c.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, id])).catch(
          () => undefined,
        );
    },
    async close() {
      closed = true;
      held.clear();
      const c = client ?? (await connecting?.catch(() => null));
      client = null;
      await inTurn(async () => c?.end()).catch(() => undefined);
    },
  };
}

/** Runs `poll` under the request's lock; `skipped` when another poll of it is running somewhere. */
export async function withPollLock<T>(
  locks: PollLocks,
  id: number,
  poll: () => Promise<T>,
): Promise<T | { kind: 'skipped' }> {
  if (!(await locks.tryAcquire(id))) return { kind: 'skipped' };
  try {
    return await poll();
  } finally {
    await locks.release(id);
  }
}
