const webpack = require('webpack');
const { createAppConfig, remoteExposes } = require('@portal/shared-ui/build/webpack.cjs');

// Build-time configuration of the public site (src/lib/config.ts); unset values keep the code's defaults.
const PUBLIC_ENV = [
  'PUBLIC_SITE_URL',
  'PUBLIC_PRODUCT_URL',
  'PUBLIC_SERVICES_URL',
  'PUBLIC_DIGITALIZATION_URL',
  'PUBLIC_CONTACT_URL',
  'PUBLIC_PUBLISHER_NAME',
  'PUBLIC_PUBLISHER_TAX_ID',
  'PUBLIC_PUBLISHER_ADDRESS',
  'PUBLIC_PUBLISHER_EMAIL',
];

const base = createAppConfig({
  dir: __dirname,
  name: 'mfe_public',
  port: 3001,
  exposes: remoteExposes('mfe_public'),
  title: 'mfe-public',
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(
    new webpack.DefinePlugin(
      Object.fromEntries(
        PUBLIC_ENV.map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? '')]),
      ),
    ),
  );
  return config;
};

module.exports.PUBLIC_ENV = PUBLIC_ENV;
