// DCSA push subscriptions of tracking requests: created after the first successful poll when the
// engine knows its public callback base URL, cancelled (DELETE) when tracking stops. Polling stays
// the reliable path; pushed events only make updates arrive sooner.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DcsaCredentials } from '../../db/types';
import { DCSA_API_MAJOR } from '../dcsa/connector';
import { REFERENCE_PARAMETER, type CodeType } from '../dcsa/types';

export interface CarrierEndpoint {
  carrierId: number;
  baseUrl: string;
  credentials: DcsaCredentials | null;
}

function headers(credentials: DcsaCredentials | null, json = true): Record<string, string> {
  const h: Record<string, string> = { 'API-Version': DCSA_API_MAJOR };
  if (json) h['content-type'] = 'application/json';
  if (!credentials) return h;
  if (credentials.type === 'bearer') h.authorization = `Bearer ${credentials.token}`;
  else if (credentials.type === 'basic')
    h.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  else h[credentials.name] = credentials.value;
  return h;
}

/** Subscribes a tracking request (once); returns our subscription id, or null if the carrier refused. */
export async function subscribe(
  db: Kysely<Database>,
  endpoint: CarrierEndpoint,
  request: { id: number; codeType: CodeType; reference: string },
  callbackBaseUrl: string,
  timeoutMs = 10_000,
): Promise<string | null> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64');
  const callbackUrl = `${callbackBaseUrl.replace(/\/+$/, '')}/api/dcsa/callback/${id}/`;
  const res = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/v2/event-subscriptions`, {
    method: 'POST',
    headers: headers(endpoint.credentials),
    body: JSON.stringify({ callbackUrl, secret, [REFERENCE_PARAMETER[request.codeType]]: request.reference }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status !== 201 && res.status !== 200) return null;
  const body = (await res.json().catch(() => ({}))) as { subscriptionID?: string };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('dcsa_subscriptions')
      .values({
        id,
        carrier_id: endpoint.carrierId,
        tracking_request_id: request.id,
        carrier_subscription_id: body.subscriptionID ?? null,
        secret,
        callback_url: callbackUrl,
      })
      .execute();
    await trx
      .updateTable('tracking_requests')
      .set({ dcsa_subscription_id: id })
      .where('id', '=', request.id)
      .execute();
  });
  return id;
}

/**
 * Cancels every subscription of a tracking request at the carrier (DELETE; a 404 there counts as
 * done) and forgets it. Unreachable carriers are not retried: the subscription row goes anyway,
 * so pushed events for it are refused (404) from now on.
 */
export async function unsubscribeAll(
  db: Kysely<Database>,
  endpoint: CarrierEndpoint | null,
  trackingRequestId: number,
  timeoutMs = 10_000,
): Promise<number> {
  const subs = await db
    .selectFrom('dcsa_subscriptions')
    .select(['id', 'carrier_subscription_id'])
    .where('tracking_request_id', '=', trackingRequestId)
    .execute();
  for (const sub of subs) {
    if (endpoint && sub.carrier_subscription_id) {
      await fetch(
        `${endpoint.baseUrl.replace(/\/+$/, '')}/v2/event-subscriptions/${encodeURIComponent(sub.carrier_subscription_id)}`,
        {
          method: 'DELETE',
          headers: headers(endpoint.credentials, false),
          signal: AbortSignal.timeout(timeoutMs),
        },
      ).catch(() => undefined);
    }
    await db.deleteFrom('dcsa_subscriptions').where('id', '=', sub.id).execute();
  }
  await db
    .updateTable('tracking_requests')
    .set({ dcsa_subscription_id: null })
    .where('id', '=', trackingRequestId)
    .execute();
  return subs.length;
}
