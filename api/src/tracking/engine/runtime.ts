// Starts the engine for a process (API or worker): the built-in carrier simulator unless
// SIMULATOR_URL points at one, then the pg-boss workers and the scheduler.
import type { Kysely } from 'kysely';
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
  db: Kysely<Database>;
  databaseUrl: string;
  /** Base URL of the API for DCSA push callbacks (null: polling only). */
  callbackBaseUrl?: string | null;
  log?: (m: string) => void;
}): Promise<EngineRuntime> {
  const log = options.log ?? ((m: string) => console.log(m));
  const env = process.env;
  const push = env.ENGINE_PUSH !== '0' && env.ENGINE_PUSH !== 'false';
  let simulator: SimulatorHost | null = null;
  let simulatorBaseUrl: string;
  if (env.SIMULATOR_URL) {
    simulatorBaseUrl = `${env.SIMULATOR_URL.replace(/\/+$/, '')}/carriers`;
  } else {
    simulator = await startSimulatorHost(options.db, {
      port: Number(env.SIMULATOR_PORT || 0),
      pushEverySeconds: push ? Number(env.SIMULATOR_PUSH_SECONDS || 60) : 0,
      log,
    });
    simulatorBaseUrl = simulator.baseUrl;
    log(`Carrier network simulator on ${simulator.baseUrl}/{SCAC}/v2/events`);
  }
  const companyIds = (env.ENGINE_COMPANY_IDS ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const frozenNow = env.ENGINE_NOW ? Date.parse(env.ENGINE_NOW) : NaN;
  const engine = await startEngine({
    db: options.db,
    databaseUrl: options.databaseUrl,
    schema: env.ENGINE_SCHEMA || undefined,
    companyIds: companyIds.length ? companyIds : undefined,
    now: Number.isNaN(frozenNow) ? undefined : () => frozenNow,
    ingestChunkSize: env.ENGINE_INGEST_CHUNK ? Number(env.ENGINE_INGEST_CHUNK) : undefined,
    crashMidIngest: env.ENGINE_CRASH_MID_INGEST === '1',
    simulatorBaseUrl,
    callbackBaseUrl: push ? (env.ENGINE_CALLBACK_URL ?? options.callbackBaseUrl ?? null) : null,
    log,
  });
  // Demurrage and detention: rule-change recomputes and the daily refresh of running clocks.
  const freeTime = startFreeTimeWorker({
    db: options.db,
    now: Number.isNaN(frozenNow) ? undefined : () => frozenNow,
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
