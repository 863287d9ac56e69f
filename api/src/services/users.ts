// Users as other resources see them: the summary used in lists (users, project subscribers, team coordinators
// and members), and the check that ids are active users of the company.
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export const UserSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
  },
  { title: 'UserSummary' },
);
export type UserSummary = Static<typeof UserSummarySchema>;

/** Of `ids`, those that are not active users of the company (for 'Invalid pk' errors). */
export async function foreignUserIds(
  db: Kysely<Database>,
  companyId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .where('user_profiles.company_id', '=', companyId)
    .where('users.is_active', '=', true)
    .where('users.id', 'in', ids)
    .select('users.id')
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
