// API tests run against a real PostgreSQL: TEST_DATABASE_URL / DATABASE_URL (a fresh database is
// created for the run and dropped after), or else an embedded server in a temporary folder.
module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  // light-my-request (behind app.inject) needs `cookie` 2, which is ESM only: let swc compile it.
  transformIgnorePatterns: ['/node_modules/(?!(cookie)/)'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // testTimeout and the worker count are global options: see the root jest.config.cjs. The files share one
  // database, each seeding its own companies and users, so they may run side by side.
};
