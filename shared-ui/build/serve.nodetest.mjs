// The static server of every app (serve.mjs), run as the CLI the portal and the e2e run use, on real HTTP.
// Run: node --test shared-ui/build/serve.nodetest.mjs  (not a jest file; part of `npm test`, see shell/scripts/portal.mjs).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serveScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve.mjs');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A raw HTTP request (the path is sent as is, not normalised by a URL parser). */
function request(port, rawPath, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** A built app in a temporary folder: package.json + dist/ with index.html, a hashed chunk and its source map. */
function fixtureApp(pkgName) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `serve-test-${pkgName}-`));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@portal/${pkgName}` }));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(
    path.join(dir, 'dist', 'main.0123abcd.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  fs.writeFileSync(path.join(dir, 'dist', 'main.0123abcd.js.map'), '{"sourcesContent":["secret source"]}');
  fs.writeFileSync(path.join(dir, 'dist', 'mf-manifest.json'), '{}');
  return dir;
}

async function startServe(cwd, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [serveScript, '--port', String(port)], {
    cwd,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.exitCode_ = null;
  child.on('exit', (code, signal) => (child.exitCode_ = code ?? signal));
  const deadline = Date.now() + 15000;
  for (;;) {
    if (child.exitCode_ !== null) throw new Error(`serve.mjs exited (${child.exitCode_})`);
    try {
      await request(port, '/');
      return { port, child };
    } catch {
      if (Date.now() > deadline) throw new Error('serve.mjs did not answer');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('serve.mjs as the shell', () => {
  let server;
  let api;
  let apiSeen;
  before(async () => {
    // A stand-in API that records what the proxy sent.
    api = http.createServer((req, res) => {
      apiSeen = { url: req.url, headers: req.headers };
      // Uploads: the body's length and digest, as the API read them.
      const hash = createHash('sha256');
      let bytes = 0;
      req.on('data', (c) => {
        bytes += c.length;
        hash.update(c);
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          req.method === 'GET' ? '{"status":"ok"}' : JSON.stringify({ bytes, sha256: hash.digest('hex') }),
        );
      });
    });
    await new Promise((r) => api.listen(0, '127.0.0.1', r));
    server = await startServe(fixtureApp('shell'), {
      API_URL: `http://127.0.0.1:${api.address().port}`,
      REMOTE_MFE_MAP_URL: 'https://maps.example.com/map/',
      PORTAL_ORIGINS: '',
      TRUST_PROXY: '',
    });
  });
  after(() => {
    server?.child.kill('SIGTERM');
    api?.close();
  });

  test('a malformed percent-encoding and a NUL byte get a 4xx and the server stays up', async () => {
    const bad = await request(server.port, '/%E0%A4%A');
    assert.ok(bad.status >= 400 && bad.status < 500, `status ${bad.status}`);
    const nul = await request(server.port, '/a%00b');
    assert.ok(nul.status >= 400 && nul.status < 500, `status ${nul.status}`);
    const nulFile = await request(server.port, '/main.js%00.map');
    assert.ok(nulFile.status >= 400 && nulFile.status < 500, `status ${nulFile.status}`);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(server.child.exitCode_, null, 'the server process ended');
    const home = await request(server.port, '/');
    assert.equal(home.status, 200);
  });

  test('history routing, caching, no source maps, no path escape', async () => {
    const route = await request(server.port, '/shipments/12');
    assert.equal(route.status, 200);
    assert.match(route.body, /<title>app<\/title>/);
    assert.equal(route.headers['cache-control'], 'no-cache');
    const chunk = await request(server.port, '/main.0123abcd.js');
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await request(server.port, '/main.0123abcd.js.map')).status, 404);
    assert.equal((await request(server.port, '/missing.js')).status, 404);
    const escape = await request(server.port, '/..%2f..%2fpackage.json');
    assert.notEqual(escape.status, 500);
    assert.doesNotMatch(escape.body, /@portal\/shell/);
  });

  test('compresses, and sends the security headers with a CSP naming the remotes', async () => {
    const chunk = await request(server.port, '/main.0123abcd.js', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(chunk.headers['content-encoding'], 'gzip');
    const home = await request(server.port, '/');
    const csp = home.headers['content-security-policy'];
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    assert.ok(scriptSrc.includes(' https://maps.example.com'), scriptSrc);
    assert.ok(scriptSrc.includes(' http://localhost:3001'), scriptSrc);
    assert.doesNotMatch(scriptSrc, /unsafe-inline|\*/);
    // the remotes' bundled images (flags in the shipment detail) load from their own origins
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src '));
    assert.ok(imgSrc.includes(' http://localhost:3001'), imgSrc);
    assert.doesNotMatch(imgSrc, /\*/);
    assert.doesNotMatch(csp, /unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(home.headers['x-content-type-options'], 'nosniff');
    assert.equal(home.headers['access-control-allow-origin'], undefined);
  });

  test('/remotes.json comes from configuration, never from the Host header', async () => {
    const res = await request(server.port, '/remotes.json', { headers: { host: 'evil.example' } });
    assert.equal(res.status, 200);
    const remotes = JSON.parse(res.body);
    const map = remotes.find((r) => r.name === 'mfe_map');
    assert.equal(map.entry, 'https://maps.example.com/map/mf-manifest.json');
    assert.doesNotMatch(res.body, /evil\.example/);
    assert.equal(
      remotes.find((r) => r.name === 'mfe_public').entry,
      'http://localhost:3001/mf-manifest.json',
    );
  });

  test('/api/ is forwarded with the client address in X-Forwarded-For (a forged one is replaced)', async () => {
    const res = await request(server.port, '/api/health/?x=1', { headers: { 'x-forwarded-for': '6.6.6.6' } });
    assert.equal(res.status, 200);
    assert.equal(apiSeen.url, '/api/health/?x=1');
    assert.equal(apiSeen.headers['x-forwarded-for'], '127.0.0.1');
  });

  test('a large upload sent with Expect: 100-continue is forwarded whole (curl and scripts send it)', async () => {
    const body = randomBytes(6 * 1024 * 1024);
    const res = await new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/upload/bulk-import-tracking-requests/bulk',
          method: 'PUT',
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': body.length,
            expect: '100-continue',
          },
        },
        (answer) => {
          const chunks = [];
          answer.on('data', (c) => chunks.push(c));
          answer.on('end', () =>
            resolve({ status: answer.statusCode, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      let continued = false;
      // The body goes only once the server has said 100 Continue, as curl does.
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', () => {
        if (!continued) req.destroy();
      });
      req.on('error', reject);
      req.setTimeout(15000, () => req.destroy(new Error('timeout')));
    });
    assert.equal(res.status, 200, res.body);
    assert.deepEqual(JSON.parse(res.body), {
      bytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    assert.equal(apiSeen.headers['x-forwarded-for'], '127.0.0.1');
  });
});

describe('serve.mjs as a remote', () => {
  let server;
  before(async () => {
    server = await startServe(fixtureApp('mfe-map'), { PORTAL_ORIGINS: 'https://portal.example.com' });
  });
  after(() => server?.child.kill('SIGTERM'));

  test('CORS for the portal origin only, never *', async () => {
    const ok = await request(server.port, '/mf-manifest.json', {
      headers: { origin: 'https://portal.example.com' },
    });
    assert.equal(ok.headers['access-control-allow-origin'], 'https://portal.example.com');
    assert.equal(ok.headers['cache-control'], 'no-cache');
    assert.equal(ok.headers['cross-origin-resource-policy'], 'cross-origin');
    const other = await request(server.port, '/mf-manifest.json', {
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const bad = await request(server.port, '/%E0%A4%A');
    assert.ok(bad.status >= 400 && bad.status < 500);
    assert.equal(server.child.exitCode_, null);
  });
});

describe('serve.mjs: security headers on every answer, errors included', () => {
  let shell;
  let remote;
  before(async () => {
    // The shell's API is a closed port: /api/ answers the proxy's own error.
    shell = await startServe(fixtureApp('shell'), { API_URL: `http://127.0.0.1:${await freePort()}` });
    remote = await startServe(fixtureApp('mfe-bi'), { PORTAL_ORIGINS: 'https://portal.example.com' });
  });
  after(() => {
    shell?.child.kill('SIGTERM');
    remote?.child.kill('SIGTERM');
  });

  test('200, 404, a malformed URL, a refused source map and an unreachable API all carry them', async () => {
    for (const server of [shell, remote]) {
      const paths = ['/', '/missing.js', '/%E0%A4%A', '/main.0123abcd.js.map', '/a%00b'];
      if (server === shell) paths.push('/api/health/');
      for (const p of paths) {
        const res = await request(server.port, p);
        const where = `${p} → ${res.status}`;
        if (p === '/api/health/') assert.ok(res.status >= 500, where);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', where);
        assert.ok(res.headers['content-security-policy'], `${where}: no CSP`);
        assert.match(res.headers['content-security-policy'], /frame-ancestors 'none'|default-src/, where);
        assert.ok(
          res.headers['x-frame-options'] || /frame-ancestors/.test(res.headers['content-security-policy']),
          where,
        );
        assert.ok(res.headers['referrer-policy'], `${where}: no Referrer-Policy`);
        assert.notEqual(res.headers['access-control-allow-origin'], '*', where);
        assert.doesNotMatch(res.body, /at .+\.(m?js|ts):\d+/, `${where}: a stack trace`);
      }
    }
    assert.equal(shell.child.exitCode_, null);
    assert.equal(remote.child.exitCode_, null);
  });
});
