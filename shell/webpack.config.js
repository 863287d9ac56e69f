// The shell (host) build: the shared webpack + Module Federation setup of shared-ui/build, as a host.
// Remotes are not declared here: the shell registers them at run time from /remotes.json.
// Production builds also prerender the four public routes (mfe-public/prerender/) into static HTML.
const path = require('node:path');
const { createAppConfig } = require('@portal/shared-ui/build/webpack.cjs');
const { PrerenderPublicPagesPlugin } = require('../mfe-public/prerender/webpack-plugin.cjs');

const base = createAppConfig({
  dir: __dirname,
  name: 'shell',
  port: 8080,
  title: 'Container tracking portal',
  host: true,
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  if (argv.mode !== 'development' && process.env.PRERENDER !== '0') {
    config.plugins.push(new PrerenderPublicPagesPlugin({ root: path.resolve(__dirname, '..') }));
  }
  return config;
};
