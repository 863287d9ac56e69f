// Server texts in the user's language: with Spanish chosen, no English sentence made by the API
// reaches the screen: alert messages on the dashboard, the list and its alert modal, the detail (alerts,
// container type), the carrier note of the new-request form, and the bulk upload's errors. The English
// sentences looked for are the API's own (its catalogue of server texts), so a new untranslated text of a
// known kind fails here.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TEMPLATES } from '../../api/src/i18n/catalogue';
import { DEMO, Portal } from '../support/portal';
import { API_PORT } from '../support/ports';
import { apiToken, shp, signIn } from '../support/shipments';
import { TrackingPages } from '../support/tracking';

const API = `http://localhost:${API_PORT}/api/`;

/**
 * The API's English sentences as patterns (placeholders match anything), leaving out the short ones
 * ('new', 'tank'…) that could be part of a name or a code.
 */
const ENGLISH_SERVER_TEXTS: RegExp[] = TEMPLATES.map(([en]) => en)
  .filter((en) => en.replace(/\{[^}]+\}/g, '').trim().length >= 14)
  .map((en) => {
    const parts = en.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(parts.join('[\\s\\S]{1,80}?'));
  });

/** The English server sentences visible on the page (none is the expected answer). */
async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return ENGLISH_SERVER_TEXTS.flatMap((re) => {
    const m = re.exec(text);
    return m ? [m[0]] : [];
  });
}

interface AlertedShipment {
  id: number;
  container_number: string;
  last_alert_message: string;
  container_type_str: string | null;
}

/** A shipment with an alert, in English and in Spanish, as the API answers each language. */
async function alertedShipment(request: APIRequestContext, token: string) {
  let found: { en: AlertedShipment; es: AlertedShipment } | undefined;
  await expect
    .poll(
      async () => {
        const get = async (lang: string) => {
          const out: AlertedShipment[] = [];
          for (let p = 1; p <= 10; p += 1) {
            const answer = await request.get(`${API}shipments/?page=${p}`, {
              headers: { Authorization: `Token ${token}`, 'Accept-Language': lang },
            });
            if (!answer.ok()) break;
            const body = (await answer.json()) as { results: AlertedShipment[]; next: string | null };
            out.push(...body.results);
            if (!body.next) break;
          }
          return out;
        };
        const en = (await get('en')).filter((s) => s.last_alert_message);
        const es = await get('es');
        const first = en[0];
        const spanish = first && es.find((s) => s.id === first.id);
        found = first && spanish ? { en: first, es: spanish } : undefined;
        return Boolean(found);
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
  return found!;
}

test('Spanish screens show the server texts in Spanish', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, DEMO);
  const shipment = await alertedShipment(request, token);
  // The API words the same alert in each language.
  expect(shipment.es.last_alert_message).not.toBe(shipment.en.last_alert_message);

  await signIn(page, DEMO);
  await new Portal(page).setLanguage('es');

  // Dashboard.
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 20_000 });
  expect(await englishOnScreen(page)).toEqual([]);

  // Shipment list: the last-alert pill, and the alert modal.
  await page.goto(`/shipments?search=${shipment.en.container_number}`);
  await expect(page.getByTestId(shp.rowLink).first()).toBeVisible({ timeout: 20_000 });
  const pill = page.getByTestId(shp.lastAlert).first();
  await expect(pill).toContainText(shipment.es.last_alert_message);
  await expect(pill).not.toContainText(shipment.en.last_alert_message);
  expect(await englishOnScreen(page)).toEqual([]);
  await pill.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('Últimos eventos de alerta');
  await expect(dialog.getByRole('row').nth(1)).toBeVisible();
  expect(await englishOnScreen(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // Shipment detail.
  await page.goto(`/shipments/${shipment.en.id}`);
  await expect(page.getByTestId(shp.card)).toBeVisible({ timeout: 20_000 });
  if (shipment.es.container_type_str) {
    await expect(page.getByTestId(shp.card)).toContainText(shipment.es.container_type_str);
  }
  expect(await englishOnScreen(page)).toEqual([]);

  // New tracking request: the carrier's quality note.
  const tracking = new TrackingPages(page);
  await tracking.gotoForm();
  await page.getByLabel(/^Naviera/).selectOption({ label: 'Evergreen Marine' });
  await expect(
    page.getByText(
      'Las reservas y los B/L solo se siguen por contenedor: es necesario enviar el número de contenedor.',
    ),
  ).toBeVisible();
  expect(await englishOnScreen(page)).toEqual([]);

  // Bulk upload: a text file named .xlsx (defect 6), then a file with bad rows.
  const input = page.getByTestId('bulk-file');
  await input.setInputFiles({
    name: 'requests.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('hello this is not a spreadsheet\n'),
  });
  await expect(
    page
      .getByText(
        'El archivo no es una hoja de cálculo: suba un archivo .xlsx o .csv hecho a partir de la plantilla.',
      )
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  expect(await englishOnScreen(page)).toEqual([]);

  await input.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('carrier,code_type,code_value\nNOPE,c_id,MSCU1234566\nMAEU,c_id,\n'),
  });
  await expect(page.getByText(/Naviera desconocida "NOPE"/).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/code_value: Este campo es obligatorio\./).first()).toBeVisible();
  // The error notification labels the fields in words ('Fila 2'), never with the API's keys.
  const notification = page.getByTestId('notification').filter({ hasText: 'Naviera desconocida' });
  await expect(notification).toContainText('Fila 2');
  await expect(notification).not.toContainText(/non_field_errors|row \d/);
  expect(await englishOnScreen(page)).toEqual([]);
});

test('English screens keep the English texts', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, DEMO);
  const shipment = await alertedShipment(request, token);
  await signIn(page, DEMO);
  await new Portal(page).setLanguage('en');
  await page.goto(`/shipments?search=${shipment.en.container_number}`);
  await expect(page.getByTestId(shp.lastAlert).first()).toContainText(shipment.en.last_alert_message, {
    timeout: 20_000,
  });
});
