// The throwaway database of the fault benches (load-fault, multiprocess-fault): a new database on the server of
// the bench's own variable, else TEST_DATABASE_URL / DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (the
// bench drops it at the end), and the start of their seed: the reference data, the first active carrier that
// tracks by container number and two companies.
import type { Kysely } from 'kysely';
import { ensureDatabase, withDatabase } from '../src/db/connection';
import type { Database } from '../src/db/types';
import { createCompany } from '../src/services/accounts';
import { seedReferenceData } from '../src/tracking/reference-data';

/** A new database `<prefix>_<time>_<pid>` on the server of `process.env[ownVariable]` or the fallbacks. */
export async function throwawayDatabase(ownVariable: string, prefix: string) {
  const serverUrl =
    process.env[ownVariable] ||
    process.env.TEST_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `${prefix}_${Date.now()}_${process.pid}`;
  await ensureDatabase(serverUrl, dbName);
  return { serverUrl, dbName, url: withDatabase(serverUrl, dbName) };
}

/** Reference data, the carrier, and the companies `<name> A` and `<name> B`. */
export async function seedCarrierAndCompanies(db: Kysely<Database>, name: string) {
  await seedReferenceData(db);
  const carrier = await db
    .selectFrom('carriers')
    .select('id')
    .where('active', '=', true)
    .where('supports_c_id', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const companies = [
    await createCompany(db, { name: `${name} A`, max_tracking_requests: 1_000_000 }),
    await createCompany(db, { name: `${name} B`, max_tracking_requests: 1_000_000 }),
  ];
  return { carrierId: carrier.id, companies };
}
