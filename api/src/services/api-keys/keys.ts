// Managing a company's API keys (issue 20): the list, the create (at most MAX_ACTIVE_KEYS active, names unique
// among active keys, under a per-company lock) and the revoke. The HTTP side is routes/api-keys/index.ts.
import { sql, type Kysely } from 'kysely';
import type { ApiKeyScope, Database } from '../../db/types';
import { ErrorCollector } from '../../lib/errors';
import { newApiKey } from './index';
import { isoOrNull as iso } from '../../lib/dates';

/** Active keys a company may hold at once. */
export const MAX_ACTIVE_KEYS = 20;
/** The refusals of the create call (translated by src/i18n/catalogue.ts). */
export const API_KEY_FIELD_MESSAGES = {
  nameBlank: 'This field may not be blank.',
  nameTaken: 'An active key with this name already exists.',
  tooMany: `A company can have at most ${MAX_ACTIVE_KEYS} active keys. Revoke one first.`,
} as const;

function keySelect(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.scope',
      'k.prefix',
      'k.rate_limit_per_minute',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'u.username as created_by',
    ])
    .where('k.company_id', '=', companyId);
}
type KeyRow = Awaited<ReturnType<ReturnType<typeof keySelect>['executeTakeFirstOrThrow']>>;
const keyOut = (r: KeyRow) => ({
  ...r,
  created_at: iso(r.created_at)!,
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
});

/** The company's keys as answered: the active ones, newest first, then the last 50 revoked. */
export async function listApiKeys(db: Kysely<Database>, companyId: number) {
  const active = await keySelect(db, companyId)
    .where('k.revoked_at', 'is', null)
    .orderBy('k.id', 'desc')
    .execute();
  const revoked = await keySelect(db, companyId)
    .where('k.revoked_at', 'is not', null)
    .orderBy('k.revoked_at', 'desc')
    .limit(50)
    .execute();
  return [...active, ...revoked].map(keyOut);
}

/** Creates a key (400 for a blank or taken name, or too many active keys); the answer holds the key itself. */
export async function createApiKey(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  input: { name: string; scope: ApiKeyScope; rate_limit_per_minute?: number },
) {
  const problems = new ErrorCollector();
  const name = input.name.trim();
  if (!name) problems.add('name', API_KEY_FIELD_MESSAGES.nameBlank);
  problems.throwIfAny();
  const created = await db.transaction().execute(async (trx) => {
    // One company's creates one at a time: the count and the name check hold.
    await sql`SELECT pg_advisory_xact_lock(20150, ${companyId})`.execute(trx);
    const active = await trx
      .selectFrom('api_keys')
      .select(['name'])
      .where('company_id', '=', companyId)
      .where('revoked_at', 'is', null)
      .execute();
    if (active.some((k) => k.name.toLowerCase() === name.toLowerCase()))
      problems.add('name', API_KEY_FIELD_MESSAGES.nameTaken);
    else if (active.length >= MAX_ACTIVE_KEYS)
      problems.add('non_field_errors', API_KEY_FIELD_MESSAGES.tooMany);
    problems.throwIfAny();
    const { key, hash, prefix } = newApiKey();
    const row = await trx
      .insertInto('api_keys')
      .values({
        company_id: companyId,
        created_by: userId,
        name,
        scope: input.scope,
        key_hash: hash,
        prefix,
        ...(input.rate_limit_per_minute ? { rate_limit_per_minute: input.rate_limit_per_minute } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, key };
  });
  const row = await keySelect(db, companyId).where('k.id', '=', created.id).executeTakeFirstOrThrow();
  return { ...keyOut(row), key: created.key };
}

/** Revokes a key of the company (again: unchanged); false when the company has no such key. */
export async function revokeApiKey(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  id: number,
): Promise<boolean> {
  const row = await db
    .updateTable('api_keys')
    .set({
      revoked_at: sql`coalesce(revoked_at, now())`,
      revoked_by: sql`coalesce(revoked_by, ${userId})`,
    })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
