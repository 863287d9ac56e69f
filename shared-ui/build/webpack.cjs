// The webpack 5 + Module Federation build every front-end app uses: swc for TSX, swc minification,
// the shared singleton list, mf-manifest.json, and a dev server with CORS and history fallback.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./shared.cjs');
const remotes = require('./remotes.json');

const HTML = ({ title, lang }) => `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * @param {object} options
 * @param {string} options.dir        the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name       federation name (mfe_shipments, shell)
 * @param {number} options.port       dev-server port
 * @param {Record<string,string>} [options.exposes]  exposed modules (remotes)
 * @param {string} options.title      HTML title
 * @param {boolean} [options.host]    true for the shell (absolute public path, /api proxy in dev)
 */
function createAppConfig({ dir, name, port, exposes, title, host = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      // Production: maps without the sources and without a reference from the bundles. They stay in
      // dist/ for decoding an error report's stack; serve.mjs never serves *.map.
      devtool: production ? 'hidden-nosources-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[fullhash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.(png|jpe?g|svg|webp|gif)$/,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 8192 } },
          },
          { test: /\.json$/, type: 'json' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedDependencies(dir),
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          shareStrategy: 'loaded-first',
        }),
        new HtmlWebpackPlugin({ templateContent: HTML({ title, lang: 'es' }), inject: 'body' }),
      ],
      optimization: {
        minimize: production,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
        proxy: host ? [{ context: ['/api'], target: process.env.API_URL || 'http://localhost:8000' }] : [],
      },
    };
  };
}

/** The exposes map of a remote, from the shared contract (shared-ui/build/remotes.json). */
function remoteExposes(name) {
  const entry = remotes[name];
  if (!entry) throw new Error(`Unknown remote ${name}`);
  return Object.fromEntries(entry.exposes.map((key) => [key, `./src/exposes/${key.slice(2)}.tsx`]));
}

module.exports = { createAppConfig, remoteExposes, remotes };
