#!/usr/bin/env node
// The web server of every built front-end app, made of maintained parts: Fastify with @fastify/static (files),
// @fastify/http-proxy (the shell's /api/ to the API), @fastify/helmet (security headers, a strict CSP) and
// @fastify/compress. Malformed paths (`/%E0%A4%A`, `/a%00b`) are answered 400 by Fastify's router or by
// @fastify/send; nothing a request carries can end the process.
// - remotes: CORS for the portal's origin only (PORTAL_ORIGINS), no-cache on mf-manifest.json / remoteEntry.js,
//   immutable hashed chunks, Cross-Origin-Resource-Policy: cross-origin (the shell loads their scripts);
// - every app: history routing (unknown paths without a file extension get index.html); source maps are not
//   served (SERVE_SOURCE_MAPS=1 serves them, for a debugging session);
// - the shell (--host): /remotes.json from configuration, /api/ forwarded to API_URL with the client's address
//   in X-Forwarded-For, and a Content-Security-Policy that lets scripts come only from itself and the remotes;
//   remotes deployed alone (shell/scripts/deploy-remote.mjs) are served from REMOTES_STORE under /remotes/, and
//   the store's pointer file, read on every request, overrides their entries in /remotes.json.
//
// Usage (from an app folder): node ../shared-ui/build/serve.mjs [--port N] [--dir dist] [--host]
// Env: PORT; API_URL (default http://localhost:8000; several, comma-separated: balanced, api-balancer.mjs); REMOTE_<NAME>_URL (e.g.
// REMOTE_MFE_MAP_URL=https://maps.example.com); REMOTES_HOST (host name of the remotes that have no URL, default
// localhost); PORTAL_ORIGINS (remotes: comma-separated origins allowed by CORS; default any http://localhost:*
// and http://127.0.0.1:* origin); TRUST_PROXY (comma-separated proxy addresses in front of this server whose
// X-Forwarded-For is believed; default none: this server is the edge); SERVE_SOURCE_MAPS=1; REMOTES_STORE (the
// shell's folder of deployed remote versions, default remotes-store/ in the app folder); REMOTES_CDN_URL (where
// deployed remotes are served from when not from this server: allowed by the CSP).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyProxy from '@fastify/http-proxy';
import fastifyHelmet from '@fastify/helmet';
import fastifyCompress from '@fastify/compress';
import { registerApiProxy } from './api-balancer.mjs';
import { mergeDeployed, readPointer } from './remotes-store.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = JSON.parse(fs.readFileSync(path.join(here, 'remotes.json'), 'utf8'));

const NO_CACHE = /(^|\/)(index\.html|mf-manifest\.json|remoteEntry\.js|remotes\.json|mf-stats\.json)$/;
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
const DEV_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

const originOf = (url) => new URL(url).origin;
const list = (value) =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The remotes the shell registers at boot: from REMOTE_<NAME>_URL, else REMOTES_HOST on the contract's port. */
export function remotesConfig(env = process.env) {
  const hostname = env.REMOTES_HOST || 'localhost';
  return Object.entries(contract).map(([name, r]) => {
    const envUrl = env[`REMOTE_${name.toUpperCase()}_URL`];
    const base = (envUrl || `http://${hostname}:${r.port}`).replace(/\/+$/, '');
    return { name, entry: `${base}/mf-manifest.json` };
  });
}

/** Settings from the command line and the environment (what the CLI uses; tests pass their own). */
export function settingsFrom(argv = process.argv, env = process.env, cwd = process.cwd()) {
  const arg = (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    if (i === -1) return fallback;
    const v = argv[i + 1];
    return v === undefined || v.startsWith('--') ? true : v;
  };
  const pkgName = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8')).name.replace(
    '@portal/',
    '',
  );
  const isHost = Boolean(arg('host', pkgName === 'shell'));
  const remoteEntry = Object.entries(contract).find(([, r]) => r.package === pkgName);
  const defaultPort = isHost ? 8080 : remoteEntry ? remoteEntry[1].port : 3000;
  return {
    pkgName,
    isHost,
    port: Number(arg('port', env.PORT || defaultPort)),
    dir: path.resolve(cwd, String(arg('dir', 'dist'))),
    apiUrl: env.API_URL || 'http://localhost:8000',
    remotes: remotesConfig(env),
    portalOrigins: list(env.PORTAL_ORIGINS),
    trustProxy: list(env.TRUST_PROXY),
    serveSourceMaps: env.SERVE_SOURCE_MAPS === '1',
    remotesStore: isHost ? path.resolve(cwd, env.REMOTES_STORE || 'remotes-store') : null,
    remotesCdnUrl: env.REMOTES_CDN_URL || null,
  };
}

/**
 * The Content-Security-Policy of an app's pages. Scripts only from this origin (and, for the shell, the remotes'
 * origins); no inline script, no eval. Styles allow 'unsafe-inline' because the design system injects its
 * <style> elements at run time; images allow data:/blob: (inline SVG icons, the map's canvas exports) and, for the
 * shell, the remotes' origins (their bundled image assets).
 */
export function contentSecurityPolicy({ isHost, remotes, apiUrl, remotesCdnUrl }) {
  const cdn = remotesCdnUrl ? [originOf(remotesCdnUrl)] : [];
  const remoteOrigins = isHost ? [...new Set([...remotes.map((r) => originOf(r.entry)), ...cdn])] : [];
  // A remote's own page (run alone) talks to the API directly; the shell only through /api/ on its origin.
  const connect = isHost ? ["'self'", ...remoteOrigins] : ["'self'", originOf(apiUrl)];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...remoteOrigins],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // a remote's images (the shipment detail's flags) come from its own origin, as its scripts do
      imgSrc: ["'self'", ...remoteOrigins, 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: connect,
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** Security headers of the answers the router gives before any hook (helmet's set, strictest values). */
const ERROR_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
};

/** The configured remotes with the deployed versions of the store's pointer over them (a bad pointer: ignored). */
function servedRemotes(remotes, store, log) {
  if (!store) return remotes;
  try {
    return mergeDeployed(remotes, readPointer(store));
  } catch (error) {
    log.error({ err: error }, 'the remotes store pointer is unreadable; serving the configured remotes');
    return remotes;
  }
}

/** /remotes/<name>/<version>/… from the store: every version folder is immutable, so every file is cached. */
async function serveRemotesStore(app, store) {
  fs.mkdirSync(store, { recursive: true });
  await app.register(fastifyStatic, {
    root: store,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    redirect: false,
    cacheControl: false,
    serveDotFiles: false,
    allowedPath: (pathname) => !pathname.endsWith('.map') && pathname.split('/').filter(Boolean).length >= 3,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });
}

/** Builds the server (not listening). */
export async function createServer(settings) {
  const { isHost, dir, apiUrl, remotes, portalOrigins, trustProxy, serveSourceMaps } = settings;
  const app = Fastify({
    logger: settings.logger ?? false,
    trustProxy: trustProxy && trustProxy.length > 0 ? trustProxy : false,
    // Bad URLs and long params are answered by the router (400/414), never thrown.
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // The router's own answers (a malformed URL) run no hook, so helmet never sees them: the same kind of
    // headers here, strictest (the body is plain text).
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply.headers(ERROR_SECURITY_HEADERS);
      reply
        .code(tooLong ? 414 : 400)
        .type('text/plain; charset=utf-8')
        .send(tooLong ? 'URL too long' : 'Bad request');
    },
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(settings),
    // Remotes' scripts are loaded by the shell from another origin.
    crossOriginResourcePolicy: { policy: isHost ? 'same-origin' : 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Plain-HTTP local runs must keep working; a TLS front sets HSTS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  if (!isHost) {
    // CORS for the portal's origin only (mf-manifest.json is fetched; chunks are scripts).
    const allowed = (origin) =>
      portalOrigins && portalOrigins.length > 0 ? portalOrigins.includes(origin) : DEV_ORIGIN.test(origin);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      reply.header('vary', 'Origin');
      if (typeof origin === 'string' && allowed(origin)) {
        reply.header('access-control-allow-origin', origin);
        if (request.method === 'OPTIONS') {
          reply.header('access-control-allow-methods', 'GET, HEAD, OPTIONS');
          reply.header('access-control-allow-headers', 'content-type');
          reply.header('access-control-max-age', '600');
          return reply.code(204).send();
        }
      }
      return undefined;
    });
  }

  if (isHost) {
    // API_URL may list several API processes: then balanced, with retries (api-balancer.mjs).
    await registerApiProxy(app, fastifyProxy, {
      upstream: apiUrl,
      prefix: '/api',
      rewritePrefix: '/api',
      // The API needs the real client (login throttling): this server is its trusted proxy, and the only one
      // that writes the header (a client's own X-Forwarded-For is not passed on unless TRUST_PROXY says so).
      replyOptions: {
        // `Expect: 100-continue` (curl and scripts send it with large bodies) is a hop-by-hop matter: Node's
        // server has already answered 100 Continue to the client, and undici, which forwards the request, refuses
        // the header outright (a 502). The body then streams to the API as with any other request.
        rewriteRequestHeaders: (request, headers) => {
          const forwarded = {
            ...headers,
            'x-forwarded-for': request.ip,
            'x-forwarded-proto': request.protocol,
            'x-forwarded-host': request.host,
          };
          delete forwarded.expect;
          return forwarded;
        },
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'API not reachable');
          reply
            .code(502)
            .type('application/json')
            .send({ detail: 'The API is not reachable. Try again in a moment.' });
        },
      },
    });
    app.get('/remotes.json', async (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(servedRemotes(remotes, settings.remotesStore, request.log))),
    );
    if (settings.remotesStore) await serveRemotesStore(app, settings.remotesStore);
  }

  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: ['index.html'],
    redirect: false,
    cacheControl: false,
    serveDotFiles: false,
    allowedPath: (pathname) => serveSourceMaps || !pathname.endsWith('.map'),
    // @fastify/static 10 passes the Fastify reply.
    setHeaders: (reply, file) => {
      reply.header(
        'cache-control',
        NO_CACHE.test(file) || !HASHED.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).type('text/plain; charset=utf-8').send('Method not allowed');
    }
    // History routing: a path without an extension is a route of the app.
    if (path.posix.extname(pathname) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('This app has not been built yet (npm run build).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  app.setErrorHandler(async (error, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status >= 500 ? 'Server error' : 'Bad request');
  });

  return app;
}

async function main() {
  const settings = settingsFrom();
  const app = await createServer({ ...settings, logger: { level: process.env.LOG_LEVEL || 'warn' } });
  await app.listen({ port: settings.port, host: process.env.HOST || '0.0.0.0' });
  const cwd = process.cwd();
  console.log(
    `${settings.pkgName} serving ${path.relative(cwd, settings.dir) || '.'} on http://localhost:${settings.port}/`,
  );
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
