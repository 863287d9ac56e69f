// The page being opened, loaded ahead: with a stored session the shell first checks the user (a round trip to the
// API) before it renders any page; the remote module of the route being opened loads meanwhile instead of after.
import type { RemoteLoader } from '@portal/shared-ui';
import { findRoute } from '../routes';

/**
 * Starts loading the remote module of the route at `pathname` (manifest, entry, chunks; evaluating it lets the
 * page start its own data, as the map's points), so the page finds it loaded. Nothing for a page of the shell.
 * A failed preload is forgotten (the remote is reset), so the page's own load starts afresh with its retries.
 */
export function preloadRoutePage(loader: RemoteLoader, pathname: string): void {
  const { remote } = findRoute(pathname);
  if (!remote) return;
  loader
    .load(`${remote.remote}/${remote.module}`)
    .catch(() => loader.reset?.(remote.remote))
    .catch(() => undefined);
}
