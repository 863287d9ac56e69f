#!/usr/bin/env node
// The two commands of the README, and the bench. Plain Node with no dependencies, because it runs before
// `npm install` on a fresh clone.
//   node shell/scripts/portal.mjs start   install what is missing, build what is stale, run the whole portal
//   node shell/scripts/portal.mjs test    lint, type-check, jest (unit + API on PostgreSQL), Playwright
//   node shell/scripts/portal.mjs bench   every benchmark (bundle sizes, then api/bench/*.bench.ts)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntime } from './runtime.mjs';
import { supervise } from './supervise.mjs';
import { apiUrlsFor, startApiTier } from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const APPS = ['shell', 'mfe-public', 'mfe-shipments', 'mfe-tracking', 'mfe-map', 'mfe-bi', 'mfe-config'];
const SHARED_SOURCES = ['shared-ui/src', 'shared-ui/build', 'shared-api/src'];

function log(message) {
  console.log(`\x1b[36m[portal]\x1b[0m ${message}`);
}

// Node 24 LTS (.nvmrc) even where the machine's Node is older: re-runs this command under it when needed.
await ensureRuntime(root, log);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(label, cmd, args, options) {
  log(label);
  const code = run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n[portal] ${label} failed (exit code ${code}).`);
    process.exit(code);
  }
}

/** npm install when node_modules is missing or older than package-lock.json / a package.json. */
function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const inputs = [
    'package-lock.json',
    'package.json',
    ...fs.readdirSync(root).map((d) => path.join(d, 'package.json')),
  ]
    .map((f) => path.join(root, f))
    .filter((f) => fs.existsSync(f));
  const stale =
    !fs.existsSync(marker) || inputs.some((f) => fs.statSync(f).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  // `npm install` rather than `npm ci`: the lock file records no optional platform packages of other systems,
  // which `npm ci` refuses; install still follows the lock file for everything it holds.
  mustRun('Installing dependencies…', 'npm', ['install', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds every front-end app whose sources (or the shared packages) changed since its last build. */
function buildApps({ force = false } = {}) {
  const sharedNewest = Math.max(...SHARED_SOURCES.map(newestMtime), newestMtime('package-lock.json'));
  const stale = APPS.filter((app) => {
    const manifest = path.join(root, app, 'dist', 'mf-manifest.json');
    if (force || !fs.existsSync(manifest)) return true;
    const built = fs.statSync(manifest).mtimeMs;
    return Math.max(sharedNewest, newestMtime(`${app}/src`), newestMtime(`${app}/webpack.config.js`)) > built;
  });
  if (stale.length === 0) {
    log('Front-end builds are up to date.');
    return;
  }
  const scopes = stale.flatMap((app) => ['--scope', `@portal/${app}`]);
  mustRun(`Building ${stale.join(', ')}…`, bin('lerna'), ['run', 'build', '--concurrency', '2', ...scopes]);
}

function waitFor(url, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (!isAlive()) return reject(new Error(`process for ${url} exited`));
      try {
        const res = await fetch(url);
        if (res.status < 500) return resolve();
      } catch {
        // not up yet
      }
      if (Date.now() > deadline)
        return reject(new Error(`${url} did not answer within ${timeoutMs / 1000} s`));
      setTimeout(attempt, 300);
    };
    attempt();
  });
}

async function start() {
  ensureInstalled();
  buildApps();
  const apiPort = Number(process.env.API_PORT || 8000);
  const portalPort = Number(process.env.PORTAL_PORT || 8080);
  const smtpPort = Number(process.env.SMTP_PORT || 1025);
  const inboxPort = Number(process.env.MAILDEV_WEB_PORT || 1080);
  const portalOrigin = `http://localhost:${portalPort}`;
  // Every child is supervised: one that ends is logged and started again with backoff (supervise.mjs).
  const supervised = [];
  const spawnChild = (name, cmd, args, cwd, env = {}) => {
    const sup = supervise({
      name,
      cmd,
      args,
      options: { cwd: path.join(root, cwd), env: { ...process.env, ...env }, stdio: 'inherit' },
      log,
    });
    supervised.push(sup);
    return sup;
  };
  let shuttingDown = false;
  const shutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('Stopping…');
    Promise.all(supervised.map((s) => s.stop('SIGTERM'))).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  // A local SMTP server with a web inbox: every mail the portal sends lands there.
  spawnChild(
    'maildev',
    bin('maildev'),
    ['--smtp', String(smtpPort), '--web', String(inboxPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
    '.',
  );
  const apiEnv = {
    DEMO_SEED: process.env.DEMO_SEED ?? '1',
    SMTP_URL: process.env.SMTP_URL || `smtp://localhost:${smtpPort}`,
    // The portal's server (on this machine) forwards /api/ with the client's address: trust it, and build
    // absolute links (pagination) on the portal's address.
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    PUBLIC_URL: process.env.PUBLIC_URL || portalOrigin,
    CORS_ORIGINS: process.env.CORS_ORIGINS || portalOrigin,
  };
  // One API process with the engine, or PORTAL_API_PROCESSES / PORTAL_WORKER_PROCESSES (processes.mjs).
  const apiUrls = apiUrlsFor(process.env, apiPort);
  const apiReady = startApiTier({
    root,
    env: process.env,
    bin,
    spawnChild,
    apiPort,
    portalPort,
    apiEnv,
    waitFor,
    isAlive: () => !shuttingDown,
  });
  const contract = JSON.parse(fs.readFileSync(path.join(root, 'shared-ui/build/remotes.json'), 'utf8'));
  for (const [name, remote] of Object.entries(contract)) {
    const port = process.env[`REMOTE_${name.toUpperCase()}_PORT`] || remote.port;
    spawnChild(
      remote.package,
      'node',
      ['../shared-ui/build/serve.mjs', '--port', String(port)],
      remote.package,
      { PORTAL_ORIGINS: process.env.PORTAL_ORIGINS || `${portalOrigin},http://127.0.0.1:${portalPort}` },
    );
  }
  spawnChild('shell', 'node', ['../shared-ui/build/serve.mjs', '--port', String(portalPort)], 'shell', {
    API_URL: process.env.API_URL || apiUrls.join(','),
  });
  try {
    await apiReady;
    await waitFor(`http://localhost:${portalPort}/`, 30000, () => !shuttingDown);
  } catch (error) {
    console.error(`[portal] ${error.message}`);
    shutdown();
    return;
  }
  console.log(`
  ┌──────────────────────────────────────────────────────────────┐
    Portal:   http://localhost:${portalPort}/
    API:      ${apiUrls.length === 1 ? `http://localhost:${apiPort}/api/   (docs: /api/docs)` : `${apiUrls.length} processes from port ${apiPort}, balanced by the portal's /api/`}
    Mail:     http://localhost:${inboxPort}/   (every e-mail the portal sends; SMTP on ${smtpPort})
    Demo logins (demo data only):
      demo   / demo     standard role, manager
      viewer / viewer   limited role (read only)
      admin  / admin    superuser
      other  / other    a second company, to see tenancy
    Press Ctrl+C to stop.
  └──────────────────────────────────────────────────────────────┘
`);
}

function test() {
  ensureInstalled();
  buildApps();
  mustRun('Lint (eslint + prettier)…', 'npm', ['run', 'lint']);
  mustRun('Type-check…', bin('lerna'), ['run', 'typecheck', '--concurrency', '2']);
  mustRun('jest: unit tests and API tests on PostgreSQL…', bin('jest'), ['--ci']);
  mustRun('node --test: the static server, the start supervisor and the runtime switch…', 'node', [
    '--test',
    'shared-ui/build/serve.nodetest.mjs',
    'shared-ui/build/api-balancer.nodetest.mjs',
    'shared-ui/build/remotes-store.nodetest.mjs',
    'shared-ui/build/webpack.nodetest.mjs',
    'shared-ui/build/shared-surface.nodetest.mjs',
    'shell/scripts/supervise.nodetest.mjs',
    'shell/scripts/runtime.nodetest.mjs',
  ]);
  mustRun('Playwright in Chromium…', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  log('All tests passed.');
}

/**
 * Every benchmark, each reporting its figures against its target: bundle sizes, then the API's benches
 * (api/bench/*.bench.ts, in name order: derivation, ingestion, lists on a million shipments…). All run even when
 * one misses its target; the exit code says whether any did.
 */
async function bench() {
  ensureInstalled();
  buildApps();
  const failed = [];
  const step = (label, cmd, args) => {
    log(label);
    if (run(cmd, args) !== 0) failed.push(label);
  };
  step('Bundle sizes…', 'node', ['shell/scripts/bundle-size.mjs']);
  step('Public landing: LCP, JavaScript and image bytes…', 'node', ['mfe-public/bench/landing.bench.mjs']);
  const benchDir = path.join(root, 'api', 'bench');
  const files = fs.existsSync(benchDir)
    ? fs
        .readdirSync(benchDir)
        .filter((f) => f.endsWith('.bench.ts'))
        .sort()
    : [];
  for (const file of files) step(`api/bench/${file}…`, bin('tsx'), [path.join('api', 'bench', file)]);
  if (failed.length > 0) {
    console.error(`\n[portal] over target or failed: ${failed.join(', ')}`);
    process.exit(1);
  }
  log('Every benchmark is within its target.');
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'test') test();
else if (command === 'bench') await bench();
else if (command === 'build') buildApps({ force: process.argv.includes('--force') });
else {
  console.error('usage: portal.mjs start | test | bench | build [--force]');
  process.exit(2);
}
