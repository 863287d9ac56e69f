#!/usr/bin/env node
// A small static server for a built front-end app (no dependencies).
// - remotes: CORS on every asset, no-cache on mf-manifest.json / remoteEntry.js, immutable hashed chunks;
// - every app: history routing (unknown paths without a file extension get index.html);
// - the shell (--host): /remotes.json written from configuration at run time, and /api/ forwarded to the API.
//
// Usage (from an app folder): node ../shared-ui/build/serve.mjs [--port N] [--dir dist] [--host]
// Env: PORT, API_URL (shell, default http://localhost:8000), REMOTE_<NAME>_URL (shell, e.g.
// REMOTE_MFE_MAP_URL=http://maps.example.com), REMOTES_HOST (default: the host name the browser used).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = JSON.parse(fs.readFileSync(path.join(here, 'remotes.json'), 'utf8'));

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = process.argv[i + 1];
  return v === undefined || v.startsWith('--') ? true : v;
}

const cwd = process.cwd();
const pkgName = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8')).name.replace(
  '@portal/',
  '',
);
const isHost = Boolean(arg('host', pkgName === 'shell'));
const remoteEntry = Object.entries(contract).find(([, r]) => r.package === pkgName);
const defaultPort = isHost ? 8080 : remoteEntry ? remoteEntry[1].port : 3000;
const port = Number(arg('port', process.env.PORT || defaultPort));
const dir = path.resolve(cwd, String(arg('dir', 'dist')));
const apiUrl = new URL(process.env.API_URL || 'http://localhost:8000');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The remotes the shell registers at boot: from REMOTE_<NAME>_URL, else this host on the contract's port. */
export function remotesConfig(requestHost) {
  const hostname = process.env.REMOTES_HOST || (requestHost || 'localhost').replace(/:\d+$/, '');
  return Object.entries(contract).map(([name, r]) => {
    const envUrl = process.env[`REMOTE_${name.toUpperCase()}_URL`];
    const origin = (envUrl || `http://${hostname}:${r.port}`).replace(/\/+$/, '');
    return { name, entry: `${origin}/mf-manifest.json` };
  });
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, headers);
  res.end(body);
}

function proxyToApi(req, res) {
  const upstream = http.request(
    {
      hostname: apiUrl.hostname,
      port: apiUrl.port || 80,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, host: apiUrl.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      send(res, 502, JSON.stringify({ detail: 'The API is not reachable. Try again in a moment.' }), {
        'content-type': 'application/json',
      });
    } else res.destroy();
  });
  req.pipe(upstream);
}

const NO_CACHE = /(^|\/)(index\.html|mf-manifest\.json|remoteEntry\.js|remotes\.json|mf-stats\.json)$/;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const cors = { 'Access-Control-Allow-Origin': '*' };
  if (req.method === 'OPTIONS') return send(res, 204, '', { ...cors, 'Access-Control-Allow-Headers': '*' });
  if (isHost && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return proxyToApi(req, res);
  if (isHost && url.pathname === '/remotes.json') {
    return send(res, 200, JSON.stringify(remotesConfig(req.headers.host)), {
      'content-type': TYPES['.json'],
      'cache-control': 'no-cache',
    });
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed', cors);

  let rel = decodeURIComponent(url.pathname);
  let file = path.join(dir, rel);
  if (!file.startsWith(dir)) return send(res, 403, 'Forbidden', cors);
  let stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat?.isDirectory()) {
    file = path.join(file, 'index.html');
    stat = fs.statSync(file, { throwIfNoEntry: false });
  }
  if (!stat) {
    // history routing: a path without an extension is a route of the app
    if (path.extname(rel) !== '') return send(res, 404, 'Not found', cors);
    rel = '/index.html';
    file = path.join(dir, 'index.html');
    stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return send(res, 503, 'This app has not been built yet (npm run build).', cors);
  }
  const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(file);
  const headers = {
    ...cors,
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': stat.size,
    'cache-control': NO_CACHE.test(file) || !hashed ? 'no-cache' : 'public, max-age=31536000, immutable',
  };
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return res.end();
  fs.createReadStream(file).pipe(res);
});

server.listen(port, () => {
  console.log(`${pkgName} serving ${path.relative(cwd, dir) || '.'} on http://localhost:${port}/`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
