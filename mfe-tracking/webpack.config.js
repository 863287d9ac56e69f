const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_tracking',
  port: 3003,
  exposes: remoteExposes('mfe_tracking'),
  title: 'mfe-tracking',
});
