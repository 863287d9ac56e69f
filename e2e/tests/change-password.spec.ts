import { expect, test } from '@playwright/test';
import { OTHER, Portal } from '../support/portal';
import { sel } from '../support/selectors';

// Uses the second company's user so the other specs' logins are untouched.
test('change password: mismatch is caught, a wrong old password is refused, then the change works', async ({
  page,
}) => {
  const portal = new Portal(page);
  await portal.gotoAndLogin(OTHER);
  await portal.setLanguage('en'); // the spec's texts, word for word
  const change = async (oldPass: string, new1: string, new2: string) => {
    await portal.openUserMenu();
    await page.getByTestId(sel.userMenu.changePass).click();
    await page.getByTestId(sel.changePass.old).fill(oldPass);
    await page.getByTestId(sel.changePass.new1).fill(new1);
    await page.getByTestId(sel.changePass.new2).fill(new2);
    await page.getByTestId(sel.changePass.submit).click();
  };

  await change('other', 'Harbour-2026', 'Harbour-2027');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await change('wrong-old', 'Harbour-2026', 'Harbour-2026');
  const error = page.getByTestId(sel.notification).filter({ hasText: 'ERROR' });
  await expect(error).toContainText('Your old password was entered incorrectly. Please enter it again.');
  await page.keyboard.press('Escape');

  await change('other', 'Harbour-2026', 'Harbour-2026');
  const ok = page.getByTestId(sel.notification).filter({ hasText: 'Sucessfully saved new password' });
  await expect(ok).toContainText('Change password');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the new password is the one that works now (the e2e database is fresh for every run)
  await portal.openUserMenu();
  await page.getByTestId(sel.userMenu.logOut).click();
  await portal.login({ username: OTHER.username, password: 'Harbour-2026' });
  await expect(page).toHaveURL(/\/dashboard$/);
});
