// The carrier network simulator: a DCSA Track & Trace server playing many carriers, each under
// /carriers/{SCAC}/v2/... (v2.2: events, subscriptions, signed pushes) and /carriers/{SCAC}/v3/events
// (v3.0: the same journeys' events in the v3 shape, `eventUpdatedDateTimeMin`, `Next-Page-Cursor`
// paging, retractions; push to the v3 consumer endpoint `POST {callbackUrl}/events` after a
// registration at /carriers/{SCAC}/v3/event-subscriptions, which the standard leaves out and the
// portal asks in v2.2's shape; no faults there yet). Which one a carrier is polled on is the carrier's
// `dcsa_api_version`. Build it in-process (`createSimulator().app.inject` or
// `listen`) or run it on its own port (simulator/main.ts). Time is an injectable clock: events
// appear when their eventCreatedDateTime has passed.
import { createHmac, randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { isValidContainerNumber } from '../containers';
import schema from '../dcsa/tnt-v2.2-events.schema.json';
import type { CodeType } from '../dcsa/types';
import { DCSA_V3_API_VERSION } from '../dcsa/v3';
import { carrierFeed, currentView, draw, v3BodyOf, type CarrierFaults, type FeedItem } from './faults';
import { generateJourney, type Journey } from './journey';

interface Clock {
  now(): number;
}

type FaultKind = 'timeout' | '5xx' | 'malformed' | 'wrong-schema' | 'duplicates' | 'out-of-order';
interface Fault {
  kind: FaultKind;
  /** Number of GET /v2/events answers affected (default: all until cleared). */
  times?: number;
}

export interface SimulatedCarrier {
  /** How an unknown reference is answered: `[]` (default) or 404. */
  unknownReference?: 'empty' | '404';
  /** When set, requests must carry `Authorization: Bearer <token>`. */
  bearerToken?: string;
  /** This carrier's data faults (faults.ts), in both versions; default the simulator's `faults`. */
  faults?: CarrierFaults;
  /**
   * The free days behind the last free days this carrier sends (journey-dwell.ts), null for none; absent = the
   * carrier's own (CARRIER_FREE_DAYS: MAEU and HLCU send them).
   */
  freeDays?: { demurrage: number; detention: number } | null;
}

export interface SimulatorOptions {
  clock?: Clock;
  /** Journeys start within 60 days after this instant (default 2025-01-01T00:00Z). */
  epoch?: number;
  carriers?: Record<string, SimulatedCarrier>;
  /** How long a `timeout` fault holds the answer (default 30 s). */
  timeoutFaultMs?: number;
  /** Rolled containers and vessel changes: drawn per reference ('random', the default) or never ('none'). */
  disruptions?: 'random' | 'none';
  /** Data faults of every carrier (faults.ts): lost and out-of-order pushes, late publication, ... */
  faults?: CarrierFaults;
}

interface Subscription {
  subscriptionID: string;
  scac: string;
  /** The DCSA version pushed: v2.2 lists to callbackUrl, v3.0 `{events}` to callbackUrl + /events. */
  version: '2.2' | '3.0';
  callbackUrl: string;
  secret: string;
  filter: {
    eventType?: string[];
    equipmentReference?: string;
    carrierBookingReference?: string;
    transportDocumentReference?: string;
  };
  /** Events shown up to this instant have been delivered. */
  deliveredUntil: number;
  /** Events held back (out of order) for the next delivery. */
  held: FeedItem[];
}

export interface Simulator {
  app: FastifyInstance;
  clock: Clock;
  /** The journey a reference belongs to (generated on first sight), or null for an unknown one. */
  journeyFor(scac: string, codeType: CodeType, reference: string): Journey | null;
  setFault(scac: string, fault: Fault | null): void;
  subscriptions(): Subscription[];
  /** Pushes the events released since the last delivery to every subscriber; returns the HTTP statuses. */
  deliver(): Promise<Array<{ subscriptionID: string; status: number | 'error'; count: number }>>;
  /**
   * The carrier retracts an event (v3.0 isRetracted) at `at` (default now): from then on v3 answers
   * and pushes carry the retraction in its place, v2.2 answers leave the event out.
   */
  retract(scac: string, eventID: string, at?: number): void;
  /** Sets (or clears, with null) a carrier's data faults. */
  setFaults(scac: string, faults: CarrierFaults | null): void;
  /** The carrier's feed of a journey (what it shows when, with its faults). */
  feedOf(scac: string, journey: Journey): FeedItem[];
}

const SIMULATOR_API_VERSION = '2.2.0';
const REFERENCE = /^[A-Z0-9]{6,20}$/;

/** Who the reference is known to: containers need a right check digit, documents 6-20 A-Z/0-9. */
function wellFormed(codeType: CodeType, reference: string): boolean {
  return codeType === 'c_id' ? isValidContainerNumber(reference) : REFERENCE.test(reference);
}

/** HMAC-SHA256 of the exact body with the base64-decoded secret: `sha256=<hex>`. */
export function notificationSignature(secretBase64: string, body: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body, 'utf8').digest('hex')}`;
}

function encodeCursor(offset: number, filterKey: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: filterKey })).toString('base64url');
}
function decodeCursor(cursor: string, filterKey: string): number | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o: unknown;
      f: unknown;
    };
    if (parsed.f !== filterKey || !Number.isInteger(parsed.o) || (parsed.o as number) < 0) return null;
    return parsed.o as number;
  } catch {
    return null;
  }
}

const OPERATORS = ['gte', 'gt', 'lte', 'lt', 'eq'] as const;

/**
 * The one reference (equipment, booking or transport document) and the page size of an events query, or the
 * 400 message. v3 also allows a document with an equipmentReference; the simulator serves one reference.
 */
function eventsQuery(
  q: Record<string, string | undefined>,
): { codeType: CodeType; reference: string; limit: number } | { error: string } {
  const refs: Array<[CodeType, string | undefined]> = [
    ['c_id', q.equipmentReference],
    ['b_id', q.carrierBookingReference],
    ['m_bl', q.transportDocumentReference],
  ];
  const given = refs.filter(([, v]) => v);
  if (given.length !== 1) {
    return { error: 'Give one of equipmentReference, carrierBookingReference, transportDocumentReference' };
  }
  const [codeType, reference] = given[0] as [CodeType, string];
  const limit = q.limit === undefined ? 100 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1) return { error: 'limit must be an integer >= 1' };
  return { codeType, reference, limit };
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = options.clock ?? { now: () => Date.now() };
  const epoch = options.epoch ?? Date.UTC(2025, 0, 1);
  const carriers = options.carriers ?? {};
  const faults = new Map<string, Fault>();
  const journeys = new Map<string, Journey>();
  const subs = new Map<string, Subscription>();
  const pending = new Set<NodeJS.Timeout>();
  /** `${scac}|${eventID}` → when the carrier retracted it (retract()). */
  const retracted = new Map<string, number>();
  const carrierFaults = new Map<string, CarrierFaults>();
  const faultsOf = (scac: string): CarrierFaults =>
    carrierFaults.get(scac) ?? carriers[scac]?.faults ?? options.faults ?? {};
  const feeds = new Map<string, FeedItem[]>();
  /** The carrier's feed of a journey, with the retractions asked by retract(). */
  const feedOf = (scac: string, journey: Journey): FeedItem[] => {
    const key = `${scac}|${journey.bookingReference}`;
    let feed = feeds.get(key);
    if (!feed) {
      feed = carrierFeed(journey, faultsOf(scac), `${scac}|${journey.bookingReference}`);
      feeds.set(key, feed);
    }
    const manual: FeedItem[] = [];
    for (const item of feed) {
      const at = item.retraction ? undefined : retracted.get(`${scac}|${item.event.eventID}`);
      if (at === undefined || manual.some((m) => m.event.eventID === item.event.eventID)) continue;
      manual.push({
        ...item,
        key: `${item.event.eventID}|manual`,
        visibleAt: at,
        updatedAt: at,
        retraction: true,
      });
    }
    return manual.length ? [...feed, ...manual].sort((a, b) => a.visibleAt - b.visibleAt) : feed;
  };
  const v3Body = v3BodyOf;

  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(schema);
  const validateSubscription = ajv.getSchema(`${schema.$id}#/definitions/subscriptionBodyWithSecret`)!;

  const index = (scac: string, journey: Journey) => {
    journeys.set(`${scac}|b_id|${journey.bookingReference}`, journey);
    journeys.set(`${scac}|m_bl|${journey.transportDocumentReference}`, journey);
    for (const c of journey.containers) journeys.set(`${scac}|c_id|${c.equipmentReference}`, journey);
  };

  const journeyFor = (scac: string, codeType: CodeType, reference: string): Journey | null => {
    const key = `${scac}|${codeType}|${reference}`;
    const known = journeys.get(key);
    if (known) return known;
    if (!wellFormed(codeType, reference)) return null;
    const journey = generateJourney({
      carrierScac: scac,
      seed: key,
      epoch,
      bookingReference: codeType === 'b_id' ? reference : undefined,
      transportDocumentReference: codeType === 'm_bl' ? reference : undefined,
      equipmentReference: codeType === 'c_id' ? reference : undefined,
      disruptions: options.disruptions === 'none' ? undefined : 'random',
      carrierFreeDays: carriers[scac]?.freeDays,
    });
    index(scac, journey);
    return journey;
  };

  /**
   * What the carrier shows of a journey at `upTo` for a filter (per eventID its latest item, a
   * retraction included), oldest update first. Another booking's events of a re-used container
   * leak into booking / B/L answers only.
   */
  const released = (
    scac: string,
    journey: Journey,
    codeType: CodeType,
    container: string | null,
    types: string[] | null,
    upTo: number,
  ): FeedItem[] =>
    currentView(feedOf(scac, journey), upTo).filter(
      (e) =>
        (container === null || e.equipmentReference === null || e.equipmentReference === container) &&
        (types === null || types.includes(e.event.eventType)) &&
        (!e.foreign || codeType !== 'c_id'),
    );
  /** The offset of the next page: the carrier repeats the page's last 2 events at some boundaries. */
  const nextOffset = (scac: string, filterKey: string, offset: number, limit: number) => {
    const share = faultsOf(scac).duplicatePages ?? 0;
    return limit > 2 && share && draw(`${filterKey}|${offset}`) < share ? offset + limit - 2 : offset + limit;
  };

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addHook('onClose', async () => {
    for (const t of pending) clearTimeout(t);
  });
  const isV3 = (url: string) => /^\/carriers\/[^/]+\/v3\//.test(url);
  app.addHook('onSend', async (req, reply) => {
    reply.header('API-Version', isV3(req.url) ? DCSA_V3_API_VERSION : SIMULATOR_API_VERSION);
  });

  const error = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({
      httpMethod: reply.request.method,
      requestUri: reply.request.url,
      errors: [
        { reason: status === 404 ? 'notFound' : status === 401 ? 'unauthorized' : 'invalidInput', message },
      ],
      statusCode: status,
      statusCodeText: status === 404 ? 'Not Found' : status === 401 ? 'Unauthorized' : 'Bad Request',
      errorDateTime: new Date(clock.now()).toISOString(),
    });

  app.addHook('preHandler', async (req, reply) => {
    const scac = (req.params as { scac?: string }).scac;
    if (!scac) return;
    const version = req.headers['api-version'];
    const major = isV3(req.url) ? '3' : '2';
    if (typeof version === 'string' && version.split('.')[0] !== major) {
      return error(reply, 400, `API-Version ${version} is not served here (major version ${major})`);
    }
    const token = carriers[scac]?.bearerToken;
    if (token && req.headers.authorization !== `Bearer ${token}`)
      return error(reply, 401, 'Invalid credentials');
  });

  /**
   * The GET fault of a carrier (both versions), counted down; `answered` when the fault itself was
   * the answer (5xx, malformed), else the fault to apply to the body (after a timeout's wait).
   */
  const takeFault = async (
    scac: string,
    reply: FastifyReply,
    v3: boolean,
  ): Promise<{ answered: boolean; fault: Fault | undefined }> => {
    const fault = faults.get(scac) ?? faults.get('*');
    if (!fault) return { answered: false, fault };
    if (fault.times !== undefined && --fault.times <= 0) {
      faults.delete(scac);
      faults.delete('*');
    }
    if (fault.kind === 'timeout') {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          pending.delete(t);
          resolve();
        }, options.timeoutFaultMs ?? 30_000);
        pending.add(t);
      });
    } else if (fault.kind === '5xx') {
      await reply
        .code(503)
        .type('text/html')
        .send('<html><body>503 Service Temporarily Unavailable</body></html>');
      return { answered: true, fault };
    } else if (fault.kind === 'malformed') {
      await reply
        .code(200)
        .type('application/json')
        .send(
          v3 ? '{"events": [{"eventID": "3cecb101-7a1a-43a4-9d62' : '[{"eventID": "3cecb101-7a1a-43a4-9d62',
        );
      return { answered: true, fault };
    }
    return { answered: false, fault };
  };

  /** The body faults: wrong schema, duplicated or reversed events. */
  const faulty = (
    body: Array<Record<string, unknown>>,
    fault: Fault | undefined,
    v3: boolean,
  ): Array<Record<string, unknown>> => {
    if (fault?.kind === 'wrong-schema' && body.length) {
      return body.map((e, i) =>
        i % 2 !== 0 || e.isRetracted
          ? e
          : v3
            ? {
                ...e,
                eventDateTime: 'next tuesday',
                eventClassification: { ...(e.eventClassification as object), eventClassifierCode: 'MAYBE' },
              }
            : { ...e, eventDateTime: 'next tuesday', eventClassifierCode: 'MAYBE' },
      );
    }
    if (fault?.kind === 'duplicates') return body.flatMap((e) => [e, { ...e }]);
    if (fault?.kind === 'out-of-order') return [...body].reverse();
    return body;
  };

  app.get('/carriers/:scac/v2/events', async (req, reply) => {
    const { scac } = req.params as { scac: string };
    const q = req.query as Record<string, string | undefined>;
    const read = eventsQuery(q);
    if ('error' in read) return error(reply, 400, read.error);
    const { codeType, reference, limit } = read;
    const types = q.eventType ? q.eventType.split(',') : null;
    const bounds: Array<[(typeof OPERATORS)[number], number]> = [];
    for (const op of OPERATORS) {
      const value = q[`eventCreatedDateTime:${op}`] ?? (op === 'eq' ? q.eventCreatedDateTime : undefined);
      if (value === undefined) continue;
      const t = Date.parse(value);
      if (Number.isNaN(t)) return error(reply, 400, `eventCreatedDateTime:${op} is not a date-time`);
      bounds.push([op, t]);
    }

    const { answered, fault } = await takeFault(scac, reply, false);
    if (answered) return reply;

    const journey = journeyFor(scac, codeType, reference);
    if (!journey) {
      if (carriers[scac]?.unknownReference === '404')
        return error(reply, 404, `No shipment found for ${reference}`);
      return reply.send([]);
    }
    const now = clock.now();
    const matching = released(
      scac,
      journey,
      codeType,
      codeType === 'c_id' ? reference : null,
      types,
      now,
    ).filter((e) => {
      if (e.retraction) return false; // v2.2 has no retraction: the event is gone
      const created = Date.parse(e.event.eventCreatedDateTime);
      return bounds.every(([op, t]) =>
        op === 'gte'
          ? created >= t
          : op === 'gt'
            ? created > t
            : op === 'lte'
              ? created <= t
              : op === 'lt'
                ? created < t
                : created === t,
      );
    });
    const filterKey = JSON.stringify([scac, codeType, reference, types, bounds]);
    const offset = q.cursor === undefined ? 0 : decodeCursor(q.cursor, filterKey);
    if (offset === null) return error(reply, 400, 'Invalid cursor');
    const page = matching.slice(offset, offset + limit).map((e) => e.event) as unknown as Array<
      Record<string, unknown>
    >;
    reply.header('Current-Page', encodeCursor(offset, filterKey));
    if (offset + limit < matching.length)
      reply.header('Next-Page', encodeCursor(nextOffset(scac, filterKey, offset, limit), filterKey));
    return reply.send(faulty(page, fault, false));
  });

  app.get('/carriers/:scac/v3/events', async (req, reply) => {
    const { scac } = req.params as { scac: string };
    const q = req.query as Record<string, string | undefined>;
    const read = eventsQuery(q);
    if ('error' in read) return error(reply, 400, read.error);
    const { codeType, reference, limit } = read;
    const types = q.eventTypes ? q.eventTypes.split(',') : null;
    const min = q.eventUpdatedDateTimeMin === undefined ? null : Date.parse(q.eventUpdatedDateTimeMin);
    const max = q.eventUpdatedDateTimeMax === undefined ? null : Date.parse(q.eventUpdatedDateTimeMax);
    if (Number.isNaN(min) || Number.isNaN(max))
      return error(reply, 400, 'eventUpdatedDateTimeMin/Max must be date-times');
    // The same faults as v2.2 (timeout, 5xx, malformed, wrong schema, duplicates, out of order).
    const { answered, fault } = await takeFault(scac, reply, true);
    if (answered) return reply;
    const journey = journeyFor(scac, codeType, reference);
    // v3: no match is a 200 with no events, never a 404.
    if (!journey) return reply.send({ events: [] });
    const now = clock.now();
    const matching = released(
      scac,
      journey,
      codeType,
      codeType === 'c_id' ? reference : null,
      types,
      now,
    ).filter((e) => (min === null || e.updatedAt >= min) && (max === null || e.updatedAt <= max));
    const filterKey = JSON.stringify(['v3', scac, codeType, reference, types, min, max]);
    const offset = q.cursor === undefined ? 0 : decodeCursor(q.cursor, filterKey);
    if (offset === null) return error(reply, 400, 'Invalid cursor');
    if (offset + limit < matching.length)
      reply.header('Next-Page-Cursor', encodeCursor(nextOffset(scac, filterKey, offset, limit), filterKey));
    return reply.send({ events: faulty(matching.slice(offset, offset + limit).map(v3Body), fault, true) });
  });

  const subscribeRoute =
    (version: Subscription['version']) => async (req: FastifyRequest, reply: FastifyReply) => {
      const { scac } = req.params as { scac: string };
      if (!validateSubscription(req.body)) {
        return error(reply, 400, ajv.errorsText(validateSubscription.errors));
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
        return error(reply, 404, 'Subscription not found');
      subs.delete(id);
      return reply.code(204).send();
    };
  app.delete('/carriers/:scac/v2/event-subscriptions/:id', unsubscribeRoute('2.2'));
  app.delete('/carriers/:scac/v3/event-subscriptions/:id', unsubscribeRoute('3.0'));

  const deliver: Simulator['deliver'] = async () => {
    const results: Awaited<ReturnType<Simulator['deliver']>> = [];
    const now = clock.now();
    for (const sub of subs.values()) {
      const f = sub.filter;
      const ref: [CodeType, string] | null = f.equipmentReference
        ? ['c_id', f.equipmentReference]
        : f.carrierBookingReference
          ? ['b_id', f.carrierBookingReference]
          : f.transportDocumentReference
            ? ['m_bl', f.transportDocumentReference]
            : null;
      const journey = ref && journeyFor(sub.scac, ref[0], ref[1]);
      if (!journey || !ref) continue;
      const container = ref[0] === 'c_id' ? ref[1] : null;
      const types = f.eventType ?? null;
      const shown = released(sub.scac, journey, ref[0], container, types, now);
      const retractedNow = new Set(shown.filter((e) => e.retraction).map((e) => e.event.eventID));
      const due = feedOf(sub.scac, journey).filter(
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
      const carrierFaults = faultsOf(sub.scac);
      const sent: FeedItem[] = [];
      const held: FeedItem[] = [];
      // Drawn per subscribed reference and event, so a run is repeatable.
      const drawn = `${sub.scac}|${JSON.stringify(f)}`;
      for (const e of due) {
        if (draw(`${drawn}|lost|${e.key}`) < (carrierFaults.pushLoss ?? 0)) continue;
        if (draw(`${drawn}|held|${e.key}`) < (carrierFaults.pushOutOfOrder ?? 0)) held.push(e);
        else sent.push(e);
      }
      const items = [...sent, ...sub.held];
      const fresh = items.map((e) =>
        sub.version === '3.0' ? v3Body(e) : (e.event as unknown as Record<string, unknown>),
      );
      if (!fresh.length) {
        sub.deliveredUntil = now;
        sub.held = held;
        continue;
      }
      const body = JSON.stringify(sub.version === '3.0' ? { events: fresh } : fresh);
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
        if (res.ok) {
          sub.deliveredUntil = now;
          sub.held = held;
        }
        results.push({ subscriptionID: sub.subscriptionID, status: res.status, count: fresh.length });
      } catch {
        results.push({ subscriptionID: sub.subscriptionID, status: 'error', count: fresh.length });
      }
    }
    return results;
  };

  return {
    app,
    clock,
    journeyFor,
    setFault: (scac, fault) => (fault ? faults.set(scac, { ...fault }) : faults.delete(scac)),
    subscriptions: () => [...subs.values()],
    deliver,
    retract: (scac, eventID, at) => {
      retracted.set(`${scac}|${eventID}`, at ?? clock.now());
    },
    setFaults: (scac, f) => {
      if (f) carrierFaults.set(scac, f);
      else carrierFaults.delete(scac);
      for (const key of feeds.keys()) if (key.startsWith(`${scac}|`)) feeds.delete(key);
    },
    feedOf,
  };
}
