// The new tracking request form against the real API and the carrier simulator: a container request whose
// shipment appears, the container rule, the container tag message, bulk upload (good and bad files), and the
// refusal for a limited user.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, Portal, VIEWER } from '../support/portal';
import {
  apiListRequests,
  apiToken,
  freshContainer,
  freshContainerUnderWay,
  freshReference,
  TrackingPages,
} from '../support/tracking';

// The machine is shared and slow at times: these flows sign in and wait on the real API.
test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, user: { username: string; password: string }) {
  const portal = new Portal(page);
  await portal.gotoAndLogin(user);
  await portal.setLanguage('en');
}

test('adds a container request, finds it in the list and watches its shipment appear', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);
  const container = freshContainerUnderWay('MAEU');
  await tracking.gotoForm();
  await page.getByLabel('Carrier*').selectOption({ label: 'A.P. Moller - Maersk' });
  await page.getByLabel('Code type*').selectOption({ label: 'Container number' });
  await page.getByLabel('Code value*').fill(container);
  await page.getByLabel('Client code').fill('E2E-CONTAINER');
  await page.getByLabel('Contractual ETA at POD').fill('2031-05-20');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/tracking-requests$/);
  await expect(tracking.notification('Sucessfully saved')).toBeVisible();
  const row = tracking.row(container);
  await expect(row).toBeVisible();
  await expect(row).toContainText('A.P. Moller - Maersk');
  await expect(row).toContainText('2031-05-20');

  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tracking-requests\/\d+$/);
  await expect(page.getByText(container).first()).toBeVisible();
  // The engine polls the in-process carrier simulator; the shipment shows up in the request's table.
  const shipmentLink = page.getByRole('link', { name: `Open shipment ${container}` });
  await expect(async () => {
    await page.reload();
    await expect(shipmentLink).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 150_000, intervals: [3_000] });
});

test("a booking for a carrier that needs a container gets 'Required input: Container.'", async ({ page }) => {
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);
  await tracking.gotoForm();
  await page.getByLabel('Carrier*').selectOption({ label: 'Evergreen Marine' });
  await page.getByLabel('Code type*').selectOption({ label: 'Booking number' });
  await page.getByLabel('Code value*').fill(freshReference('EG'));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required input: Container.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/add-tracking-request$/);
  // With a carrier that does not ask for it, the field is not there at all.
  await page.getByLabel('Carrier*').selectOption({ label: 'A.P. Moller - Maersk' });
  await expect(page.getByLabel('Container*')).toHaveCount(0);
});

test('a bad container tag gets the exact message and is not added; a good one is', async ({ page }) => {
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);
  await tracking.gotoForm();
  const tags = page.getByLabel('Container filter');
  await tags.fill('MSCU12345');
  await tags.press('Enter');
  await expect(
    page.getByText('Container numbers feature 4 uppercase letters followed by 7 digits.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  const good = freshContainer('MSKU');
  await tags.fill(`${good},`);
  await expect(page.getByRole('button', { name: `Remove ${good}` })).toBeVisible();
  await tags.fill(`${good} `);
  await expect(page.getByRole('button', { name: `Remove ${good}` })).toHaveCount(1);
});

const HEADER =
  'carrier,code_type,code_value,container,client_code,project,contractual_eta_pod,contractual_eta_dlv,container_filter';

test('bulk upload: a good file is imported, a file with bad rows imports nothing and explains the rows', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);
  const token = await apiToken(request, DEMO);
  await tracking.gotoForm();
  const input = page.getByTestId('bulk-file');

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Bulk Template' }).click();
  expect((await templateDownload).suggestedFilename()).toMatch(
    /^bulk-import-tracking-requests-template\.xlsx$/,
  );

  const good = [freshContainer('MAEU'), freshContainer('MAEU'), freshContainer('MSCU')];
  const goodCsv = [
    HEADER,
    `MAEU,c_id,${good[0]},,BULK-1,,,,`,
    `MAEU,c_id,${good[1]},,BULK-2,,2031-01-02,,`,
    `MSCU,c_id,${good[2]},,,,,,`,
  ].join('\n');
  await input.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) });
  await expect(page.getByText(/3 tracking requests imported|The file was imported/)).toBeVisible({
    timeout: 20_000,
  });
  for (const code of good) {
    expect((await apiListRequests(request, token, { search: code })).count).toBe(1);
  }

  const fine = freshContainer('MAEU');
  const badCsv = [
    HEADER,
    `MAEU,c_id,${fine},,,,,,`,
    `MAEU,c_id,MAEU1234561,,,,,,`,
    `NOPE,c_id,${freshContainer('MAEU')},,,,,,`,
  ].join('\n');
  await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
  const result = page.getByRole('alert').filter({ hasText: 'Nothing was imported from bad.csv' });
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result).toContainText('MAEU1234561');
  await expect(result.getByRole('listitem')).toHaveCount(2);
  await expect(tracking.notification('ERROR')).toBeVisible();
  // the file input is reset, and nothing of the file was imported, not even its good row
  await expect(input).toHaveValue('');
  expect((await apiListRequests(request, token, { search: fine })).count).toBe(0);
});

test('a limited user cannot save: refused and sent to the dashboard; no bulk upload', async ({ page }) => {
  await signIn(page, VIEWER);
  const tracking = new TrackingPages(page);
  await tracking.gotoForm();
  await expect(page.getByRole('button', { name: 'Upload Bulk' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
