// The chrome around every page: title bar with tabs (or the public bar), side navigation, footer,
// the global spinner and the notifications.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/shared-api';
import { Notifications, useIsMobile } from '@portal/shared-ui';
import { findRoute, type RouteDef } from '../routes';
import { Footer } from './Footer';
import { GlobalSpinner } from './GlobalSpinner';
import { PublicBar } from './PublicBar';

// Loaded only once an authenticated page shows (keeps the login page's JavaScript small).
const TitleBar = lazy(() => import('./app-chrome').then((m) => ({ default: m.TitleBar })));
const SideNav = lazy(() => import('./app-chrome').then((m) => ({ default: m.SideNav })));

/** Spec section 2: the title bar is hidden when not authenticated and on the product, terms, privacy and contact pages. */
function showTitleBar(route: RouteDef, authenticated: boolean): boolean {
  return authenticated && !route.hideTitleBar && route.name !== 'login';
}

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const mobile = useIsMobile();
  const navId = useId();
  const [panelOpen, setPanelOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const route = findRoute(location.pathname);
  const chrome = showTitleBar(route, Boolean(token));
  const navOpen = mobile ? drawerOpen : panelOpen;
  const title = t(route.titleKey);
  const appName = t('appName');

  useEffect(() => {
    document.title = route.name === 'product' ? appName : `${title} · ${appName}`;
  }, [route.name, title, appName]);

  return (
    <div className={['shell', chrome ? 'shell--app' : 'shell--public'].join(' ')}>
      {chrome ? (
        <Suspense
          fallback={<div className="shell-title-bar shell-title-bar--placeholder" aria-hidden="true" />}
        >
          <TitleBar
            pathname={location.pathname}
            hideBiTab={Boolean(route.hideBiTab)}
            user={user}
            navOpen={navOpen}
            navId={navId}
            mobile={mobile}
            onToggleNav={() => (mobile ? setDrawerOpen((o) => !o) : setPanelOpen((o) => !o))}
          />
        </Suspense>
      ) : route.publicSite ? null : (
        <PublicBar authenticated={Boolean(token)} onLoginPage={route.name === 'login'} />
      )}
      <div className="shell__body">
        {chrome && (
          <Suspense fallback={null}>
            <SideNav id={navId} open={navOpen} mobile={mobile} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        )}
        <main className="shell__main" id="main">
          <Outlet />
        </main>
      </div>
      <Footer />
      <GlobalSpinner />
      <Notifications />
    </div>
  );
}
