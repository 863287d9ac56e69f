// ERP/API integration as a manager uses it: the Integrations page from the user menu, a new API key
// (shown once) with its rate limit, a webhook registered to a local HTTP receiver (the API of the e2e run has
// the development opt-in WEBHOOK_ALLOW_PRIVATE_URLS=1 for this loopback receiver), its secret shown once, a
// tracking request created by the ERP with the key, signed events arriving at the receiver, the same events in
// the page's delivery log (YYYY-MM-DD HH:mm), a test event and a redelivery with their notices, a secret
// rotation (both secrets sign), the tables' actions on screen at 620 px, and a revoke that says so.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_IDS } from '../../shell/src/testids';
import { DEMO } from '../support/portal';
import { signIn } from '../support/shipments';
import { API, apiCarriers, apiToken, freshContainer } from '../support/tracking';

test.describe.configure({ timeout: 180_000 });

interface Got {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; tracking_request: { id: number } | null; data: Record<string, unknown> };
}

/**
 * The README's verification snippet: HMAC-SHA256 over `<timestamp>.<body>`, 5-minute replay window, any of the
 * header's signatures (two during a secret rotation's grace period).
 */
function verify(secret: string, headers: http.IncomingHttpHeaders, rawBody: string): boolean {
  const timestamp = Number(headers['webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = Buffer.from(
    'v1=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'),
  );
  return String(headers['webhook-signature'] ?? '')
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

/** The notice area shows `text` (the portal's notifications). */
const notice = (page: Page, text: RegExp) => page.getByText(text).first();

/** Every button of `scope` lies inside the window's width. */
async function actionsOnScreen(page: Page, scope: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const buttons = scope.getByRole('button');
  const n = await buttons.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i += 1) {
    const label = (await buttons.nth(i).textContent()) ?? '';
    const box = await buttons.nth(i).boundingBox();
    expect([label, box !== null && box.x >= 0 && box.x + box.width <= width]).toEqual([label, true]);
  }
}

let server: http.Server;
const got: Got[] = [];
let receiverUrl = '';

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      got.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp/hook`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a manager connects an ERP: key, webhook, signed events in the receiver and in the delivery log', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO);
  await page.getByTestId(TEST_IDS.userMenuTrigger).click();
  await page.getByTestId(TEST_IDS.userMenuIntegrations).click();
  await expect(page).toHaveURL(/\/integrations-config$/);
  await expect(page.getByTestId('page-integrations-config-page')).toBeVisible({ timeout: 30_000 });

  // An API key with read and write permission, shown once.
  const keyName = `ERP ${Date.now()}`;
  await page.getByTestId('int-key-name').fill(keyName);
  await page.locator('#int-key-scope').selectOption('read_write');
  await page.getByTestId('int-key-limit').fill('120');
  await page.getByTestId('int-key-create').click();
  const key = (await page.getByTestId('int-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^ctp_/);
  await expect(page.getByTestId('int-key-table')).toContainText(keyName);
  const keyRow = page.locator('[data-testid^="int-key-row-"]').filter({ hasText: keyName });
  await expect(keyRow).toContainText('120/min');
  await expect(keyRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // A webhook to the local receiver, all events.
  await page.getByTestId('int-hook-url').fill(receiverUrl);
  await page.getByTestId('int-hook-create').click();
  const item = page.locator('[data-testid^="int-hook-"]').filter({ hasText: receiverUrl }).first();
  await expect(item).toBeVisible();
  const hookId = Number((await item.getAttribute('data-testid'))!.replace('int-hook-', ''));
  // The secret is shown once, right after registering; no button shows it again.
  const secret = (await page.getByTestId(`int-hook-${hookId}-secret`).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await page.getByTestId(`int-hook-${hookId}-secret-done`).click();
  await expect(page.getByTestId(`int-hook-${hookId}-secret`)).toHaveCount(0);

  try {
    // The ERP creates a tracking request with its key.
    const token = await apiToken(request, DEMO);
    const maersk = (await apiCarriers(request, token)).find((c) => c.scac === 'MAEU')!;
    const created = await request.post(`${API}tracking-requests/`, {
      headers: { Authorization: `Token ${key}` },
      data: { carrier_id: maersk.id, code_type: 'c_id', code_value: freshContainer('MAEU') },
    });
    expect(created.status(), await created.text()).toBe(201);
    const requestId = ((await created.json()) as { id: number }).id;

    // Signed events about it arrive: first its status (new), in order, each verifiable with the secret.
    await expect
      .poll(() => got.filter((g) => g.json.tracking_request?.id === requestId).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(1);
    const mine = got.filter((g) => g.json.tracking_request?.id === requestId);
    expect(mine[0].json.type).toBe('tracking_request.status_changed');
    expect(mine[0].json.data).toMatchObject({ old_status: null, new_status: 'new' });
    for (const g of mine) {
      expect(verify(secret, g.headers, g.body)).toBe(true);
      expect(g.headers['webhook-id']).toBe(g.json.id);
    }
    expect(verify('whsec_wrong', mine[0].headers, mine[0].body)).toBe(false);

    // The delivery log shows the delivered event.
    await page.getByTestId(`int-hook-${hookId}-log-toggle`).click();
    const row = page.locator(`[data-testid="int-delivery"][data-event-id="${mine[0].json.id}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toHaveAttribute('data-status', 'succeeded');

    await expect(row.getByRole('cell').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // Send test event: a notice says so, it arrives and is logged.
    await page.getByTestId(`int-hook-${hookId}-test`).click();
    await expect(notice(page, /Evento de prueba en cola|Test event queued/)).toBeVisible();
    await expect.poll(() => got.some((g) => g.json.type === 'webhook.test'), { timeout: 30_000 }).toBe(true);
    const testEvent = got.find((g) => g.json.type === 'webhook.test')!;
    expect(verify(secret, testEvent.headers, testEvent.body)).toBe(true);
    await expect(
      page.locator(`[data-testid="int-delivery"][data-event-id="${testEvent.json.id}"]`),
    ).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });

    // Send again: a notice, and the same event arrives a second time.
    const testDelivery = page.locator(`[data-testid="int-delivery"][data-event-id="${testEvent.json.id}"]`);
    await testDelivery.first().getByRole('button').click();
    await expect(notice(page, /En cola para enviarse de nuevo|Queued to send again/)).toBeVisible();
    await expect
      .poll(() => got.filter((g) => g.json.id === testEvent.json.id).length, { timeout: 30_000 })
      .toBe(2);

    // Rotate the secret: shown once; during the grace period each message verifies with either secret.
    await page.getByTestId(`int-hook-${hookId}-rotate`).click();
    await page.getByTestId(`int-hook-${hookId}-rotate-confirm`).click();
    const rotated = (await page.getByTestId(`int-hook-${hookId}-secret`).textContent())?.trim() ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expect(page.getByTestId(`int-hook-${hookId}-grace`)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const tests = () => got.filter((g) => g.json.type === 'webhook.test');
    const before = new Set(tests().map((g) => g.json.id));
    await page.getByTestId(`int-hook-${hookId}-test`).click();
    await expect.poll(() => tests().some((g) => !before.has(g.json.id)), { timeout: 30_000 }).toBe(true);
    const afterRotation = tests().find((g) => !before.has(g.json.id))!;
    expect(verify(rotated, afterRotation.headers, afterRotation.body)).toBe(true);
    expect(verify(secret, afterRotation.headers, afterRotation.body)).toBe(true);

    // At 620 px the tables keep their actions on screen (they scroll sideways under them).
    await page.setViewportSize({ width: 620, height: 1000 });
    await actionsOnScreen(page, keyRow);
    await actionsOnScreen(
      page,
      page
        .locator(
          `[data-testid="int-hook-${hookId}-log"] [data-testid="int-delivery"][data-status="succeeded"]`,
        )
        .first(),
    );

    // Revoking a key says so (not "saved").
    await page.setViewportSize({ width: 1366, height: 1000 });
    await keyRow.getByRole('button', { name: /Revocar|Revoke/ }).click();
    await page.getByTestId('int-key-revoke-confirm').click();
    await expect(notice(page, /Clave revocada|Key revoked/)).toBeVisible();
    const revokedCall = await request.get(`${API}shipments/`, { headers: { Authorization: `Token ${key}` } });
    expect(revokedCall.status()).toBe(401);

    if (process.env.INTEGRATIONS_SHOTS) {
      const dir = process.env.INTEGRATIONS_SHOTS;
      mkdirSync(dir, { recursive: true });
      for (const lang of ['es', 'en']) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        for (const width of [1366, 620]) {
          await page.setViewportSize({ width, height: 1000 });
          await page.reload();
          await expect(page.getByTestId('page-integrations-config-page')).toBeVisible({ timeout: 30_000 });
          await page.getByTestId(`int-hook-${hookId}-log-toggle`).click();
          await expect(page.getByTestId(`int-hook-${hookId}-log`).locator('table')).toBeVisible({
            timeout: 20_000,
          });
          await page.screenshot({ path: `${dir}/integrations-${lang}-${width}.png`, fullPage: true });
        }
      }
    }
  } finally {
    // The demo company is shared with the other specs: leave no webhook or key behind.
    await request.delete(`${API}webhooks/${hookId}/`, {
      headers: { Authorization: `Token ${await apiToken(request, DEMO)}` },
    });
    const keys = (await (
      await request.get(`${API}api-keys/`, {
        headers: { Authorization: `Token ${await apiToken(request, DEMO)}` },
      })
    ).json()) as Array<{ id: number; name: string; revoked_at: string | null }>;
    for (const k of keys.filter((x) => x.name === keyName && !x.revoked_at))
      await request.delete(`${API}api-keys/${k.id}/`, {
        headers: { Authorization: `Token ${await apiToken(request, DEMO)}` },
      });
  }
});
