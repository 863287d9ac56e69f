// The pump of the webhook worker wakes the job loops only when it queued chains: an idle worker's pump (every
// 200 ms) must not make each loop fetch from the queue as well.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import type { Database } from '../../src/db/types';
import { pumpDeliveries } from '../../src/services/webhooks/worker-schedule';

/** A database whose UPDATE … RETURNING answers the next of `batches` (then nothing); other statements: no rows. */
function databaseAnswering(batches: Array<Array<{ endpoint_id: number; chain: string }>>) {
  class Driver extends DummyDriver {
    async acquireConnection(): Promise<DatabaseConnection> {
      return {
        executeQuery: async <R>(q: CompiledQuery): Promise<QueryResult<R>> => {
          const rows = /^\s*UPDATE webhook_deliveries/.test(q.sql) ? (batches.shift() ?? []) : [];
          return { rows: rows as R[] };
        },
        // eslint-disable-next-line require-yield
        streamQuery: async function* () {
          throw new Error('not used');
        },
      };
    }
  }
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new Driver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return db;
}

it('wakes the job loops after queuing chains, and not when there was nothing to queue', async () => {
  const db = databaseAnswering([[{ endpoint_id: 4, chain: 'request:9' }]]);
  const queued: unknown[] = [];
  const enqueue = jest.fn(async (chains: unknown[]) => void queued.push(...chains));
  const wake = jest.fn();

  await pumpDeliveries(db, enqueue, wake, () => false);
  expect(queued).toEqual([{ endpointId: 4, chain: 'request:9' }]);
  expect(wake).toHaveBeenCalledTimes(1);

  await pumpDeliveries(db, enqueue, wake, () => false);
  expect(wake).toHaveBeenCalledTimes(1);
  expect(queued).toHaveLength(1);
});
