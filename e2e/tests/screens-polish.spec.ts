// The remaining polish of the built screens: the project filter of both lists kept in the URL,
// the report e-mail language on /user-config, a clean console at sign-in and on a shipment detail (no aborted
// chunk loads, no OpenLayers zero-size warning), and the sign-in replacing the login page in the history.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { API_PORT, PORTAL_PORT } from '../support/ports';
import { sel } from '../support/selectors';
import { apiToken, listShipments, signIn } from '../support/shipments';

test.describe.configure({ timeout: 180_000 });

const api = (request: APIRequestContext, token: string) => {
  const headers = { Authorization: `Token ${token}` };
  const url = (path: string) => `http://localhost:${API_PORT}/api/${path}`;
  return {
    get: async (path: string) => {
      const answer = await request.get(url(path), { headers });
      expect(answer.ok()).toBe(true);
      return answer.json();
    },
    post: async (path: string, data: object) => {
      const answer = await request.post(url(path), { headers, data });
      expect(answer.ok()).toBe(true);
      return answer.json();
    },
    patch: async (path: string, data: object) => {
      const answer = await request.patch(url(path), { headers, data });
      expect(answer.ok()).toBe(true);
      return answer.json();
    },
    delete: (path: string) => request.delete(url(path), { headers }),
  };
};

/**
 * Console errors and warnings, and failed loads of code (chunks, remote entries, manifests) or images, from now
 * on. API calls a page aborts on purpose when it is left (AbortController) are not problems.
 */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) return;
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  return problems;
}

test('the project filter of the shipment and tracking lists, kept in the URL, in both languages', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO);
  const call = api(request, token);
  await expect
    .poll(async () => (await call.get('tracking-requests/?status=ongoing')).count, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const withShipments = (
    (await call.get('tracking-requests/?status=ongoing')).results as { id: number; shipments_count: number }[]
  ).find((r) => r.shipments_count > 0);
  test.skip(!withShipments, 'no tracking request with shipments yet');
  const project = await call.post('projects/', { name: `Filtro ${Date.now()}`, subscribers: [] });
  try {
    await call.patch(`tracking-requests/${withShipments!.id}/`, { project_id: project.id });
    const expectedShipments = (await call.get(`shipments/?project=${project.id}`)).count as number;
    expect(expectedShipments).toBeGreaterThan(0);

    await signIn(page, DEMO);
    const portal = new Portal(page);
    await portal.setLanguage('es');

    // Tracking requests: choose the project, the URL keeps it, the table shows only that request.
    await page.goto('/tracking-requests');
    const trackingSelect = page.getByLabel('Proyecto', { exact: true });
    await expect(trackingSelect).toBeVisible({ timeout: 30_000 });
    await expect(trackingSelect.locator('option').first()).toHaveText('Todos los proyectos');
    await trackingSelect.selectOption(String(project.id));
    await expect(page).toHaveURL(new RegExp(`[?&]project_id=${project.id}(&|$)`));
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(project.name);

    // A link such as /projects-config's is read on entry, after a reload too.
    await page.goto(`/shipments?project=${project.id}`);
    const shipmentSelect = page.locator('#filter-project');
    await expect(shipmentSelect).toHaveValue(String(project.id), { timeout: 30_000 });
    await expect(page.getByTestId('shipment-count')).toHaveText(
      expectedShipments === 1 ? '1 envío' : `${expectedShipments} envíos`,
    );
    await page.reload();
    await expect(page.locator('#filter-project')).toHaveValue(String(project.id), { timeout: 30_000 });

    // English labels; Reset Filters clears it.
    await portal.setLanguage('en');
    await expect(page.getByLabel('Project', { exact: true })).toBeVisible();
    await expect(page.locator('#filter-project option').first()).toHaveText('All projects');
    await page.getByTestId('reset-filters').click();
    await expect(page).not.toHaveURL(/project=/);
    await expect(page.locator('#filter-project')).toHaveValue('');
  } finally {
    await call.delete(`projects/${project.id}/`);
  }
});

test('the language of the report e-mails is chosen on /user-config and saved on the profile', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO);
  const call = api(request, token);
  const me = await call.get('rest-auth/user/');
  const before = me.userprofile.email_language as string;
  try {
    await signIn(page, DEMO);
    await new Portal(page).setLanguage('es');
    await page.goto('/user-config');
    const select = page.locator('#cfg-email-language');
    await expect(select).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Idioma del informe')).toHaveValue(before);
    await expect(select.locator('option')).toHaveText(['Español', 'Inglés']);
    await select.selectOption('en');
    await page.getByTestId('cfg-save-alerts').click();
    await expect.poll(async () => (await call.get('rest-auth/user/')).userprofile.email_language).toBe('en');
    await page.reload();
    await expect(page.locator('#cfg-email-language')).toHaveValue('en', { timeout: 30_000 });
    await new Portal(page).setLanguage('en');
    await expect(page.getByLabel('Language of the report')).toHaveValue('en');
    await expect(page.locator('#cfg-email-language option')).toHaveText(['Spanish', 'English']);
  } finally {
    await call.patch(`user-profiles/${me.id}/`, { email_language: before });
  }
});

test('signing in from the landing page: no aborted chunk loads or console errors, and Back skips the login form', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/login');
  await page.getByTestId(sel.login.username).fill(DEMO.username);
  await page.getByTestId(sel.login.password).fill(DEMO.password);
  await page.getByTestId(sel.login.submit).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 }).last()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  // the sign-in replaced the login page in the history: Back returns to the landing, not to the form
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId(sel.login.submit)).toHaveCount(0);
});

test('a protected page sends to the login page and back, with nothing aborted and Back never on the form', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/shipments');
  await expect(page).toHaveURL(/\/login/);
  // signing in at once, before the page has settled (the shell's own chunks still arriving)
  await page.getByTestId(sel.login.username).fill(DEMO.username);
  await page.getByTestId(sel.login.password).fill(DEMO.password);
  await page.getByTestId(sel.login.submit).click();
  await expect(page).toHaveURL(/\/shipments$/, { timeout: 30_000 });
  await expect(page.getByTestId('page-shipment-list-page')).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await page.goBack();
  await expect(page.getByTestId(sel.login.submit)).toHaveCount(0);
});

test('a shipment detail draws its route map and flags with a clean console (no OpenLayers zero-size warning)', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO);
  const shipments = await listShipments(request, token);
  await signIn(page, DEMO);
  // Straight on from the dashboard as it appears: the shell's own chunks were all loaded before it did, so
  // none is cut short (the dashboard remote's own loads may be: the user left it).
  const leaving = watchConsole(page);
  await page.goto(`/shipments/${shipments[0].id}`);
  await expect(page.getByTestId('route-map')).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(leaving.filter((p) => p.includes(`//localhost:${PORTAL_PORT}/`))).toEqual([]);

  const problems = watchConsole(page);
  for (const shipment of shipments.slice(0, 3)) {
    await page.goto(`/shipments/${shipment.id}`);
    await expect(page.getByTestId('route-map')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('route-map')).toHaveAttribute('data-drawn-markers', /\d+/);
    await page.waitForLoadState('networkidle');
    // every flag image loaded (a remote's image assets are allowed by the portal's CSP)
    const flags = page.getByTestId('flag');
    await expect(flags.first()).toBeVisible();
    for (const flag of await flags.all()) {
      expect(await flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  }
  // and through the list (client-side navigation), as a user gets there, at 620 px too
  for (const width of [1366, 620]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/shipments');
    await page.getByTestId('shipment-row-link').first().click();
    await expect(page.getByTestId('route-map')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

test('the detail at 1366 px: the whole journey without sideways scrolling, the timeline newest first', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO);
  const shipments = await listShipments(request, token);
  // the shipment with the most transshipment ports
  const ports = (s: { tsp1_loc: unknown }) =>
    ['tsp1_loc', 'tsp2_loc', 'tsp3_loc', 'tsp4_loc'].filter((k) => (s as Record<string, unknown>)[k]).length;
  const shipment = [...shipments].sort((a, b) => ports(b) - ports(a))[0];
  await signIn(page, DEMO);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/shipments/${shipment.id}`);
  const calendar = page.getByTestId('calendar-actual').locator('ol');
  await expect(calendar).toBeVisible({ timeout: 30_000 });
  const fits = await calendar.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  await page.getByTestId('toggle-planned').click();
  const planned = page.getByTestId('calendar-planned').locator('ol');
  expect(await planned.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-order', 'newest');
  const times = async () =>
    (await timeline.locator('.shp-timeline__when').allTextContents()).map((t) => t.trim());
  const newest = await times();
  expect(newest).toEqual([...newest].sort().reverse());
  await page.getByTestId('timeline-order').click();
  await expect(timeline).toHaveAttribute('data-order', 'oldest');
  expect(await times()).toEqual([...newest].reverse());
});
