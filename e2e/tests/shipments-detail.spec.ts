// The shipment detail against the real API and simulator: a shipment in transshipment shows its card, summary
// bar, calendars, timeline, change history and the route map from mfe_map; the page survives the map remote
// being down (fallback in place of the map only, with a Retry that loads it once it is back).
import { expect, test, type Page } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { DEAD_REMOTE_PORT, PORTAL_WITH_DEAD_MAP_PORT, REMOTES } from '../support/ports';
import { apiToken, listShipments, shp, signIn } from '../support/shipments';

async function transshipmentShipment(page: Page) {
  const token = await apiToken(page.request, DEMO);
  const shipments = await listShipments(page.request, token);
  const target = shipments.find((s) => s.status_verbose === 'in transshipment' && s.tsp1_loc);
  test.skip(!target, 'no shipment in transshipment in the demo data yet');
  return target!;
}

test.describe.configure({ timeout: 120_000 });

test('a shipment in transshipment: card, summary bar, calendars, timeline, history and route map', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const target = await transshipmentShipment(page);
  await signIn(page, DEMO);
  await page.goto(`/shipments?search=${target.container_number}`);
  await page.getByTestId(shp.rowLink).first().click();
  await expect(page).toHaveURL(new RegExp(`/shipments/${target.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Envío ${target.id}` })).toBeVisible();

  const card = page.getByTestId(shp.card);
  await expect(card).toContainText(target.container_number, { timeout: 30_000 });
  await expect(card).toContainText('En transbordo');
  await expect(card.getByRole('link', { name: /Solicitud \d+/ })).toHaveAttribute(
    'href',
    /\/tracking-requests\/\d+$/,
  );

  const summary = page.getByTestId(shp.summary);
  const ports = summary.getByTestId(shp.summaryPort);
  expect(await ports.count()).toBeGreaterThanOrEqual(3);
  await expect(ports.first()).toContainText('POL');
  await expect(ports.nth(1)).toContainText('TSP 1');
  await expect(ports.last()).toContainText('POD');
  await expect(summary.getByTestId(shp.summaryArrival)).toHaveText(/\d{4}-\d{2}-\d{2}/);
  await expect(summary.getByTestId(shp.summaryCoordinates)).toHaveAttribute('href', /zoom=5/);
  await expect(summary.locator('[data-testid="flag"]').first()).toHaveAttribute('src', /.+/);

  // the actual calendar: steps with real (black) dates, a progress bar; the planned one on demand
  const actual = page.getByTestId(shp.calendar('actual'));
  await expect(actual.locator('[data-step="tsp1"]')).toBeVisible();
  await expect(actual.locator('[data-step="pol"]')).toHaveAttribute('data-state', 'done');
  await expect(actual.locator('[data-real="true"]').first()).toBeVisible();
  await expect(actual.locator('[data-real="true"]').first()).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(actual.getByTestId(shp.progress)).toBeVisible();
  const progress = Number(await actual.getByTestId(shp.progress).getAttribute('aria-valuenow'));
  expect(progress).toBeGreaterThan(0);
  expect(progress).toBeLessThan(100);
  await expect(page.getByTestId(shp.calendar('planned'))).toHaveCount(0);
  await page.getByTestId(shp.togglePlanned).click();
  const planned = page.getByTestId(shp.calendar('planned'));
  await expect(planned.getByTestId(shp.calendarStep).first()).toBeVisible();
  await expect(planned.getByTestId(shp.progress)).toHaveCount(0);
  await expect(planned.locator('[data-real="true"]')).toHaveCount(0);
  await expect(page.getByTestId(shp.togglePlanned)).toHaveText('Ocultar planificado');
  await page.getByTestId(shp.togglePlanned).click();
  await expect(page.getByTestId(shp.calendar('planned'))).toHaveCount(0);

  // the timeline grouped by date and time, an icon per event; the change history
  const timeline = page.getByTestId(shp.timeline);
  await expect(timeline.getByTestId(shp.timelineEvent).first()).toBeVisible();
  await expect(timeline.locator('time').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(timeline.locator('[data-icon="vesselDeparture"]').first()).toBeVisible();
  await expect(page.getByTestId(shp.history).locator('tbody tr').first()).toBeVisible();

  // the route map from mfe_map: route, start and end markers, the vessel
  const map = page.getByTestId(shp.mapSlot).getByTestId(shp.routeMap);
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('canvas').first()).toBeVisible();
  await expect(map).toHaveAttribute('data-drawn-route', '1');
  await expect(map).toHaveAttribute('data-drawn-vessel', '1');
  expect(Number(await map.getAttribute('data-drawn-markers'))).toBeGreaterThanOrEqual(3);

  // English
  await new Portal(page).setLanguage('en');
  await expect(page.getByRole('heading', { level: 1, name: `Shipment ${target.id}` })).toBeVisible();
  await expect(card).toContainText('In transshipment');
  await expect(page.getByRole('heading', { name: 'Route map' })).toBeVisible();

  await page.getByTestId(shp.back).click();
  await expect(page).toHaveURL(/\/shipments\?search=/);
  expect(errors).toEqual([]);
});

test('the detail survives the map remote being down: fallback in place of the map only', async ({ page }) => {
  const target = await transshipmentShipment(page);
  const base = `http://localhost:${PORTAL_WITH_DEAD_MAP_PORT}`;
  // this shell's mfe_map points at a port where nothing listens; block it too in case a test started a server there
  await page.route(new RegExp(`localhost:${DEAD_REMOTE_PORT}/`), (route) => route.abort());
  await signIn(page, DEMO, base);
  await page.goto(`${base}/shipments/${target.id}`);
  const fallback = page.getByTestId(shp.mapSlot).getByTestId(shp.widgetFallback);
  await expect(fallback).toBeVisible({ timeout: 20_000 });
  await expect(fallback).toContainText('Mapa de la ruta');
  await expect(page.getByTestId(shp.card)).toContainText(target.container_number, { timeout: 30_000 });
  await expect(page.getByTestId(shp.calendar('actual'))).toBeVisible();
  await expect(page.getByTestId(shp.timeline)).toBeVisible();
});

test('the route map comes back with Retry once its remote answers again', async ({ page }) => {
  const target = await transshipmentShipment(page);
  const map = REMOTES.find((r) => r.name === 'mfe_map');
  const blocked = new RegExp(`localhost:${map?.port}/`);
  await page.route(blocked, (route) => route.abort());
  await signIn(page, DEMO);
  await page.goto(`/shipments/${target.id}`);
  const slot = page.getByTestId(shp.mapSlot);
  await expect(slot.getByTestId(shp.widgetFallback)).toBeVisible({ timeout: 20_000 });
  await page.unroute(blocked);
  await slot.getByTestId(shp.widgetRetry).click();
  await expect(slot.getByTestId(shp.routeMap)).toBeVisible({ timeout: 20_000 });
});
