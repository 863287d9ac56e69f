// The tracking engine's job machinery on pg-boss (same database): a scheduler tick claims the
// tracking requests due for a poll (next_poll_at, with a lease so a lost job is claimed again)
// and the pending life-cycle actions; workers poll carriers, ingest what came, recompute
// shipments and carry out archive / cancel. Runs in the API process or in src/worker.ts. The
// queues are in queues.ts, the workers in workers.ts, the scheduler tick in tick.ts.
import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import { createDb } from '../../db/connection';
import type { Database } from '../../db/types';
import { bossDb } from '../../lib/boss-db';
import { engineConfig, type EngineConfig } from './config';
import type { EngineDeps } from './deps';
import { createPollLocks } from './poll-lock';
import { createQueues, jobQueues, QUEUES } from './queues';
import { enqueuer, scheduler, tickEvery, type TickResult } from './tick';
import { registerWorkers } from './workers';

export { QUEUES } from './queues';

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
  tick(): Promise<TickResult>;
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
  // pg-boss on a pool of its own (job traffic never waits behind the API's connections), through bossDb so that
  // stop() can wait for a fetch and a handler under way: a job fetched as pg-boss stops would otherwise run after
  // stop() returned, on closed poll locks and a closed pool, and keep its worker alive past its owner.
  const bossPool = createDb(options.databaseUrl, { max: 4 });
  const queueDb = bossDb(bossPool.db);
  const boss = new PgBoss({
    db: queueDb,
    schema: options.schema ?? 'pgboss',
    schedule: false,
    supervise: options.workers !== false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (err) => log(`pg-boss: ${err.message}`));
  await boss.start();
  await createQueues(boss, config.jobExpireSeconds);
  const queues = jobQueues(boss, config, queueDb);

  // One poll of a request at a time across processes (poll-lock.ts); only workers poll.
  const pollLocks = options.workers !== false ? createPollLocks(options.databaseUrl, log) : null;
  if (pollLocks) {
    await registerWorkers(deps, queues, pollLocks, {
      pollConcurrency: options.pollConcurrency ?? 4,
      ingestChunkSize: options.ingestChunkSize ?? 1000,
      crashMidIngest: options.crashMidIngest,
    });
  }

  const tick = scheduler(deps, queues, options.companyIds?.length ? options.companyIds : null);
  const timer = options.workers !== false && config.tickMs > 0 ? tickEvery(config.tickMs, tick, log) : null;

  const engine: Engine = {
    boss,
    deps,
    tick,
    enqueue: enqueuer(deps, queues),
    pending: async () => {
      let n = 0;
      for (const name of Object.values(QUEUES))
        n += (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
      return n;
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      if (running === engine) running = null;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      await queueDb.quiet();
      await pollLocks?.close();
      await bossPool.close();
    },
  };
  running = engine;
  return engine;
}
