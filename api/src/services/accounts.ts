// Creating companies and users (with their profile), for the seed, tests and later admin calls.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { hashPassword } from '../lib/passwords';

export async function createCompany(
  db: Kysely<Database>,
  company: { name: string; max_tracking_requests?: number },
): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({ name: company.name, max_tracking_requests: company.max_tracking_requests ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewUserInput {
  username: string;
  password: string;
  companyId: number;
  email?: string;
  first_name?: string;
  last_name?: string;
  roleId?: number | null;
  is_manager?: boolean;
  is_superuser?: boolean;
  is_active?: boolean;
  /** scrypt cost (tests use a low one for speed). */
  hashCost?: number;
}

/** Creates a user and its profile (profile id = user id) in one transaction; returns the id. */
export async function createUser(db: Kysely<Database>, input: NewUserInput): Promise<number> {
  const password = await hashPassword(input.password, input.hashCost);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username: input.username,
        password,
        email: input.email ?? '',
        first_name: input.first_name ?? '',
        last_name: input.last_name ?? '',
        is_superuser: input.is_superuser ?? false,
        is_active: input.is_active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_profiles')
      .values({
        id: user.id,
        company_id: input.companyId,
        role_id: input.roleId === undefined ? 1 : input.roleId,
        is_manager: input.is_manager ?? false,
      })
      .execute();
    return user.id;
  });
}
