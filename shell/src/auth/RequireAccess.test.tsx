import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@portal/shared-ui/router';
import { renderWithShell, setSession, USERS } from '../test-utils/render-shell';
import type { Access } from '../routes';
import { ensureCurrentUser } from '../session/current-user';
import { RequireAccess } from './RequireAccess';

jest.mock('../session/current-user', () => ({ ensureCurrentUser: jest.fn() }));
const ensureUser = jest.mocked(ensureCurrentUser);

function renderGuarded(access: Access, path: string) {
  return renderWithShell(
    <Routes>
      <Route path="/login" element={<div data-testid="login-stub" />} />
      <Route path="/dashboard" element={<div data-testid="dashboard-stub" />} />
      <Route
        path="*"
        element={
          <RequireAccess access={access}>
            <div data-testid="protected" />
          </RequireAccess>
        }
      />
    </Routes>,
    { path },
  );
}

describe('RequireAccess', () => {
  beforeEach(() => {
    ensureUser.mockReset();
    ensureUser.mockReturnValue(new Promise(() => {}));
  });

  it('sends a visitor without a token to /login with the original path and search as redirect', () => {
    setSession({ token: null });
    renderGuarded('token', '/shipments?page=2&search=MSCU');
    expect(screen.getByTestId('login-stub')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/login?redirect=%2Fshipments%3Fpage%3D2%26search%3DMSCU',
    );
  });

  it('lets public routes through without a token', () => {
    setSession({ token: null });
    renderGuarded('public', '/contact');
    expect(screen.getByTestId('protected')).toBeInTheDocument();
  });

  it('waits for the current user before deciding (spinner meanwhile)', async () => {
    setSession({ token: 'abc' });
    let resolve: () => void = () => {};
    ensureUser.mockReturnValue(
      new Promise((r) => {
        resolve = () => {
          setSession({ token: 'abc', user: USERS.limited });
          r(USERS.limited);
        };
      }),
    );
    renderGuarded('token+write', '/user-config');
    expect(screen.getByTestId('spinner-page')).toBeInTheDocument();
    expect(screen.queryByTestId('protected')).not.toBeInTheDocument();
    await act(() => {
      resolve();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('dashboard-stub')).toBeInTheDocument());
  });

  it('offers a retry when the user cannot be loaded', async () => {
    setSession({ token: 'abc' });
    ensureUser.mockRejectedValueOnce(new Error('offline'));
    renderGuarded('token', '/dashboard-x');
    expect(await screen.findByTestId('guard-error')).toBeInTheDocument();
    ensureUser.mockImplementationOnce(() => {
      setSession({ token: 'abc', user: USERS.standardNonManager });
      return Promise.resolve(USERS.standardNonManager);
    });
    fireEvent.click(screen.getByTestId('guard-retry'));
    expect(await screen.findByTestId('protected')).toBeInTheDocument();
  });

  it.each([
    ['token', USERS.limited, true],
    ['token+write', USERS.standardNonManager, true],
    ['token+write', USERS.limited, false],
    ['token+write+manager', USERS.standardManager, true],
    ['token+write+manager', USERS.standardNonManager, false],
    ['token+write+manager', USERS.limited, false],
  ] as const)('%s for %o: allowed=%s, else sent to /dashboard', (access, user, allowed) => {
    setSession({ token: 'abc', user });
    renderGuarded(access, '/somewhere');
    if (allowed) {
      expect(screen.getByTestId('protected')).toBeInTheDocument();
    } else {
      expect(screen.queryByTestId('protected')).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    }
  });

  it('a user without a role has no write permission', () => {
    const { userprofile } = USERS.standardManager;
    setSession({
      token: 'abc',
      user: { ...USERS.standardManager, userprofile: { ...userprofile, role: null } },
    });
    renderGuarded('token+write', '/projects-config');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});
