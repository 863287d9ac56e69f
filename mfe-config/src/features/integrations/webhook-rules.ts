// The rules of the webhooks card that need no screen: the chosen event types, and the cached list of endpoints
// after a write (a secret never stays in the cache: it is shown once, by the endpoint that received it).
import type { WebhookEventType } from '@portal/shared-api/domain';
import type { WebhookEndpoint } from './api';

/** The event types after a checkbox changed: no type twice, the others' order kept. */
export const toggleEvent = (
  list: WebhookEventType[],
  type: WebhookEventType,
  on: boolean,
): WebhookEventType[] => (on ? [...new Set([...list, type])] : list.filter((x) => x !== type));

/** The list with a changed endpoint in its place, without its secret. */
export const replaceEndpoint = (list: WebhookEndpoint[], changed: WebhookEndpoint): WebhookEndpoint[] =>
  list.map((x) => (x.id === changed.id ? { ...changed, secret: undefined } : x));

/** An endpoint after its secret was rotated: the previous secret still signs until the answer's time. */
export function rotatedEndpoint(
  endpoint: WebhookEndpoint,
  previousSecretExpiresAt: WebhookEndpoint['previous_secret_expires_at'],
  now: Date,
): WebhookEndpoint {
  return {
    ...endpoint,
    secret: undefined,
    secret_rotated_at: now.toISOString(),
    previous_secret_expires_at: previousSecretExpiresAt,
  };
}
