// The job queue side of scheduled reports and digests (pg-boss, queues `reports-tick` and `reports-send` in the
// `pgboss` schema the engine uses): a pg-boss cron schedule ticks every few minutes; each tick claims the runs
// now due (report_runs' unique keys make each period once, across restarts and workers) and queues one send
// job per run still pending. A send that fails is retried by pg-boss with exponential backoff; after the last
// try the run shows as failed with its error.
import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import { bossDb, ensureQueues } from '../lib/boss-db';
import type { Database } from '../db/types';
import type { Mailer } from '../mail';
import { claimDueRuns, MAX_ATTEMPTS, pendingRuns, sendRun, type ReportSettings } from './runs';

const REPORT_TICK_QUEUE = 'reports-tick';
const REPORT_SEND_QUEUE = 'reports-send';

export interface ReportSchedulerOptions extends ReportSettings {
  /** pg-boss cron of the tick (default every 5 minutes). */
  cron?: string;
  /** Seconds before the first retry of a failed send (doubles each time). */
  retryDelaySeconds?: number;
  schema?: string;
  pollingIntervalSeconds?: number;
}

export interface ReportScheduler {
  /** Claims what is due now and queues it (also what the cron does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export async function startReportScheduler(
  deps: { db: Kysely<Database>; mailer: Mailer; log: (m: string) => void },
  options: ReportSchedulerOptions,
): Promise<ReportScheduler> {
  const { db, mailer, log } = deps;
  const queueDb = bossDb(db);
  const boss = new PgBoss({
    db: queueDb,
    schema: options.schema ?? 'pgboss',
    schedule: true,
    supervise: true,
  });
  boss.on('error', (err) => log(`pg-boss (reports): ${err.message}`));
  await boss.start();
  const sendQueue: PgBoss.Queue = {
    name: REPORT_SEND_QUEUE,
    policy: 'standard',
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelay: options.retryDelaySeconds ?? 60,
    retryBackoff: true,
    expireInSeconds: 600,
  };
  const tickQueue: PgBoss.Queue = { name: REPORT_TICK_QUEUE, policy: 'singleton', retryLimit: 0 };
  await ensureQueues(boss, [sendQueue, tickQueue]);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 };
  const sendWorker = await boss.work<{ id: string }>(
    REPORT_SEND_QUEUE,
    polling,
    queueDb.handler(async ([job]: PgBoss.Job<{ id: string }>[]) => {
      const status = await sendRun(db, mailer, job.data.id, options);
      if (status === 'failed') log(`Report run ${job.data.id} failed after ${MAX_ATTEMPTS} tries.`);
    }),
  );

  const tick = async () => {
    const created = await claimDueRuns(db, new Date(), options);
    const pending = await pendingRuns(db);
    for (const id of new Set([...created, ...pending])) {
      await boss.send(REPORT_SEND_QUEUE, { id }, { singletonKey: `report-run-${id}` });
    }
    if (created.length || pending.length) boss.notifyWorker(sendWorker);
  };
  await boss.work(
    REPORT_TICK_QUEUE,
    polling,
    queueDb.handler(async () => tick()),
  );
  await boss.schedule(REPORT_TICK_QUEUE, options.cron ?? '*/5 * * * *');
  await tick().catch((err: Error) => log(`Report tick failed: ${err.message}`));

  return {
    tick,
    async stop() {
      // Waits for a send in progress (a slow SMTP server, a loaded machine) before the caller closes the
      // database: a worker still running then would fail on a closed pool.
      await boss.stop({ graceful: true, wait: true, timeout: 30_000, close: false });
      // pg-boss resolves stop() while a worker's fetch is still in flight; the job it brings back then runs (and
      // is completed) after stop: wait for that fetch, the run and the completion.
      await queueDb.quiet();
      mailer.close();
    },
  };
}
