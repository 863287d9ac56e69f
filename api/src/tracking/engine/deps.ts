// What the engine's jobs need: the database, the settings, where the simulator is, the clock.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { EngineConfig } from './config';

export interface EngineDeps {
  db: Kysely<Database>;
  config: EngineConfig;
  /** Base of the carrier network simulator (…/carriers) for carriers without their own DCSA URL. */
  simulatorBaseUrl?: string | null;
  /** Public base URL of this API (for DCSA push subscriptions); none: no subscriptions. */
  callbackBaseUrl?: string | null;
  /** The engine's "now" for derivation (tests and demos pass the simulator's clock). */
  now: () => number;
  log: (message: string) => void;
}
