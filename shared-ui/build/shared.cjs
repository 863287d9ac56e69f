// The one list of shared singletons, imported by every webpack config (shell and remotes).
// requiredVersion comes from the installed package, so a mismatch shows up as a federation warning.
const path = require('node:path');

const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'zustand',
  'i18next',
  'react-i18next',
  'dayjs',
  '@portal/shared-ui',
  '@portal/shared-api',
];

// Deep imports (react/jsx-runtime, react-dom/client, dayjs/plugin/...) are shared through trailing-slash keys;
// without them they would be bundled twice.
const DEEP_IMPORT_PACKAGES = ['react', 'react-dom', 'dayjs'];

function installedVersion(pkg, fromDir) {
  const pkgJson = require.resolve(`${pkg}/package.json`, { paths: [fromDir, path.join(__dirname, '..')] });
  return require(pkgJson).version;
}

function sharedDependencies(fromDir) {
  const shared = {};
  for (const pkg of SHARED_PACKAGES) {
    const version = installedVersion(pkg, fromDir);
    shared[pkg] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  for (const pkg of DEEP_IMPORT_PACKAGES) {
    const version = installedVersion(pkg, fromDir);
    shared[`${pkg}/`] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

module.exports = { SHARED_PACKAGES, sharedDependencies };
