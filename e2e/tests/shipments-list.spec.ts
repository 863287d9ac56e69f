// The shipment list against the real API: filters, sorting and paging kept in the URL across a reload, Configure
// Columns kept in the profile, the Last Alert Events modal, the Custom Form modal, and a limited user's view.
import { expect, test } from '@playwright/test';
import { DEMO, Portal, VIEWER } from '../support/portal';
import { sel } from '../support/selectors';
import {
  alertEventCount,
  apiToken,
  listShipments,
  shipmentCount,
  shp,
  ShipmentList,
  signIn,
} from '../support/shipments';
import { API_PORT } from '../support/ports';

const ADMIN = { username: 'admin', password: 'admin' };

test.describe.configure({ timeout: 120_000 });

test('filter, sort and page, then reload: the state is kept in the URL', async ({ page, request }) => {
  await signIn(page, DEMO);
  const list = new ShipmentList(page);
  await list.goto();
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  await expect(page.getByText('Buscar envíos')).toBeVisible();
  const total = await list.count();
  test.skip(total <= 30, 'needs more than one page of shipments');

  // sort by ETA, descending
  await list.header(/ETA/).getByRole('button').click();
  await expect(page).toHaveURL(/ordering=eta/);
  await list.header(/ETA/).getByRole('button').click();
  await expect(page).toHaveURL(/ordering=-eta/);
  await expect(list.header(/ETA/)).toHaveAttribute('aria-sort', 'descending');

  // page 2
  await list
    .pager()
    .getByRole('button', { name: /Siguiente/ })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(list.pager()).toContainText('Página 2 de');
  await expect(list.pager().getByRole('button', { name: /Anterior/ })).toBeVisible();

  // a filter goes back to page 1
  await page.getByRole('button', { name: 'En curso' }).click();
  await expect(page).toHaveURL(/status=ongoing/);
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByTestId(shp.search).fill('U');
  await expect(page).toHaveURL(/search=U/);
  const filtered = await list.count();
  await page.getByTestId(shp.moreToggle).click();
  await page.locator('#created_at_after').fill('2000-01-01');
  await expect(page).toHaveURL(/created_at_after=2000-01-01/);
  await page.locator('#created_at_before').fill('2000-13-01');
  await expect(page.getByText('Invalid date').or(page.getByText('Fecha no válida'))).toBeVisible();
  await expect(page).not.toHaveURL(/created_at_before/);
  await page.locator('#created_at_before').fill('');
  const url = page.url();

  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId(shp.search)).toHaveValue('U');
  await expect(page.getByRole('button', { name: 'En curso' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#created_at_after')).toHaveValue('2000-01-01');
  await expect(list.header(/ETA/)).toHaveAttribute('aria-sort', 'descending');
  // The same filtered count; shipments keep arriving while the specs run (the engine follows the requests
  // other specs add), so one more may match by now, never fewer.
  expect(await list.count()).toBeGreaterThanOrEqual(filtered);

  // the rows are sorted by ETA, latest first
  const etas = (await page.locator('tbody tr td:nth-child(8)').allTextContents()).filter((t) => t.trim());
  expect([...etas].sort().reverse()).toEqual(etas);

  // Reset Filters clears everything, date pickers included. Shipments keep arriving while the specs run (the
  // engine follows the requests other specs add), so the unfiltered count is the API's count of that moment.
  const token = await apiToken(request, DEMO);
  const before = await shipmentCount(request, token);
  await page.getByTestId(shp.reset).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByTestId(shp.search)).toHaveValue('');
  await expect(page.locator('#created_at_after')).toHaveValue('');
  const shown = await list.count();
  const after = await shipmentCount(request, token);
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after, total));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));

  // each row links to its detail
  const first = page.getByTestId(shp.rowLink).first();
  const container = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/shipments\/\d+$/);
  await expect(page.getByTestId(shp.card)).toContainText(container);
});

test('Configure Columns: the chosen columns are still there after logging in again', async ({ page }) => {
  const portal = new Portal(page);
  await signIn(page, ADMIN);
  const list = new ShipmentList(page);
  await list.goto();
  await expect(list.header('Reserva')).toHaveCount(0);
  await page.getByTestId(shp.configureColumns).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reserva').check();
  await dialog.getByLabel('Tránsito (días)').check();
  await dialog.getByLabel('Código de cliente').uncheck();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.header('Reserva')).toBeVisible();
  await expect(list.header('Tránsito (días)')).toBeVisible();
  await expect(list.header('Código de cliente')).toHaveCount(0);
  await expect(list.header('Id')).toBeVisible();

  await portal.openUserMenu();
  await page.getByTestId(sel.userMenu.logOut).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, ADMIN);
  await list.goto();
  await expect(list.header('Reserva')).toBeVisible();
  await expect(list.header('Tránsito (días)')).toBeVisible();
  await expect(list.header('Código de cliente')).toHaveCount(0);
  // the dashboard shows the same columns
  await page.goto('/dashboard');
  await expect(list.header('Reserva')).toBeVisible();
});

test('Last Alert Events: hide one event, then unhide all', async ({ page, request }) => {
  const token = await apiToken(request, DEMO);
  const shipments = await listShipments(request, token);
  let target: (typeof shipments)[number] | undefined;
  for (const s of shipments) {
    if ((await alertEventCount(request, token, s.id)) >= 2) {
      target = s;
      break;
    }
  }
  test.skip(!target, 'no shipment with alert events yet');
  if (!target) return;
  await request.post(`http://localhost:${API_PORT}/api/shipments/${target.id}/unhide_all_events/`, {
    headers: { Authorization: `Token ${token}` },
  });

  await signIn(page, DEMO);
  const list = new ShipmentList(page);
  await list.goto(`?search=${target.container_number}`);
  await expect(page.getByTestId(shp.rowLink)).toHaveCount(1);
  await page.getByTestId(shp.lastAlert).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('Últimos eventos de alerta');
  for (const column of ['Código', 'Mensaje', 'Fecha y hora', 'Oculto']) {
    await expect(dialog.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const boxes = dialog.getByTestId(shp.alertHidden);
  await expect(boxes.first()).not.toBeChecked();
  // one checkbox saves at once: closing and opening again shows it hidden
  await boxes.first().check();
  await expect(boxes.first()).toBeChecked();
  await expect(dialog.getByTestId(shp.alertHidden).first()).toBeEnabled();
  await page.keyboard.press('Escape');
  await page.getByTestId(shp.lastAlert).click();
  await expect(dialog.getByTestId(shp.alertHidden).first()).toBeChecked();
  await expect(dialog.getByTestId(shp.alertHidden).nth(1)).not.toBeChecked();

  await dialog.getByRole('button', { name: 'Ocultar todos los eventos' }).click();
  await expect(dialog.getByTestId(shp.alertHidden).nth(1)).toBeChecked();
  await dialog.getByRole('button', { name: 'Mostrar todos los eventos' }).click();
  for (const box of await dialog.getByTestId(shp.alertHidden).all()) await expect(box).not.toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByTestId(shp.lastAlert).click();
  for (const box of await dialog.getByTestId(shp.alertHidden).all()) await expect(box).not.toBeChecked();
});

test('Custom Form: shown only where a form exists, Save only when the data changed', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO);
  const [target] = await listShipments(request, token);
  const schema = { type: 'object', properties: { po: { type: 'string', title: 'PO number' } } };
  const saved = await request.post(`http://localhost:${API_PORT}/api/shipments/${target.id}/attachment/`, {
    headers: { Authorization: `Token ${token}` },
    data: { schema_form: schema, sf_data: {} },
  });
  expect(saved.ok()).toBe(true);

  await signIn(page, DEMO);
  const list = new ShipmentList(page);
  await list.goto(`?search=${target.container_number}`);
  await page.getByTestId(shp.customFormButton).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('Formulario personalizado');
  await expect(dialog.getByTestId(shp.customFormSave)).toBeDisabled();
  const po = `PO-${Date.now()}`;
  await dialog.getByLabel('PO number').fill(po);
  await expect(dialog.getByTestId(shp.customFormSave)).toBeEnabled();
  await dialog.getByTestId(shp.customFormSave).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId(shp.customFormButton).click();
  await expect(dialog.getByLabel('PO number')).toHaveValue(po);
  await expect(dialog.getByTestId(shp.customFormSave)).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByTestId(shp.rowLink).click();
  await expect(page.getByTestId(shp.card)).toContainText(po);
});

test('a limited user sees no write controls in the list', async ({ page }) => {
  await signIn(page, VIEWER);
  const list = new ShipmentList(page);
  await list.goto();
  await expect(page.getByTestId(shp.rowLink).first()).toBeVisible();
  await expect(page.getByTestId(shp.customFormButton)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Exportar|Export/ })).toHaveCount(0);
  await page.getByTestId(shp.lastAlert).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ocultar todos los eventos' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Mostrar todos los eventos' })).toHaveCount(0);
  for (const box of await dialog.getByTestId(shp.alertHidden).all()) await expect(box).toBeDisabled();
});
