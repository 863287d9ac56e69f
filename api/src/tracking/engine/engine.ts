// The tracking engine's job machinery on pg-boss (same database): a scheduler tick claims the
// tracking requests due for a poll (next_poll_at, with a lease so a lost job is claimed again)
// and the pending life-cycle actions; workers poll carriers, ingest what came, recompute
// shipments and carry out archive / cancel. Runs in the API process or in src/worker.ts.
import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ensureQueues } from '../../lib/boss-db';
import { ingestBatch } from '../ingest';
import { engineConfig, type EngineConfig } from './config';
import type { EngineDeps } from './deps';
import { carrierEndpoint } from './endpoint';
import { carryOutPending } from './lifecycle';
import { pollTrackingRequest, type IngestJobData } from './poll';
import { createPollLocks, withPollLock } from './poll-lock';
import { recomputeTrackingRequest } from './recompute';
import { unsubscribeAll } from './subscriptions';

export const QUEUES = {
  poll: 'tracking-poll',
  ingest: 'tracking-ingest',
  recompute: 'tracking-recompute',
  lifecycle: 'tracking-lifecycle',
} as const;

export interface EngineOptions {
  db: Kysely<Database>;
  /** The same database as `db`, for pg-boss's own pool. */
  databaseUrl: string;
  /** Over the defaults (runtime.ts passes the ENGINE_* settings of config.ts). */
  config?: Partial<EngineConfig>;
  simulatorBaseUrl?: string | null;
  callbackBaseUrl?: string | null;
  now?: () => number;
  log?: (message: string) => void;
  /** pg-boss schema (default `pgboss`). */
  schema?: string;
  /** Only these companies' requests (tests sharing a database). */
  companyIds?: number[];
  /** Run the workers (default true); false: only a client that can enqueue. */
  workers?: boolean;
  /** Parallel poll workers (default 4; runtime.ts: ENGINE_POLL_CONCURRENCY). */
  pollConcurrency?: number;
  /** pg-boss maintenance (expiry of jobs whose worker died) interval in seconds (default 60; runtime.ts: ENGINE_MAINTENANCE_SECONDS). */
  maintenanceIntervalSeconds?: number;
  /** Events per INSERT while ingesting (default 1000). */
  ingestChunkSize?: number;
  /** Crash injection for the fault test: SIGKILL this process inside the first multi-chunk ingestion. */
  crashMidIngest?: boolean;
}

export interface Engine {
  boss: PgBoss;
  deps: EngineDeps;
  /** Claims due polls, pending life-cycle actions and stale shipments; sends their jobs. */
  tick(): Promise<{ polls: number; lifecycle: number; recomputes: number }>;
  /** Polls this request now (if new / ongoing) or carries out its pending state. */
  enqueue(id: number): Promise<void>;
  /** Jobs waiting or running across the engine's queues. */
  pending(): Promise<number>;
  stop(): Promise<void>;
}

let running: Engine | null = null;

/** The engine started in this process, if any. */
export const runningEngine = (): Engine | null => running;

export async function startEngine(options: EngineOptions): Promise<Engine> {
  const config = engineConfig(options.config);
  const log = options.log ?? ((m: string) => console.log(m));
  const deps: EngineDeps = {
    db: options.db,
    config,
    simulatorBaseUrl: options.simulatorBaseUrl ?? null,
    callbackBaseUrl: options.callbackBaseUrl ?? null,
    now: options.now ?? (() => Date.now()),
    log,
  };
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.schema ?? 'pgboss',
    max: 4,
    schedule: false,
    supervise: options.workers !== false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (err) => log(`pg-boss: ${err.message}`));
  await boss.start();

  const expire = config.jobExpireSeconds;
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

  const scope = options.companyIds?.length ? options.companyIds : null;
  const inScope = scope ? sql`AND company_id = ANY(${scope}::int[])` : sql``;

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
  const sendPoll = (id: number) => send(QUEUES.poll, { id }, String(id));
  const sendRecompute = (id: number) => send(QUEUES.recompute, { id }, String(id));
  const sendLifecycle = (id: number) => send(QUEUES.lifecycle, { id }, String(id));
  const ingest = async (data: IngestJobData) => {
    await send(QUEUES.ingest, data);
  };
  const work = async <T extends object>(queue: string, handler: (data: T) => Promise<unknown>) => {
    const wid = await boss.work<T>(
      queue,
      { pollingIntervalSeconds: config.workerPollSeconds, batchSize: 1 },
      async ([job]) => handler(job.data),
    );
    workerIds.set(queue, [...(workerIds.get(queue) ?? []), wid]);
  };

  // One poll of a request at a time across processes (poll-lock.ts); only workers poll.
  const pollLocks = options.workers !== false ? createPollLocks(options.databaseUrl, log) : null;
  if (pollLocks) {
    const concurrency = options.pollConcurrency ?? 4;
    for (let i = 0; i < Math.max(1, concurrency); i++) {
      await work<{ id: number }>(QUEUES.poll, async ({ id }) => {
        const outcome = await withPollLock(pollLocks, id, () => pollTrackingRequest(deps, id, ingest));
        if (outcome.kind === 'skipped') return outcome;
        if (outcome.kind === 'failed') log(`Poll of tracking request ${id} failed: ${outcome.error}`);
        if (outcome.kind === 'invalid' || (outcome.kind === 'not-found' && outcome.invalid)) {
          log(`Tracking request ${id} is invalid.`);
        }
        return outcome;
      });
    }
    const chunkSize = options.ingestChunkSize ?? 1000;
    await work<IngestJobData>(QUEUES.ingest, async (data) => {
      const crash =
        options.crashMidIngest && data.events.length > chunkSize
          ? () => {
              log(`Crash injection: SIGKILL in the middle of ingesting ${data.events.length} events.`);
              process.kill(process.pid, 'SIGKILL');
            }
          : undefined;
      const res = await ingestBatch(deps.db, {
        ...data,
        source: 'poll',
        relevance: true,
        now: deps.now(),
        chunkSize,
        afterChunk: crash,
      });
      if (res.inserted > 0 || res.versions > 0 || res.retracted > 0)
        await sendRecompute(data.trackingRequestId);
      return res;
    });
    await work<{ id: number }>(QUEUES.recompute, async ({ id }) => recomputeTrackingRequest(deps, id));
    await work<{ id: number }>(QUEUES.lifecycle, async ({ id }) =>
      carryOutPending(deps.db, id, async (carrierId, trackingRequestId) => {
        const carrier = await deps.db
          .selectFrom('carriers')
          .select(['id', 'scac', 'dcsa_base_url', 'dcsa_credentials', 'dcsa_api_version'])
          .where('id', '=', carrierId)
          .executeTakeFirst();
        const endpoint = carrier ? carrierEndpoint(carrier, deps.simulatorBaseUrl) : null;
        return unsubscribeAll(deps.db, endpoint, trackingRequestId, config.carrierTimeoutMs);
      }),
    );
  }

  const tick: Engine['tick'] = async () => {
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
    for (const { id } of due.rows) await sendPoll(id);

    const pendingRows = await sql<{ id: number }>`
      SELECT id FROM tracking_requests
      WHERE status IN ('pending_archiving', 'pending_cancelling') ${inScope}
      LIMIT ${config.claimBatch}`.execute(deps.db);
    for (const { id } of pendingRows.rows) await sendLifecycle(id);

    const stale = await sql<{ id: number }>`
      SELECT id FROM tracking_requests
      WHERE status IN ('new', 'ongoing') AND last_update IS NOT NULL ${inScope}
        AND (computed_at IS NULL OR last_update > computed_at
             OR (status = 'ongoing' AND computed_at < now() - make_interval(secs => ${config.recomputeEverySeconds})))
      LIMIT ${config.claimBatch}`.execute(deps.db);
    for (const { id } of stale.rows) await sendRecompute(id);
    return { polls: due.rows.length, lifecycle: pendingRows.rows.length, recomputes: stale.rows.length };
  };

  const enqueue: Engine['enqueue'] = async (id) => {
    const claimed = await deps.db
      .updateTable('tracking_requests')
      .set({ next_poll_at: sql`now() + make_interval(secs => ${config.pollLeaseSeconds})` })
      .where('id', '=', id)
      .where('status', 'in', ['new', 'ongoing'])
      .returning('id')
      .executeTakeFirst();
    if (claimed) {
      await sendPoll(id);
      return;
    }
    const row = await deps.db
      .selectFrom('tracking_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.status === 'pending_archiving' || row?.status === 'pending_cancelling') await sendLifecycle(id);
  };

  const pending: Engine['pending'] = async () => {
    let n = 0;
    for (const name of Object.values(QUEUES))
      n += (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
    return n;
  };

  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  if (options.workers !== false && config.tickMs > 0) {
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
    timer = setInterval(() => void run(), config.tickMs);
    void run();
  }

  const engine: Engine = {
    boss,
    deps,
    tick,
    enqueue,
    pending,
    stop: async () => {
      if (timer) clearInterval(timer);
      if (running === engine) running = null;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pollLocks?.close();
    },
  };
  running = engine;
  return engine;
}
