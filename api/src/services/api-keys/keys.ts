// Managing a company's API keys: the list, the create (at most MAX_ACTIVE_KEYS active, names unique
// among active keys, under a per-company lock), a change of the rate limit or the expiry, the take-over by
// another manager and the revoke. The HTTP side is routes/api-keys/index.ts.
//
// Every key has an owner (the manager who created it, or the one who took it over last): the key acts with the
// owner's thresholds and stops working (401) when the owner may no longer create keys (deactivated, not a
// manager, no write permission) until a manager takes it over; an expiry, when set, ends it for good.
import { ROLE_STANDARD } from '@portal/shared-api/domain';
import { sql, type Kysely } from 'kysely';
import type { ApiKeyScope, Database } from '../../db/types';
import { ErrorCollector, notFound } from '../../lib/errors';
import { newApiKey } from './index';
import { isoOrNull as iso } from '../../lib/dates';

/** Active keys a company may hold at once. */
export const MAX_ACTIVE_KEYS = 20;
/** An expiry may be set at most this many years ahead. */
export const MAX_EXPIRY_YEARS = 5;
/** The refusals of the key calls (translated by src/i18n/catalogue.ts). */
export const API_KEY_FIELD_MESSAGES = {
  nameBlank: 'This field may not be blank.',
  nameTaken: 'An active key with this name already exists.',
  tooMany: `A company can have at most ${MAX_ACTIVE_KEYS} active keys. Revoke one first.`,
  expiryInvalid: 'Enter a valid date and time (ISO 8601), e.g. 2026-11-24T08:00:00Z.',
  expiryPast: 'The expiry must be in the future.',
  expiryTooFar: `The expiry must be at most ${MAX_EXPIRY_YEARS} years ahead.`,
  revoked: 'This key is revoked: it cannot be changed or taken over.',
} as const;

type ApiKeyStatus = 'active' | 'expired' | 'suspended' | 'revoked';

function keySelect(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .leftJoin('users as o', 'o.id', 'k.owner_id')
    .leftJoin('user_profiles as op', 'op.id', 'k.owner_id')
    .select([
      'k.id',
      'k.name',
      'k.scope',
      'k.prefix',
      'k.rate_limit_per_minute',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'k.expires_at',
      'k.owner_since',
      'u.username as created_by',
      'o.username as owner',
      'k.owner_id',
      // The same rule as the key check of every call (services/api-keys/index.ts).
      sql<ApiKeyStatus>`CASE
        WHEN k.revoked_at IS NOT NULL THEN 'revoked'
        WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'expired'
        WHEN NOT coalesce(o.is_active AND op.is_manager AND op.role_id = ${ROLE_STANDARD}
                          AND op.company_id = k.company_id, false) THEN 'suspended'
        ELSE 'active' END`.as('status'),
    ])
    .where('k.company_id', '=', companyId);
}
type KeyRow = Awaited<ReturnType<ReturnType<typeof keySelect>['executeTakeFirstOrThrow']>>;
const keyOut = (r: KeyRow) => ({
  ...r,
  owner: r.owner ?? null,
  created_at: iso(r.created_at)!,
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
  expires_at: iso(r.expires_at),
  owner_since: iso(r.owner_since)!,
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

/** One key of the company as answered (404 otherwise). */
async function findApiKey(db: Kysely<Database>, companyId: number, id: number) {
  const row = await keySelect(db, companyId).where('k.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return keyOut(row);
}

/**
 * The expiry asked for (undefined: not given; null: never), or a problem on `expires_at`: a date-time (or a
 * date, meaning its start in UTC) in the future, at most MAX_EXPIRY_YEARS ahead.
 */
function parseExpiry(
  problems: ErrorCollector,
  raw: string | null | undefined,
  now = Date.now(),
): Date | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const text = raw.trim();
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  // The calendar day must exist: Date would read 2027-02-30 as March 2.
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)?.map(Number) ?? [];
  const dayExists =
    y !== undefined && m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (!dayExists || Number.isNaN(at.getTime())) {
    problems.add('expires_at', API_KEY_FIELD_MESSAGES.expiryInvalid);
    return undefined;
  }
  if (at.getTime() <= now) problems.add('expires_at', API_KEY_FIELD_MESSAGES.expiryPast);
  else if (at.getTime() > now + MAX_EXPIRY_YEARS * 366 * 86_400_000)
    problems.add('expires_at', API_KEY_FIELD_MESSAGES.expiryTooFar);
  return at;
}

/** Creates a key (400 for a blank or taken name, a bad expiry, or too many active keys); the answer holds the key itself. */
export async function createApiKey(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  input: { name: string; scope: ApiKeyScope; rate_limit_per_minute?: number; expires_at?: string | null },
) {
  const problems = new ErrorCollector();
  const name = input.name.trim();
  if (!name) problems.add('name', API_KEY_FIELD_MESSAGES.nameBlank);
  const expiresAt = parseExpiry(problems, input.expires_at);
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
        owner_id: userId,
        name,
        scope: input.scope,
        key_hash: hash,
        prefix,
        expires_at: expiresAt ?? null,
        ...(input.rate_limit_per_minute ? { rate_limit_per_minute: input.rate_limit_per_minute } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, key };
  });
  return { ...(await findApiKey(db, companyId, created.id)), key: created.key };
}

/** 400 when the key is revoked (it can no longer be changed or taken over). */
function refuseRevoked(key: { revoked_at: string | null }) {
  if (!key.revoked_at) return;
  const problems = new ErrorCollector();
  problems.add('non_field_errors', API_KEY_FIELD_MESSAGES.revoked);
  problems.throwIfAny();
}

/**
 * Changes the rate limit or the expiry (null: never) of a key of the company (404 otherwise; 400 when revoked
 * or the expiry is bad). A new expiry is warned about again.
 */
export async function changeApiKey(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  input: { rate_limit_per_minute?: number; expires_at?: string | null },
) {
  const current = await findApiKey(db, companyId, id);
  const problems = new ErrorCollector();
  const expiresAt = parseExpiry(problems, input.expires_at);
  problems.throwIfAny();
  refuseRevoked(current);
  const changes = {
    ...(input.rate_limit_per_minute !== undefined
      ? { rate_limit_per_minute: input.rate_limit_per_minute }
      : {}),
    ...(expiresAt !== undefined
      ? { expires_at: expiresAt, expiry_warned_at: null, expiry_warning_lease: null }
      : {}),
  };
  // A body with nothing to change (all of it read-only fields sent back, or empty) changes nothing: an UPDATE
  // with no column to set is not SQL.
  if (Object.keys(changes).length === 0) return current;
  await db
    .updateTable('api_keys')
    .set(changes)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .execute();
  return findApiKey(db, companyId, id);
}

/**
 * A manager takes a key of the company over (404 otherwise; 400 when revoked): the key acts for them from now
 * on, with their thresholds, and works again if it stopped because of its former owner.
 */
export async function takeOverApiKey(db: Kysely<Database>, companyId: number, userId: number, id: number) {
  refuseRevoked(await findApiKey(db, companyId, id));
  await db
    .updateTable('api_keys')
    .set({ owner_id: userId, owner_since: sql`now()`, expiry_warned_at: null, expiry_warning_lease: null })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .where('owner_id', '<>', userId)
    .execute();
  return findApiKey(db, companyId, id);
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
