// DCSA T&T v3.0 data and the poll cursor, each numbered case with a fixture of its own shape
// (written from the v3.0 schema, ../shared/reference/dcsa/TNT_v3.0.0.yaml): v3 events judged by
// the v3 schema, their document references kept, push and poll progress apart, the carrier's
// clock with an overlap window, re-used containers, vessel events without a UN/LOCODE,
// retractions kept to their subscription, and the shipment of a retracted container re-derived.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { deriveShipment } from '../../src/tracking/derive';
import { fromV3, readV3, toV3 } from '../../src/tracking/dcsa/v3';
import { engineConfig } from '../../src/tracking/engine/config';
import type { EngineDeps } from '../../src/tracking/engine/deps';
import { pollTrackingRequest, type IngestJobData } from '../../src/tracking/engine/poll';
import { recomputeTrackingRequest } from '../../src/tracking/engine/recompute';
import { ingestBatch } from '../../src/tracking/ingest';
import { notificationSignature } from '../../src/tracking/simulator/server';
import { seedTenant, startTestApp, type TestContext } from '../helpers/app';
import { ctxFor, eventsAt, journeyWhere } from './derive/helpers';

jest.setTimeout(90_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let ctx: TestContext;
let companyId: number;
let otherCompanyId: number;
let carrierId: number;
let address = '';

/**
 * A tiny DCSA v3.0 Event Producer: GET /v3/events answers `{events}` whose eventUpdatedDateTime is
 * at or after eventUpdatedDateTimeMin, once they are "published" (publishedAt, default: at once);
 * its Date header is the carrier's clock (`carrierClock`, default the real one).
 */
interface Published {
  body: Record<string, unknown>;
  publishedAt?: number;
}
let published: Published[] = [];
let carrierClock: () => number = () => Date.now();
const asked: string[] = [];
/** The carrier's clock as its last Date header said it (second precision). */
let lastDateHeader = 0;
const carrier = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  asked.push(url.search);
  const min = url.searchParams.get('eventUpdatedDateTimeMin');
  const now = carrierClock();
  const list = published
    .filter((p) => (p.publishedAt ?? 0) <= now)
    .map((p) => p.body)
    .filter((e) => !min || Date.parse(e.eventUpdatedDateTime as string) >= Date.parse(min));
  res.setHeader('Date', new Date(now).toUTCString());
  lastDateHeader = Math.floor(now / 1000) * 1000;
  res.writeHead(200, { 'content-type': 'application/json', 'API-Version': '3.0.0' });
  res.end(JSON.stringify({ events: list }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
  ctx = await startTestApp();
  ({ companyId, otherCompanyId } = await seedTenant(ctx, { maxTrackingRequests: 100 }));
  carrierId = (
    await ctx.handle.db
      .insertInto('carriers')
      .values({
        official_name: 'v3 Cursor Line',
        short_name: 'v3 Cursor',
        scac: 'ZQVC',
        active: false,
        supports_b_id: true,
        supports_c_id: true,
        supports_m_bl: true,
        dcsa_api_version: '3.0.0',
        dcsa_base_url: `http://127.0.0.1:${(carrier.address() as AddressInfo).port}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => carrier.close(resolve));
});
beforeEach(() => {
  published = [];
  carrierClock = () => Date.now();
});

const db = () => ctx.handle.db;
const tag = () => randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

async function newRequest(codeType: 'c_id' | 'b_id' | 'm_bl', codeValue: string, company = companyId) {
  return (
    await db()
      .insertInto('tracking_requests')
      .values({
        company_id: company,
        carrier_id: carrierId,
        code_type: codeType,
        code_value: codeValue,
        warnings: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const deps = (now = Date.now()): EngineDeps => ({
  db: db(),
  config: engineConfig({ carrierTimeoutMs: 5000, pollOverlapSeconds: 3600 }, {}),
  simulatorBaseUrl: null,
  callbackBaseUrl: null,
  now: () => now,
  log: () => undefined,
});

/** One poll through the engine's path (connector → ingest job → ingestBatch). */
async function poll(id: number) {
  const ingest = async (data: IngestJobData) => {
    await ingestBatch(db(), { ...data, source: 'poll', relevance: true, now: Date.now() });
  };
  return pollTrackingRequest(deps(), id, ingest);
}

const linked = async (id: number) =>
  (
    await db()
      .selectFrom('tracking_request_events as l')
      .innerJoin('carrier_events as e', 'e.id', 'l.carrier_event_id')
      .select('e.event_id')
      .where('l.tracking_request_id', '=', id)
      .execute()
  )
    .map((r) => r.event_id)
    .sort();

const setAside = async (id: number) =>
  (
    await sql<{ kind: string; reasons: string[]; raw: Record<string, unknown> | null }>`
      SELECT kind, reasons, raw FROM rejected_events WHERE tracking_request_id = ${id} ORDER BY id`.execute(
      db(),
    )
  ).rows;

const requestRow = (id: number) =>
  db()
    .selectFrom('tracking_requests')
    .select(['last_event_created_at', 'last_pushed_event_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

// v3.0 events written from the schema: Event with eventClassification, transportDetails,
// equipmentDetails and shipmentDetails (documentReference + additionalDocumentReferences).
function v3Transport(over: {
  booking?: string;
  updated: number;
  code?: 'ARRI' | 'DEPA';
  classifier?: 'PLN' | 'EST' | 'ACT';
  locode?: string | null;
  callRef?: string;
  service?: string;
  documentReferenceOnly?: boolean;
}): Record<string, unknown> {
  return {
    eventID: `evt-${randomUUID()}`,
    eventDateTime: iso(over.updated + 2 * HOUR),
    eventUpdatedDateTime: iso(over.updated),
    ...(over.locode === null
      ? {}
      : { eventLocation: { UNLocationCode: over.locode ?? 'NLRTM', facilityTypeCode: 'POTE' } }),
    eventClassification: {
      eventTypeCode: 'TRANSPORT',
      eventClassifierCode: over.classifier ?? 'EST',
      transportEventTypeCode: over.code ?? 'DEPA',
    },
    ...(over.booking
      ? { shipmentDetails: { documentReference: { typeCode: 'BKG', reference: over.booking } } }
      : {}),
    transportDetails: {
      transportCall: {
        ...(over.callRef ? { transportCallReference: over.callRef } : {}),
        modeOfTransport: 'VESSEL',
        serviceCodeOrReference: { carrierServiceCode: over.service ?? 'SVC002' },
        exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S' },
        vesselTransport: { vesselIMONumber: '9321483', vesselName: 'King of the Seas' },
      },
    },
  };
}

function v3Equipment(over: {
  booking: string;
  container: string;
  updated: number;
  code?: string;
  callRef?: string;
}): Record<string, unknown> {
  return {
    eventID: `evt-${randomUUID()}`,
    eventDateTime: iso(over.updated - HOUR),
    eventUpdatedDateTime: iso(over.updated),
    eventLocation: {
      UNLocationCode: 'NLRTM',
      facility: { facilityCode: 'ADT', facilityCodeListProvider: 'SMDG' },
    },
    eventClassification: {
      eventTypeCode: 'EQUIPMENT',
      eventClassifierCode: 'ACT',
      equipmentEventTypeCode: over.code ?? 'GTIN',
    },
    shipmentDetails: { documentReference: { typeCode: 'BKG', reference: over.booking } },
    equipmentDetails: {
      equipmentReference: over.container,
      ISOEquipmentCode: '22GP',
      emptyIndicatorCode: 'LADEN',
    },
    ...(over.callRef
      ? {
          transportDetails: {
            transportCall: { transportCallReference: over.callRef, modeOfTransport: 'VESSEL' },
          },
        }
      : {}),
  };
}

describe('1. v3 events are judged by the v3 schema, not after a translation to v2.2', () => {
  it("accepts v3's 6-character service code and the standard's non-UUID eventID", () => {
    const e = v3Transport({ booking: 'ABC709951', updated: Date.UTC(2025, 0, 23) });
    const read = fromV3(e);
    expect(read).toMatchObject({ ok: true });
    if (read.ok && read.event.eventType === 'TRANSPORT')
      expect(read.event.transportCall.carrierServiceCode).toBe('SVC002');
  });

  it("refuses what v3's own lengths, code lists and formats refuse, with kind schema", () => {
    const e = v3Transport({ booking: 'ABC709951', updated: Date.UTC(2025, 0, 23), locode: 'NLRTM1' });
    (e.eventClassification as Record<string, unknown>).eventClassifierCode = 'MAYBE';
    (e.transportDetails as { transportCall: Record<string, unknown> }).transportCall.modeOfTransport =
      'SPACESHIP';
    const read = readV3(e);
    expect(read).toEqual({
      kind: 'rejected',
      setAside: 'schema',
      reasons: [
        '/eventClassification/eventClassifierCode: must be one of PLN, EST, ACT',
        '/eventLocation/UNLocationCode: must NOT have more than 5 characters',
        '/transportDetails/transportCall/modeOfTransport: must be one of VESSEL, RAIL, TRUCK, BARGE, MULTIMODAL',
      ],
    });
    // What the portal needs to place an event (v3.0 marks nothing required).
    const { transportDetails: _t, ...noCall } = v3Transport({ updated: Date.UTC(2025, 0, 23) });
    expect(readV3(noCall)).toMatchObject({
      kind: 'rejected',
      setAside: 'schema',
      reasons: ['/transportDetails/transportCall: is required by the portal'],
    });
  });

  it('poll: the v3 sample transport event is stored; a schema refusal is set aside as schema', async () => {
    const booking = `BKG${tag()}`;
    const id = await newRequest('b_id', booking);
    const good = v3Transport({ booking, updated: Date.now() - HOUR });
    const bad = {
      ...v3Transport({ booking, updated: Date.now() - HOUR }),
      eventDateTime: '2025-01-23T01:23:45+0100',
    };
    published = [{ body: good }, { body: bad }];
    await poll(id);
    expect(await linked(id)).toEqual([good.eventID]);
    expect(await setAside(id)).toEqual([
      expect.objectContaining({ kind: 'schema', reasons: ['/eventDateTime: must match format "date-time"'] }),
    ]);
  });
});

describe('2. v3 transport and equipment events keep their document references', () => {
  it('a transport event naming the booking only in shipmentDetails.documentReference is the request’s', async () => {
    const booking = `BKG${tag()}`;
    const id = await newRequest('b_id', booking);
    const e = v3Transport({ booking, updated: Date.now() - HOUR });
    const read = fromV3(e);
    expect(read.ok && read.event.eventType === 'TRANSPORT' && read.event.documentReferences).toEqual([
      { documentReferenceType: 'BKG', documentReferenceValue: booking },
    ]);
    published = [{ body: e }];
    await poll(id);
    expect(await linked(id)).toEqual([e.eventID]);
    expect(await setAside(id)).toEqual([]);
  });

  it("a vessel event naming only the transport call of the container's load, or the container, is relevant", async () => {
    const container = 'APZU4812090';
    const booking = `BKG${tag()}`;
    const id = await newRequest('c_id', container);
    const callRef = `TC-${tag()}`;
    const load = v3Equipment({ booking, container, updated: Date.now() - 3 * HOUR, code: 'LOAD', callRef });
    const departure = v3Transport({ updated: Date.now() - 2 * HOUR, classifier: 'ACT', callRef });
    const byEquipment: Record<string, unknown> = {
      ...v3Transport({ updated: Date.now() - HOUR, code: 'ARRI', locode: 'SGSIN' }),
      equipmentDetails: { equipmentReference: container },
    };
    const unrelated = v3Transport({ updated: Date.now() - HOUR, callRef: `TC-${tag()}` });
    published = [{ body: departure }, { body: byEquipment }, { body: load }, { body: unrelated }];
    await poll(id);
    expect(await linked(id)).toEqual([load.eventID, departure.eventID, byEquipment.eventID].sort());
    expect((await setAside(id)).map((r) => r.kind)).toEqual(['irrelevant']);
  });
});

describe('3. push and poll progress are tracked apart', () => {
  it('a lost push is fetched by the next poll: a push never moves the poll cursor', async () => {
    const booking = `BKG${tag()}`;
    const id = await newRequest('b_id', booking);
    const t0 = Date.now() - 6 * HOUR;
    const first = v3Transport({ booking, updated: t0, classifier: 'PLN' });
    published = [{ body: first }];
    await poll(id);
    const cursor = (await requestRow(id)).last_event_created_at!;
    expect(cursor.getTime()).toBe(t0);

    // Two events follow; the carrier's push of the first is lost, the second is pushed.
    const lost = v3Transport({ booking, updated: t0 + HOUR, code: 'ARRI' });
    const pushed = v3Transport({ booking, updated: t0 + 2 * HOUR, classifier: 'ACT' });
    published.push({ body: lost }, { body: pushed });
    const subscription = randomUUID();
    const secret = Buffer.from(`secret-${subscription}`).toString('base64');
    await db()
      .insertInto('dcsa_subscriptions')
      .values({
        id: subscription,
        carrier_id: carrierId,
        tracking_request_id: id,
        secret,
        callback_url: `http://x/api/dcsa/callback/${subscription}/v3`,
      })
      .execute();
    const body = JSON.stringify({ events: [pushed] });
    const res = await fetch(`${address}/api/dcsa/callback/${subscription}/v3/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'Notification-Signature': notificationSignature(secret, body),
      },
      body,
    });
    expect(res.status).toBe(200);
    const after = await requestRow(id);
    expect(after.last_event_created_at!.getTime()).toBe(t0);
    expect(after.last_pushed_event_at!.getTime()).toBe(t0 + 2 * HOUR);

    await poll(id);
    expect(await linked(id)).toEqual([first.eventID, lost.eventID, pushed.eventID].sort());
    expect((await requestRow(id)).last_event_created_at!.getTime()).toBe(t0 + 2 * HOUR);
  });
});

describe("4. the cursor follows the carrier's clock with an overlap window, never the portal's", () => {
  it('a future-dated event does not set the cursor to our clock; a late publication is still fetched', async () => {
    const booking = `BKG${tag()}`;
    const id = await newRequest('b_id', booking);
    // The carrier's clock is 3 h behind ours (its Date header says so).
    const lag = 3 * HOUR;
    carrierClock = () => Date.now() - lag;
    const carrierNow = Math.floor((Date.now() - lag) / 1000) * 1000;
    const future = v3Transport({ booking, updated: Date.UTC(2099, 0, 1) });
    const normal = v3Transport({ booking, updated: carrierNow - 2 * HOUR, classifier: 'PLN' });
    // Created 40 minutes before the carrier's now, published only after the first poll.
    const late = v3Transport({ booking, updated: carrierNow - 40 * MINUTE, code: 'ARRI' });
    published = [{ body: future }, { body: normal }, { body: late, publishedAt: Infinity }];
    await poll(id);
    const cursor = (await requestRow(id)).last_event_created_at!.getTime();
    // Bounded by the carrier's Date header (second precision), never our own clock.
    expect(cursor).toBe(lastDateHeader);
    expect(cursor).toBeGreaterThanOrEqual(carrierNow);
    expect(cursor).toBeLessThan(Date.now() - 2 * HOUR);
    expect(asked.at(-1)).not.toContain('eventUpdatedDateTimeMin');

    published[2].publishedAt = 0;
    await poll(id);
    // Asked from the cursor minus the overlap window (1 h here).
    const min = new URL(`http://x/${asked.at(-1)}`).searchParams.get('eventUpdatedDateTimeMin');
    expect(Date.parse(min!)).toBe(cursor - HOUR);
    expect(await linked(id)).toContain(late.eventID);
  });
});

describe('5. a re-used container does not pull another booking into a request', () => {
  it("another booking's events for the same container are set aside as another shipment's", async () => {
    const booking = `BKG${tag()}`;
    const other = `BKG${tag()}`;
    const container = 'MSKU1234565';
    const id = await newRequest('b_id', booking);
    const own = v3Equipment({ booking, container, updated: Date.now() - 5 * HOUR });
    published = [{ body: own }];
    await poll(id);
    const reused = v3Equipment({ booking: other, container, updated: Date.now() - 4 * HOUR, code: 'LOAD' });
    const theirVessel = v3Transport({ booking: other, updated: Date.now() - 3 * HOUR, classifier: 'ACT' });
    published.push({ body: reused }, { body: theirVessel });
    await poll(id);
    expect(await linked(id)).toEqual([own.eventID]);
    const kinds = await setAside(id);
    expect(kinds.map((k) => k.kind)).toEqual(['other_shipment', 'other_shipment']);
    expect(kinds[0].reasons[0]).toContain(`names BKG ${other}, not the requested booking ${booking}`);
  });
});

describe('6. an actual vessel departure with only the IMO and no UN/LOCODE', () => {
  it('is placed through its leg (vessel and voyage)', () => {
    const j = journeyWhere((x) => x.ports.length === 2 && !x.disruptions.length, 'imo');
    const container = j.containers[0].equipmentReference;
    const truth = j.truth[container];
    const at = truth.legs[0].departure + 12 * HOUR;
    const events = eventsAt(j, at).map(({ id, event }) => {
      const v3 = toV3(event);
      const cls = v3.eventClassification as Record<string, unknown>;
      if (cls.transportEventTypeCode === 'DEPA' && cls.eventClassifierCode === 'ACT') {
        // Only the vessel's IMO (and the voyage): no location, no transport call reference.
        delete v3.eventLocation;
        const call = (v3.transportDetails as { transportCall: Record<string, unknown> }).transportCall;
        delete call.transportCallReference;
        call.vesselTransport = { vesselIMONumber: j.legs[0].vessel.imo };
      }
      const read = fromV3(v3);
      if (!read.ok) throw new Error(read.reasons.join('; '));
      return { id, event: read.event };
    });
    const d = deriveShipment(events, ctxFor(j, at));
    expect(d.columns.pol_vessel_departure_actual?.getTime()).toBe(truth.legs[0].departure);
    expect(d.columns.status_text).toBe('ocean transport from POL');
  });
});

describe('7. a retraction reaches only what came through its subscription', () => {
  it("refuses and records a retraction of another company's event; its own event is discarded", async () => {
    const bookingA = `BKG${tag()}`;
    const bookingB = `BKG${tag()}`;
    const a = await newRequest('b_id', bookingA);
    const b = await newRequest('c_id', 'TGHU1234566', otherCompanyId);
    const mine = v3Equipment({ booking: bookingA, container: 'MSKU7654320', updated: Date.now() - 3 * HOUR });
    const theirs = v3Equipment({
      booking: bookingB,
      container: 'TGHU1234566',
      updated: Date.now() - 3 * HOUR,
    });
    const read = (e: Record<string, unknown>) => {
      const r = fromV3(e);
      if (!r.ok) throw new Error(r.reasons.join('; '));
      return r.event;
    };
    await ingestBatch(db(), {
      carrierId,
      trackingRequestId: a,
      source: 'poll',
      relevance: true,
      events: [read(mine)],
    });
    await ingestBatch(db(), {
      carrierId,
      trackingRequestId: b,
      source: 'poll',
      relevance: true,
      events: [read(theirs)],
    });
    expect(await linked(a)).toEqual([mine.eventID]);
    expect(await linked(b)).toEqual([theirs.eventID]);

    const subscription = randomUUID();
    const secret = Buffer.from(`secret-${subscription}`).toString('base64');
    await db()
      .insertInto('dcsa_subscriptions')
      .values({
        id: subscription,
        carrier_id: carrierId,
        tracking_request_id: a,
        secret,
        callback_url: 'http://x/v3',
      })
      .execute();
    const retract = (eventID: unknown) => {
      const body = JSON.stringify({
        events: [{ eventID, isRetracted: true, eventUpdatedDateTime: iso(Date.now()) }],
      });
      return fetch(`${address}/api/dcsa/callback/${subscription}/v3/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'Notification-Signature': notificationSignature(secret, body),
        },
        body,
      });
    };
    expect((await retract(theirs.eventID)).status).toBe(200);
    expect(await linked(b)).toEqual([theirs.eventID]);
    const refused = await setAside(a);
    expect(refused).toEqual([
      expect.objectContaining({
        kind: 'retraction_refused',
        raw: expect.objectContaining({ eventID: theirs.eventID, isRetracted: true }),
      }),
    ]);
    expect(refused[0].reasons[0]).toMatch(/refused: the stored event did not come through this subscription/);
    expect(await setAside(b)).toEqual([]);

    expect((await retract(mine.eventID)).status).toBe(200);
    expect(await linked(a)).toEqual([]);
    expect((await setAside(a)).map((r) => r.kind)).toEqual(['retraction_refused', 'retracted']);
  });
});

describe('8. retracting the only event of a container on a booking request', () => {
  it('derives that shipment again from what is left', async () => {
    const booking = `BKG${tag()}`;
    const id = await newRequest('b_id', booking);
    const t = Date.now() - 10 * HOUR;
    const keep = v3Equipment({ booking, container: 'MSKU1234565', updated: t });
    const only = v3Equipment({ booking, container: 'MSKU7654320', updated: t });
    const events = [keep, only].map((e) => {
      const r = fromV3(e);
      if (!r.ok) throw new Error(r.reasons.join('; '));
      return r.event;
    });
    await ingestBatch(db(), { carrierId, trackingRequestId: id, source: 'poll', relevance: true, events });
    await recomputeTrackingRequest(deps(), id);
    const shipments = () =>
      db()
        .selectFrom('shipments')
        .select(['container_number', 'booking_number', 'last_update'])
        .where('tracking_request_id', '=', id)
        .orderBy('container_number')
        .execute();
    expect(await shipments()).toEqual([
      { container_number: 'MSKU1234565', booking_number: booking, last_update: new Date(t) },
      { container_number: 'MSKU7654320', booking_number: booking, last_update: new Date(t) },
    ]);
    await ingestBatch(db(), {
      carrierId,
      trackingRequestId: id,
      source: 'push',
      retractions: [{ eventID: only.eventID as string, retractedAt: null }],
    });
    await recomputeTrackingRequest(deps(), id);
    expect(await shipments()).toEqual([
      { container_number: 'MSKU1234565', booking_number: booking, last_update: new Date(t) },
      { container_number: 'MSKU7654320', booking_number: null, last_update: null },
    ]);
  });
});
