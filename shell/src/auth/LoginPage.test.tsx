import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@portal/shared-ui/router';
import { ApiError, login } from '@portal/shared-api';
import { useNotifications } from '@portal/shared-ui';
import { renderWithShell, setSession, USERS } from '../test-utils/render-shell';
import { ensureCurrentUser } from '../session/current-user';
import { warmSignedInChunks } from '../session/warm-signed-in';
import { LoginPage } from './LoginPage';

jest.mock('@portal/shared-api', () => ({ ...jest.requireActual('@portal/shared-api'), login: jest.fn() }));
jest.mock('../session/current-user', () => ({ ensureCurrentUser: jest.fn() }));
jest.mock('../session/warm-signed-in', () => ({ warmSignedInChunks: jest.fn() }));
const loginMock = jest.mocked(login);
const ensureUser = jest.mocked(ensureCurrentUser);
const warm = jest.mocked(warmSignedInChunks);

function renderLogin(path: string, lng: 'en' | 'es' = 'en') {
  return renderWithShell(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>,
    { path, lng },
  );
}

function succeedLogin() {
  loginMock.mockImplementation(() => {
    setSession({ token: 'tok', user: USERS.standardManager });
    return Promise.resolve(USERS.standardManager);
  });
}

async function fillAndSubmit(username = 'demo', password = 'demo') {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByTestId('login-username'), username);
  if (password) await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  beforeEach(() => {
    setSession({ token: null });
    loginMock.mockReset();
    ensureUser.mockReset();
    warm.mockReset();
    warm.mockResolvedValue(undefined);
    useNotifications.getState().clear();
  });

  it('loads the signed-in chunks while the form waits, and leaves only once they are there', async () => {
    succeedLogin();
    let chunksLoaded: () => void = () => {};
    warm.mockReturnValue(new Promise<void>((resolve) => (chunksLoaded = resolve)));
    renderLogin('/login');
    expect(warm).toHaveBeenCalledTimes(1);
    await fillAndSubmit();
    expect(loginMock).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await act(() => {
      chunksLoaded();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('shows username, password, the Log in button and the link to the root', () => {
    renderLogin('/login');
    expect(screen.getByLabelText('Username')).toBe(screen.getByTestId('login-username'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('login-submit')).toHaveTextContent('Log in');
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute('href', '/');
  });

  it('is in Spanish when the language is es', () => {
    renderLogin('/login', 'es');
    expect(screen.getByTestId('login-submit')).toHaveTextContent('Iniciar sesión');
    expect(screen.getByRole('link', { name: '¿No tienes una cuenta?' })).toBeInTheDocument();
  });

  it('goes to the redirect query value after a successful login', async () => {
    succeedLogin();
    renderLogin('/login?redirect=%2Fshipments%3Fpage%3D2');
    await fillAndSubmit();
    expect(loginMock).toHaveBeenCalledWith('demo', 'demo');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shipments?page=2'));
  });

  it('goes to /dashboard without a redirect value', async () => {
    succeedLogin();
    renderLogin('/login');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it.each(['https://evil.example.com/phish', '//evil.example.com', '/\\evil.example.com'])(
    'refuses the open redirect %s and goes to /dashboard',
    async (target) => {
      succeedLogin();
      renderLogin(`/login?redirect=${encodeURIComponent(target)}`);
      await fillAndSubmit();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    },
  );

  it('shows Redirecting... when already authenticated, then goes to /dashboard', async () => {
    setSession({ token: 'tok' });
    let done: () => void = () => {};
    ensureUser.mockReturnValue(
      new Promise((resolve) => {
        done = () => resolve(USERS.standardManager);
      }),
    );
    renderLogin('/login?redirect=%2Fbi');
    expect(screen.getByTestId('login-redirecting')).toHaveTextContent('Redirecting...');
    expect(screen.queryByTestId('login-form')).not.toBeInTheDocument();
    await act(() => {
      done();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('on failure shows the red ERROR notification with the API messages (3 s), stays and clears the password', async () => {
    loginMock.mockRejectedValue(
      new ApiError(400, { non_field_errors: ['Unable to log in with provided credentials.'] }),
    );
    renderLogin('/login?redirect=%2Fbi');
    await fillAndSubmit('demo', 'wrong');
    await waitFor(() => expect(useNotifications.getState().items).toHaveLength(1));
    const [notification] = useNotifications.getState().items;
    expect(notification).toMatchObject({
      kind: 'error',
      title: 'ERROR',
      duration: 3000,
      body: [{ label: 'non_field_errors', messages: ['Unable to log in with provided credentials.'] }],
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fbi');
    expect(screen.getByTestId('login-password')).toHaveValue('');
    expect(screen.getByTestId('login-username')).toHaveValue('demo');
    expect(screen.getByTestId('login-submit')).not.toBeDisabled();
  });

  it('sends empty fields and shows the API field messages', async () => {
    loginMock.mockRejectedValue(
      new ApiError(400, { username: ['This field is required.'], password: ['This field is required.'] }),
    );
    renderLogin('/login');
    await fillAndSubmit('', '');
    expect(loginMock).toHaveBeenCalledWith('', '');
    await waitFor(() =>
      expect(useNotifications.getState().items[0]?.body).toEqual([
        { label: 'username', messages: ['This field is required.'] },
        { label: 'password', messages: ['This field is required.'] },
      ]),
    );
  });

  it('keeps the button busy while submitting', async () => {
    let finish: () => void = () => {};
    loginMock.mockReturnValue(
      new Promise((_resolve, reject) => {
        finish = () => reject(new ApiError(400, { detail: 'nope' }));
      }),
    );
    renderLogin('/login');
    await fillAndSubmit();
    expect(screen.getByTestId('login-submit')).toBeDisabled();
    expect(screen.getByTestId('login-submit')).toHaveAttribute('aria-busy', 'true');
    await act(() => {
      finish();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('login-submit')).not.toBeDisabled());
  });
});
