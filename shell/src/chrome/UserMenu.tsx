// The user menu '{user} Config' (spec section 2): Change Pass, Edit Teams, Edit Projects, Edit User, Log Out.
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { canEditTeams, canWrite, type User } from '@portal/shared-api';
import { Popover } from '@portal/shared-ui';
import { logOut } from '../session/log-out';
import { TEST_IDS } from '../testids';

const ChangePasswordModal = lazy(() =>
  import('./ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })),
);

export interface UserMenuEntry {
  key: 'changePass' | 'editTeams' | 'editProjects' | 'editUser' | 'integrations' | 'freeTime' | 'logOut';
  testId: string;
  /** Where the entry goes; absent for the actions (Change Pass, Log Out). */
  to?: string;
}

/** The entries the user may see: Edit Teams needs write permission and the manager flag, Edit Projects and Edit User need write permission. */
export function userMenuEntries(user: User | null): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [{ key: 'changePass', testId: TEST_IDS.userMenuChangePass }];
  if (canEditTeams(user))
    entries.push({ key: 'editTeams', testId: TEST_IDS.userMenuEditTeams, to: '/teams-config' });
  if (canWrite(user)) {
    entries.push({ key: 'editProjects', testId: TEST_IDS.userMenuEditProjects, to: '/projects-config' });
    entries.push({ key: 'editUser', testId: TEST_IDS.userMenuEditUser, to: '/user-config' });
  }
  // ERP/API integration: API keys and webhooks, like Edit Teams for managers with write permission.
  if (canEditTeams(user))
    entries.push({ key: 'integrations', testId: TEST_IDS.userMenuIntegrations, to: '/integrations-config' });
  // Free-time rules (demurrage and detention): every signed-in user reads them; only managers change them.
  if (user) entries.push({ key: 'freeTime', testId: TEST_IDS.userMenuFreeTime, to: '/free-time-config' });
  entries.push({ key: 'logOut', testId: TEST_IDS.userMenuLogout });
  return entries;
}

export function UserMenu({ user }: { user: User | null }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const title = t('userMenu.title', { user: user?.username ?? '' });

  const choose = (entry: UserMenuEntry) => {
    setOpen(false);
    if (entry.key === 'changePass') setChangingPassword(true);
    else if (entry.key === 'logOut') logOut((to) => void navigate(to));
    else if (entry.to) void navigate(entry.to);
  };

  return (
    <div className="shell-user-menu" data-testid={TEST_IDS.userMenu}>
      <Popover
        open={open}
        onOpenChange={setOpen}
        align="end"
        label={title}
        trigger={
          <span className="shell-user-menu__trigger" data-testid={TEST_IDS.userMenuTrigger}>
            <span aria-hidden="true" className="shell-user-menu__icon">
              ⚙
            </span>
            <span className="shell-user-menu__title">{title}</span>
          </span>
        }
      >
        <ul className="shell-menu" role="menu" aria-label={title}>
          {userMenuEntries(user).map((entry) => (
            <li key={entry.key} role="none">
              <button
                type="button"
                role="menuitem"
                className="shell-menu__item"
                onClick={() => choose(entry)}
                data-testid={entry.testId}
              >
                {t(`userMenu.${entry.key}`)}
              </button>
            </li>
          ))}
        </ul>
      </Popover>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordModal open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </div>
  );
}
