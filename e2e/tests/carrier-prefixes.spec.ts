// The carrier prefixes card of /integrations-config as a manager of Demo Logistics uses it, in Spanish: a prefix
// that is not four letters is refused at its field, a leased container prefix is mapped to a carrier, the
// carrier detection (GET carriers/detect/) then names that carrier for a number of the prefix, the same prefix
// again is refused at its field, and a delete (after a confirmation) gives the prefix back to the portal's table.
// Screenshots of the card in es and en at 1366 and 620 px go to SHOTS_DIR, or to the test's output folder.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from '../support/portal';
import { signIn } from '../support/shipments';
import { API, apiToken, freshContainer } from '../support/tracking';

test.describe.configure({ timeout: 180_000 });

/** A leasing company's prefix (it names no carrier) that no other spec types, so specs running alongside see
 * the same detections as before. */
const PREFIX = 'CAIU';
const CARRIER = { scac: 'HLCU', label: 'Hapag-Lloyd (HLCU)' };

interface Detection {
  match: 'exact' | 'ambiguous' | 'none';
  source: string | null;
  carriers: { scac: string }[];
}

async function detect(request: APIRequestContext, token: string, number: string): Promise<Detection> {
  const answer = await request.get(`${API}carriers/detect/`, {
    params: { number, kind: 'container' },
    headers: { Authorization: `Token ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Detection;
}

/** Deletes the company's override of PREFIX if a spec run left one behind. */
async function forget(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Token ${token}` };
  const list = (await (await request.get(`${API}carrier-prefix-overrides/`, { headers })).json()) as {
    id: number;
    kind: string;
    prefix: string;
  }[];
  for (const o of list.filter((x) => x.kind === 'container' && x.prefix === PREFIX))
    await request.delete(`${API}carrier-prefix-overrides/${o.id}/`, { headers });
}

async function openCard(page: Page, lang: 'es' | 'en') {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto('/integrations-config');
  const card = page.getByTestId('cpo-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
  return card;
}

async function shoot(page: Page, dir: string, name: string) {
  for (const width of [1366, 620]) {
    await page.setViewportSize({ width, height: 900 });
    const card = page.getByTestId('cpo-card');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${dir}/${name}-${width}.png` });
    // nothing of the card leaves the window sideways
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a manager maps a leased container prefix to a carrier and the detection follows it', async ({
  page,
  request,
}, testInfo) => {
  const shots = process.env.SHOTS_DIR ?? testInfo.outputPath('shots');
  mkdirSync(shots, { recursive: true });
  const token = await apiToken(request, DEMO);
  await forget(request, token);
  const number = freshContainer(PREFIX);
  expect((await detect(request, token, number)).match).toBe('none');

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO);
  const card = await openCard(page, 'es');
  await expect(card.getByRole('heading', { name: 'Prefijos de naviera' })).toBeVisible();
  const prefix = card.getByTestId('cpo-prefix');

  // Not four letters: the API's message (in the screen's language) at the prefix.
  await card.locator('#cpo-kind').selectOption('container');
  await card.getByLabel('Naviera').selectOption({ label: CARRIER.label });
  await prefix.fill('ca1');
  await expect(prefix).toHaveValue('CA1');
  await card.getByTestId('cpo-add').click();
  await expect(prefix).toHaveAttribute('aria-invalid', 'true');
  await expect(prefix).toHaveAccessibleDescription(
    /Introduzca las cuatro letras del prefijo \(de la A a la Z\)\./,
  );
  await shoot(page, shots, 'carrier-prefixes-error-es');

  // The leased prefix → the carrier: listed, and the detection names that carrier.
  await prefix.fill(PREFIX.toLowerCase());
  await card.getByTestId('cpo-add').click();
  const row = card.getByTestId(`cpo-row-container-${PREFIX}`);
  await expect(row).toContainText('Números de contenedor');
  await expect(row).toContainText(CARRIER.label);
  await expect(prefix).toHaveValue('');
  const detection = await detect(request, token, number);
  expect(detection).toMatchObject({ match: 'exact', source: 'override' });
  expect(detection.carriers.map((c) => c.scac)).toEqual([CARRIER.scac]);

  // The same prefix again: refused at the prefix.
  await prefix.fill(PREFIX);
  await card.getByTestId('cpo-add').click();
  await expect(prefix).toHaveAccessibleDescription(
    /Su empresa ya asigna este prefijo; elimine antes esa asignación\./,
  );
  const text = (await card.textContent()) ?? '';
  for (const english of ['Carrier', 'Container', 'Enter', 'already', 'Delete'])
    expect(text).not.toContain(english);
  await shoot(page, shots, 'carrier-prefixes-es');

  await openCard(page, 'en');
  await expect(page.getByTestId('cpo-card').getByRole('heading', { name: 'Carrier prefixes' })).toBeVisible();
  await shoot(page, shots, 'carrier-prefixes-en');

  // Deleted after a confirmation: the prefix names no carrier again.
  const spanish = await openCard(page, 'es');
  await spanish
    .getByTestId(`cpo-row-container-${PREFIX}`)
    .getByRole('button', { name: `Eliminar el prefijo ${PREFIX}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`¿Eliminar el prefijo ${PREFIX}?`);
  await page.setViewportSize({ width: 620, height: 900 });
  await page.screenshot({ path: `${shots}/carrier-prefixes-confirm-es-620.png` });
  await page.getByTestId('cpo-confirm-delete').click();
  await expect(spanish.getByTestId(`cpo-row-container-${PREFIX}`)).toHaveCount(0);
  expect((await detect(request, token, number)).match).toBe('none');
});
