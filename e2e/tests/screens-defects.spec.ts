// Defects of the built screens, each as the user hit it, in Spanish (the default language) unless the
// text checked is English: negative day ranges, a page past the end, raw placeholders, inline edits the server
// refuses, untranslated shipment statuses, the Exclude Hidden empty text, and a Back that left the portal.
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/portal';
import { apiToken, Dashboard, listShipments, shp, signIn } from '../support/shipments';
import { API, apiCarriers, apiCreateRequest, freshContainer } from '../support/tracking';

test.describe.configure({ timeout: 120_000 });

const pager = (page: Page) => page.getByRole('navigation', { name: /Pagination|Paginación/ }).first();

test('shipment list: a page past the end shows the last page; -7 typed in Days to arrival applies -7', async ({
  page,
}) => {
  await signIn(page, DEMO);
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/shipments/') && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/shipments?page=99');
  await expect(pager(page)).toContainText(/Página (\d+) de \1/, { timeout: 30_000 });
  await expect(page).not.toHaveURL(/page=99/);
  await expect(page.getByTestId(shp.count)).not.toHaveText(/^0 /);
  // the first (failed) call is the only error, and no notification says 'Invalid page'
  await expect(page.getByText(/Invalid page|Página no válida/)).toHaveCount(0);

  await page.getByTestId(shp.moreToggle).click();
  const dtaMax = page.locator('#dta_max');
  await dtaMax.pressSequentially('-');
  await expect(dtaMax).toHaveValue('-');
  await expect(page.getByText('Escriba un número entero')).toBeVisible();
  await dtaMax.pressSequentially('7');
  await expect(dtaMax).toHaveValue('-7');
  await expect(page).toHaveURL(/[?&]dta_max=-7(&|$)/);
  await expect(page.getByText('Escriba un número entero')).toHaveCount(0);
});

test('dashboard settings: no raw {days}; a negative days of delay is refused with a message', async ({
  page,
}) => {
  await signIn(page, DEMO);
  const dashboard = new Dashboard(page);
  await dashboard.openSettings('alerted');
  const codes = page.getByTestId(shp.attentionCodes);
  await expect(codes).toContainText('906', { timeout: 30_000 });
  await expect(codes).not.toContainText('{days}');
  await expect(codes).toContainText('906 · Sin actualización de la naviera en N días');
  await page.keyboard.press('Escape');

  await dashboard.openSettings('delayed');
  const delay = page.getByTestId(shp.daysOfDelay);
  await delay.fill('');
  await delay.pressSequentially('-2');
  await expect(delay).toHaveValue('-2');
  await expect(page.getByText('El mínimo es 1.')).toBeVisible();
  await expect(page.getByTestId(shp.settingsSave)).toBeDisabled();
});

test('tracking list: no inline client code / project on a cancelled request', async ({ page, request }) => {
  const token = await apiToken(request, DEMO);
  const maersk = (await apiCarriers(request, token)).find((c) => c.scac === 'MAEU')!;
  const container = freshContainer('MAEU');
  const live = await apiCreateRequest(request, token, {
    carrier_id: maersk.id,
    code_type: 'c_id',
    code_value: container,
  });
  const cancelled = await apiCreateRequest(request, token, {
    carrier_id: maersk.id,
    code_type: 'c_id',
    code_value: freshContainer('MAEU'),
    client_code: 'STOPPED-1',
  });
  const answer = await request.post(`${API}tracking-requests/${cancelled.id}/transition/`, {
    headers: { Authorization: `Token ${token}` },
    data: { status: 'pending_cancelling' },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();

  await signIn(page, DEMO);
  await page.goto('/tracking-requests?search=MAEU');
  // the live request keeps its editor, the cancelled one shows the value only
  await expect(page.getByLabel(`Código de cliente de la solicitud ${live.id}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('row').filter({ hasText: 'STOPPED-1' })).toHaveCount(1);
  await expect(page.getByLabel(`Código de cliente de la solicitud ${cancelled.id}`)).toHaveCount(0);
});

test('tracking detail: shipment statuses in Spanish; Exclude Hidden with only hidden shipments says so', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO);
  const shipments = await listShipments(request, token);
  const target = shipments.find((s) => s.status_verbose && s.status_verbose !== 'initializing');
  test.skip(!target, 'no shipment with a status in the demo data yet');
  const detail = (await (
    await request.get(`${API}shipments/${target!.id}/`, { headers: { Authorization: `Token ${token}` } })
  ).json()) as { tracking_request: number };
  const siblings = (await (
    await request.get(`${API}tracking-requests/${detail.tracking_request}/shipments/`, {
      headers: { Authorization: `Token ${token}` },
    })
  ).json()) as { results: { id: number; status_verbose: string }[] };

  await signIn(page, DEMO);
  await page.goto(`/tracking-requests/${detail.tracking_request}`);
  const table = page.getByRole('table', { name: 'Envíos' });
  await expect(table.getByRole('row')).toHaveCount(siblings.results.length + 1);
  for (const s of siblings.results) await expect(table).not.toContainText(s.status_verbose);

  // hide them all, then Exclude Hidden
  for (const s of siblings.results) {
    const hidden = await request.post(`${API}shipments/${s.id}/hide/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(hidden.ok()).toBeTruthy();
  }
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Excluir ocultos' }).click();
    await expect(page.getByText(/oculto/).last()).toBeVisible();
    await expect(page.getByText(/Aún no hay envíos/)).toHaveCount(0);
    await expect(page.getByText(/Mostrar todos para ver/)).toBeVisible();
  } finally {
    for (const s of siblings.results)
      await request.post(`${API}shipments/${s.id}/show/`, { headers: { Authorization: `Token ${token}` } });
  }
});

test('Back on a detail opened in a new tab stays in the portal (goes to the list)', async ({
  page,
  context,
}) => {
  const token = await apiToken(page.request, DEMO);
  const [first] = await listShipments(page.request, token);
  await signIn(page, DEMO);
  // a new tab: its history starts on another page (here a blank one), then the detail's address
  const tab = await context.newPage();
  await tab.goto('about:blank');
  await tab.goto(`/shipments/${first.id}`);
  await expect(tab.getByTestId(shp.card)).toBeVisible({ timeout: 30_000 });
  await tab.getByTestId(shp.back).click();
  await expect(tab).toHaveURL(/\/shipments$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
});
