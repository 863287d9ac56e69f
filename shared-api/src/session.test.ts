import { isAuthenticated, sessionStore, TOKEN_KEY, USER_ID_KEY } from './session';
import type { User } from './types';

const user: User = {
  id: 42,
  username: 'demo',
  first_name: 'Demo',
  last_name: 'User',
  email: 'demo@example.com',
  is_superuser: false,
  userprofile: null,
};

describe('session store', () => {
  it('keeps the token in local storage and logout clears user, user id and token', () => {
    sessionStore.getState().setToken('abc');
    sessionStore.getState().setUser(user);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(localStorage.getItem(USER_ID_KEY)).toBe('42');
    expect(isAuthenticated()).toBe(true);

    sessionStore.getState().logout();
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, userId: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
    expect(isAuthenticated()).toBe(false);
  });
});
