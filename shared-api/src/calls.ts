// Typed calls for the session and the user's profile (spec section 7).
import { client } from './typed-client';
import { sessionStore } from './session';
import type { ApiBody } from './contract';
import type { Paged, User, UserProfile } from './types';

export type PasswordChange = ApiBody<'/api/rest-auth/password/change/'>;

export type UserPatch = ApiBody<'/api/rest-auth/user/', 'patch'>;
export type UserProfilePatch = ApiBody<'/api/user-profiles/{id}/', 'patch'>;

export const authApi = {
  obtainToken: (username: string, password: string) =>
    client.post('/api/token/', { json: { username, password } }),
  changePassword: (data: PasswordChange) => client.post('/api/rest-auth/password/change/', { json: data }),
  getCurrentUser: (): Promise<User> => client.get('/api/rest-auth/user/'),
  updateCurrentUser: (patch: UserPatch): Promise<User> =>
    client.patch('/api/rest-auth/user/', { json: patch }),
};

export const userProfilesApi = {
  list: (page = 1): Promise<Paged<UserProfile>> => client.get('/api/user-profiles/', { query: { page } }),
  get: (id: number): Promise<UserProfile> => client.get('/api/user-profiles/{id}/', { params: { id } }),
  update: (id: number, patch: UserProfilePatch): Promise<UserProfile> =>
    client.patch('/api/user-profiles/{id}/', { params: { id }, json: patch }),
};

/** Signs in: stores the token, then loads the current user. */
export async function login(username: string, password: string): Promise<User> {
  const { token } = await authApi.obtainToken(username, password);
  sessionStore.getState().setToken(token);
  try {
    return await loadCurrentUser();
  } catch (error) {
    sessionStore.getState().logout();
    throw error;
  }
}

/** Loads the current user into the session (used at boot when a token is stored). */
export async function loadCurrentUser(): Promise<User> {
  const user = await authApi.getCurrentUser();
  sessionStore.getState().setUser(user);
  return user;
}

/**
 * Ends the session at once on this device, and asks the API to revoke the token (POST rest-auth/logout/) so a
 * copy of it is worthless; a failed revocation (offline, already expired) changes nothing for the user.
 */
export function logout(): void {
  const token = sessionStore.getState().token;
  sessionStore.getState().logout();
  if (token) {
    client
      .post('/api/rest-auth/logout/', { headers: { Authorization: `Token ${token}` } })
      .catch(() => undefined);
  }
}
