import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { DEAD_REMOTE_PORT, PORTAL_WITH_DEAD_MAP_PORT, REMOTES } from '../support/ports';
import { sel } from '../support/selectors';

const root = path.resolve(__dirname, '..', '..');

test('every built remote manifest exposes what the shell expects', () => {
  for (const remote of REMOTES) {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, remote.package, 'dist', 'mf-manifest.json'), 'utf8'),
    );
    expect(manifest.name).toBe(remote.name);
    const exposed = manifest.exposes.map((e: { path: string }) => e.path).sort();
    expect(exposed).toEqual([...remote.exposes].sort());
  }
});

const ROUTES: { path: string; heading: string; remote: string }[] = [
  { path: '/dashboard', heading: 'Panel de control', remote: 'mfe_shipments' },
  { path: '/shipments', heading: 'Envíos', remote: 'mfe_shipments' },
  { path: '/shipments/7', heading: 'Envío 7', remote: 'mfe_shipments' },
  { path: '/tracking-requests', heading: 'Solicitudes de seguimiento', remote: 'mfe_tracking' },
  { path: '/add-tracking-request', heading: 'Nueva solicitud de seguimiento', remote: 'mfe_tracking' },
  { path: '/tracking-requests/3', heading: 'Solicitud de seguimiento 3', remote: 'mfe_tracking' },
  { path: '/map-locations', heading: '¿Dónde están?', remote: 'mfe_map' },
  { path: '/bi', heading: 'Inteligencia de negocio', remote: 'mfe_bi' },
  { path: '/user-config', heading: 'Configuración personal', remote: 'mfe_config' },
  { path: '/teams-config', heading: 'Equipos', remote: 'mfe_config' },
  { path: '/projects-config', heading: 'Proyectos', remote: 'mfe_config' },
];

test('each guarded route renders its remote page inside the shell, with tabs, side nav and footer', async ({
  page,
}) => {
  // Twelve full page loads, each fetching its remote: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await new Portal(page).gotoAndLogin(DEMO);
  for (const route of ROUTES) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(page.getByTestId(sel.titleBar)).toBeVisible();
    await expect(page.getByTestId(sel.footer)).toContainText('v23.09.03');
  }
  await expect(page.getByTestId(sel.sideNav)).toBeAttached();
  expect(errors).toEqual([]);
});

test('public pages render without the title bar', async ({ page }) => {
  for (const [p, heading] of [
    ['/', 'Seguimiento de contenedores'],
    ['/contact', 'Contacto'],
    ['/terms-conditions', 'Términos y condiciones'],
    ['/privacy-policy', 'Política de privacidad'],
  ]) {
    await page.goto(p);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId(sel.titleBar)).toHaveCount(0);
  }
});

test('the footer shows the copyright from 2017 and the version, linking to the root', async ({ page }) => {
  await page.goto('/login');
  const footer = page.getByTestId(sel.footer);
  await expect(footer).toContainText('2017');
  await expect(footer).toContainText('v23.09.03');
  await expect(footer.getByRole('link').first()).toHaveAttribute('href', '/');
});

test.describe('a remote whose server is down', () => {
  let server: ChildProcess | undefined;
  test.afterEach(() => {
    server?.kill();
    server = undefined;
  });

  test('shows its fallback while the tabs and other areas keep working, and Retry loads it once it is back', async ({
    page,
  }) => {
    const base = `http://localhost:${PORTAL_WITH_DEAD_MAP_PORT}`;
    await page.goto(`${base}/login`);
    await new Portal(page).login(DEMO);
    await expect(page).toHaveURL(`${base}/dashboard`);

    await page.getByTestId(sel.tab('map-locations')).click();
    const fallback = page.getByTestId(sel.remoteFallback);
    await expect(fallback).toBeVisible({ timeout: 20_000 });
    await expect(fallback).toContainText('Esta sección no está disponible en este momento.');
    await expect(page.getByTestId(sel.titleBar)).toBeVisible();

    // other areas still work
    await page.getByTestId(sel.tab('shipments')).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
    await page.getByTestId(sel.tab('map-locations')).click();
    await expect(page.getByTestId(sel.remoteFallback)).toBeVisible({ timeout: 20_000 });

    // the remote's server comes back: Retry loads the area
    server = spawn('node', ['../shared-ui/build/serve.mjs', '--port', String(DEAD_REMOTE_PORT)], {
      cwd: path.join(root, 'mfe-map'),
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () =>
          (await fetch(`http://localhost:${DEAD_REMOTE_PORT}/mf-manifest.json`).catch(() => null))?.ok,
      )
      .toBe(true);
    await page.getByTestId(sel.remoteRetry).click();
    await expect(page.getByRole('heading', { level: 1, name: '¿Dónde están?' })).toBeVisible();
  });
});
