// The Export List modal on the shipment list, as a forwarder uses it: prefilled from the list's filters (the
// carrier and the status shown, as every filter), columns picked, a template saved as new and deleted, the xlsx
// downloaded with exactly the list's rows and the chosen columns in order; no column gives 'Select columns to
// display'; dates typed as yyyy-MM-dd; a limited user has no Export List.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, Portal, VIEWER } from '../support/portal';
import { API_PORT } from '../support/ports';
import { apiToken, listShipments, signIn } from '../support/shipments';

test.describe.configure({ timeout: 120_000 });

async function openExport(page: Page, query: string) {
  await page.goto(`/shipments${query}`);
  await expect(page.getByTestId('shipment-count')).not.toHaveText(/^\s*$/);
  await page.getByTestId('export-list').click();
  await expect(page.getByTestId('export-modal')).toBeVisible();
  // The field schema has loaded.
  await expect(page.getByTestId('export-section-identity')).toBeVisible();
}

async function pick(page: Page, key: string, find: string) {
  await page.getByTestId('export-find').fill(find);
  await page.getByTestId(`export-field-${key}`).check();
}

test('export with a health filter: the file has the list’s rows and the chosen columns in order', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO);
  const portal = new Portal(page);
  await portal.setLanguage('en');
  await openExport(page, '?health=ontrack');
  await expect(page.getByTestId('export-modal').getByRole('button', { name: 'On track' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // No column: the spec's error.
  await page.getByTestId('export-submit').click();
  await expect(page.getByText('Select columns to display').first()).toBeVisible();

  await pick(page, 'container_number', 'Container');
  await pick(page, 'carrier', 'Carrier');
  await pick(page, 'pol_locode', 'UN/LOCODE');
  await page.getByTestId('export-find').fill('');
  await expect(page.getByTestId('export-chosen').getByRole('listitem')).toHaveText([
    'Container',
    'Carrier',
    'POL (UN/LOCODE)',
  ]);

  const token = await apiToken(request, DEMO);
  const before = (await listShipments(request, token, '&health=ontrack')).map((s) => s.container_number);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-submit').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('shipments.xlsx');
  const after = (await listShipments(request, token, '&health=ontrack')).map((s) => s.container_number);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['Container', 'Carrier', 'POL (UN/LOCODE)']);
  const containers = rows.slice(1).map((r) => r[0]);
  // The engine keeps tracking while the spec runs: the file equals the list of one of those two moments.
  expect([JSON.stringify(before), JSON.stringify(after)]).toContain(JSON.stringify(containers));
  expect(containers.length).toBeGreaterThan(0);
});

test('export from a list filtered by carrier and status: the modal shows both and the file has the list’s rows', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO);
  const portal = new Portal(page);
  await portal.setLanguage('en');
  const token = await apiToken(request, DEMO);
  // A carrier that has ongoing shipments, but not all of them.
  const answer = await request.get(`http://localhost:${API_PORT}/api/shipments/?status=ongoing`, {
    headers: { Authorization: `Token ${token}` },
  });
  const ongoing = ((await answer.json()) as { results: { carrier: number }[] }).results;
  const counts = new Map<number, number>();
  for (const s of ongoing) counts.set(s.carrier, (counts.get(s.carrier) ?? 0) + 1);
  const carrier = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const query = `&carrier=${carrier}&status=ongoing`;

  await openExport(page, `?carrier=${carrier}&status=ongoing`);
  const modal = page.getByTestId('export-modal');
  await expect(modal.getByRole('combobox', { name: 'Carrier' })).toHaveValue(String(carrier));
  await expect(modal.getByRole('button', { name: 'On going' })).toHaveAttribute('aria-pressed', 'true');
  // dates are typed as yyyy-MM-dd whatever the browser's language
  await modal.getByText('Dates').click();
  await expect(page.getByTestId('export-eta_after')).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await expect(page.getByTestId('export-eta_after')).toHaveAttribute('type', 'text');

  await pick(page, 'container_number', 'Container');
  const before = (await listShipments(request, token, query)).map((s) => s.container_number);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-submit').click();
  const download = await downloading;
  const after = (await listShipments(request, token, query)).map((s) => s.container_number);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const containers: unknown[] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) containers.push((row.values as unknown[])[1]);
  });
  expect(containers.length).toBeGreaterThan(0);
  expect([JSON.stringify(before), JSON.stringify(after)]).toContain(JSON.stringify(containers));
});

test('Save as New, then Delete; deleting an unsaved template only resets the form', async ({ page }) => {
  await signIn(page, DEMO);
  await openExport(page, '?health=delayed');
  const name = `Plantilla e2e ${Date.now()}`;
  await page.getByTestId('export-name').fill(name);
  await page
    .getByTestId('export-modal')
    .getByRole('combobox', { name: 'Envío programado' })
    .selectOption('weekly');
  await pick(page, 'container_number', 'Contenedor');
  await page.getByTestId('export-save-new').click();
  await expect(page.getByText('Guardado correctamente')).toBeVisible();
  const templates = page.getByTestId('export-modal').getByRole('combobox', { name: 'Plantillas' });
  await expect(templates.locator('option', { hasText: name })).toHaveCount(1);
  await expect(templates).not.toHaveValue('');

  // Reopen: the template is there with its schedule and columns.
  await page.keyboard.press('Escape');
  await openExport(page, '');
  await templates.selectOption({ label: name });
  await expect(
    page.getByTestId('export-modal').getByRole('combobox', { name: 'Envío programado' }),
  ).toHaveValue('weekly');
  await expect(page.getByTestId('export-chosen').getByRole('listitem')).toHaveText(['Contenedor']);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('export-delete').click();
  await expect(page.getByText('Eliminado correctamente')).toBeVisible();
  await expect(templates.locator('option', { hasText: name })).toHaveCount(0);

  // Unsaved: Delete resets the form, nothing asked.
  await page.getByTestId('export-name').fill('Sin guardar');
  await page.getByTestId('export-delete').click();
  await expect(page.getByTestId('export-name')).toHaveValue('');
});

test('a limited user has no Export List', async ({ page }) => {
  await signIn(page, VIEWER);
  await page.goto('/shipments');
  await expect(page.getByTestId('configure-columns')).toBeVisible();
  await expect(page.getByTestId('export-list')).toHaveCount(0);
});
