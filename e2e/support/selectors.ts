// Every data-testid the e2e specs use, in one place.
export const sel = {
  login: {
    username: 'login-username',
    password: 'login-password',
    submit: 'login-submit',
  },
  titleBar: 'title-bar',
  tab: (key: string) => `tab-${key}`,
  sideNav: 'side-nav',
  userMenu: {
    trigger: 'user-menu-trigger',
    changePass: 'user-menu-change-pass',
    editTeams: 'user-menu-edit-teams',
    editProjects: 'user-menu-edit-projects',
    editUser: 'user-menu-edit-user',
    logOut: 'user-menu-log-out',
  },
  changePass: {
    old: 'change-pass-old',
    new1: 'change-pass-new1',
    new2: 'change-pass-new2',
    submit: 'change-pass-submit',
  },
  remoteFallback: 'remote-fallback',
  remoteRetry: 'remote-retry',
  footer: 'footer',
  langToggle: 'lang-toggle',
  notification: 'notification',
} as const;
