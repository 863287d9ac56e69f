// Roles and permissions of spec section 6. A permission is granted only when the user's role is known and the
// role does not prohibit it; with no role there is no permission.
import type { RoleId, User, UserProfile } from './types';

export const ROLE_STANDARD: RoleId = 1;
export const ROLE_LIMITED: RoleId = 2;

export type Permission = 'canWrite';

/**
 * What the checks read of a user: the superuser flag and the profile's role and manager flag. A profile that
 * is missing or lacks a role grants nothing.
 */
export type PermissionSubject = Pick<User, 'is_superuser'> & {
  userprofile: Partial<Pick<UserProfile, 'role' | 'is_manager'>> | null;
};

const PROHIBITIONS: Record<RoleId, readonly Permission[]> = {
  1: [],
  2: ['canWrite'],
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
