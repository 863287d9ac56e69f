// DCSA push subscriptions of tracking requests: created after the first successful poll when the
// engine knows its public callback base URL, cancelled (DELETE) when tracking stops. Polling stays
// the reliable path; pushed events only make updates arrive sooner. The callback URL depends on the
// carrier's version: v2.2 POSTs a signed list of events to /api/dcsa/callback/{id}/; v3.0 calls
// the consumer endpoint of the standard, POST {callbackUrl}/events, i.e.
// /api/dcsa/callback/{id}/v3/events.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { CodeType } from '../dcsa/types';
import { connectorFor, type CarrierEndpoint } from './endpoint';

export type { CarrierEndpoint };

// The HTTP calls to the carrier (POST/DELETE of the subscription) are the connector's
// (dcsa/connector.ts, chosen by the carrier's version in endpoint.ts); this module keeps our side.

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
  const callbackUrl =
    `${callbackBaseUrl.replace(/\/+$/, '')}/api/dcsa/callback/${id}` +
    (endpoint.version === '3.0' ? '/v3' : '/');
  const answer = await connectorFor(endpoint, timeoutMs).subscribe({
    codeType: request.codeType,
    reference: request.reference,
    callbackUrl,
    secret,
  });
  if (answer.refused) return null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('dcsa_subscriptions')
      .values({
        id,
        carrier_id: endpoint.carrierId,
        tracking_request_id: request.id,
        carrier_subscription_id: answer.carrierSubscriptionId,
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

/** Our subscription `id` (a UUID; anything else finds none), for a push callback. */
export async function findSubscription(db: Kysely<Database>, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return db.selectFrom('dcsa_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
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
      await connectorFor(endpoint, timeoutMs).unsubscribe(sub.carrier_subscription_id);
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
