// The poll locks' one connection is shared by every poll worker of the process: locks taken and released side
// by side run one statement at a time on it (pg deprecates queueing them itself), and another session sees them.
import pg from 'pg';
import { createPollLocks } from '../../../src/tracking/engine/poll-lock';
import { testDatabaseUrl } from '../../helpers/app';

// The client's own state when a statement is handed to it: one running or queued means the caller overlapped.
type ClientState = { _activeQuery?: unknown; _queryQueue?: unknown[] };

it('takes and releases many locks at once without overlapping statements on its connection', async () => {
  let overlapping = 0;
  const query = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: ClientState,
    ...args
  ) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) overlapping += 1;
    return query.apply(this, args) as never;
  });
  const locks = createPollLocks(testDatabaseUrl());
  const other = createPollLocks(testDatabaseUrl());
  const ids = Array.from({ length: 24 }, (_, i) => 9_000_000 + i);
  try {
    expect(await Promise.all(ids.map((id) => locks.tryAcquire(id)))).toEqual(ids.map(() => true));
    // Held: another session (another engine process) cannot take them.
    expect(await Promise.all(ids.slice(0, 4).map((id) => other.tryAcquire(id)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    await Promise.all(ids.map((id) => locks.release(id)));
    expect(await Promise.all(ids.slice(0, 4).map((id) => other.tryAcquire(id)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await Promise.all(ids.slice(0, 4).map((id) => other.release(id)));
  } finally {
    await Promise.all([locks.close(), other.close()]);
    spy.mockRestore();
  }
  expect(overlapping).toBe(0);
  // Nothing left held on the server by these sessions.
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ANY($1::int[])`,
      [ids],
    );
    expect(rows[0].n).toBe(0);
  } finally {
    await client.end();
  }
});
