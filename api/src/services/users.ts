// Users as other resources see them: the summary used in lists (users, project subscribers, team coordinators
// and members), the company's list of them, and the check that ids are active users of the company.
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { countRows, type PagedList } from '../lib/pagination';
import { likePattern, type Ordering } from '../lib/query-params';

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

/** The ordering fields of the user list. */
export const USER_ORDERING = ['id', 'username', 'first_name', 'last_name', 'email'] as const;

/**
 * The company's active users whose username, first or last name or e-mail contains `search`, as summaries:
 * the count and one page.
 */
export function companyUserList(
  db: Kysely<Database>,
  companyId: number,
  search: string | undefined,
  order: Ordering<(typeof USER_ORDERING)[number]>,
): PagedList<UserSummary> {
  let base = db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .where('user_profiles.company_id', '=', companyId)
    .where('users.is_active', '=', true);
  if (search) {
    const pattern = likePattern(search);
    base = base.where((eb) =>
      eb.or([
        eb('users.username', 'ilike', pattern),
        eb('users.first_name', 'ilike', pattern),
        eb('users.last_name', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
      ]),
    );
  }
  return {
    count: () => countRows(base),
    page: (limit, offset) =>
      base
        .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.email'])
        .orderBy(`users.${order.key}`, order.direction)
        .orderBy('users.id')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
