// The webhook worker's pg-boss queue: its setup, and how chain jobs are queued (one job per chain of an
// endpoint, at most one waiting: the queue's policy is `short` and the chain is the singleton key).
import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { bossDb, ensureQueues, type BossDb } from '../../lib/boss-db';

export const WEBHOOK_QUEUE = 'webhook-deliver';

/** "Work on chain `chain` of endpoint `endpointId`": the delivery rows are the truth, a job only points. */
export type ChainJob = { endpointId: number; chain: string };

export const chainKey = (j: ChainJob) => `${j.endpointId}|${j.chain}`;

/** Queues jobs for chains (through `through`, e.g. a transaction), optionally not before `at`. */
export type Enqueue = (jobs: ChainJob[], through?: Kysely<Database>, at?: Date) => Promise<void>;

/** Starts pg-boss on the database and creates (or updates) the delivery queue; `queue` is its database adapter. */
export async function startWebhookBoss(
  db: Kysely<Database>,
  schema: string,
  leaseSeconds: number,
  log: (message: string) => void,
): Promise<{ boss: PgBoss; queue: BossDb }> {
  const adapter = bossDb(db);
  const boss = new PgBoss({ db: adapter, schema, schedule: false, supervise: true });
  boss.on('error', (err) => log(`pg-boss (webhooks): ${err.message}`));
  await boss.start();
  const queue: PgBoss.Queue = {
    name: WEBHOOK_QUEUE,
    policy: 'short',
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: leaseSeconds * 2 + 60,
  };
  await ensureQueues(boss, [queue]);
  return { boss, queue: adapter };
}

/** The chain jobs to queue for `jobs`, one per chain (the last one wins), not before `at` if given. */
export function chainJobRows(jobs: ChainJob[], at?: Date) {
  const unique = new Map(jobs.map((j) => [chainKey(j), j]));
  return [...unique.values()].map((j) => ({
    name: WEBHOOK_QUEUE,
    data: j,
    singletonKey: chainKey(j),
    ...(at ? { startAfter: at.toISOString() } : {}),
  }));
}

export function chainEnqueuer(boss: PgBoss, db: Kysely<Database>): Enqueue {
  return async (jobs, through = db, at) => {
    if (jobs.length === 0) return;
    await boss.insert(chainJobRows(jobs, at), { db: bossDb(through) } as never);
  };
}
