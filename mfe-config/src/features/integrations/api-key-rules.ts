// The rules of the API keys card that need no screen: what a create or a change sends, and who may take a key over.
import type { ApiKey, ApiKeyScope } from './api';
import { dayOf, localDayStart } from './format';

/** The create call's body: an empty limit or expiry is left out (the server's default applies). */
export function keyCreateBody(name: string, scope: ApiKeyScope, limit: string, expires: string) {
  return {
    name,
    scope,
    ...(limit ? { rate_limit_per_minute: Number(limit) } : {}),
    ...(expires ? { expires_at: localDayStart(expires) } : {}),
  };
}

/** The change call's body: an unchanged date keeps the exact time the key expires at; a cleared one removes it. */
export function keyUpdateBody(key: Pick<ApiKey, 'expires_at'>, limit: string, expires: string) {
  return {
    ...(limit ? { rate_limit_per_minute: Number(limit) } : {}),
    ...(expires !== dayOf(key.expires_at) ? { expires_at: expires ? localDayStart(expires) : null } : {}),
  };
}

/** A suspended key, or one another user owns, can be taken over by the user looking at it. */
export function canTakeOver(key: Pick<ApiKey, 'status' | 'owner_id'>, me: { id: number } | null | undefined) {
  return key.status === 'suspended' || Boolean(me && key.owner_id !== me.id);
}
