const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_config',
  port: 3006,
  exposes: remoteExposes('mfe_config'),
  title: 'mfe-config',
});
