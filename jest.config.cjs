// `npx jest` at the root runs every package's tests: unit tests of the front-end packages (jsdom) and the API
// tests against a real PostgreSQL (TEST_DATABASE_URL / DATABASE_URL when set, an embedded server otherwise).
module.exports = {
  // Global options (jest ignores them in a project's own config): API tests talk to PostgreSQL and generate
  // journeys, which can take a while on a loaded 2-core machine.
  testTimeout: 30000,
  projects: [
    '<rootDir>/shared-api',
    '<rootDir>/shared-ui',
    '<rootDir>/shell',
    '<rootDir>/mfe-public',
    '<rootDir>/mfe-shipments',
    '<rootDir>/mfe-tracking',
    '<rootDir>/mfe-map',
    '<rootDir>/mfe-bi',
    '<rootDir>/mfe-config',
    '<rootDir>/api',
    '<rootDir>/deploy',
  ],
};
