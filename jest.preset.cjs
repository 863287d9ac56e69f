// Shared jest settings for the front-end packages: jsdom, swc, a non-UTC time zone to flush out date bugs,
// and the ESM-only packages (ky, ol) let through the transform.
const path = require('node:path');
process.env.TZ = 'America/Montevideo';
module.exports = {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(ky|ol|rbush|quickselect|color-rgba|color-parse|color-space|earcut|pbf)/)',
  ],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  moduleNameMapper: { '\\.(css)$': 'identity-obj-proxy' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
