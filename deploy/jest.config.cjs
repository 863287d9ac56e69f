// The deployment files' checks (Kubernetes manifests against the Kubernetes schemas, the compose file): Node, not
// jsdom. kubernetes-models ships ES modules only: its packages are resolved by their import condition
// (jest-resolver.cjs) and compiled to CommonJS like the tests.
const path = require('node:path');

module.exports = {
  displayName: 'deploy',
  testEnvironment: 'node',
  resolver: path.join(__dirname, 'test', 'jest-resolver.cjs'),
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { module: { type: 'commonjs' } }] },
  transformIgnorePatterns: [
    '/node_modules/(?!(kubernetes-models|@kubernetes-models|is-cidr|cidr-regex|ip-regex)/)',
  ],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
};
