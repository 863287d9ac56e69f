const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_shipments',
  port: 3002,
  exposes: remoteExposes('mfe_shipments'),
  title: 'mfe-shipments',
});
