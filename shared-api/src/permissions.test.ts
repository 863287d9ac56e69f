import { canEditTeams, canWrite, isManager, isSuperuser, type PermissionSubject } from './permissions';

function user(
  profile: PermissionSubject['userprofile'],
  extra: Partial<PermissionSubject> = {},
): PermissionSubject {
  return { is_superuser: false, userprofile: profile, ...extra };
}

describe('permissions', () => {
  it('grants write only to a known role that does not prohibit it', () => {
    expect(canWrite(user({ role: 1 }))).toBe(true);
    expect(canWrite(user({ role: 2 }))).toBe(false);
    expect(canWrite(user({ role: null }))).toBe(false);
    expect(canWrite(user({ role: 7 }))).toBe(false);
    expect(canWrite(user(null))).toBe(false);
    expect(canWrite(null)).toBe(false);
  });

  it('needs write permission and the manager flag for teams', () => {
    expect(canEditTeams(user({ role: 1, is_manager: true }))).toBe(true);
    expect(canEditTeams(user({ role: 1, is_manager: false }))).toBe(false);
    expect(canEditTeams(user({ role: 2, is_manager: true }))).toBe(false);
    expect(isManager(user({ role: 2, is_manager: true }))).toBe(true);
  });

  it('reads the superuser flag', () => {
    expect(isSuperuser(user({ role: 1 }, { is_superuser: true }))).toBe(true);
    expect(isSuperuser(user({ role: 1 }))).toBe(false);
  });
});
