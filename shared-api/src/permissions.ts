// Roles and permissions of spec section 6. A permission is granted only when the user's role is known and the
// role does not prohibit it; with no role there is no permission.
import type { RoleId, User } from './types';

export const ROLE_STANDARD: RoleId = 1;
export const ROLE_LIMITED: RoleId = 2;

export type Permission = 'canWrite';

const PROHIBITIONS: Record<RoleId, readonly Permission[]> = {
  1: [],
  2: ['canWrite'],
};

export function hasPermission(user: User | null | undefined, permission: Permission): boolean {
  const role = user?.userprofile?.role;
  if (role === undefined || role === null) return false;
  const prohibited = PROHIBITIONS[role as RoleId];
  if (!prohibited) return false;
  return !prohibited.includes(permission);
}

export function canWrite(user: User | null | undefined): boolean {
  return hasPermission(user, 'canWrite');
}

export function isManager(user: User | null | undefined): boolean {
  return Boolean(user?.userprofile?.is_manager);
}

export function isSuperuser(user: User | null | undefined): boolean {
  return Boolean(user?.is_superuser);
}

/** Team config needs write permission and the manager flag. */
export function canEditTeams(user: User | null | undefined): boolean {
  return canWrite(user) && isManager(user);
}
