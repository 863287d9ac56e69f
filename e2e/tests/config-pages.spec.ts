// The config pages as users use them: /user-config moves the dashboard counts, its read-only
// fields, the guards of the three pages, a manager's team, a non-manager writer's access, and a project
// with a subscriber that filters the lists.
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, VIEWER } from '../support/portal';
import { API_PORT } from '../support/ports';
import { sel } from '../support/selectors';
import { apiToken, Dashboard, signIn } from '../support/shipments';

test.describe.configure({ timeout: 400_000 });

// A user of Demo Logistics with write permission and no manager flag, made for this spec (its thresholds are
// its own, so no other spec's counts move). Its password is admin's ('admin'): the hash is copied.
const WRITER = { username: 'cfg_writer', password: 'admin' };

function sqlOnPortal(statement: string): string {
  return execFileSync(
    'psql',
    ['-h', '127.0.0.1', '-p', String(API_PORT + 1), '-U', 'postgres', '-d', 'portal', '-Atc', statement],
    { env: { ...process.env, PGPASSWORD: 'postgres' }, encoding: 'utf8' },
  ).trim();
}

test.beforeAll(() => {
  sqlOnPortal(`
    INSERT INTO users (username, password, email, first_name, last_name)
      SELECT 'cfg_writer', password, 'cfg.writer@demo-logistics.example', 'Wendy', 'Writer' FROM users
      WHERE username = 'admin' ON CONFLICT (username) DO NOTHING;
    INSERT INTO user_profiles (id, company_id, role_id, is_manager)
      SELECT u.id, p.company_id, 1, false FROM users u, user_profiles p JOIN users a ON a.id = p.id
      WHERE u.username = 'cfg_writer' AND a.username = 'admin' ON CONFLICT (id) DO NOTHING;`);
});

const api = (request: APIRequestContext, token: string) => ({
  get: async (path: string) => {
    const answer = await request.get(`http://localhost:${API_PORT}/api/${path}`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(answer.ok()).toBe(true);
    return answer.json();
  },
  patch: async (path: string, data: unknown) => {
    const answer = await request.patch(`http://localhost:${API_PORT}/api/${path}`, {
      headers: { Authorization: `Token ${token}` },
      data,
    });
    expect(answer.ok()).toBe(true);
    return answer.json();
  },
});

const saved = (page: Page) =>
  expect(
    page
      .getByTestId(sel.notification)
      .filter({ hasText: /Guardado correctamente|Sucessfully saved/ })
      .first(),
  ).toBeVisible();

/** Clicks Save on /user-config and waits for the profile PATCH to answer 200. */
async function saveAlerts(page: Page) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/user-profiles/') && r.request().method() === 'PATCH', {
      timeout: 30_000,
    }),
    page.getByTestId('cfg-save-alerts').click(),
  ]);
  expect(answer.status()).toBe(200);
}

test('days of delay and a max-days threshold on /user-config move the dashboard counts', async ({
  page,
  request,
}) => {
  await signIn(page, WRITER);
  const dashboard = new Dashboard(page);
  const token = await apiToken(request, WRITER);
  const call = api(request, token);
  // Wait until the engine has made shipments.
  await expect.poll(async () => (await call.get('shipments/')).count, { timeout: 90_000 }).toBeGreaterThan(0);

  // A max-days threshold some shipment is over: the largest known stay at POL by the latest plan (or, failing
  // that, in POD) minus one.
  const rows: Record<string, number | undefined>[] = (await call.get('shipments/?page_size=30')).results;
  const candidates = ['days_in_pol_planned_last', 'days_in_pod_planned_last', 'days_in_pol_planned_initial'];
  const pick = candidates
    .map((column) => ({ column, max: Math.max(0, ...rows.map((r) => Number(r[column] ?? 0))) }))
    .find((c) => c.max > 1);
  test.skip(!pick, 'no shipment with a stay longer than one day yet');

  await page.goto('/user-config');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración personal' })).toBeVisible();
  // username and e-mail cannot be edited
  await expect(page.getByTestId('cfg-username')).toHaveValue('cfg_writer');
  await expect(page.getByTestId('cfg-username')).not.toBeEditable();
  await expect(page.getByTestId('cfg-email')).not.toBeEditable();

  // Everything late becomes on track with 400 days either way.
  await page.goto('/dashboard');
  const before = { ontrack: await dashboard.count('ontrack'), delayed: await dashboard.count('delayed') };
  await page.goto('/user-config');
  await page.getByTestId('cfg-portal-days_of_delay').fill('400');
  await page.getByTestId('cfg-portal-days_in_advance').fill('400');
  await page.getByTestId('cfg-portal-days_in_advance').blur();
  // shown negative, as stored
  await expect(page.getByTestId('cfg-portal-days_in_advance')).toHaveValue('-400');
  // a threshold below 1 is refused where it is typed and holds Save
  await page.getByTestId('cfg-portal-max_days_in_tsp').fill('0');
  await expect(page.getByTestId('cfg-save-alerts')).toBeDisabled();
  await page.getByTestId('cfg-portal-max_days_in_tsp').fill('');
  await saveAlerts(page);
  expect((await call.get('rest-auth/user/')).userprofile).toMatchObject({
    days_of_delay: 400,
    days_in_advance: -400,
    max_days_in_tsp: null,
  });
  await page.goto('/dashboard');
  await expect.poll(() => dashboard.count('delayed')).toBe(0);
  if (before.delayed > 0) await expect.poll(() => dashboard.count('ontrack')).toBeGreaterThan(before.ontrack);
  const alertedBefore = await dashboard.count('alerted');

  // The max-days threshold puts the shipments over it under 'attention required'.
  const threshold = `max_days_${pick!.column.slice('days_'.length)}`;
  await page.goto('/user-config');
  await page.getByTestId(`cfg-portal-${threshold}`).fill(String(Math.max(1, Math.floor(pick!.max) - 1)));
  await saveAlerts(page);
  await page.goto('/dashboard');
  await expect.poll(() => dashboard.count('alerted'), { timeout: 30_000 }).toBeGreaterThan(alertedBefore);
  const raised = await dashboard.count('alerted');

  // Emptied, it is sent as null and the count goes back.
  await page.goto('/user-config');
  await page.getByTestId(`cfg-portal-${threshold}`).fill('');
  await saveAlerts(page);
  expect((await call.get('rest-auth/user/')).userprofile[threshold]).toBeNull();
  await page.goto('/dashboard');
  await expect.poll(() => dashboard.count('alerted'), { timeout: 30_000 }).toBeLessThan(raised);
});

test('the e-mail report settings: addresses as tags, "same as the portal", server errors under the field', async ({
  page,
  request,
}) => {
  await signIn(page, WRITER);
  await page.goto('/user-config');
  await page.getByTestId('cfg-portal-max_days_eta_pod_discrepancy').fill('3');
  await page.getByTestId('cfg-same-as-portal').click();
  await expect(page.getByTestId('cfg-email-max_days_eta_pod_discrepancy')).toHaveValue('3');
  await expect(page.getByTestId('cfg-same-state')).toHaveText(
    'El informe usa los mismos ajustes que el portal.',
  );
  await page.locator('#cfg-report-emails').fill('ops@example.com not-an-address ');
  await page.getByTestId('cfg-save-alerts').click();
  // the server checks the e-mail format: the message lands under the addresses, nothing is saved
  // in the user's language (Spanish here), from the server
  await expect(
    page.getByText('Introduzca una dirección de correo electrónico válida.').first(),
  ).toBeVisible();
  const call = api(request, await apiToken(request, WRITER));
  expect((await call.get('rest-auth/user/')).userprofile.report_emails).toEqual([]);
  await page.getByRole('button', { name: /not-an-address/ }).click();
  await page.getByTestId('cfg-save-alerts').click();
  await saved(page);
  expect((await call.get('rest-auth/user/')).userprofile).toMatchObject({
    report_emails: ['ops@example.com'],
    max_days_eta_pod_discrepancy: 3,
    email_report_max_days_eta_pod_discrepancy: 3,
  });
});

test('the limited user is sent to the dashboard from the three config pages', async ({ page }) => {
  await signIn(page, VIEWER);
  for (const path of ['/user-config', '/teams-config', '/projects-config']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('a non-manager with write permission reaches /projects-config but not /teams-config', async ({
  page,
}) => {
  await signIn(page, WRITER);
  await page.getByTestId(sel.userMenu.trigger).click();
  await expect(page.getByTestId(sel.userMenu.editProjects)).toBeVisible();
  await expect(page.getByTestId(sel.userMenu.editTeams)).toHaveCount(0);
  await page.getByTestId(sel.userMenu.editProjects).click();
  await expect(page).toHaveURL(/\/projects-config$/);
  await expect(page.getByTestId('page-projects-config-page')).toBeVisible();
  await page.goto('/teams-config');
  await expect(page).toHaveURL(/\/dashboard$/);
});

async function pick(page: Page, testId: string, username: string) {
  const input = page.getByTestId(testId);
  await input.fill(username);
  await input
    .locator('xpath=..')
    .getByRole('option')
    .filter({ hasText: `(${username})` })
    .getByRole('button')
    .click();
}

test('a manager creates a team with a coordinator and two members, and deletes it', async ({ page }) => {
  await signIn(page, DEMO);
  await page.getByTestId(sel.userMenu.trigger).click();
  await page.getByTestId(sel.userMenu.editTeams).click();
  await expect(page).toHaveURL(/\/teams-config$/);
  await expect(page.getByTestId('cfg-team-meaning')).toBeVisible();
  const name = `Importaciones ${Date.now()}`;
  await page.getByTestId('cfg-new-name').fill(name);
  await page.getByTestId('cfg-create').click();
  const card = page.locator(`li[data-name="${name}"]`);
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('data-testid'))!;
  await pick(page, `${id}-coordinators-add`, 'demo');
  await expect(card.getByTestId(`${id}-coordinators`).locator('[data-user="demo"]')).toBeVisible();
  await pick(page, `${id}-members-add`, 'viewer');
  await expect(card.getByTestId(`${id}-members`).locator('[data-user="viewer"]')).toBeVisible();
  await pick(page, `${id}-members-add`, 'admin');
  await expect(card.getByTestId(`${id}-members`).locator('.cfg-person')).toHaveCount(2);
  // the picker offers only Demo Logistics' users
  await page.getByTestId(`${id}-members-add`).fill('other');
  await expect(page.getByRole('option').filter({ hasText: '(other)' })).toHaveCount(0);
  // kept after a reload
  await page.reload();
  await expect(card.getByTestId(`${id}-members`).locator('.cfg-person')).toHaveCount(2);
  await expect(card.getByTestId(`${id}-coordinators`).locator('.cfg-person')).toHaveCount(1);
  // delete, with confirmation
  await page.getByTestId(`${id}-delete`).click();
  const [gone] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/teams/') && r.request().method() === 'DELETE'),
    page.getByTestId(`${id}-confirm-delete`).click(),
  ]);
  expect(gone.status()).toBe(204);
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('page-teams-config-page')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a project with a subscriber filters the lists', async ({ page, request }) => {
  await signIn(page, DEMO);
  const call = api(request, await apiToken(request, DEMO));
  await expect
    .poll(async () => (await call.get('tracking-requests/')).count, { timeout: 60_000 })
    .toBeGreaterThan(0);
  await page.goto('/projects-config');
  const name = `Proyecto ${Date.now()}`;
  await page.getByTestId('cfg-new-name').fill(name);
  await page.getByTestId('cfg-create').click();
  const card = page.locator(`li[data-name="${name}"]`);
  const id = (await card.getAttribute('data-testid'))!;
  const projectId = Number(id.replace('cfg-group-', ''));
  await pick(page, `${id}-subscribers-add`, 'viewer');
  await expect(card.getByTestId(`${id}-subscribers`).locator('[data-user="viewer"]')).toBeVisible();
  await expect(card.getByTestId(`${id}-usage-text`)).toHaveText('0 solicitudes de seguimiento · 0 envíos');

  // One tracking request goes into the project (as the tracking list's inline project editor does).
  const request0 = (await call.get('tracking-requests/')).results[0] as {
    id: number;
    shipments_count: number;
  };
  await call.patch(`tracking-requests/${request0.id}/`, { project_id: projectId });
  await page.reload();
  await expect(card.getByTestId(`${id}-usage-text`)).toHaveText(
    `1 solicitud de seguimiento · ${request0.shipments_count} ${request0.shipments_count === 1 ? 'envío' : 'envíos'}`,
  );
  const filtered = await call.get(`tracking-requests/?project_id=${projectId}`);
  expect(filtered.results.map((r: { id: number }) => r.id)).toEqual([request0.id]);
  const shipments = await call.get(`shipments/?project=${projectId}`);
  expect(shipments.count).toBe(request0.shipments_count);
  // the subscriber is saved on the project
  const project = await call.get(`projects/${projectId}/`);
  expect(project.subscribers.map((u: { username: string }) => u.username)).toEqual(['viewer']);

  // Deleting the project leaves the request without one.
  await page.getByTestId(`${id}-delete`).click();
  await page.getByTestId(`${id}-confirm-delete`).click();
  await expect(card).toHaveCount(0);
  expect((await call.get(`tracking-requests/${request0.id}/`)).project_id).toBeNull();
});
