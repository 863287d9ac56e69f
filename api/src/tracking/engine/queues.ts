// The tracking engine's pg-boss queues (poll, ingest, recompute, life-cycle) with their retry
// policies, and the sending and working on them from this process: a send wakes this process's
// workers of that queue at once instead of at their next poll.
import type PgBoss from 'pg-boss';
import { ensureQueues, type BossDb } from '../../lib/boss-db';
import type { EngineConfig } from './config';
import type { IngestJobData } from './poll';

export const QUEUES = {
  poll: 'tracking-poll',
  ingest: 'tracking-ingest',
  recompute: 'tracking-recompute',
  lifecycle: 'tracking-lifecycle',
} as const;

/** Creates the queues (jobs expire after `expire` seconds so a lost job is run again). */
export async function createQueues(boss: PgBoss, expire: number): Promise<void> {
  const queues: PgBoss.Queue[] = [
    { name: QUEUES.poll, policy: 'stately', retryLimit: 0, expireInSeconds: expire },
    {
      name: QUEUES.ingest,
      policy: 'standard',
      retryLimit: 10,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: expire,
    },
    {
      name: QUEUES.recompute,
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: expire,
    },
    {
      name: QUEUES.lifecycle,
      policy: 'stately',
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: expire,
    },
  ];
  await ensureQueues(boss, queues);
}

export interface JobQueues {
  /** One poll of a request (one waiting per request). */
  sendPoll: (id: number) => Promise<string | null>;
  sendRecompute: (id: number) => Promise<string | null>;
  sendLifecycle: (id: number) => Promise<string | null>;
  ingest: (data: IngestJobData) => Promise<void>;
  /** Registers a worker of this process on a queue, one job at a time. */
  work: <T extends object>(queue: string, handler: (data: T) => Promise<unknown>) => Promise<void>;
}

/** `queueDb`: the boss's adapter, whose `handler` lets the engine's stop wait for the jobs under way. */
export function jobQueues(boss: PgBoss, config: EngineConfig, queueDb: BossDb): JobQueues {
  // Workers of this process per queue: woken right after a send instead of at their next poll.
  const workerIds = new Map<string, string[]>();
  const wake = (queue: string) => {
    for (const wid of workerIds.get(queue) ?? []) boss.notifyWorker(wid);
  };
  const send = async (queue: string, data: object, singletonKey?: string) => {
    const jobId = await boss.send(queue, data, singletonKey ? { singletonKey } : {});
    wake(queue);
    return jobId;
  };
  return {
    sendPoll: (id) => send(QUEUES.poll, { id }, String(id)),
    sendRecompute: (id) => send(QUEUES.recompute, { id }, String(id)),
    sendLifecycle: (id) => send(QUEUES.lifecycle, { id }, String(id)),
    ingest: async (data) => {
      await send(QUEUES.ingest, data);
    },
    work: async <T extends object>(queue: string, handler: (data: T) => Promise<unknown>) => {
      const wid = await boss.work<T>(
        queue,
        { pollingIntervalSeconds: config.workerPollSeconds, batchSize: 1 },
        queueDb.handler(async ([job]: PgBoss.Job<T>[]) => handler(job.data)),
      );
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), wid]);
    },
  };
}
