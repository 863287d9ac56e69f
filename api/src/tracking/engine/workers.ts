// The tracking engine's workers: polls (one per request at a time across processes, poll-lock.ts),
// ingestion of what a poll brought (a recompute follows when something changed), recomputes of
// shipments and the life-cycle actions (archive / cancel, ending the carrier subscriptions).
import { ingestBatch } from '../ingest';
import type { EngineDeps } from './deps';
import { carrierEndpoint } from './endpoint';
import { carryOutPending } from './lifecycle';
import { pollTrackingRequest, type IngestJobData } from './poll';
import { withPollLock, type PollLocks } from './poll-lock';
import { QUEUES, type JobQueues } from './queues';
import { recomputeTrackingRequest } from './recompute';
import { unsubscribeAll } from './subscriptions';

export interface WorkerOptions {
  /** Parallel poll workers. */
  pollConcurrency: number;
  /** Events per INSERT while ingesting. */
  ingestChunkSize: number;
  /** Crash injection for the fault test: SIGKILL this process inside the first multi-chunk ingestion. */
  crashMidIngest?: boolean;
}

async function registerPollWorkers(
  deps: EngineDeps,
  queues: JobQueues,
  locks: PollLocks,
  concurrency: number,
) {
  const { log } = deps;
  for (let i = 0; i < Math.max(1, concurrency); i++) {
    await queues.work<{ id: number }>(QUEUES.poll, async ({ id }) => {
      const outcome = await withPollLock(locks, id, () => pollTrackingRequest(deps, id, queues.ingest));
      if (outcome.kind === 'skipped') return outcome;
      if (outcome.kind === 'failed') log(`Poll of tracking request ${id} failed: ${outcome.error}`);
      if (outcome.kind === 'invalid' || (outcome.kind === 'not-found' && outcome.invalid)) {
        log(`Tracking request ${id} is invalid.`);
      }
      return outcome;
    });
  }
}

async function registerIngestWorker(deps: EngineDeps, queues: JobQueues, options: WorkerOptions) {
  const chunkSize = options.ingestChunkSize;
  await queues.work<IngestJobData>(QUEUES.ingest, async (data) => {
    const crash =
      options.crashMidIngest && data.events.length > chunkSize
        ? () => {
            deps.log(`Crash injection: SIGKILL in the middle of ingesting ${data.events.length} events.`);
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
      await queues.sendRecompute(data.trackingRequestId);
    return res;
  });
}

export async function registerWorkers(
  deps: EngineDeps,
  queues: JobQueues,
  locks: PollLocks,
  options: WorkerOptions,
): Promise<void> {
  await registerPollWorkers(deps, queues, locks, options.pollConcurrency);
  await registerIngestWorker(deps, queues, options);
  await queues.work<{ id: number }>(QUEUES.recompute, async ({ id }) => recomputeTrackingRequest(deps, id));
  await queues.work<{ id: number }>(QUEUES.lifecycle, async ({ id }) =>
    carryOutPending(deps.db, id, async (carrierId, trackingRequestId) => {
      const carrier = await deps.db
        .selectFrom('carriers')
        .select(['id', 'scac', 'dcsa_base_url', 'dcsa_credentials', 'dcsa_api_version'])
        .where('id', '=', carrierId)
        .executeTakeFirst();
      const endpoint = carrier ? carrierEndpoint(carrier, deps.simulatorBaseUrl) : null;
      return unsubscribeAll(deps.db, endpoint, trackingRequestId, deps.config.carrierTimeoutMs);
    }),
  );
}
