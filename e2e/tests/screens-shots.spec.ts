// Screenshots of the dashboard, shipment list and detail, the tracking list and detail, and the free-time list,
// card and rules, in Spanish and English at 1366 and 620 px, written to SCREENS_SHOTS_DIR (default /tmp/shots-screens/) for a person to look at. It
// checks only that each screen shows its heading and no raw i18n key or '{placeholder}'.
import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { apiToken, listShipments, signIn } from '../support/shipments';
import { apiListRequests } from '../support/tracking';

const DIR = process.env.SCREENS_SHOTS_DIR ?? '/tmp/shots-screens';

test.describe.configure({ timeout: 240_000 });

test('the screens in both languages at 1366 and 620 px', async ({ page, request }) => {
  const token = await apiToken(request, DEMO);
  const shipments = await listShipments(request, token);
  const detail = shipments.find((s) => s.tsp1_loc) ?? shipments[0];
  const requests = await apiListRequests(request, token);
  const trackingRequest = requests.results.find((r) => r.shipments_count > 0) ?? requests.results[0];
  // a container with a free-time clock (the demo's rules give most discharged containers one)
  const [withFreeTime] = await listShipments(request, token, '&ordering=free_time_lfd');
  await signIn(page, DEMO);
  const portal = new Portal(page);
  const screens = [
    ['dashboard', '/dashboard'],
    ['list', '/shipments'],
    ['detail', `/shipments/${detail.id}`],
    ['tracking-list', '/tracking-requests'],
    ['tracking-detail', `/tracking-requests/${trackingRequest.id}`],
    ['free-time-list', '/shipments?free_time_ends_within=60'],
    ['free-time-detail', `/shipments/${(withFreeTime ?? detail).id}`],
    ['free-time-config', '/free-time-config'],
  ] as const;
  for (const lang of ['es', 'en'] as const) {
    await portal.setLanguage(lang);
    for (const width of [1366, 620]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of screens) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 }).last()).toBeVisible({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main, body').first()).not.toContainText(/\{\{?\w+\}\}?/);
        await page.screenshot({ path: `${DIR}/${name}-${lang}-${width}.png`, fullPage: width === 620 });
      }
    }
  }
});
