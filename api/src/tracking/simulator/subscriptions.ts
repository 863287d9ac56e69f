// The carrier network simulator's push side: event subscriptions (POST/DELETE
// /carriers/{SCAC}/v2|v3/event-subscriptions, the v3 one in v2.2's shape since the standard leaves
// it out) and their delivery, which posts the events shown since the last delivery, signed with the
// subscription's secret, losing or holding back some as the carrier's push faults say.
import { createHmac, randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import schema from '../dcsa/tnt-v2.2-events.schema.json';
import type { CodeType } from '../dcsa/types';
import { DCSA_V3_API_VERSION } from '../dcsa/v3';
import { draw, v3BodyOf, type FeedItem } from './faults';
import { SIMULATOR_API_VERSION, sendError } from './http';
import type { SimulatorStore } from './store';
import type { DeliveryResult, Subscription } from './types';

/** HMAC-SHA256 of the exact body with the base64-decoded secret: `sha256=<hex>`. */
export function notificationSignature(secretBase64: string, body: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body, 'utf8').digest('hex')}`;
}

export function registerSubscriptionRoutes(app: FastifyInstance, store: SimulatorStore): void {
  const { clock, subs } = store;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(schema);
  const validateSubscription = ajv.getSchema(`${schema.$id}#/definitions/subscriptionBodyWithSecret`)!;

  const subscribeRoute =
    (version: Subscription['version']) => async (req: FastifyRequest, reply: FastifyReply) => {
      const { scac } = req.params as { scac: string };
      if (!validateSubscription(req.body)) {
        return sendError(clock, reply, 400, ajv.errorsText(validateSubscription.errors));
      }
      const body = req.body as Subscription['filter'] & {
        callbackUrl: string;
        secret: string;
        eventType?: string[];
      };
      const sub: Subscription = {
        subscriptionID: randomUUID(),
        scac,
        version,
        callbackUrl: body.callbackUrl,
        secret: body.secret,
        filter: {
          eventType: body.eventType,
          equipmentReference: body.equipmentReference,
          carrierBookingReference: body.carrierBookingReference,
          transportDocumentReference: body.transportDocumentReference,
        },
        deliveredUntil: clock.now(),
        held: [],
      };
      subs.set(sub.subscriptionID, sub);
      const { secret: _secret, deliveredUntil: _d, scac: _s, version: _v, held: _h, filter, ...rest } = sub;
      return reply
        .code(201)
        .send({ ...rest, ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) });
    };
  app.post('/carriers/:scac/v2/event-subscriptions', subscribeRoute('2.2'));
  app.post('/carriers/:scac/v3/event-subscriptions', subscribeRoute('3.0'));

  const unsubscribeRoute =
    (version: Subscription['version']) => async (req: FastifyRequest, reply: FastifyReply) => {
      const { scac, id } = req.params as { scac: string; id: string };
      const sub = subs.get(id);
      if (!sub || sub.scac !== scac || sub.version !== version)
        return sendError(clock, reply, 404, 'Subscription not found');
      subs.delete(id);
      return reply.code(204).send();
    };
  app.delete('/carriers/:scac/v2/event-subscriptions/:id', unsubscribeRoute('2.2'));
  app.delete('/carriers/:scac/v3/event-subscriptions/:id', unsubscribeRoute('3.0'));
}

/** The reference a subscription filters on, or null when it names none. */
function subscribedReference(f: Subscription['filter']): [CodeType, string] | null {
  return f.equipmentReference
    ? ['c_id', f.equipmentReference]
    : f.carrierBookingReference
      ? ['b_id', f.carrierBookingReference]
      : f.transportDocumentReference
        ? ['m_bl', f.transportDocumentReference]
        : null;
}

/**
 * What a subscription is due at `now`: the items shown since its last delivery, split by the push
 * faults into those sent now and those held back for a later delivery (the lost ones are dropped).
 * Null when its reference is unknown.
 */
function dueItems(
  store: SimulatorStore,
  sub: Subscription,
  now: number,
): { sent: FeedItem[]; held: FeedItem[] } | null {
  const f = sub.filter;
  const ref = subscribedReference(f);
  const journey = ref && store.journeyFor(sub.scac, ref[0], ref[1]);
  if (!journey || !ref) return null;
  const container = ref[0] === 'c_id' ? ref[1] : null;
  const types = f.eventType ?? null;
  const shown = store.released(sub.scac, journey, ref[0], container, types, now);
  const retractedNow = new Set(shown.filter((e) => e.retraction).map((e) => e.event.eventID));
  const due = store.feedOf(sub.scac, journey).filter(
    (e) =>
      e.visibleAt > sub.deliveredUntil &&
      e.visibleAt <= now &&
      (container === null || e.equipmentReference === null || e.equipmentReference === container) &&
      (types === null || types.includes(e.event.eventType)) &&
      (!e.foreign || ref[0] !== 'c_id') &&
      // v2.2 has no retraction: a retracted event is not pushed (nor its retraction).
      (sub.version === '3.0' || (!e.retraction && !retractedNow.has(e.event.eventID))),
  );
  // Push faults: some events are lost, some held back for a later delivery (out of order).
  const carrierFaults = store.faultsOf(sub.scac);
  const sent: FeedItem[] = [];
  const held: FeedItem[] = [];
  // Drawn per subscribed reference and event, so a run is repeatable.
  const drawn = `${sub.scac}|${JSON.stringify(f)}`;
  for (const e of due) {
    if (draw(`${drawn}|lost|${e.key}`) < (carrierFaults.pushLoss ?? 0)) continue;
    if (draw(`${drawn}|held|${e.key}`) < (carrierFaults.pushOutOfOrder ?? 0)) held.push(e);
    else sent.push(e);
  }
  return { sent, held };
}

/** Posts a subscription's events to its callback, signed; the HTTP status, or 'error' when unreachable. */
async function push(sub: Subscription, events: Array<Record<string, unknown>>): Promise<number | 'error'> {
  const body = JSON.stringify(sub.version === '3.0' ? { events } : events);
  try {
    const res = await fetch(
      sub.version === '3.0' ? `${sub.callbackUrl.replace(/\/+$/, '')}/events` : sub.callbackUrl,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'Notification-Signature': notificationSignature(sub.secret, body),
          'Subscription-ID': sub.subscriptionID,
          'API-Version': sub.version === '3.0' ? DCSA_V3_API_VERSION : SIMULATOR_API_VERSION,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      },
    );
    return res.status;
  } catch {
    return 'error';
  }
}

/** Pushes the events released since the last delivery to every subscriber; returns the HTTP statuses. */
export async function deliver(store: SimulatorStore): Promise<DeliveryResult[]> {
  const results: DeliveryResult[] = [];
  const now = store.clock.now();
  for (const sub of store.subs.values()) {
    const due = dueItems(store, sub, now);
    if (!due) continue;
    const items = [...due.sent, ...sub.held];
    const fresh = items.map((e) =>
      sub.version === '3.0' ? v3BodyOf(e) : (e.event as unknown as Record<string, unknown>),
    );
    if (!fresh.length) {
      sub.deliveredUntil = now;
      sub.held = due.held;
      continue;
    }
    const status = await push(sub, fresh);
    if (status !== 'error' && status >= 200 && status < 300) {
      sub.deliveredUntil = now;
      sub.held = due.held;
    }
    results.push({ subscriptionID: sub.subscriptionID, status, count: fresh.length });
  }
  return results;
}
