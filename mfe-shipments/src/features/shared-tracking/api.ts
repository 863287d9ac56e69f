// The calls of the tracking links: a shipment's links under the user's session, and the public view a customer
// opens, which is fetched without the session (the link's token is its only credential, and a signed-in
// forwarder opening the link sees exactly what the customer sees).
import { getApiConfig, type ApiAnswer } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

export type ShareLink = ApiAnswer<'/api/shipments/{id}/share-links/'>[number];
export type CreatedShareLink = ApiAnswer<'/api/shipments/{id}/share-links/', 'post'>;
export type PublicTracking = ApiAnswer<'/api/public/tracking/{token}/'>;

/** The expiries offered (days); the API takes 1 to 365. */
export const EXPIRY_CHOICES = [7, 30, 90, 365] as const;
export const DEFAULT_EXPIRY = 30;

export const shareLinksApi = {
  list: (shipment: number, signal?: AbortSignal): Promise<ShareLink[]> =>
    client.get('/api/shipments/{id}/share-links/', { params: { id: shipment }, signal }),
  create: (shipment: number, days: number): Promise<CreatedShareLink> =>
    client.post('/api/shipments/{id}/share-links/', {
      params: { id: shipment },
      json: { expires_in_days: days },
    }),
  revoke: (id: number) => client.delete('/api/share-links/{id}/', { params: { id } }),
};

/** The outcome of opening a link: its view, or gone (unknown, expired or revoked: the API does not say which). */
export type PublicResult = { kind: 'ok'; view: PublicTracking } | { kind: 'gone' };

/** GET public/tracking/<token>/ in `lang`, without the session's token. Other failures throw. */
export async function fetchPublicTracking(
  token: string,
  lang: string,
  signal?: AbortSignal,
): Promise<PublicResult> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return { kind: 'gone' };
  const base = getApiConfig().baseUrl.replace(/\/?$/, '/');
  const res = await fetch(`${base}public/tracking/${token}/?lang=${encodeURIComponent(lang)}`, {
    headers: { Accept: 'application/json', 'Accept-Language': lang },
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    signal,
  });
  if (res.status === 404) return { kind: 'gone' };
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return { kind: 'ok', view: (await res.json()) as PublicTracking };
}
