// Screenshots of the three tracking screens in Spanish and English at 1280 and 620 px, for a person to look at
// (written to /tmp/shots-tracking/). Each one also checks the page is not wider than the window.
import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { apiListRequests, apiToken } from '../support/tracking';

const DIR = process.env.TRACKING_SHOTS_DIR ?? '/tmp/shots-tracking';

for (const lang of ['es', 'en'] as const) {
  for (const width of [1280, 620]) {
    test(`tracking screens in ${lang} at ${width} px`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const token = await apiToken(request, DEMO);
      const withShipments = (await apiListRequests(request, token, { ordering: '-shipments_count' }))
        .results[0];
      await page.setViewportSize({ width, height: 900 });
      const portal = new Portal(page);
      await portal.gotoAndLogin(DEMO);
      await portal.setLanguage(lang);
      const shots: [string, string][] = [
        ['list', '/tracking-requests'],
        ['form', '/add-tracking-request'],
        ['detail', `/tracking-requests/${withShipments.id}`],
      ];
      for (const [name, path] of shots) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${DIR}/${name}-${lang}-${width}.png`, fullPage: true });
      }
    });
  }
}
