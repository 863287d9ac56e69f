// The tracking request list and detail against the real API: filters kept in the URL through sort, paging and a
// reload; Retry / Archive / Cancel exactly where section 4 allows them; Configure Columns; the shipments modal;
// and a limited user who sees no write controls.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, OTHER, Portal, VIEWER } from '../support/portal';
import {
  API,
  apiCreateRequest,
  apiCarriers,
  apiListRequests,
  apiToken,
  freshContainer,
  freshContainerUnderWay,
  TrackingPages,
  type RequestInfo,
} from '../support/tracking';

// The machine is shared and slow at times: these flows sign in and wait on the real API.
test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, user: { username: string; password: string }) {
  const portal = new Portal(page);
  await portal.gotoAndLogin(user);
  await portal.setLanguage('en');
}

test('filters, sorting and the page live in the URL and survive a reload; Reset Filters clears them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, DEMO);
  // at least two pages of 30
  const { count } = await apiListRequests(request, token);
  const maersk = (await apiCarriers(request, token)).find((c) => c.scac === 'MAEU')!;
  for (let i = count; i < 31; i++) {
    await apiCreateRequest(request, token, {
      carrier_id: maersk.id,
      code_type: 'c_id',
      code_value: freshContainer('MAEU'),
    });
  }
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);
  await tracking.gotoList();
  await expect(tracking.pagerStatus()).toContainText(/Page 1 of [2-9]/);
  await tracking.pagerStatus().getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(tracking.pagerStatus()).toContainText(/Page 2 of/);

  // Typed search: applied after the 500 ms debounce, back to page 1.
  await page.getByLabel('Search').fill('MAEU');
  await expect(page).toHaveURL(/[?&]search=MAEU/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('button', { name: 'On going', exact: true }).click();
  await expect(page).toHaveURL(/status=new&status=ongoing/);
  await page.getByLabel('Carrier').selectOption({ label: 'A.P. Moller - Maersk' });
  await expect(page).toHaveURL(new RegExp(`carrier_id=${maersk.id}`));
  await page.locator('#created_at_after').fill('2020-01-01');
  await expect(page).toHaveURL(/created_at_after=2020-01-01/);
  await page.getByRole('columnheader', { name: 'Code', exact: true }).getByRole('button').click();
  await expect(page).toHaveURL(/ordering=code_value/);

  const codes = async () =>
    (await tracking.table().locator('tbody tr td:nth-child(5)').allInnerTexts()).map((s) => s.trim());
  // the sorted page replaces the previous one when its answer lands: wait for it, not for any rows
  const isSorted = (list: string[]) => list.length > 1 && list.join('\n') === [...list].sort().join('\n');
  await expect.poll(async () => isSorted(await codes())).toBe(true);
  const sorted = await codes();
  expect(sorted).toEqual([...sorted].sort());
  // search and carrier both apply: every row is a Maersk request
  for (const text of await tracking.table().locator('tbody tr').allInnerTexts())
    expect(text).toContain('Maersk');
  const url = page.url();

  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByLabel('Search')).toHaveValue('MAEU');
  await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'On going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Invalid', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByLabel('Carrier')).toHaveValue(String(maersk.id));
  await expect(page.locator('#created_at_after')).toHaveValue('2020-01-01');
  await expect(page.getByRole('columnheader', { name: 'Code', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // The same filters and order after the reload. Not necessarily the same rows: other test files, in the other
  // worker, add requests to the demo company meanwhile (a bulk upload adds Maersk ones).
  await expect.poll(async () => isSorted(await codes())).toBe(true);
  for (const text of await tracking.table().locator('tbody tr').allInnerTexts())
    expect(text).toContain('Maersk');

  // Export List downloads the filtered list with the columns shown.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export List' }).click();
  expect((await download).suggestedFilename()).toBe('tracking-requests.xlsx');

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page).toHaveURL(/\/tracking-requests$/);
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.locator('#created_at_after')).toHaveValue('');
});

/** The row of a request in the list (searched by its code so it is on the first page). */
async function listRow(page: Page, code: string) {
  const tracking = new TrackingPages(page);
  await tracking.gotoList(`?search=${encodeURIComponent(code)}`);
  const row = tracking.row(code);
  await expect(row).toBeVisible();
  return row;
}

test('Retry, Archive and Cancel appear only where section 4 allows them, enabled by the flags', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, DEMO);
  await signIn(page, DEMO);
  const all = (await apiListRequests(request, token)).results;
  const byStatus = (status: string) => all.find((r) => r.status === status);

  const expectButtons = async (listed: RequestInfo, where: 'list' | 'detail') => {
    const scope =
      where === 'list' ? await listRow(page, listed.code_value) : page.locator('main, body').first();
    if (where === 'detail') {
      await page.goto(`/tracking-requests/${listed.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(String(listed.id));
      await expect(page.getByText('Shipments').first()).toBeVisible();
    }
    // The engine keeps working while the test runs: compare with the request as it is now.
    const r = (await apiListRequests(request, token, { search: listed.code_value })).results.find(
      (x) => x.id === listed.id,
    )!;
    const button = (name: string) => scope.getByRole('button', { name, exact: true });
    const archiveCancel =
      !['invalid', 'cancelled', 'archived', 'pending_archiving', 'pending_cancelling'].includes(r.status) &&
      !(where === 'list' && r.status === 'new');
    await expect(button('Retry')).toHaveCount(r.status === 'invalid' ? 1 : 0);
    await expect(button('Archive')).toHaveCount(archiveCancel ? 1 : 0);
    await expect(button('Cancel')).toHaveCount(archiveCancel ? 1 : 0);
    if (archiveCancel) {
      await (r.archivable
        ? expect(button('Archive')).toBeEnabled()
        : expect(button('Archive')).toBeDisabled());
      await (r.cancellable
        ? expect(button('Cancel')).toBeEnabled()
        : expect(button('Cancel')).toBeDisabled());
    }
  };

  const checked: string[] = [];
  for (const status of ['new', 'ongoing', 'invalid', 'archived', 'cancelled']) {
    const r = byStatus(status);
    if (!r) continue;
    await expectButtons(r, 'list');
    await expectButtons(r, 'detail');
    checked.push(status);
  }
  expect(checked.length).toBeGreaterThanOrEqual(2);

  // Retry an invalid request: the row shows the status the server answers.
  const invalid = byStatus('invalid');
  if (invalid) {
    const invalidRow = await listRow(page, invalid.code_value);
    await invalidRow.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(
      new TrackingPages(page).notification('The Tracking status has been successfully changed'),
    ).toBeVisible();
    await expect(invalidRow.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
    await expect(invalidRow).not.toContainText('Invalid');
  }

  // Cancel a request that may be cancelled, from the list.
  const maersk = (await apiCarriers(request, token)).find((c) => c.scac === 'MAEU')!;
  let target = all.find((r) => r.status === 'ongoing' && r.cancellable);
  if (!target) {
    const created = await apiCreateRequest(request, token, {
      carrier_id: maersk.id,
      code_type: 'c_id',
      code_value: freshContainerUnderWay('MAEU'),
    });
    await expect
      .poll(async () => (await apiListRequests(request, token, { search: created.code_value })).results[0], {
        timeout: 90_000,
        intervals: [3_000],
      })
      .toMatchObject({ status: 'ongoing', cancellable: true });
    target = created;
  }
  const row = await listRow(page, target.code_value);
  await row.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel request ${target.code_value}?` });
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(
    new TrackingPages(page).notification('The Tracking status has been successfully changed'),
  ).toBeVisible();
  await expect(row).toContainText(/Pending cancelling|Cancelled/);
  await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);

  // Archive one that may be archived, from the detail page, when the demo data has one.
  const archivable = (await apiListRequests(request, token, { status: 'ongoing' })).results.find(
    (r) => r.archivable,
  );
  if (archivable) {
    await page.goto(`/tracking-requests/${archivable.id}`);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, archive it' }).click();
    await expect(
      new TrackingPages(page).notification('The Tracking status has been successfully changed'),
    ).toBeVisible();
    await expect(page.getByText(/Pending archiving|Archived/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  } else {
    test
      .info()
      .annotations.push({ type: 'note', description: 'no archivable request in the demo data right now' });
  }
});

test("Configure Columns saves the choice in the profile; the shipments modal lists a request's shipments", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, DEMO);
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);
  await tracking.gotoList();
  await expect(page.getByRole('columnheader', { name: 'Last update' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Configure Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick the columns you want to show' });
  await expect(dialog.getByRole('checkbox', { name: /^Id/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Last update' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Last update' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Last update' })).toBeVisible();
  await page.getByRole('button', { name: 'Configure Columns' }).click();
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('columnheader', { name: 'Last update' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Id' })).toBeVisible();

  const withShipments = (await apiListRequests(request, token, { ordering: '-shipments_count' })).results[0];
  test.skip(!withShipments || withShipments.shipments_count === 0, 'no request has shipments yet');
  const row = await listRow(page, withShipments.code_value);
  await row.getByRole('button', { name: `Show the shipments of request ${withShipments.id}` }).click();
  const modal = page.getByRole('dialog', { name: `Shipments of request ${withShipments.code_value}` });
  await expect(modal.getByRole('link', { name: /^Open shipment / })).toHaveCount(
    Math.min(30, withShipments.shipments_count),
  );
});

test('a limited user sees no write controls in the list and the detail', async ({ page, request }) => {
  const token = await apiToken(request, VIEWER);
  await signIn(page, VIEWER);
  const tracking = new TrackingPages(page);
  await tracking.gotoList();
  await expect(tracking.table().locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export List' })).toHaveCount(0);
  await expect(
    page.getByTestId('page-tracking-request-list-page').getByRole('link', { name: 'New tracking request' }),
  ).toHaveCount(0);
  for (const name of ['Retry', 'Archive', 'Cancel']) {
    await expect(tracking.table().getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('textbox', { name: /^Client code of request/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Project of request/ })).toHaveCount(0);

  const r = (await apiListRequests(request, token, { ordering: '-shipments_count' })).results[0];
  await page.goto(`/tracking-requests/${r.id}`);
  await expect(page.getByText(r.code_value).first()).toBeVisible();
  for (const name of ['Retry', 'Archive', 'Cancel', 'Hide', 'Show']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('textbox', { name: /Client code/ })).toHaveCount(0);
});

test('client code edited in place in the list; Exclude Hidden and per-row Hide / Show on the detail page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, DEMO);
  const maersk = (await apiCarriers(request, token)).find((c) => c.scac === 'MAEU')!;
  const fresh = await apiCreateRequest(request, token, {
    carrier_id: maersk.id,
    code_type: 'c_id',
    code_value: freshContainer('MAEU'),
  });
  await signIn(page, DEMO);
  const tracking = new TrackingPages(page);

  // In the list the client code is edited in place whatever the status (write permission).
  const row = await listRow(page, fresh.code_value);
  const clientCode = row.getByRole('textbox', { name: `Client code of request ${fresh.id}` });
  await clientCode.fill('E2E-INLINE');
  await clientCode.press('Enter');
  await expect(tracking.notification('Sucessfully saved')).toBeVisible();
  await page.reload();
  await expect(row.getByRole('textbox', { name: `Client code of request ${fresh.id}` })).toHaveValue(
    'E2E-INLINE',
  );

  // The project, in place too, once the company has projects.
  const projectName = `E2E project ${Date.now()}`;
  const created = await request.post(`${API}projects/`, {
    headers: { Authorization: `Token ${token}` },
    data: { name: projectName, subscribers: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();
  const project = row.getByRole('combobox', { name: `Project of request ${fresh.id}` });
  await project.selectOption({ label: projectName });
  await expect(tracking.notification('Sucessfully saved').first()).toBeVisible();
  await page.reload();
  await expect(row.getByRole('combobox', { name: `Project of request ${fresh.id}` })).toHaveValue(
    String(((await created.json()) as { id: number }).id),
  );

  const withShipments = (await apiListRequests(request, token, { ordering: '-shipments_count' })).results[0];
  await page.goto(`/tracking-requests/${withShipments.id}`);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(withShipments.shipments_count);
  const first = rows.first();
  const container = (await first.getByRole('link').innerText()).trim();
  await first.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(tracking.notification('The Shipment has been hidden')).toBeVisible();
  await page.getByRole('button', { name: 'Exclude Hidden' }).click();
  await expect(page.getByRole('link', { name: `Open shipment ${container}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show All' }).click();
  const hiddenRow = rows.filter({ hasText: container });
  await expect(hiddenRow).toContainText('Hidden');
  await hiddenRow.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(tracking.notification('The Shipment has been showed')).toBeVisible();
  await expect(hiddenRow.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
});

test("another company's request is not found", async ({ page, request }) => {
  const token = await apiToken(request, DEMO);
  const demoRequest = (await apiListRequests(request, token)).results[0];
  await signIn(page, OTHER);
  await page.goto(`/tracking-requests/${demoRequest.id}`);
  await expect(
    page.getByText('This tracking request does not exist or belongs to another company.'),
  ).toBeVisible();
  await new TrackingPages(page).gotoList();
  await expect(page.getByText(demoRequest.code_value)).toHaveCount(0);
});
