// Creating companies and users (with their profile), for the seed, tests and later admin calls.
import { ROLE_STANDARD, type ROLE_IDS } from '@portal/shared-api/domain';
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
  roleId?: (typeof ROLE_IDS)[number] | null;
  is_manager?: boolean;
  is_superuser?: boolean;
  is_active?: boolean;
  /** scrypt cost (tests use a low one for speed). */
  hashCost?: number;
  /** Attention-required event codes of the new profile; DEFAULT_ATTENTION_CODES when left out. */
  attentionCodes?: number[];
}

/**
 * The attention-required codes a new user starts with, so the dashboard's 'attention required' is not empty by
 * default: roll-over (901), vessel change (904) and no carrier update (906). Only codes present in event_codes are
 * stored. Existing users keep their own settings (the column's default stays an empty list).
 */
const DEFAULT_ATTENTION_CODES: readonly number[] = [901, 904, 906];

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
    const wanted = input.attentionCodes ?? DEFAULT_ATTENTION_CODES;
    const known =
      wanted.length === 0
        ? []
        : await trx
            .selectFrom('event_codes')
            .select('code')
            .where('code', 'in', [...wanted])
            .orderBy('code')
            .execute();
    await trx
      .insertInto('user_profiles')
      .values({
        id: user.id,
        company_id: input.companyId,
        role_id: input.roleId === undefined ? ROLE_STANDARD : input.roleId,
        is_manager: input.is_manager ?? false,
        attention_required_event_codes: JSON.stringify(known.map((row) => row.code)),
      })
      .execute();
    return user.id;
  });
}
