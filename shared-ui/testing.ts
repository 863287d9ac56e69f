// Entry point of `@portal/shared-ui/testing`: helpers for the packages' jest tests (never bundled by an app).
export { describeRemotePages } from './src/testing/describeRemotePages';
export { createTestI18n } from './src/test-utils/createTestI18n';
export { renderPageAt } from './src/testing/renderPageAt';
export { testProject } from './src/testing/fixtures';
