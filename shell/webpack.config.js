// The shell (host) build: the shared webpack + Module Federation setup of shared-ui/build, as a host.
// Remotes are not declared here: the shell registers them at run time from /remotes.json.
const { createAppConfig } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  port: 8080,
  title: 'Container tracking portal',
  host: true,
});
