// The route table of spec section 2, plus the vforwarding route and the not-found page.
import { matchPath } from '@portal/shared-ui/router';
import type { RemoteName } from './remotes/contract';

export type Access = 'public' | 'token' | 'token+write' | 'token+write+manager';

interface RemoteRef {
  remote: RemoteName;
  /** Exposed module without './', e.g. 'DashboardPage'. */
  module: string;
}

export interface RouteDef {
  /** Route name of spec section 2 (e.g. 'shipment-list'); 'bi' for the unnamed BI route. */
  name: string;
  /** react-router path pattern. */
  path: string;
  access: Access;
  /** Key in the 'shell' namespace of the area's name (document title, fallback text). */
  titleKey: string;
  /** Rendered by a remote page, else by the shell itself (`shell`). */
  remote?: RemoteRef;
  shell?: 'login' | 'vforwarding' | 'not-found';
  /** The title bar with tabs is hidden on this route even for an authenticated user. */
  hideTitleBar?: boolean;
  /** The BI tab is hidden on this route. */
  hideBiTab?: boolean;
  /** A page of the public site (mfe-public), which draws its own top bar: the shell's public bar is left out. */
  publicSite?: boolean;
}

export const ROUTES: readonly RouteDef[] = [
  {
    name: 'product',
    path: '/',
    access: 'public',
    titleKey: 'areas.product',
    remote: { remote: 'mfe_public', module: 'LandingPage' },
    hideTitleBar: true,
    publicSite: true,
  },
  {
    name: 'contact',
    path: '/contact',
    access: 'public',
    titleKey: 'areas.contact',
    remote: { remote: 'mfe_public', module: 'ContactPage' },
    hideTitleBar: true,
    publicSite: true,
  },
  {
    name: 'terms-conditions',
    path: '/terms-conditions',
    access: 'public',
    titleKey: 'areas.terms',
    remote: { remote: 'mfe_public', module: 'TermsPage' },
    hideTitleBar: true,
    publicSite: true,
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    access: 'public',
    titleKey: 'areas.privacy',
    remote: { remote: 'mfe_public', module: 'PrivacyPage' },
    hideTitleBar: true,
    publicSite: true,
  },
  {
    // The integration guide for developers (ERP/API integration), readable before signing in, in the site's frame.
    name: 'developers',
    path: '/developers',
    access: 'public',
    titleKey: 'areas.developers',
    remote: { remote: 'mfe_public', module: 'DevelopersPage' },
    hideTitleBar: true,
    publicSite: true,
  },
  { name: 'login', path: '/login', access: 'public', titleKey: 'areas.login', shell: 'login' },
  {
    name: 'dashboard',
    path: '/dashboard',
    access: 'token',
    titleKey: 'areas.dashboard',
    remote: { remote: 'mfe_shipments', module: 'DashboardPage' },
  },
  {
    name: 'shipment-list',
    path: '/shipments',
    access: 'token',
    titleKey: 'areas.shipments',
    remote: { remote: 'mfe_shipments', module: 'ShipmentListPage' },
  },
  {
    name: 'shipment',
    path: '/shipments/:id',
    access: 'token',
    titleKey: 'areas.shipment',
    remote: { remote: 'mfe_shipments', module: 'ShipmentDetailPage' },
  },
  {
    name: 'tracking-request-list',
    path: '/tracking-requests',
    access: 'token',
    titleKey: 'areas.trackingRequests',
    remote: { remote: 'mfe_tracking', module: 'TrackingRequestListPage' },
  },
  {
    name: 'tracking-request-add',
    path: '/add-tracking-request',
    access: 'token',
    titleKey: 'areas.newTrackingRequest',
    remote: { remote: 'mfe_tracking', module: 'TrackingRequestFormPage' },
  },
  {
    name: 'tracking-request',
    path: '/tracking-requests/:id',
    access: 'token',
    titleKey: 'areas.trackingRequest',
    remote: { remote: 'mfe_tracking', module: 'TrackingRequestDetailPage' },
  },
  {
    name: 'map-locations',
    path: '/map-locations',
    access: 'token',
    titleKey: 'areas.map',
    remote: { remote: 'mfe_map', module: 'MapLocationsPage' },
  },
  {
    name: 'bi',
    path: '/bi',
    access: 'token',
    titleKey: 'areas.bi',
    remote: { remote: 'mfe_bi', module: 'BiPage' },
  },
  {
    name: 'user-config',
    path: '/user-config',
    access: 'token+write',
    titleKey: 'areas.userConfig',
    remote: { remote: 'mfe_config', module: 'UserConfigPage' },
  },
  {
    name: 'teams-config',
    path: '/teams-config',
    access: 'token+write+manager',
    titleKey: 'areas.teamsConfig',
    remote: { remote: 'mfe_config', module: 'TeamsConfigPage' },
  },
  {
    name: 'projects-config',
    path: '/projects-config',
    access: 'token+write',
    titleKey: 'areas.projectsConfig',
    remote: { remote: 'mfe_config', module: 'ProjectsConfigPage' },
  },
  {
    // ERP/API integration: API keys and webhooks, managers with write permission.
    name: 'integrations-config',
    path: '/integrations-config',
    access: 'token+write+manager',
    titleKey: 'areas.integrationsConfig',
    remote: { remote: 'mfe_config', module: 'IntegrationsConfigPage' },
  },
  {
    // Demurrage and detention free-time rules: every user reads them, managers change them (the page says so).
    name: 'free-time-config',
    path: '/free-time-config',
    access: 'token',
    titleKey: 'areas.freeTimeConfig',
    remote: { remote: 'mfe_config', module: 'FreeTimeConfigPage' },
  },
  {
    name: 'vforwarding',
    path: '/vforwarding',
    access: 'token',
    titleKey: 'areas.vforwarding',
    shell: 'vforwarding',
    hideBiTab: true,
  },
  {
    // A forwarder's tracking link for its customer: public (the token in the path is the credential); the page
    // draws its own branded bar, signed in or not.
    name: 'shared-tracking',
    path: '/t/:token',
    access: 'public',
    titleKey: 'areas.sharedTracking',
    remote: { remote: 'mfe_shipments', module: 'SharedTrackingPage' },
    hideTitleBar: true,
    publicSite: true,
  },
  { name: 'not-found', path: '*', access: 'public', titleKey: 'areas.notFound', shell: 'not-found' },
];

const NOT_FOUND_ROUTE = ROUTES[ROUTES.length - 1];

/** The route a pathname renders (the not-found route when none matches). */
export function findRoute(pathname: string): RouteDef {
  return ROUTES.find((route) => route.path !== '*' && matchPath(route.path, pathname)) ?? NOT_FOUND_ROUTE;
}

/** The top tabs (spec section 2, "Shell"): key, path and label key in the 'shell' namespace. */
export const TABS = [
  { key: 'dashboard', path: '/dashboard', labelKey: 'tabs.dashboard' },
  { key: 'shipments', path: '/shipments', labelKey: 'tabs.shipments' },
  { key: 'tracking-requests', path: '/tracking-requests', labelKey: 'tabs.trackingRequests' },
  { key: 'add-tracking-request', path: '/add-tracking-request', labelKey: 'tabs.newTrackingRequest' },
  { key: 'map-locations', path: '/map-locations', labelKey: 'tabs.map' },
  { key: 'bi', path: '/bi', labelKey: 'tabs.bi' },
] as const;

export type TabKey = (typeof TABS)[number]['key'];

/** The side navigation panel (spec section 2, "Shell"). */
export const SIDE_NAV = [
  { key: 'dashboard', path: '/dashboard', labelKey: 'tabs.dashboard' },
  { key: 'shipments', path: '/shipments', labelKey: 'tabs.shipments' },
  { key: 'tracking-requests', path: '/tracking-requests', labelKey: 'tabs.trackingRequests' },
  { key: 'add-tracking-request', path: '/add-tracking-request', labelKey: 'tabs.newTrackingRequest' },
] as const;

/** The tab whose path is the longest prefix (by path segment) of `pathname`, or '' when none. */
export function activeTabKey(pathname: string): TabKey | '' {
  let best: (typeof TABS)[number] | undefined;
  for (const tab of TABS) {
    const matches = pathname === tab.path || pathname.startsWith(`${tab.path}/`);
    if (matches && (!best || tab.path.length > best.path.length)) best = tab;
  }
  return best?.key ?? '';
}
