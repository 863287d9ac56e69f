// Token authentication: `Authorization: Token <40 hex>`. Add `requireAuth` as an onRequest hook
// in every route plugin that needs a logged-in user.
import type { FastifyRequest } from 'fastify';
import { MESSAGES, notAuthenticated } from '../lib/errors';
import { hashToken } from '../lib/tokens';

export async function requireAuth(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const parts = typeof header === 'string' ? header.trim().split(/\s+/) : [];
  if (parts.length === 0 || parts[0].toLowerCase() !== 'token') throw notAuthenticated();
  if (parts.length === 1) throw notAuthenticated(MESSAGES.invalidTokenHeader);
  if (parts.length > 2) throw notAuthenticated(MESSAGES.tokenWithSpaces);
  const db = request.server.db;
  const row = await db
    .selectFrom('auth_tokens')
    .where('key_hash', '=', hashToken(parts[1]))
    .select(['user_id'])
    .executeTakeFirst();
  if (!row) throw notAuthenticated(MESSAGES.invalidToken);
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  const profile = await db
    .selectFrom('user_profiles')
    .selectAll()
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user || !user.is_active || !profile) throw notAuthenticated(MESSAGES.userInactive);
  request.auth = { user, profile };
}

/** The caller of an authenticated route (after requireAuth). */
export function caller(request: FastifyRequest) {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}

/** Role 1 (standard) may write; role 2 (limited) or no role may not (spec section 6). */
export const canWrite = (roleId: number | null) => roleId === 1;
