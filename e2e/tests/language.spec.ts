import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { sel } from '../support/selectors';

test('the default language is Spanish and the choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId(sel.login.submit)).toHaveText('Iniciar sesión');
  await new Portal(page).setLanguage('en');
  await expect(page.getByTestId(sel.login.submit)).toHaveText('Log in');
  await expect(page.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute('href', '/');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await page.reload();
  await expect(page.getByTestId(sel.login.submit)).toHaveText('Log in');
});

test('switching language in the shell changes the text inside a remote', async ({ page }) => {
  const portal = new Portal(page);
  await portal.gotoAndLogin(DEMO);
  await page.goto('/shipments');
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  await expect(page.getByText('Buscar envíos')).toBeVisible();
  await portal.setLanguage('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
  await expect(page.getByText('Search shipments')).toBeVisible();
});
