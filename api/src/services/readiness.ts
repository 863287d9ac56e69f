// Readiness of the API for start scripts and load balancers (GET /api/health/): whether the database answers.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/** True when the database answers a trivial query, false when it does not. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
