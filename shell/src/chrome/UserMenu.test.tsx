import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@portal/shared-api';
import { renderWithShell, setSession, USERS } from '../test-utils/render-shell';
import { UserMenu, userMenuEntries } from './UserMenu';

describe('userMenuEntries', () => {
  it.each([
    [
      'standard manager',
      USERS.standardManager,
      ['changePass', 'editTeams', 'editProjects', 'editUser', 'integrations', 'freeTime', 'logOut'],
    ],
    [
      'standard non-manager',
      USERS.standardNonManager,
      ['changePass', 'editProjects', 'editUser', 'freeTime', 'logOut'],
    ],
    // Every signed-in user reads the free-time rules (the page is read-only for them).
    ['limited (even with the manager flag)', USERS.limited, ['changePass', 'freeTime', 'logOut']],
    ['no user', null, ['changePass', 'logOut']],
  ])('%s', (_label, user, keys) => {
    expect(userMenuEntries(user).map((e) => e.key)).toEqual(keys);
  });
});

describe('UserMenu', () => {
  async function open(user = USERS.standardManager) {
    setSession({ token: 'tok', user });
    const result = renderWithShell(<UserMenu user={user} />, { path: '/shipments' });
    await userEvent.click(screen.getByTestId('user-menu-trigger'));
    return result;
  }

  it("is titled '{user} Config' and lists every entry for a standard manager", async () => {
    await open();
    expect(screen.getByTestId('user-menu-trigger')).toHaveTextContent('demo Config');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Change Pass',
      'Edit Teams',
      'Edit Projects',
      'Edit User',
      'Integrations (API)',
      'Free time',
      'Log Out',
    ]);
  });

  it('hides Edit Teams for a standard non-manager', async () => {
    await open(USERS.standardNonManager);
    expect(screen.queryByTestId('user-menu-edit-teams')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-menu-integrations')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-menu-edit-projects')).toBeInTheDocument();
    expect(screen.getByTestId('user-menu-edit-user')).toBeInTheDocument();
  });

  it('shows only Change Pass, Free time and Log Out to a limited user', async () => {
    await open(USERS.limited);
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('data-testid'))).toEqual([
      'user-menu-change-pass',
      'user-menu-free-time',
      'user-menu-logout',
    ]);
  });

  it.each([
    ['user-menu-edit-teams', '/teams-config'],
    ['user-menu-edit-projects', '/projects-config'],
    ['user-menu-edit-user', '/user-config'],
    ['user-menu-integrations', '/integrations-config'],
    ['user-menu-free-time', '/free-time-config'],
  ])('%s goes to %s', async (testId, path) => {
    await open();
    await userEvent.click(screen.getByTestId(testId));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Log Out clears the session and goes to /login', async () => {
    await open();
    await userEvent.click(screen.getByTestId('user-menu-logout'));
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, userId: null });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('Change Pass opens the change password modal', async () => {
    await open();
    await userEvent.click(screen.getByTestId('user-menu-change-pass'));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument());
    expect(screen.getByTestId('change-pass-old')).toBeInTheDocument();
  });
});
