// Starts the engine for a process (API or worker): the built-in carrier simulator unless
// SIMULATOR_URL points at one, then the pg-boss workers and the scheduler.
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/types';
import { startEngine, type Engine } from './engine';
import { startFreeTimeWorker } from '../free-time';
import { startSimulatorHost, type SimulatorHost } from './simulator-host';

export interface EngineRuntime {
  engine: Engine;
  simulator: SimulatorHost | null;
  stop(): Promise<void>;
}

export async function startEngineRuntime(options: {
  /** The process's settings (ENGINE_*, SIMULATOR_*, FREE_TIME_*, DEMO_EPOCH_DAYS_AGO). */
  config: Config;
  db: Kysely<Database>;
  databaseUrl: string;
  /** Base URL of the API for DCSA push callbacks (null: polling only). */
  callbackBaseUrl?: string | null;
  log?: (m: string) => void;
}): Promise<EngineRuntime> {
  const log = options.log ?? ((m: string) => console.log(m));
  const { engine: settings, freeTime: freeTimeSettings } = options.config;
  const push = settings.push;
  let simulator: SimulatorHost | null = null;
  let simulatorBaseUrl: string;
  if (settings.simulatorUrl) {
    simulatorBaseUrl = `${settings.simulatorUrl}/carriers`;
  } else {
    simulator = await startSimulatorHost(options.db, {
      port: settings.simulatorPort,
      pushEverySeconds: push ? settings.simulatorPushSeconds : 0,
      epochDaysAgo: options.config.demoEpochDaysAgo,
      log,
    });
    simulatorBaseUrl = simulator.baseUrl;
    log(`Carrier network simulator on ${simulator.baseUrl}/{SCAC}/v2/events`);
  }
  const frozenNow = settings.now;
  const now = frozenNow === undefined ? undefined : () => frozenNow;
  const engine = await startEngine({
    db: options.db,
    databaseUrl: options.databaseUrl,
    config: settings.tuning,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    pollConcurrency: settings.pollConcurrency,
    schema: settings.schema,
    companyIds: settings.companyIds,
    now,
    ingestChunkSize: settings.ingestChunk,
    crashMidIngest: settings.crashMidIngest,
    simulatorBaseUrl,
    callbackBaseUrl: push ? (settings.callbackUrl ?? options.callbackBaseUrl ?? null) : null,
    log,
  });
  // Demurrage and detention: rule-change recomputes and the daily refresh of running clocks.
  const freeTime = startFreeTimeWorker({
    db: options.db,
    now,
    pollMs: freeTimeSettings.pollMs,
    lanes: freeTimeSettings.lanes,
    log,
  });
  return {
    engine,
    simulator,
    stop: async () => {
      await freeTime.stop();
      await engine.stop();
      await simulator?.stop();
    },
  };
}
