// Entry point of `@portal/shared-ui/testing`: helpers for the packages' jest tests (never bundled by an app).
export { describeRemotePages } from './src/testing/describe-remote-pages';
export { createTestI18n } from './src/test-utils/create-test-i18n';
export { renderPageAt } from './src/testing/render-page-at';
export { testProject } from './src/testing/fixtures';
