// Company API keys: `Authorization: Token ctp_…` on the same API the portal uses. A key acts for
// its company: as a standard user (scope read_write) or a limited one (scope read), never as a manager, with
// the health thresholds of its owner (the manager who created it, or the manager who took it over). A key
// works only while it has not expired and its owner may still create keys (an active manager with write
// permission in the key's company): a deactivated or demoted owner would otherwise leave a credential nobody
// answers for. Keys are looked up on every request (no cache), so a
// revoked key stops working at once in every process. Each key has its own rate limit (requests per minute,
// counted in PostgreSQL, so across every API process) and only reaches the integration calls listed in API_KEY_ROUTES.
import { createHash, randomBytes } from 'node:crypto';
import { ROLE_LIMITED, ROLE_STANDARD } from '@portal/shared-api/domain';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ApiKeyScope, Database, User, UserProfile } from '../../db/types';
import { ApiError, notAuthenticated } from '../../lib/errors';
import type { AuthContext } from '../../types';
import { hitRateLimit } from '../rate-limits';

/** Every key starts with this, so the auth hook tells keys from login tokens (40 hex characters). */
const API_KEY_PREFIX = 'ctp_';
export const API_KEY_MESSAGES = {
  invalid: 'Invalid API key.',
  expired: 'This API key has expired.',
  ownerGone:
    'This API key is suspended: its owner is no longer an active manager. A manager can take it over on the integrations page.',
  notForThisCall: 'An API key cannot be used for this call.',
  throttled: (seconds: number) => `Request was throttled. Expected available in ${seconds} seconds.`,
} as const;

/** A new key: "ctp_" and 43 base64url characters (256 random bits). */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 12) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const isApiKey = (credential: string) => credential.startsWith(API_KEY_PREFIX);

/**
 * The calls a key may make: [method, route pattern prefix]. Reads of shipments, tracking requests, the
 * reference lists and the change feed (integration/changes); writes only on tracking requests (and only with read_write,
 * which the routes check through the role). Anything else (login, profiles, users, teams, keys, webhooks)
 * answers 403, whatever the scope.
 */
const READ_PREFIXES = [
  '/api/shipments/',
  '/api/tracking-requests/',
  '/api/carriers/',
  '/api/ports/',
  '/api/event-codes/',
  '/api/code-types/',
  '/api/projects/',
  '/api/integration/',
];
const WRITE_PREFIXES = ['/api/tracking-requests/', '/api/upload/bulk-import-tracking-requests/bulk'];

function apiKeyMayCall(method: string, route: string, scope: ApiKeyScope): boolean {
  if (method === 'GET' || method === 'HEAD') return READ_PREFIXES.some((p) => route.startsWith(p));
  if (scope !== 'read_write') return false;
  if (method !== 'POST' && method !== 'PATCH') return false;
  return WRITE_PREFIXES.some((p) => route.startsWith(p));
}

/**
 * Fixed one-minute window per key, counted in PostgreSQL (services/rate-limits.ts) so that every API process
 * behind the balancer counts the same calls. Throws 429 with Retry-After when the key is over its limit.
 */
async function throttle(db: Kysely<Database>, keyId: number, limit: number): Promise<Record<string, string>> {
  const hit = await hitRateLimit(db, `api-key:${keyId}`, 60_000);
  const remaining = Math.max(0, limit - hit.current);
  const reset = Math.max(1, Math.ceil(hit.ttl / 1000));
  const headers = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(reset),
  };
  if (hit.current > limit) {
    throw new ApiError(
      429,
      { detail: API_KEY_MESSAGES.throttled(reset) },
      { ...headers, 'Retry-After': String(reset) },
    );
  }
  return headers;
}

/**
 * The caller of an API key, or 401. Touches last_used_at (at most once a minute per key) in the same query.
 */
export async function apiKeyCaller(
  request: FastifyRequest,
  key: string,
): Promise<{ auth: AuthContext; headers: Record<string, string> }> {
  const db: Kysely<Database> = request.server.db;
  const { rows } = await sql<
    User & {
      profile: UserProfile | null;
      key_id: number;
      key_company_id: number;
      key_scope: ApiKeyScope;
      key_limit: number;
      expired: boolean;
      owner_ok: boolean;
    }
  >`
    WITH k AS (
      SELECT k.id, k.company_id, k.owner_id, k.scope, k.rate_limit_per_minute, k.last_used_at,
             (k.expires_at IS NOT NULL AND k.expires_at <= now()) AS expired,
             coalesce(o.is_active AND op.is_manager AND op.role_id = ${ROLE_STANDARD}
                      AND op.company_id = k.company_id, false) AS owner_ok
      FROM api_keys k
      LEFT JOIN users o ON o.id = k.owner_id
      LEFT JOIN user_profiles op ON op.id = k.owner_id
      WHERE k.key_hash = ${hashApiKey(key)} AND k.revoked_at IS NULL
    ), touch AS (
      UPDATE api_keys SET last_used_at = now()
      WHERE id IN (SELECT id FROM k WHERE NOT expired AND owner_ok
                   AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute'))
    )
    SELECT u.*, row_to_json(p) AS profile, k.id AS key_id, k.company_id AS key_company_id,
           k.scope AS key_scope, k.rate_limit_per_minute AS key_limit, k.expired, k.owner_ok
    FROM k
    JOIN users u ON u.id = k.owner_id
    LEFT JOIN user_profiles p ON p.id = k.owner_id`.execute(db);
  const row = rows[0];
  if (!row || !row.profile) throw notAuthenticated(API_KEY_MESSAGES.invalid);
  if (row.expired) throw notAuthenticated(API_KEY_MESSAGES.expired);
  if (!row.owner_ok) throw notAuthenticated(API_KEY_MESSAGES.ownerGone);
  const { profile, key_id, key_company_id, key_scope, key_limit, expired: _e, owner_ok: _o, ...user } = row;
  const route = request.routeOptions.url ?? request.url;
  if (!apiKeyMayCall(request.method, route, key_scope)) {
    throw new ApiError(403, { detail: API_KEY_MESSAGES.notForThisCall });
  }
  const headers = await throttle(db, key_id, key_limit);
  const auth: AuthContext = {
    // The owner's thresholds; never a superuser or a manager through a key.
    user: { ...user, is_superuser: false },
    profile: {
      ...profile,
      company_id: key_company_id,
      role_id: key_scope === 'read_write' ? ROLE_STANDARD : ROLE_LIMITED,
      is_manager: false,
    },
    apiKey: { id: key_id, scope: key_scope },
  };
  return { auth, headers };
}
