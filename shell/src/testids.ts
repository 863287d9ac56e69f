// Every data-testid the shell renders, in one place (unit tests and the e2e page objects import these).
export const TEST_IDS = {
  loginForm: 'login-form',
  loginUsername: 'login-username',
  loginPassword: 'login-password',
  loginSubmit: 'login-submit',
  loginNoAccount: 'login-no-account',
  loginRedirecting: 'login-redirecting',

  titleBar: 'title-bar',
  publicBar: 'public-bar',
  tabs: 'title-tabs',
  /** One per tab: `tab-dashboard`, `tab-shipments`, `tab-tracking-requests`, `tab-add-tracking-request`, `tab-map-locations`, `tab-bi`. */
  tab: (key: string) => `tab-${key}`,
  sideNavToggle: 'side-nav-toggle',
  sideNav: 'side-nav',
  sideNavBackdrop: 'side-nav-backdrop',
  /** One per side-nav link: `side-nav-dashboard`, `side-nav-shipments`, ... */
  sideNavItem: (key: string) => `side-nav-${key}`,

  userMenu: 'user-menu',
  userMenuTrigger: 'user-menu-trigger',
  userMenuChangePass: 'user-menu-change-pass',
  userMenuEditTeams: 'user-menu-edit-teams',
  userMenuEditProjects: 'user-menu-edit-projects',
  userMenuEditUser: 'user-menu-edit-user',
  userMenuIntegrations: 'user-menu-integrations',
  userMenuFreeTime: 'user-menu-free-time',
  userMenuLogout: 'user-menu-logout',

  changePassForm: 'change-pass-form',
  changePassOld: 'change-pass-old',
  changePassNew: 'change-pass-new',
  changePassRepeat: 'change-pass-repeat',
  changePassSubmit: 'change-pass-submit',
  changePassCancel: 'change-pass-cancel',

  langToggle: 'lang-toggle',
  /** `lang-toggle-es`, `lang-toggle-en` */
  langOption: (lang: string) => `lang-toggle-${lang}`,

  footer: 'footer',
  footerGuide: 'footer-guide',
  globalSpinner: 'global-spinner',
  remotePage: 'remote-page',
  remoteLoading: 'remote-loading',
  remoteFallback: 'remote-fallback',
  remoteRetry: 'remote-retry',
  notFound: 'not-found',
  vforwarding: 'vforwarding',
  guardError: 'guard-error',
  guardRetry: 'guard-retry',
} as const;
