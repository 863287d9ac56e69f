// Every data-testid of the public site's chrome (the e2e page objects import these).
export const SITE_TEST_IDS = {
  topBar: 'site-top-bar',
  menuButton: 'site-menu-button',
  sideMenu: 'site-side-menu',
  langToggle: 'lang-toggle',
  clientArea: 'site-client-area',
  contactLink: 'site-contact-link',
  footer: 'site-footer',
  requestInfo: 'site-request-info',
  developers: 'site-developers',
} as const;
