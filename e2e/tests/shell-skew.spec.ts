// Version skew the other way round from remote-deploy.spec.ts: the PREVIOUS release of the shell (a build kept in
// e2e/fixtures/shell, see its README) with TODAY's remotes, served by the stack's own remote servers. Remotes ship
// on their own, so for a while after a remote's deploy the shell in users' tabs (and the deployed shell) is older
// than the remote: the smoke must pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { REMOTES } from '../support/ports';
import { sel } from '../support/selectors';
import { startShellServer } from '../support/shell-server';
import { Dashboard, shp } from '../support/shipments';

const root = path.resolve(__dirname, '..', '..');
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
/** A shell server of its own, serving the kept build instead of shell/dist. */
const PORT = 18088 + OFFSET;
const base = `http://localhost:${PORT}`;
const OLD_SHELL = '23.9.3-233ff3c';
const fixture = path.join(root, 'e2e', 'fixtures', 'shell', OLD_SHELL);
/** An empty store: every remote comes from its configured server, i.e. today's build. */
const store = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-old-shell-store-'));

let stopShell: (() => void) | undefined;

test.beforeAll(async () => {
  // today's server (serve.mjs) with the old build's files: the server is part of the deployment, not of the
  // shell's bundle, and it is what computes /remotes.json
  stopShell = await startShellServer({ port: PORT, store, dir: fixture });
});

test.afterAll(() => {
  stopShell?.();
  fs.rmSync(store, { recursive: true, force: true });
});

/** Opens a route and checks the remote's page rendered in the shell's frame, not the area's fallback. */
async function expectRendered(page: Page, route: string, heading: string) {
  await page.goto(`${base}${route}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId(sel.remotePage)).toBeVisible();
  await expect(page.getByTestId(sel.titleBar)).toBeVisible();
  await expect(page.getByTestId(sel.remoteFallback)).toHaveCount(0);
}

test("the previous release of the shell with today's remotes: the smoke passes", async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const shellScripts = new Set<string>();
  const remoteScripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    if (url.origin === base) shellScripts.add(url.pathname.slice(1));
    const remote = REMOTES.find((r) => url.port === String(r.port));
    if (remote) remoteScripts.add(remote.name);
  });

  await page.goto(`${base}/login`);
  await new Portal(page).login(DEMO);
  await expect(page).toHaveURL(`${base}/dashboard`, { timeout: 30_000 });
  await expectRendered(page, '/dashboard', 'Panel de control');
  // with their data: the remote's queries run with the session of the old shell's @portal/shared-api copy
  await expect(new Dashboard(page).tab('lastWeek').getByTestId(shp.tabCount)).toHaveText(/\d+/);
  await expectRendered(page, '/shipments', 'Envíos');
  await expect(page.getByTestId(shp.rowLink).first()).toBeVisible({ timeout: 20_000 });
  await expectRendered(page, '/user-config', 'Configuración personal');
  await expectRendered(page, '/teams-config', 'Equipos');

  // it really was the kept shell: its entry script, and every script of the shell's origin is a file of it...
  const entry = fs.readdirSync(fixture).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f));
  expect(shellScripts).toContain(entry);
  for (const file of shellScripts) expect(fs.existsSync(path.join(fixture, file)), file).toBe(true);
  // ...and the areas' code came from today's remote servers, the way /remotes.json pointed
  expect([...remoteScripts].sort()).toEqual(['mfe_config', 'mfe_shipments']);
  expect(errors).toEqual([]);
});
