// Loads the current user once per session even when several callers (boot, guards, login page) ask at once.
import { loadCurrentUser, sessionStore, type User } from '@portal/shared-api';

let pending: Promise<User> | null = null;

/** Resolves with the session's user, loading it from the API when a token is stored but no user is loaded yet. */
export function ensureCurrentUser(): Promise<User> {
  const { user, token } = sessionStore.getState();
  if (user) return Promise.resolve(user);
  if (!token) return Promise.reject(new Error('Not authenticated'));
  if (!pending) {
    const current = loadCurrentUser().finally(() => {
      if (pending === current) pending = null;
    });
    pending = current;
  }
  return pending;
}
