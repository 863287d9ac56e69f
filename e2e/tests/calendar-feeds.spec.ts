// The calendar feed as a user meets it in /user-config: create a feed, its address shown once, the address
// answering iCalendar with the demo company's arrivals, the card in Spanish and English at 1366 and 620 px
// (screenshots under /tmp/shots/I/), and a revoke after which the address answers 404 in plain text.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/portal';
import { signIn } from '../support/shipments';

test.describe.configure({ timeout: 180_000 });
const SHOTS = '/tmp/shots/I';

async function openSettings(page: Page, lang: 'es' | 'en') {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto('/user-config');
  await expect(page.getByTestId('cal-feeds')).toBeVisible({ timeout: 30_000 });
}

test('a calendar feed: create, subscribe address, screens in es and en, revoke', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO);
  await openSettings(page, 'en');
  const card = page.getByTestId('cal-feeds');
  await card.getByTestId('cal-name').fill(`Arrivals ${Date.now() % 100000}`);
  await card.getByTestId('cal-create').click();
  const url = await card.getByTestId('cal-url').inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR/);
  expect(text).toContain('BEGIN:VEVENT');

  await card.getByTestId('cal-help').locator('summary').click();
  for (const lang of ['en', 'es'] as const) {
    if (lang === 'es') {
      await openSettings(page, 'es');
      await page.getByTestId('cal-feeds').getByTestId('cal-help').locator('summary').click();
    }
    for (const width of [1366, 620]) {
      await page.setViewportSize({ width, height: 900 });
      const shown = page.getByTestId('cal-feeds');
      await shown.scrollIntoViewIfNeeded();
      await shown.screenshot({ path: `${SHOTS}/calendar-card-${lang}-${width}.png` });
      // nothing of the card leaves the window sideways
      const box = await shown.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  const active = page.locator('[data-testid^="cal-feed-"][data-status="active"]').first();
  await active.getByRole('button').click();
  await page.getByTestId('cal-revoke-confirm').click();
  await expect(page.getByText('Calendario revocado').first()).toBeVisible();
  const gone = await page.request.get(url);
  expect(gone.status()).toBe(404);
  expect(gone.headers()['content-type']).toBe('text/plain; charset=utf-8');
});
