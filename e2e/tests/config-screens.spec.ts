// Screenshots of the three config screens in Spanish and English at 1366 and 620 px, for a person to look at
// (written to /tmp/shots-config/, or CONFIG_SHOTS_DIR). Each one also checks the page is not wider than the
// window. A team and a project with people are made first (and removed after) so the cards show something.
import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { API_PORT } from '../support/ports';
import { apiToken } from '../support/shipments';

const DIR = process.env.CONFIG_SHOTS_DIR ?? '/tmp/shots-config';

for (const lang of ['es', 'en'] as const) {
  for (const width of [1366, 620]) {
    test(`config screens in ${lang} at ${width} px`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const token = await apiToken(request, DEMO);
      const headers = { Authorization: `Token ${token}` };
      const users = (await (await request.get(`http://localhost:${API_PORT}/api/users/`, { headers })).json())
        .results as { id: number; username: string }[];
      const id = (name: string) => users.find((u) => u.username === name)!.id;
      const tag = `${lang}-${width}`;
      const team = await (
        await request.post(`http://localhost:${API_PORT}/api/teams/`, {
          headers,
          data: { name: `Imports ${tag}`, coordinators: [id('demo')], members: [id('viewer'), id('admin')] },
        })
      ).json();
      const project = await (
        await request.post(`http://localhost:${API_PORT}/api/projects/`, {
          headers,
          data: { name: `Valencia ${tag}`, subscribers: [id('demo'), id('viewer')] },
        })
      ).json();
      await page.setViewportSize({ width, height: 900 });
      // The language as the toggle stores it (read at start-up).
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      await new Portal(page).gotoAndLogin(DEMO);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const name of ['user-config', 'teams-config', 'projects-config']) {
        await page.goto(`/${name}`);
        const root = page.getByTestId(`page-${name}-page`);
        await expect(root.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(root.locator('.pui-spinner')).toHaveCount(0);
        const overflow = await root.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow, `${name} is wider than its column`).toBeLessThanOrEqual(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await root.screenshot({ path: `${DIR}/${name}-${lang}-${width}.png` });
      }
      await request.delete(`http://localhost:${API_PORT}/api/teams/${team.id}/`, { headers });
      await request.delete(`http://localhost:${API_PORT}/api/projects/${project.id}/`, { headers });
    });
  }
}
