// Page objects and API helpers for the tracking request specs: signing in over the API, creating requests,
// fresh valid container numbers, and the list / form / detail screens.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createSimulatorStore } from '../../api/src/tracking/simulator/store';
import { containerCheckDigit } from '../../shared-ui/src/lists/container-number';
import { API_PORT } from './ports';

export const API = `http://localhost:${API_PORT}/api/`;

/** A container number with a correct ISO 6346 check digit, different on every call. */
export function freshContainer(owner = 'MSCU'): string {
  const serial = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${owner}${serial}${containerCheckDigit(`${owner}${serial}`)}`;
}

const DAY = 86_400_000;

/**
 * A fresh container number whose journey in the API's carrier simulator already shows an event of the container
 * itself, for a spec that waits for the request's shipment. Until the container's first event names its booking,
 * the carrier's booking-level events (vessel calls, the booking confirmation) wait aside and no shipment appears
 * (tracking/engine/README.md), and the next poll is the regular one, 15 minutes later: about one random number in
 * sixteen is not under way yet, and one in fifty not even booked. The journeys are the simulator's own (same
 * seeds), on its epoch: 60 days (DEMO_EPOCH_DAYS_AGO) before the e2e API first started, minutes before this runs,
 * so the container's event is looked for a day back.
 */
export function freshContainerUnderWay(owner = 'MAEU', scac = 'MAEU'): string {
  const now = Date.now();
  const store = createSimulatorStore({ epoch: now - 60 * DAY });
  for (;;) {
    const container = freshContainer(owner);
    const journey = store.journeyFor(scac, 'c_id', container);
    const shown = journey ? store.released(scac, journey, 'c_id', container, null, now - DAY) : [];
    if (shown.some((item) => item.event.eventType === 'EQUIPMENT' && item.equipmentReference === container))
      return container;
  }
}

/** A booking / B/L reference nobody has used yet. */
export function freshReference(prefix = 'BK'): string {
  return `${prefix}${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 90 + 10)}`;
}

export async function apiToken(request: APIRequestContext, user: { username: string; password: string }) {
  const answer = await request.post(`${API}token/`, { data: user });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { token: string }).token;
}

export interface CarrierInfo {
  id: number;
  official_name: string;
  scac: string;
}

export async function apiCarriers(request: APIRequestContext, token: string): Promise<CarrierInfo[]> {
  const answer = await request.get(`${API}carriers/`, { headers: { Authorization: `Token ${token}` } });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { results: CarrierInfo[] }).results;
}

export interface RequestInfo {
  id: number;
  status: string;
  code_value: string;
  archivable: boolean;
  cancellable: boolean;
  shipments_count: number;
}

export async function apiListRequests(
  request: APIRequestContext,
  token: string,
  params: Record<string, string> = {},
): Promise<{ count: number; results: RequestInfo[] }> {
  const answer = await request.get(`${API}tracking-requests/`, {
    headers: { Authorization: `Token ${token}` },
    params,
  });
  expect(answer.ok()).toBeTruthy();
  return (await answer.json()) as { count: number; results: RequestInfo[] };
}

export async function apiCreateRequest(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<RequestInfo> {
  const answer = await request.post(`${API}tracking-requests/`, {
    headers: { Authorization: `Token ${token}` },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as RequestInfo;
}

export class TrackingPages {
  constructor(readonly page: Page) {}

  async gotoList(query = '') {
    await this.page.goto(`/tracking-requests${query}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  table() {
    return this.page.getByRole('table');
  }

  /** The table row whose code cell shows `code`. */
  row(code: string) {
    return this.table().getByRole('row').filter({ hasText: code });
  }

  pagerStatus() {
    return this.page.getByRole('navigation', { name: /Pagination|Paginación/ }).first();
  }

  async gotoForm() {
    await this.page.goto('/add-tracking-request');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
    // the carriers are loaded before the form is used
    await expect(this.page.getByLabel(/^(Carrier|Naviera)/).locator('option')).not.toHaveCount(1);
  }

  notification(text: string | RegExp) {
    return this.page.getByTestId('notification').filter({ hasText: text });
  }
}
