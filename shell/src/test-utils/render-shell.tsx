// Test helpers: an i18next instance with the common and shell namespaces, users of each kind, and a renderer
// with a memory router.
import { render, type RenderResult } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { sessionStore, type User, type UserProfile } from '@portal/shared-api';
import { COMMON_NS, commonResources, RemoteLoaderContext, type RemoteLoader } from '@portal/shared-ui';
import { SHELL_NS, shellResources } from '../i18n';

function createShellTestI18n(lng: 'en' | 'es' = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: [COMMON_NS, SHELL_NS],
    defaultNS: COMMON_NS,
    resources: {
      en: { [COMMON_NS]: commonResources.en, [SHELL_NS]: shellResources.en },
      es: { [COMMON_NS]: commonResources.es, [SHELL_NS]: shellResources.es },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function makeUser(role: 1 | 2 | null, isManager: boolean, overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'demo',
    first_name: 'Demo',
    last_name: 'User',
    email: 'demo@example.com',
    is_superuser: false,
    userprofile: { id: 7, company: 1, role, is_manager: isManager } as unknown as UserProfile,
    ...overrides,
  };
}

export const USERS = {
  standardManager: makeUser(1, true),
  standardNonManager: makeUser(1, false),
  limited: makeUser(2, true),
};

/** Puts the session in a state: no token, a token without a loaded user, or a token with this user. */
export function setSession(state: { token?: string | null; user?: User | null }): void {
  sessionStore.setState({
    token: state.token ?? null,
    user: state.user ?? null,
    userId: state.user?.id ?? null,
  });
}

/** Shows the current location (pathname + search) so tests can assert where a navigation went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export const stubLoader = (overrides: Partial<RemoteLoader> = {}): RemoteLoader => ({
  load: (id) => Promise.resolve({ default: () => <div data-testid="remote-stub">{id}</div> }),
  reset: () => undefined,
  retryDelays: [],
  ...overrides,
});

export function renderWithShell(
  ui: ReactElement,
  {
    path = '/',
    lng = 'en',
    loader = stubLoader(),
  }: { path?: string; lng?: 'en' | 'es'; loader?: RemoteLoader } = {},
): RenderResult & { i18n: i18n } {
  const instance = createShellTestI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={instance}>
      <RemoteLoaderContext.Provider value={loader}>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
    </I18nextProvider>
  );
  return Object.assign(render(ui, { wrapper: Wrapper }), { i18n: instance });
}
