// Roles and permissions of spec section 6. A permission is granted only when the user's role is known and the
// role does not prohibit it; with no role there is no permission.
import { ROLE_LIMITED, ROLE_STANDARD } from './domain/accounts';
import type { RoleId, User, UserProfile } from './types';

export { ROLE_LIMITED, ROLE_STANDARD };

export type Permission = 'canWrite';

/**
 * What the checks read of a user: the superuser flag and the profile's role and manager flag. A profile that
 * is missing or lacks a role grants nothing, nor does a role this client does not know (any other number).
 */
export type PermissionSubject = Pick<User, 'is_superuser'> & {
  userprofile: (Partial<Pick<UserProfile, 'is_manager'>> & { role?: number | null }) | null;
};

const PROHIBITIONS: Record<RoleId, readonly Permission[]> = {
  [ROLE_STANDARD]: [],
  [ROLE_LIMITED]: ['canWrite'],
};

export function hasPermission(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  const role = user?.userprofile?.role;
  if (role === undefined || role === null) return false;
  const prohibited = PROHIBITIONS[role as RoleId];
  if (!prohibited) return false;
  return !prohibited.includes(permission);
}

export function canWrite(user: PermissionSubject | null | undefined): boolean {
  return hasPermission(user, 'canWrite');
}

export function isManager(user: PermissionSubject | null | undefined): boolean {
  return Boolean(user?.userprofile?.is_manager);
}

export function isSuperuser(user: PermissionSubject | null | undefined): boolean {
  return Boolean(user?.is_superuser);
}

/** Team config needs write permission and the manager flag. */
export function canEditTeams(user: PermissionSubject | null | undefined): boolean {
  return canWrite(user) && isManager(user);
}
