import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellRoutes } from '../App';
import { renderWithShell, setSession, USERS } from '../test-utils/render-shell';

/** Renders the shell routes at `path` and lets the lazily loaded chrome and pages settle. */
async function renderAt(path: string, lng: 'en' | 'es' = 'en') {
  const result = renderWithShell(<ShellRoutes />, { path, lng });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return result;
}

describe('title bar', () => {
  beforeEach(() => setSession({ token: null }));

  it.each(['/login', '/nowhere'])(
    'is hidden on %s when not authenticated (public bar with the language toggle instead)',
    async (path) => {
      await renderAt(path);
      expect(screen.queryByTestId('title-bar')).not.toBeInTheDocument();
      expect(screen.getByTestId('public-bar')).toBeInTheDocument();
      expect(screen.getByTestId('lang-toggle')).toBeInTheDocument();
      expect(screen.getByTestId('footer')).toBeInTheDocument();
    },
  );

  it.each(['/', '/contact', '/terms-conditions', '/privacy-policy'])(
    'is hidden on %s when not authenticated, and the public site brings its own top bar',
    async (path) => {
      await renderAt(path);
      expect(screen.queryByTestId('title-bar')).not.toBeInTheDocument();
      expect(screen.queryByTestId('public-bar')).not.toBeInTheDocument();
      expect(screen.getByTestId('footer')).toBeInTheDocument();
      await screen.findByTestId('remote-stub');
    },
  );

  it.each(['/', '/contact', '/terms-conditions', '/privacy-policy'])(
    'is hidden on %s even when authenticated',
    async (path) => {
      setSession({ token: 'tok', user: USERS.standardManager });
      await renderAt(path);
      expect(screen.queryByTestId('title-bar')).not.toBeInTheDocument();
      expect(await screen.findByTestId('remote-stub')).toBeInTheDocument();
    },
  );

  it.each([
    ['/dashboard', 'dashboard'],
    ['/shipments', 'shipments'],
    ['/shipments/42', 'shipments'],
    ['/tracking-requests/9', 'tracking-requests'],
    ['/add-tracking-request', 'add-tracking-request'],
    ['/map-locations', 'map-locations'],
    ['/bi', 'bi'],
  ])('shows the tabs on %s with the %s tab active', async (path, key) => {
    setSession({ token: 'tok', user: USERS.standardManager });
    await renderAt(path);
    const bar = screen.getByTestId('title-bar');
    expect(
      within(bar)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Dashboard',
      'Shipments',
      'Tracking requests',
      'New tracking request',
      'Where Are They?',
      'BI',
    ]);
    expect(screen.getByTestId(`tab-${key}`)).toHaveAttribute('aria-selected', 'true');
    expect(within(bar).getAllByRole('tab', { selected: true })).toHaveLength(1);
    await screen.findByTestId('remote-stub');
  });

  it('hides the BI tab on the vforwarding route, which shows just a heading', async () => {
    setSession({ token: 'tok', user: USERS.standardManager });
    await renderAt('/vforwarding');
    expect(screen.getByTestId('title-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-bi')).not.toBeInTheDocument();
    expect(screen.getByTestId('tab-dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('lists the side navigation entries and navigates with the tabs', async () => {
    setSession({ token: 'tok', user: USERS.standardManager });
    await renderAt('/dashboard');
    await screen.findByTestId('remote-stub');
    const nav = screen.getByTestId('side-nav');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Shipments', 'Tracking requests', 'New tracking request']);
    await userEvent.click(screen.getByTestId('tab-map-locations'));
    expect(screen.getByTestId('location')).toHaveTextContent('/map-locations');
    expect(await screen.findByText('mfe_map/MapLocationsPage')).toBeInTheDocument();
    expect(screen.getByTestId('tab-map-locations')).toHaveAttribute('aria-selected', 'true');
  });

  it('collapses the side navigation', async () => {
    setSession({ token: 'tok', user: USERS.standardManager });
    await renderAt('/dashboard');
    await screen.findByTestId('remote-stub');
    expect(screen.getByTestId('side-nav')).toBeVisible();
    await userEvent.click(screen.getByTestId('side-nav-toggle'));
    expect(screen.getByTestId('side-nav')).not.toBeVisible();
    await userEvent.click(screen.getByTestId('side-nav-toggle'));
    expect(screen.getByTestId('side-nav')).toBeVisible();
  });

  it('switches the language from the title bar', async () => {
    setSession({ token: 'tok', user: USERS.standardManager });
    const { i18n } = await renderAt('/dashboard', 'es');
    await screen.findByTestId('remote-stub');
    expect(screen.getByTestId('tab-dashboard')).toHaveTextContent('Panel de control');
    await userEvent.click(screen.getByTestId('lang-toggle-en'));
    expect(i18n.language).toBe('en');
    expect(screen.getByTestId('tab-dashboard')).toHaveTextContent('Dashboard');
    expect(screen.getByTestId('lang-toggle-en')).toHaveAttribute('aria-pressed', 'true');
  });

  it('Log Out on a guarded page goes to plain /login (no redirect back)', async () => {
    setSession({ token: 'tok', user: USERS.standardManager });
    await renderAt('/shipments?page=3');
    await screen.findByTestId('remote-stub');
    await userEvent.click(screen.getByTestId('user-menu-trigger'));
    await userEvent.click(screen.getByTestId('user-menu-logout'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.queryByTestId('title-bar')).not.toBeInTheDocument();
  });

  it('sets the document title from the route', async () => {
    setSession({ token: 'tok', user: USERS.standardManager });
    await renderAt('/shipments');
    expect(document.title).toBe('Shipments · Container Tracking Portal');
    await screen.findByTestId('remote-stub');
  });
});
