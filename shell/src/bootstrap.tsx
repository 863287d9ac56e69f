// Boots the shell: API base, the one i18next instance (+ the 'shell' namespace), the remote registry, the
// current user when a token is stored, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { configureApi, sessionStore } from '@portal/shared-api';
import { GlobalStyles, initI18n, setRemoteLoader, SpinnerPage, type RemoteLoader } from '@portal/shared-ui';
import { App } from './App';
import { registerShellNamespace } from './i18n';
import { preloadRoutePage } from './remotes/preload-route';
import { ensureCurrentUser } from './session/current-user';
import { warmSignedInChunks } from './session/warm-signed-in';

// The registry (remotes.json, registration, retries) in its own chunk, fetched at once but off the login path.
const registry = import('./remotes/registry');
const loader: RemoteLoader = {
  load: async (id) => (await registry).loadRemoteModule(id),
  reset: async (name) => (await registry).resetRemote(name),
  retryDelays: [500, 1500],
};
// Remotes load each other's widgets (e.g. the route map in the shipment detail) through the same loader.
setRemoteLoader(loader);

async function boot(): Promise<void> {
  configureApi({ baseUrl: '/api/' });
  await initI18n(i18next);
  registerShellNamespace(i18next);
  // Registered once; a missing or bad remotes.json falls back to the contract's ports and never blocks the
  // login page or the chrome (remote pages wait for it when they load).
  void registry.then((r) => r.initRemotes());

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // errors caught by the remote error boundaries are expected (a remote is down): report them as warnings
  const root = createRoot(container, {
    onCaughtError: (error, info) => console.warn('[shell] caught', error, info.componentStack),
  });

  if (sessionStore.getState().token) {
    // what the page being opened needs loads while the user is checked, not after it
    void warmSignedInChunks();
    preloadRoutePage(loader, window.location.pathname);
    root.render(
      <>
        <GlobalStyles />
        <SpinnerPage />
      </>,
    );
    // a 401 ends the session (the guards then send the user to login); other failures are shown by the guards
    await ensureCurrentUser().catch(() => undefined);
  }

  root.render(
    <StrictMode>
      <App loader={loader} />
    </StrictMode>,
  );
}

void boot();
