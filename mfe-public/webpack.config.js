const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_public',
  port: 3001,
  exposes: remoteExposes('mfe_public'),
  title: 'mfe-public',
});
