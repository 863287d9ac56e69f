// The free-time background worker of a process (started with the tracking engine, runtime.ts): every few seconds
// (at once when this process receives a request) it recomputes the companies whose rules changed, and once per
// UTC day it refreshes the running clocks. Several processes may run one: claims skip each other's companies.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import {
  claimFreeTimeRecompute,
  onFreeTimeRequest,
  refreshRunningClocks,
  runFreeTimeRecompute,
} from './recompute';
import { todayUtc } from './view';

export interface FreeTimeWorkerOptions {
  db: Kysely<Database>;
  /** Between looks for work (default 2,000; runtime.ts: FREE_TIME_POLL_MS). */
  pollMs?: number;
  /** Batches of a recompute written side by side (default 2; runtime.ts: FREE_TIME_LANES). */
  lanes?: number;
  now?: () => number;
  log?: (message: string) => void;
}

export interface FreeTimeWorker {
  /** One pass: pending recomputes, then the daily refresh if today's has not run in this process. */
  tick(): Promise<{ recomputed: number; refreshed: number }>;
  stop(): Promise<void>;
}

export function startFreeTimeWorker(options: FreeTimeWorkerOptions): FreeTimeWorker {
  const { db } = options;
  const log = options.log ?? ((m: string) => console.log(m));
  const pollMs = options.pollMs ?? 2000;
  const today = () => todayUtc(new Date(options.now ? options.now() : Date.now()));
  let stopping = false;
  let refreshedOn: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();
  const isStopping = () => stopping;

  const tick: FreeTimeWorker['tick'] = async () => {
    let recomputed = 0;
    let refreshed = 0;
    for (
      let run = await claimFreeTimeRecompute(db);
      run && !stopping;
      run = await claimFreeTimeRecompute(db)
    ) {
      const started = Date.now();
      const n = await runFreeTimeRecompute(db, run, {
        stopping: isStopping,
        today: today(),
        lanes: options.lanes,
      });
      recomputed += n;
      log(`Free time: company ${run.companyId} recomputed, ${n} shipments in ${Date.now() - started} ms.`);
    }
    const day = today();
    if (!stopping && refreshedOn !== day) {
      refreshed = await refreshRunningClocks(db, { stopping: isStopping, today: day });
      if (!stopping) refreshedOn = day;
    }
    return { recomputed, refreshed };
  };

  let busy = false;
  const run = () => {
    if (busy || stopping) return;
    busy = true;
    current = tick()
      .catch((err: Error) => log(`Free-time worker failed: ${err.message}`))
      .finally(() => {
        busy = false;
        if (!stopping) timer = setTimeout(run, pollMs);
      });
  };
  const unsubscribe = onFreeTimeRequest(() => {
    if (busy || stopping) return;
    if (timer) clearTimeout(timer);
    run();
  });
  run();

  return {
    tick,
    stop: async () => {
      stopping = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
