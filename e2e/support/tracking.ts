// Page objects and API helpers for the tracking request specs: signing in over the API, creating requests,
// fresh valid container numbers, and the list / form / detail screens.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { containerCheckDigit } from '../../shared-ui/src/lists/container-number';
import { API_PORT } from './ports';

export const API = `http://localhost:${API_PORT}/api/`;

/** A container number with a correct ISO 6346 check digit, different on every call. */
export function freshContainer(owner = 'MSCU'): string {
  const serial = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${owner}${serial}${containerCheckDigit(`${owner}${serial}`)}`;
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
