// Runs the carrier network simulator next to the engine (API process or worker) on a local port,
// on real time. Its epoch is kept in engine_settings so journeys stay the same across restarts
// and across processes: the first start puts it DEMO_EPOCH_DAYS_AGO (default 60) days back, so
// the demo's journeys are spread from finished to not yet started.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createSimulator, type SimulatedCarrier, type Simulator } from '../simulator/server';

const DAY = 86_400_000;

export interface SimulatorHost {
  simulator: Simulator;
  /** …/carriers (the engine appends /{SCAC}). */
  baseUrl: string;
  epoch: number;
  stop(): Promise<void>;
}

/** The simulator epoch stored in engine_settings, created on first use. */
export async function simulatorEpoch(db: Kysely<Database>, daysAgo = 60): Promise<number> {
  const proposed = Date.now() - daysAgo * DAY;
  await db
    .insertInto('engine_settings')
    .values({ key: 'simulator_epoch', value: JSON.stringify(proposed) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('engine_settings')
    .select(sql<number>`(value #>> '{}')::bigint`.as('epoch'))
    .where('key', '=', 'simulator_epoch')
    .executeTakeFirstOrThrow();
  return Number(row.epoch);
}

export async function startSimulatorHost(
  db: Kysely<Database>,
  options: {
    port?: number;
    pushEverySeconds?: number;
    /** Where the journeys start if no epoch is stored yet (DEMO_EPOCH_DAYS_AGO, default 60 days ago). */
    epochDaysAgo?: number;
    log?: (m: string) => void;
  } = {},
): Promise<SimulatorHost> {
  const epoch = await simulatorEpoch(db, options.epochDaysAgo ?? 60);
  const carriers: Record<string, SimulatedCarrier> = {};
  for (const c of await db.selectFrom('carriers').select(['scac', 'dcsa_unknown_reference']).execute()) {
    carriers[c.scac] = { unknownReference: c.dcsa_unknown_reference };
  }
  const simulator = createSimulator({ epoch, carriers });
  const origin = await simulator.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  let timer: NodeJS.Timeout | null = null;
  if (options.pushEverySeconds && options.pushEverySeconds > 0) {
    timer = setInterval(() => {
      simulator.deliver().catch((err: Error) => options.log?.(`Simulator push failed: ${err.message}`));
    }, options.pushEverySeconds * 1000);
  }
  return {
    simulator,
    baseUrl: `${origin}/carriers`,
    epoch,
    stop: async () => {
      if (timer) clearInterval(timer);
      await simulator.app.close();
    },
  };
}
