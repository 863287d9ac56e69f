// Profiles of a company (a profile's id is its user's id) and the caller's own name: the reads and writes
// behind routes/user-profiles/. Permissions, field rules and answers stay in the routes.
import type { Kysely } from 'kysely';
import type { Database, User, UserProfile, UserProfileUpdate } from '../db/types';
import { countRows } from '../lib/pagination';

/** The profile `id` of the company, if it is one. */
export function findCompanyProfile(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<UserProfile | undefined> {
  return db
    .selectFrom('user_profiles')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The company's profiles: the count and one page, by id. */
export function companyProfiles(db: Kysely<Database>, companyId: number) {
  const base = db.selectFrom('user_profiles').where('company_id', '=', companyId);
  return {
    count: () => countRows(base),
    page: (limit: number, offset: number): Promise<UserProfile[]> =>
      base.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
  };
}

/** Of `codes`, those that are event codes (GET /api/event-codes/). */
export async function knownEventCodes(db: Kysely<Database>, codes: number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('event_codes').select('code').where('code', 'in', codes).execute();
  return new Set(rows.map((r) => r.code));
}

export function updateProfile(
  db: Kysely<Database>,
  id: number,
  changes: UserProfileUpdate,
): Promise<UserProfile> {
  return db
    .updateTable('user_profiles')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes the user's own name. */
export function updateUserName(
  db: Kysely<Database>,
  id: number,
  changes: { first_name?: string; last_name?: string },
): Promise<User> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
