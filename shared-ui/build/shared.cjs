// The one list of shared singletons, imported by every webpack config (shell and remotes).
// requiredVersion comes from the installed package, so a mismatch shows up as a federation warning.
const path = require('node:path');

const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'zustand',
  'i18next',
  'react-i18next',
  '@portal/shared-ui',
  '@portal/shared-api',
  // TanStack Query, imported only by @portal/shared-api/queries: one QueryClient and one cache for the page.
  '@tanstack/react-query',
];

// Entry points of workspace packages shared as singletons of their own, so that a page loads only what it uses:
// the shell never imports the list building blocks, so they stay out of its initial JavaScript.
// The router facade replaces sharing react-router itself: react-router stays tree-shaken inside it (ADR 0002).
const SHARED_ENTRY_POINTS = [
  { key: '@portal/shared-ui/router', pkg: '@portal/shared-ui' },
  { key: '@portal/shared-ui/lists', pkg: '@portal/shared-ui' },
  // Server data in components: the one QueryClient, its keys and the reference-list hooks; never
  // imported by the shell, so neither it nor TanStack Query is in the shell's first load.
  { key: '@portal/shared-api/queries', pkg: '@portal/shared-api' },
];

// Deep imports (react/jsx-runtime, react-dom/client) are shared through trailing-slash keys;
// without them they would be bundled twice.
const DEEP_IMPORT_PACKAGES = ['react', 'react-dom'];

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
  for (const { key, pkg } of SHARED_ENTRY_POINTS) {
    const version = installedVersion(pkg, fromDir);
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

module.exports = { SHARED_PACKAGES, SHARED_ENTRY_POINTS, sharedDependencies };
