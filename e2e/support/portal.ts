// Page object for the shell: signing in and out, the user menu, the language.
import { expect, type Page } from '@playwright/test';
import { sel } from './selectors';

export const DEMO = { username: 'demo', password: 'demo' };
export const VIEWER = { username: 'viewer', password: 'viewer' };
export const OTHER = { username: 'other', password: 'other' };

export class Portal {
  constructor(readonly page: Page) {}

  async login(user: { username: string; password: string }) {
    await this.page.getByTestId(sel.login.username).fill(user.username);
    await this.page.getByTestId(sel.login.password).fill(user.password);
    await this.page.getByTestId(sel.login.submit).click();
  }

  async gotoAndLogin(user: { username: string; password: string }) {
    await this.page.goto('/login');
    await this.login(user);
    // A sign-in waits for the token, the profile and the dashboard's remote: slow on a busy 2-core machine.
    await expect(this.page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  }

  async openUserMenu() {
    await this.page.getByTestId(sel.userMenu.trigger).click();
  }

  async setLanguage(lang: 'en' | 'es') {
    const html = this.page.locator('html');
    if ((await html.getAttribute('lang')) !== lang) {
      // The shell's switch is a pair of buttons (ES | EN): its centre is their common edge, so the language's
      // own button is clicked; the public site's switch is one button.
      const toggle = this.page.getByTestId(sel.langToggle).first();
      const option = toggle.locator(`button[lang="${lang}"]`);
      await ((await option.count()) > 0 ? option : toggle).click();
    }
    await expect(html).toHaveAttribute('lang', lang);
  }
}
