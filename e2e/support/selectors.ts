// The data-testids the e2e specs use: the shell's own list, so the two never drift apart.
import { TEST_IDS } from '../../shell/src/testids';

export const sel = {
  login: {
    username: TEST_IDS.loginUsername,
    password: TEST_IDS.loginPassword,
    submit: TEST_IDS.loginSubmit,
  },
  titleBar: TEST_IDS.titleBar,
  tab: TEST_IDS.tab,
  sideNav: TEST_IDS.sideNav,
  userMenu: {
    trigger: TEST_IDS.userMenuTrigger,
    changePass: TEST_IDS.userMenuChangePass,
    editTeams: TEST_IDS.userMenuEditTeams,
    editProjects: TEST_IDS.userMenuEditProjects,
    editUser: TEST_IDS.userMenuEditUser,
    logOut: TEST_IDS.userMenuLogout,
  },
  changePass: {
    old: TEST_IDS.changePassOld,
    new1: TEST_IDS.changePassNew,
    new2: TEST_IDS.changePassRepeat,
    submit: TEST_IDS.changePassSubmit,
  },
  remotePage: TEST_IDS.remotePage,
  remoteFallback: TEST_IDS.remoteFallback,
  remoteRetry: TEST_IDS.remoteRetry,
  footer: TEST_IDS.footer,
  langToggle: TEST_IDS.langToggle,
  langOption: TEST_IDS.langOption,
  notification: 'notification',
} as const;
