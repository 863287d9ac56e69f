// `npx jest` at the root runs every package's tests: unit tests of the front-end packages (jsdom) and the API
// tests against a real PostgreSQL (TEST_DATABASE_URL / DATABASE_URL when set, an embedded server otherwise).
const os = require('node:os');

module.exports = {
  // Global options (jest ignores them in a project's own config): API tests talk to PostgreSQL and generate
  // journeys, which can take a while on a loaded 2-core machine.
  testTimeout: 30000,
  // Jest's default is one worker less than the cores: on 2 cores one, in band, with the second core mostly idle
  // while the API tests wait on PostgreSQL. Two files side by side (they share one database, each seeding its own
  // companies and users): 533 → 286–296 s on 2 cores.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
