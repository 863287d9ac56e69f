// The shell's router: path history, one route per entry of the route table, each behind its guard.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { GlobalStyles, RemoteLoaderContext, type RemoteLoader } from '@portal/shared-ui';
import { LoginPage } from './auth/LoginPage';
import { RequireAccess } from './auth/RequireAccess';
import { ShellLayout } from './chrome/ShellLayout';
import { ROUTES, type RouteDef } from './routes';
import { ShellStyles } from './styles/ShellStyles';

// Everything but the login page is loaded on demand (keeps the login page's JavaScript small).
const RemotePage = lazy(() => import('./remotes/RemotePage').then((m) => ({ default: m.RemotePage })));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const VforwardingPage = lazy(() =>
  import('./pages/VforwardingPage').then((m) => ({ default: m.VforwardingPage })),
);

function RouteContent({ route }: { route: RouteDef }) {
  const { t } = useTranslation('shell');
  if (route.shell === 'login') return <LoginPage />;
  let content;
  if (route.remote) {
    content = (
      <RemotePage
        key={route.name}
        remote={route.remote.remote}
        module={route.remote.module}
        area={t(route.titleKey)}
      />
    );
  } else if (route.shell === 'vforwarding') content = <VforwardingPage />;
  else content = <NotFoundPage />;
  return <Suspense fallback={null}>{content}</Suspense>;
}

/** The routes inside the chrome; rendered by App under a BrowserRouter, by tests under a MemoryRouter. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        {ROUTES.map((route) => (
          <Route
            key={route.name}
            path={route.path}
            element={
              <RequireAccess access={route.access}>
                <RouteContent route={route} />
              </RequireAccess>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}

export function App({ loader }: { loader: RemoteLoader }) {
  return (
    <RemoteLoaderContext.Provider value={loader}>
      <GlobalStyles />
      <ShellStyles />
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </RemoteLoaderContext.Provider>
  );
}
