// Token authentication: `Authorization: Token <40 hex>` (a login), or `Token ctp_…` (a company API key, see
// services/api-keys). Add `requireAuth` as an onRequest hook
// in every route plugin that needs a logged-in user. The token's user and profile are read in one query and
// kept per token for a few seconds (bounded LRU per database handle); routes that change a user, a profile
// or a password call `forgetAuth` so this process sees the change at once.
import { ROLE_STANDARD } from '@portal/shared-api/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database, User, UserProfile } from '../db/types';
import { MESSAGES, notAuthenticated, permissionDenied } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { apiKeyCaller, isApiKey } from '../services/api-keys';
import type { AuthContext, TokenPolicy } from '../types';

/** Tokens kept per database handle (least recently used dropped first). */
const MAX_ENTRIES = 2_000;

interface Entry {
  auth: AuthContext;
  expires: number;
}
interface Cache {
  ttlMs: number;
  entries: Map<string, Entry>;
}

const caches = new WeakMap<Kysely<Database>, Cache>();

/**
 * The cache of database handle `db`, made with lifetime `ttlMs` if it has none yet. How long a token's user and
 * profile are reused: AUTH_CACHE_MS, else 10 s, except under jest (NODE_ENV=test), where tests change roles and
 * thresholds straight in the database as another process would: 0 (off) there unless a test turns it on with
 * setAuthCacheTtl (config.ts). Changes made by other processes show after at most this long.
 */
function cacheOf(db: Kysely<Database>, ttlMs: number): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { ttlMs, entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** Sets the cache lifetime of the apps on database handle `db` (0 turns the cache off and empties it). */
export function setAuthCacheTtl(db: Kysely<Database>, ttlMs: number): void {
  const cache = cacheOf(db, ttlMs);
  cache.ttlMs = ttlMs;
  if (ttlMs <= 0) cache.entries.clear();
}

/** Drops the cached callers of user `userId` (all users when omitted): call after changing them. */
export function forgetAuth(db: Kysely<Database>, userId?: number): void {
  const entries = caches.get(db)?.entries;
  if (!entries) return;
  if (userId === undefined) {
    entries.clear();
    return;
  }
  for (const [key, entry] of entries) if (entry.auth.user.id === userId) entries.delete(key);
}

/** Drops the cached caller of one token (after logout): it must not work for another request. */
export function forgetToken(db: Kysely<Database>, keyHash: string): void {
  caches.get(db)?.entries.delete(keyHash);
}

/**
 * The active user and profile of a token hash, in one query, or null when the token is unknown or expired
 * (unused for `idleMinutes`, or older than `maxAgeHours`). Using a token slides its expiry: last_used_at is
 * written at most once a minute per token. The profile comes as row_to_json, which gives the same values as
 * selecting its columns (integers, booleans and JSON only; no dates).
 */
async function loadCaller(
  db: Kysely<Database>,
  keyHash: string,
  policy: TokenPolicy,
): Promise<{ auth: AuthContext; expiresAt: number } | null> {
  const { rows } = await sql<User & { profile: UserProfile | null; token_expires_at: Date }>`
    WITH t AS (
      SELECT key_hash, user_id,
             least(last_used_at + make_interval(mins => ${policy.idleMinutes}),
                   created_at + make_interval(hours => ${policy.maxAgeHours})) AS expires_at,
             last_used_at
      FROM auth_tokens
      WHERE key_hash = ${keyHash}
    ), touch AS (
      UPDATE auth_tokens SET last_used_at = now()
      WHERE key_hash IN (SELECT key_hash FROM t WHERE expires_at > now() AND last_used_at < now() - interval '1 minute')
    )
    SELECT u.*, row_to_json(p) AS profile, t.expires_at AS token_expires_at
    FROM t
    JOIN users u ON u.id = t.user_id
    LEFT JOIN user_profiles p ON p.id = t.user_id
    WHERE t.expires_at > now()`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const { profile, token_expires_at, ...user } = row;
  if (!user.is_active || !profile) throw notAuthenticated(MESSAGES.userInactive);
  return { auth: { user, profile }, expiresAt: new Date(token_expires_at).getTime() };
}

export async function requireAuth(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  const parts = typeof header === 'string' ? header.trim().split(/\s+/) : [];
  if (parts.length === 0 || parts[0].toLowerCase() !== 'token') throw notAuthenticated();
  if (parts.length === 1) throw notAuthenticated(MESSAGES.invalidTokenHeader);
  if (parts.length > 2) throw notAuthenticated(MESSAGES.tokenWithSpaces);
  if (isApiKey(parts[1])) {
    // A company API key: looked up on every call, never cached, so revocation is immediate.
    const { auth, headers } = await apiKeyCaller(request, parts[1]);
    if (reply) for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    request.auth = auth;
    return;
  }
  const db = request.server.db;
  const keyHash = hashToken(parts[1]);
  const { ttlMs, entries } = cacheOf(db, request.server.config.env.authCacheMs);
  const now = Date.now();
  const hit = entries.get(keyHash);
  if (hit && hit.expires > now) {
    // Most recently used last.
    entries.delete(keyHash);
    entries.set(keyHash, hit);
    request.auth = { ...hit.auth };
    return;
  }
  if (hit) entries.delete(keyHash);
  const loaded = await loadCaller(db, keyHash, request.server.config.tokens);
  if (!loaded) throw notAuthenticated(MESSAGES.invalidToken);
  const { auth, expiresAt } = loaded;
  if (ttlMs > 0) {
    // Never cached past the token's own expiry; logout and password changes drop the entry at once.
    entries.set(keyHash, { auth, expires: Math.min(now + ttlMs, expiresAt) });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  request.auth = { ...auth };
}

/** The caller of an authenticated route (after requireAuth). */
export function caller(request: FastifyRequest) {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}

/** Role 1 (standard) may write; role 2 (limited) or no role may not (spec section 6). */
export const canWrite = (roleId: number | null) => roleId === ROLE_STANDARD;

/** Managers with write permission manage keys and webhooks; a key never does (its role is never manager). */
export function requireManager(request: FastifyRequest) {
  const auth = caller(request);
  if (auth.apiKey || !canWrite(auth.profile.role_id) || !auth.profile.is_manager) throw permissionDenied();
  return auth;
}
