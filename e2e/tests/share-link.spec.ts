// A tracking link for the forwarder's customer: created from a shipment's detail, opened signed out in Spanish
// and English (screenshots at 1366 and 620 px under /tmp/shots/N/), showing the forwarder, container, ports,
// milestones and ETA and nothing internal in the page or its calls; revoked, after which the same address shows
// the branded "expired or revoked" page at once.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/portal';
import { apiToken, listShipments, signIn } from '../support/shipments';

test.describe.configure({ timeout: 180_000 });
const SHOTS = '/tmp/shots/N';

/** Keys of the portal's shipment answer that must never reach the customer. */
const INTERNAL = [
  'client_code',
  'project',
  'alert_codes',
  'sf_data',
  'schema_form',
  'tracking_request',
  'hidden',
];

async function noSideScroll(page: Page, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(width);
}

test('share a tracking link, open it signed out in es and en, revoke it', async ({ page, browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const token = await apiToken(page.request, DEMO);
  const shipments = await listShipments(page.request, token);
  const target = shipments.find((s) => s.tsp1_loc) ?? shipments[0];
  expect(target).toBeTruthy();

  await signIn(page, DEMO);
  await page.goto(`/shipments/${target.id}`);
  const card = page.getByTestId('share-links-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('Compartir enlace de seguimiento');
  await card.locator('select[name="share-expiry"]').selectOption('7');
  await card.getByTestId('share-create').click();
  const url = await card.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/t\/[A-Za-z0-9_-]{43}$/);
  const row = card.getByTestId('share-link-row').first();
  await expect(row.getByTestId('share-link-status')).toHaveText('Activo');
  await card.screenshot({ path: `${SHOTS}/share-card-es-1366.png` });

  // the customer: no session, no cookies, the language the browser remembers
  const customer = await browser.newContext();
  const visitor = await customer.newPage();
  const calls: { url: string; body: string }[] = [];
  visitor.on('response', async (res) => {
    if (!res.url().includes('/api/')) return;
    calls.push({ url: res.url(), body: await res.text().catch(() => '') });
  });
  await visitor.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'es');
  });
  for (const lang of ['es', 'en'] as const) {
    await visitor.setViewportSize({ width: 1366, height: 900 });
    await visitor.goto(url);
    if (lang === 'en') await visitor.getByTestId('shared-lang').click();
    const title = visitor.getByTestId('shared-title');
    await expect(title).toContainText(lang === 'es' ? 'Compartido por' : 'Shared by', { timeout: 30_000 });
    await expect(visitor.getByTestId('shared-containers')).toHaveText(target.container_number);
    await expect(visitor.getByTestId('shared-milestones').locator('li').first()).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // the planned route drawn by mfe_map's route map, as on the detail
    await expect(visitor.getByTestId('route-map').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByTestId('route-map')).toHaveAttribute('data-drawn-planned', '1', {
      timeout: 30_000,
    });
    for (const width of [1366, 620]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.screenshot({ path: `${SHOTS}/shared-${lang}-${width}.png`, fullPage: true });
      await noSideScroll(visitor, width);
    }
  }
  // the page spoke only to the public address, and nothing internal came back
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.url).toMatch(/\/api\/public\/tracking\/[A-Za-z0-9_-]{43}\/\?lang=(es|en)$/);
    for (const key of INTERNAL) expect(call.body).not.toContain(`"${key}"`);
  }
  const html = await visitor.content();
  for (const key of INTERNAL) expect(html).not.toContain(`"${key}"`);

  // revoked: the same address says so at once, in both languages
  await row.getByTestId('share-revoke').click();
  await row.getByTestId('share-revoke-confirm').click();
  await expect(row.getByTestId('share-link-status')).toHaveText('Revocado');
  for (const lang of ['en', 'es'] as const) {
    await visitor.setViewportSize({ width: 1366, height: 900 });
    await visitor.goto(url);
    if (lang === 'es') await visitor.getByTestId('shared-lang').click();
    const gone = visitor.getByTestId('shared-gone');
    await expect(gone).toContainText(
      lang === 'es' ? 'Este enlace ha caducado o se ha revocado' : 'This link has expired or was revoked',
      { timeout: 30_000 },
    );
    await expect(visitor.getByTestId('shared-containers')).toHaveCount(0);
    for (const width of [1366, 620]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.screenshot({ path: `${SHOTS}/gone-${lang}-${width}.png`, fullPage: true });
      await noSideScroll(visitor, width);
    }
  }
  await customer.close();
});
