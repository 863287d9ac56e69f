// Playwright against Debian's Chromium. Every app runs on its own port, as in production: the API (on its own
// embedded PostgreSQL, fresh for every run), the six remotes and the shell. A second shell is pointed at a
// remote whose server is down, to prove the fallback. Ports are offset from the defaults so a running
// `npm start` does not get in the way.
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  API_PORT,
  DEAD_REMOTE_PORT,
  E2E_PG_PORT,
  MAILDEV_WEB_PORT,
  PORTAL_PORT,
  PORTAL_WITH_DEAD_MAP_PORT,
  REMOTES,
  SALES_ADDRESS,
  SMTP_PORT,
} from './support/ports';

const root = path.resolve(__dirname, '..');
// One data folder per run, kept in an env var so the workers (which load this file again) agree on it.
const runId = (process.env.E2E_RUN_ID ??= String(Date.now()));
const dataDir = path.join(os.tmpdir(), `portal-e2e-${runId}`);

const remoteUrls = Object.fromEntries(
  REMOTES.map((r) => [`REMOTE_${r.name.toUpperCase()}_URL`, `http://localhost:${r.port}`]),
);
const serve = (app: string, port: number, env: Record<string, string> = {}) => ({
  command: `node ../shared-ui/build/serve.mjs --port ${port}`,
  cwd: path.join(root, app),
  url: `http://localhost:${port}/`,
  env: { ...env, PORT: String(port) },
  reuseExistingServer: false,
  // generous: on a loaded 2-core machine seven static servers and maildev start side by side
  timeout: 90_000,
  stdout: 'ignore' as const,
});

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // No retries: a spec that fails once has a cause (a race in the product or in the spec) to find and fix.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /change-password\.spec\.ts/ },
    // Changing the `other` user's password would race with the specs that sign in as `other`: run it last.
    {
      name: 'account',
      use: { browserName: 'chromium' },
      testMatch: /change-password\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    // A real SMTP server for the contact form's mail; the specs read what it received from its REST API.
    {
      command: `node_modules/.bin/maildev --smtp ${SMTP_PORT} --web ${MAILDEV_WEB_PORT} --ip 127.0.0.1 --web-ip 127.0.0.1 --silent`,
      cwd: root,
      url: `http://127.0.0.1:${MAILDEV_WEB_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
    },
    {
      command: 'node --import tsx src/server.ts',
      cwd: path.join(root, 'api'),
      url: `http://localhost:${API_PORT}/api/health/`,
      env: {
        PORT: String(API_PORT),
        DEMO_SEED: '1',
        DATABASE_URL: '',
        PORTAL_DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(E2E_PG_PORT),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        CONTACT_SALES_EMAIL: SALES_ADDRESS,
        // the specs send several requests from the same address
        CONTACT_RATE_LIMIT_MAX: '50',
        // integrations.spec.ts delivers webhooks to its receiver on 127.0.0.1: the development opt-in (the
        // guard itself is tested with it off in api/test/integration/webhook-guard.test.ts)
        WEBHOOK_ALLOW_PRIVATE_URLS: '1',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      // What the API and its engine say (migrations, polls that failed, requests turned invalid) goes to the run's
      // output: when a spec waits in vain on the engine, the reason is there.
      stdout: 'pipe',
    },
    ...REMOTES.map((r) => serve(r.package, r.port)),
    serve('shell', PORTAL_PORT, { API_URL: `http://localhost:${API_PORT}`, ...remoteUrls }),
    serve('shell', PORTAL_WITH_DEAD_MAP_PORT, {
      API_URL: `http://localhost:${API_PORT}`,
      ...remoteUrls,
      REMOTE_MFE_MAP_URL: `http://localhost:${DEAD_REMOTE_PORT}`,
    }),
  ],
});
