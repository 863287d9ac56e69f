import { exposesModule, REMOTE_NAMES } from './remotes/contract';
import { activeTabKey, findRoute, ROUTES } from './routes';

describe('route table', () => {
  it('has every route of spec section 2 with its access, plus vforwarding and not-found', () => {
    expect(ROUTES.map((r) => [r.path, r.name, r.access])).toEqual([
      ['/', 'product', 'public'],
      ['/contact', 'contact', 'public'],
      ['/terms-conditions', 'terms-conditions', 'public'],
      ['/privacy-policy', 'privacy-policy', 'public'],
      ['/developers', 'developers', 'public'],
      ['/login', 'login', 'public'],
      ['/dashboard', 'dashboard', 'token'],
      ['/shipments', 'shipment-list', 'token'],
      ['/shipments/:id', 'shipment', 'token'],
      ['/tracking-requests', 'tracking-request-list', 'token'],
      ['/add-tracking-request', 'tracking-request-add', 'token'],
      ['/tracking-requests/:id', 'tracking-request', 'token'],
      ['/map-locations', 'map-locations', 'token'],
      ['/bi', 'bi', 'token'],
      ['/user-config', 'user-config', 'token+write'],
      ['/teams-config', 'teams-config', 'token+write+manager'],
      ['/projects-config', 'projects-config', 'token+write'],
      ['/integrations-config', 'integrations-config', 'token+write+manager'],
      ['/free-time-config', 'free-time-config', 'token'],
      ['/vforwarding', 'vforwarding', 'token'],
      ['/t/:token', 'shared-tracking', 'public'],
      ['*', 'not-found', 'public'],
    ]);
  });

  it('renders every remote route with a module the contract (shared-ui/build/remotes.json) exposes', () => {
    for (const route of ROUTES) {
      if (route.remote) expect(exposesModule(route.remote.remote, route.remote.module)).toBe(true);
    }
    const used = new Set(ROUTES.flatMap((r) => (r.remote ? [r.remote.remote] : [])));
    // and every remote of the contract is used by some route
    expect([...used].sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('finds the route of a pathname', () => {
    expect(findRoute('/shipments/12').name).toBe('shipment');
    expect(findRoute('/tracking-requests').name).toBe('tracking-request-list');
    expect(findRoute('/').name).toBe('product');
    expect(findRoute('/vforwarding').hideBiTab).toBe(true);
    expect(findRoute('/does/not/exist').name).toBe('not-found');
  });

  it('hides the title bar on the public site and the shared tracking page only', () => {
    expect(ROUTES.filter((r) => r.hideTitleBar).map((r) => r.name)).toEqual([
      'product',
      'contact',
      'terms-conditions',
      'privacy-policy',
      'developers',
      'shared-tracking',
    ]);
  });
});

describe('activeTabKey', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/shipments', 'shipments'],
    ['/shipments/5', 'shipments'],
    ['/tracking-requests', 'tracking-requests'],
    ['/tracking-requests/5', 'tracking-requests'],
    ['/add-tracking-request', 'add-tracking-request'],
    ['/map-locations', 'map-locations'],
    ['/bi', 'bi'],
    ['/bi-reports', ''],
    ['/user-config', ''],
    ['/', ''],
  ])('%s → %s', (path, key) => {
    expect(activeTabKey(path)).toBe(key);
  });
});
