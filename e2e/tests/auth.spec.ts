import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { REMOTES } from '../support/ports';
import { sel } from '../support/selectors';

test('the demo manager signs in, lands on /dashboard and the dashboard comes from its own remote', async ({
  page,
}) => {
  const manifests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/mf-manifest.json')) manifests.push(r.url());
  });
  const portal = new Portal(page);
  await page.goto('/login');
  await expect(page.getByTestId(sel.titleBar)).toBeHidden();
  await portal.login(DEMO);
  // the first sign-in of a run can wait for a cold server (as the page objects allow, 30 s)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByTestId(sel.titleBar)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
  const shipments = REMOTES.find((r) => r.name === 'mfe_shipments')!;
  expect(manifests).toContain(`http://localhost:${shipments.port}/mf-manifest.json`);
});

test('a guarded deep link goes to /login?redirect=… and back after login', async ({ page }) => {
  await page.goto('/tracking-requests?status=new&page=2');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/tracking-requests?status=new&page=2');
  await new Portal(page).login(DEMO);
  await expect(page).toHaveURL(/\/tracking-requests\?status=new&page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes de seguimiento' })).toBeVisible();
});

test('a deep link survives a reload once signed in', async ({ page }) => {
  await new Portal(page).gotoAndLogin(DEMO);
  await page.goto('/shipments/42');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Envío 42' })).toBeVisible();
});

test('a wrong password stays on /login with the error notification and stores no token', async ({ page }) => {
  await page.goto('/login');
  await new Portal(page).login({ username: 'demo', password: 'not-the-password' });
  const notice = page.getByTestId(sel.notification).first();
  await expect(notice).toContainText('ERROR');
  // The server answers in the user's language: Spanish by default, the spec's English text in English.
  await expect(notice).toContainText('No se puede iniciar sesión con el usuario y la contraseña indicados.');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  // another user, so this test's failures never reach the per-account throttle of one
  await new Portal(page).login({ username: 'viewer', password: 'not-the-password' });
  await expect(page.getByTestId(sel.notification).first()).toContainText(
    'Unable to log in with provided credentials.',
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an already signed-in visitor of /login is sent to /dashboard', async ({ page }) => {
  await new Portal(page).gotoAndLogin(DEMO);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('log out clears the session and guarded pages send back to login', async ({ page }) => {
  const portal = new Portal(page);
  await portal.gotoAndLogin(DEMO);
  await portal.openUserMenu();
  await page.getByTestId(sel.userMenu.logOut).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user_id')])).toEqual(
    [null, null],
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a stored token the API no longer accepts ends the session', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'f'.repeat(40)));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
