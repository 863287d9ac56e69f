// The session store shared by the shell and every remote (one instance, because shared-api is a federation
// singleton). Authenticated while a token is stored; logout clears the user, the user id and the token.
import { createStore, useStore } from 'zustand';
import type { User } from './types';

export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'user_id';

export interface SessionState {
  token: string | null;
  userId: number | null;
  user: User | null;
  setToken(token: string): void;
  setUser(user: User): void;
  logout(): void;
}

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the session lives in memory only
  }
}

function initialUserId(): number | null {
  const raw = readStorage(USER_ID_KEY);
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) ? n : null;
}

export const sessionStore = createStore<SessionState>()((set) => ({
  token: readStorage(TOKEN_KEY),
  userId: initialUserId(),
  user: null,
  setToken(token) {
    writeStorage(TOKEN_KEY, token);
    set({ token });
  },
  setUser(user) {
    writeStorage(USER_ID_KEY, String(user.id));
    set({ user, userId: user.id });
  },
  logout() {
    writeStorage(TOKEN_KEY, null);
    writeStorage(USER_ID_KEY, null);
    set({ token: null, user: null, userId: null });
  },
}));

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export function isAuthenticated(): boolean {
  return Boolean(sessionStore.getState().token);
}

export function getToken(): string | null {
  return sessionStore.getState().token;
}
