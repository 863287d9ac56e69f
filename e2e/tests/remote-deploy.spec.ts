// Remotes that ship on their own: a shell whose mfe_config comes from a store of versioned builds
// (shell/scripts/deploy-remote.mjs, rollback-remote.mjs). Today's shell runs the previous release's mfe_config
// (a build kept in e2e/fixtures, see its README), a fresh build deployed then rolled back, and a build that needs
// another React major, which is refused with the area's fallback.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { REMOTES } from '../support/ports';
import { sel } from '../support/selectors';
import { startShellServer } from '../support/shell-server';

const root = path.resolve(__dirname, '..', '..');
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
/** A shell of its own, serving the store this spec deploys into. */
const PORT = 18089 + OFFSET;
const base = `http://localhost:${PORT}`;
const OLD_VERSION = '23.9.3-da1526e';
const fixture = path.join(root, 'e2e', 'fixtures', 'remotes', 'mfe_config', OLD_VERSION);
const store = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-store-'));

function script(name: string, args: string[]): string {
  const result = spawnSync(process.execPath, [path.join(root, 'shell', 'scripts', name), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}
const deploy = (...args: string[]) => script('deploy-remote.mjs', ['mfe_config', '--target', store, ...args]);
const rollback = (...args: string[]) =>
  script('rollback-remote.mjs', ['mfe_config', '--target', store, ...args]);

let stopShell: (() => void) | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  stopShell = await startShellServer({ port: PORT, store });
});

test.afterAll(() => {
  stopShell?.();
  fs.rmSync(store, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${base}/login`);
  await new Portal(page).login(DEMO);
  await expect(page).toHaveURL(`${base}/dashboard`, { timeout: 30_000 });
}

/** Opens a page of mfe_config and waits for the version the shell read from its manifest. */
async function openConfig(page: Page, route: string, heading: string, version: string) {
  await page.goto(`${base}${route}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId(sel.remotePage)).toHaveAttribute('data-remote-version', version);
}

test("today's shell with the previous release of mfe_config: the smoke passes", async ({ page }) => {
  test.setTimeout(90_000);
  // the previous release lacks modules the contract has gained since (a new settings page): refused unless asked
  const missing = REMOTES.find((r) => r.name === 'mfe_config')!.exposes.filter(
    (e) => !fs.readFileSync(path.join(fixture, 'mf-manifest.json'), 'utf8').includes(`"${e}"`),
  );
  if (missing.length > 0) {
    expect(() => deploy('--prebuilt', fixture, '--version', OLD_VERSION)).toThrow(/does not expose/);
  }
  deploy('--prebuilt', fixture, '--version', OLD_VERSION, '--allow-missing-exposes');
  const served = (await (await fetch(`${base}/remotes.json`)).json()) as { name: string; entry: string }[];
  expect(served.find((e) => e.name === 'mfe_config')?.entry).toBe(
    `/remotes/mfe_config/${OLD_VERSION}/mf-manifest.json`,
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  await openConfig(page, '/user-config', 'Configuración personal', OLD_VERSION);
  await openConfig(page, '/teams-config', 'Equipos', OLD_VERSION);
  await openConfig(page, '/projects-config', 'Proyectos', OLD_VERSION);
  // the other areas still come from their own servers
  await page.goto(`${base}/shipments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('deploy a new build of mfe_config, then roll it back: the page follows, nothing else is rebuilt', async ({
  page,
}) => {
  // one production build of the remote (about 10 s here, more on a loaded machine)
  test.setTimeout(180_000);
  const version = `e2e-${Date.now()}`;
  const shellBuild = fs.statSync(path.join(root, 'shell', 'dist', 'index.html')).mtimeMs;
  deploy('--version', version);
  expect(fs.existsSync(path.join(store, 'mfe_config', version, 'mf-manifest.json'))).toBe(true);
  await signIn(page);
  await openConfig(page, '/user-config', 'Configuración personal', version);

  rollback();
  await openConfig(page, '/user-config', 'Configuración personal', OLD_VERSION);
  // and forward again, to the version still in the store
  rollback('--to', version);
  await openConfig(page, '/teams-config', 'Equipos', version);
  expect(fs.statSync(path.join(root, 'shell', 'dist', 'index.html')).mtimeMs).toBe(shellBuild);
});

test('a build that needs another React major is refused with the fallback, never a blank page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // the previous release, as if built against React 20: its manifest asks for react ^20 as a singleton
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-react20-'));
  fs.cpSync(fixture, built, { recursive: true });
  const manifestFile = path.join(built, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  for (const shared of manifest.shared) {
    if (shared.name === 'react' || shared.name === 'react-dom') shared.requiredVersion = '^20.0.0';
  }
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  deploy('--prebuilt', built, '--version', 'react20', '--allow-missing-exposes');
  fs.rmSync(built, { recursive: true, force: true });

  await signIn(page);
  await page.goto(`${base}/user-config`);
  const fallback = page.getByTestId(sel.remoteFallback);
  await expect(fallback).toBeVisible({ timeout: 20_000 });
  await expect(fallback).toContainText('Esta sección no está disponible en este momento.');
  await expect(page.getByTestId(sel.titleBar)).toBeVisible();
  await page.getByTestId(sel.tab('shipments')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();

  // rolled back, the area works again
  rollback();
  await page.goto(`${base}/user-config`);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración personal' })).toBeVisible({
    timeout: 20_000,
  });
});
