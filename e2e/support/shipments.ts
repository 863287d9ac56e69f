// Page objects of the shipments area (dashboard, list, detail) and the data-testids they use.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_PORT } from './ports';
import { sel } from './selectors';

export const shp = {
  dashboardSettings: (kind: 'delayed' | 'alerted') => `dashboard-settings-${kind}`,
  daysOfDelay: 'days-of-delay',
  daysInAdvance: 'days-in-advance',
  attentionCodes: 'attention-codes',
  settingsSave: 'dashboard-settings-save',
  openList: 'dashboard-open-list',
  tabCount: 'tab-count',
  filters: 'shipment-filters',
  search: 'filter-search',
  pol: 'filter-pol',
  pod: 'filter-pod',
  moreToggle: 'more-filters-toggle',
  reset: 'reset-filters',
  configureColumns: 'configure-columns',
  count: 'shipment-count',
  rowLink: 'shipment-row-link',
  lastAlert: 'last-alert-button',
  alertsTable: 'alert-events-table',
  alertHidden: 'alert-hidden-checkbox',
  customFormButton: 'custom-form-button',
  customFormSave: 'custom-form-save',
  card: 'shipment-card',
  summary: 'summary-bar',
  summaryPort: 'summary-port',
  summaryArrival: 'summary-arrival',
  summaryCoordinates: 'summary-coordinates',
  togglePlanned: 'toggle-planned',
  calendar: (mode: 'planned' | 'actual') => `calendar-${mode}`,
  calendarStep: 'calendar-step',
  progress: 'calendar-progress',
  timeline: 'timeline',
  timelineEvent: 'timeline-event',
  history: 'change-history',
  mapSlot: 'route-map-slot',
  routeMap: 'route-map',
  widgetFallback: 'remote-widget-fallback',
  widgetRetry: 'remote-widget-retry',
  back: 'detail-back',
} as const;

/**
 * Signs in from the login page and waits for the dashboard. The first sign-in after the API starts can take a
 * while on a busy machine (the engine is polling its first requests), hence the longer wait.
 */
export async function signIn(page: Page, user: { username: string; password: string }, base = '') {
  await page.goto(`${base}/login`);
  await page.getByTestId(sel.login.username).fill(user.username);
  await page.getByTestId(sel.login.password).fill(user.password);
  await page.getByTestId(sel.login.submit).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/** Reads the number shown in an element (e.g. '42 envíos' → 42). */
export async function numberIn(locator: Locator): Promise<number> {
  // While a new answer loads the element is blank (a space): wait for the number instead of reading the gap.
  await expect(locator).toHaveText(/-?\d+/);
  const text = (await locator.textContent()) ?? '';
  const match = /-?\d+/.exec(text);
  if (!match) throw new Error(`No number in "${text}"`);
  return Number(match[0]);
}

export class Dashboard {
  constructor(readonly page: Page) {}

  tab(key: 'lastWeek' | 'ontrack' | 'delayed' | 'alerted'): Locator {
    return this.page.locator(`[data-tab-key="${key}"]`);
  }

  async count(key: 'lastWeek' | 'ontrack' | 'delayed' | 'alerted'): Promise<number> {
    const badge = this.tab(key).getByTestId(shp.tabCount);
    await expect(badge).toBeVisible();
    return numberIn(badge);
  }

  async openSettings(kind: 'delayed' | 'alerted') {
    await this.tab(kind).click();
    await this.page.getByTestId(shp.dashboardSettings(kind)).click();
  }
}

export class ShipmentList {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/shipments${query}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  /** The count line once loaded. */
  async count(): Promise<number> {
    const count = this.page.getByTestId(shp.count);
    await expect(count).toHaveText(/\d/);
    return numberIn(count);
  }

  header(name: string | RegExp): Locator {
    return this.page.getByRole('columnheader', { name });
  }

  pager(): Locator {
    return this.page.getByRole('navigation', { name: /Paginación|Pagination/ });
  }
}

/** A token for setting up data through the API, as the user would by other means. */
export async function apiToken(request: APIRequestContext, user: { username: string; password: string }) {
  const answer = await request.post(`http://localhost:${API_PORT}/api/token/`, { data: user });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** How many shipments the list shows with no filter, as the API counts them right now. */
export async function shipmentCount(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get(`http://localhost:${API_PORT}/api/shipments/`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { count: number }).count;
}

export interface ShipmentSummary {
  id: number;
  container_number: string;
  status_verbose: string;
  tsp1_loc: unknown;
  alert_codes?: number[];
}

/** The shipments of the user's company (first pages), through the API. */
export async function listShipments(
  request: APIRequestContext,
  token: string,
  query = '',
): Promise<ShipmentSummary[]> {
  const out: ShipmentSummary[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const answer = await request.get(`http://localhost:${API_PORT}/api/shipments/?page=${page}${query}`, {
      headers: { Authorization: `Token ${token}` },
    });
    if (!answer.ok()) break;
    const body = (await answer.json()) as { results: ShipmentSummary[]; next: string | null };
    out.push(...body.results);
    if (!body.next) break;
  }
  return out;
}

export async function alertEventCount(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<number> {
  const answer = await request.get(`http://localhost:${API_PORT}/api/shipments/${id}/alert_events/`, {
    headers: { Authorization: `Token ${token}` },
  });
  return ((await answer.json()) as unknown[]).length;
}
