const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_bi',
  port: 3005,
  exposes: remoteExposes('mfe_bi'),
  title: 'mfe-bi',
});
