// bossDb's quiet(): pg-boss's stop() may return while a worker's fetch is still running; the owner waits for the
// queue's statements and the handlers they start before closing the database.
import { bossDb } from '../../src/lib/boss-db';
import { createDb, type DbHandle } from '../../src/db/connection';
import { testDatabaseUrl } from '../helpers/app';

let handle: DbHandle;
beforeAll(() => {
  handle = createDb(testDatabaseUrl(), { max: 2 });
});
afterAll(() => handle.close());

it('waits for a statement under way and for the work it hands over, then resolves', async () => {
  const adapter = bossDb(handle.db);
  const order: string[] = [];
  const work = new Set<Promise<unknown>>();
  // A fetch under way: when it answers, its result is handed to a handler (registered in `work`), which then
  // writes its result with another statement, as pg-boss completes a job.
  void adapter.executeSql('SELECT pg_sleep(0.2)').then(() => {
    order.push('fetched');
    const handler = new Promise((resolve) => setTimeout(resolve, 100)).then(async () => {
      order.push('handled');
      await adapter.executeSql('SELECT pg_sleep(0.1)');
      order.push('completed');
    });
    work.add(handler);
  });
  await adapter.quiet(() => work);
  order.push('quiet');
  expect(order).toEqual(['fetched', 'handled', 'completed', 'quiet']);
});

it('waits for a wrapped handler started by a fetch under way', async () => {
  const adapter = bossDb(handle.db);
  const order: string[] = [];
  const handleJob = adapter.handler(async (id: number) => {
    // Work outside the queue's statements (a send to a receiver, a mail).
    await new Promise((resolve) => setTimeout(resolve, 150));
    order.push(`handled ${id}`);
  });
  void adapter.executeSql('SELECT pg_sleep(0.1)').then(() => handleJob(1));
  await adapter.quiet();
  order.push('quiet');
  expect(order).toEqual(['handled 1', 'quiet']);
});

it('resolves at once when nothing runs', async () => {
  const started = Date.now();
  await bossDb(handle.db).quiet();
  expect(Date.now() - started).toBeLessThan(100);
});
