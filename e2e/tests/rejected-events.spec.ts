// The superusers' view of set-aside carrier events, in the BI page's internal area:
// events pushed through the real DCSA callback of the running API (signed, v2.2 and v3.0) are set aside by
// the engine (invalid, not for the request, created in the future) and shown with their reasons and payload;
// a standard user has no such tab and gets 403 from the API. Screenshots es/en at 1366 and 620 px wide
// under test-results/rejected-events/.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/portal';
import { API_PORT } from '../support/ports';
import { signIn } from '../support/shipments';

test.describe.configure({ timeout: 180_000 });

const ADMIN = { username: 'admin', password: 'admin' };
const SHOTS = path.join(__dirname, '..', 'test-results', 'rejected-events');

function sqlOnPortal(statement: string): string {
  return execFileSync(
    'psql',
    ['-h', '127.0.0.1', '-p', String(API_PORT + 1), '-U', 'postgres', '-d', 'portal', '-Atc', statement],
    { env: { ...process.env, PGPASSWORD: 'postgres' }, encoding: 'utf8' },
  ).trim();
}

let requestId = 0;
let container = '';

/** A subscription of our own on a tracking request of admin's company, and signed pushes through it. */
test.beforeAll(async () => {
  // An archived request of admin's company made for this spec (never polled, so no other spec's counts move).
  container = `E2EU${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const row = sqlOnPortal(`
    INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value, status, warnings)
    SELECT up.company_id, (SELECT id FROM carriers WHERE active ORDER BY id LIMIT 1), 'c_id', '${container}', 'archived', '[]'
    FROM users u JOIN user_profiles up ON up.id = u.id WHERE u.username = 'admin'
    RETURNING id || '|' || carrier_id`);
  const [id, carrierId] = row.split('\n')[0].split('|');
  requestId = Number(id);
  const secret = randomBytes(32).toString('base64');
  const sub = randomUUID();
  sqlOnPortal(`
    INSERT INTO dcsa_subscriptions (id, carrier_id, tracking_request_id, secret, callback_url)
    VALUES ('${sub}', ${carrierId}, ${requestId}, '${secret}', 'http://127.0.0.1:${API_PORT}/api/dcsa/callback/${sub}/')`);
  const tag = randomBytes(3).toString('hex');
  const event = (over: Record<string, unknown>) => ({
    eventID: randomUUID(),
    eventType: 'EQUIPMENT',
    eventCreatedDateTime: new Date(Date.now() - 3_600_000).toISOString(),
    eventDateTime: new Date(Date.now() - 7_200_000).toISOString(),
    eventClassifierCode: 'ACT',
    equipmentEventTypeCode: 'GTIN',
    equipmentReference: container,
    emptyIndicatorCode: 'LADEN',
    eventLocation: { locationName: `e2e ${tag}`, UNLocationCode: 'NLRTM' },
    ...over,
  });
  const post = async (url: string, body: string) => {
    const signature = `sha256=${createHmac('sha256', Buffer.from(secret, 'base64')).update(body).digest('hex')}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Notification-Signature': signature },
      body,
    });
    return res.status;
  };
  const base = `http://127.0.0.1:${API_PORT}/api/dcsa/callback/${sub}`;
  expect(
    await post(
      `${base}/`,
      JSON.stringify([
        event({ eventDateTime: '2024-03-04T06:00:00+0100' }),
        event({ equipmentReference: 'TGHU9999992' }),
        event({ eventCreatedDateTime: '2099-01-01T00:00:00Z' }),
      ]),
    ),
  ).toBe(204);
  // v3.0: an event of a type the portal does not use.
  expect(
    await post(
      `${base}/v3/events`,
      JSON.stringify({
        events: [{ eventID: `e2e-iot-${tag}`, eventClassification: { eventTypeCode: 'IOT' } }],
      }),
    ),
  ).toBe(200);
});

async function openRejected(page: Page, lang: 'en' | 'es') {
  await signIn(page, ADMIN);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto('/bi');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page
    .getByRole('tab', { name: lang === 'en' ? 'Set-aside carrier events' : 'Eventos de navieras apartados' })
    .click();
  const view = page.getByTestId('bi-rejected');
  await expect(view).toBeVisible();
  await view.locator('#rejected-request').fill(String(requestId));
  await view.getByRole('button', { name: lang === 'en' ? 'Update' : 'Actualizar' }).click();
  await expect(view.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  return view;
}

test('a superuser sees the events set aside for a request, with reasons and payload (en)', async ({
  page,
}) => {
  const view = await openRejected(page, 'en');
  await expect(view).toContainText('4 events');
  for (const text of [
    'Invalid',
    'Not for the request',
    'Future creation time',
    'Refused by the DCSA validator',
  ])
    await expect(view).toContainText(text);
  await expect(view.locator('#rejected-kind option')).toContainText(['All kinds', 'Invalid (2)']);
  // Open the future-creation row: the engine's reason and the event as received.
  const row = view.locator('tbody tr', { hasText: 'Future creation time' }).first();
  await row.getByRole('button').first().click();
  await expect(view).toContainText('is more than 5 minutes ahead');
  await expect(view.locator('.bi-rejected__payload').first()).toContainText('2099-01-01T00:00:00Z');
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 620]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: path.join(SHOTS, `en-${width}.png`), fullPage: true });
  }
  // Filter by kind.
  await view.locator('#rejected-kind').selectOption('clamped');
  await view.getByRole('button', { name: 'Update' }).click();
  await expect(view).toContainText('1 event');
});

test('the same view in Spanish', async ({ page }) => {
  const view = await openRejected(page, 'es');
  await expect(view).toContainText('4 eventos');
  for (const text of [
    'No válido',
    'Ajeno a la solicitud',
    'Creación en el futuro',
    'Rechazado por el validador DCSA',
  ])
    await expect(view).toContainText(text);
  await expect(view).not.toContainText('Future creation time');
  for (const width of [1366, 620]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: path.join(SHOTS, `es-${width}.png`), fullPage: true });
  }
});

test('a standard user has no such tab, and the API answers 403', async ({ page }) => {
  await signIn(page, DEMO);
  await page.goto('/bi');
  await expect(page.locator('#bi-category option').first()).toBeAttached({ timeout: 30_000 });
  await expect(
    page.getByRole('tab', { name: /Set-aside carrier events|Eventos de navieras apartados/ }),
  ).toHaveCount(0);
  await expect(page.getByTestId('bi-rejected')).toHaveCount(0);
  const answer = await page.request.get(`http://localhost:${API_PORT}/api/rejected-events/`, {
    headers: { Authorization: `Token ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  expect(answer.status()).toBe(403);
});
