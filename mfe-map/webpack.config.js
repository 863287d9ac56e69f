const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_map',
  port: 3004,
  exposes: remoteExposes('mfe_map'),
  title: 'mfe-map',
});
