import { expect, test } from '@playwright/test';
import { DEMO, Portal, VIEWER } from '../support/portal';
import { sel } from '../support/selectors';

test('the manager sees every user-menu entry titled "{user} Config"', async ({ page }) => {
  const portal = new Portal(page);
  await portal.gotoAndLogin(DEMO);
  await expect(page.getByTestId(sel.userMenu.trigger)).toContainText('Configuración de demo');
  await portal.setLanguage('en');
  await expect(page.getByTestId(sel.userMenu.trigger)).toContainText('demo Config');
  await portal.openUserMenu();
  for (const id of [
    sel.userMenu.changePass,
    sel.userMenu.editTeams,
    sel.userMenu.editProjects,
    sel.userMenu.editUser,
    sel.userMenu.logOut,
  ]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await page.getByTestId(sel.userMenu.editTeams).click();
  await expect(page).toHaveURL(/\/teams-config$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
});

test('a limited user sees no write-only entries and is sent to /dashboard from config pages', async ({
  page,
}) => {
  const portal = new Portal(page);
  await portal.gotoAndLogin(VIEWER);
  await portal.openUserMenu();
  await expect(page.getByTestId(sel.userMenu.changePass)).toBeVisible();
  await expect(page.getByTestId(sel.userMenu.logOut)).toBeVisible();
  await expect(page.getByTestId(sel.userMenu.editUser)).toHaveCount(0);
  await expect(page.getByTestId(sel.userMenu.editProjects)).toHaveCount(0);
  await expect(page.getByTestId(sel.userMenu.editTeams)).toHaveCount(0);
  for (const path of ['/user-config', '/projects-config', '/teams-config']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});
