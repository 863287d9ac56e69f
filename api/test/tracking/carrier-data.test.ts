// Real carriers' data: each numbered case of the DCSA conformance run, with its own
// fixture shape (written from the DCSA T&T v2.2 schema), through the poll path (connector +
// ingestion), the push callback of a running API, and derivation.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { deriveShipment } from '../../src/tracking/derive';
import { validateEvent } from '../../src/tracking/dcsa/validate';
import { engineConfig } from '../../src/tracking/engine/config';
import type { EngineDeps } from '../../src/tracking/engine/deps';
import { pollTrackingRequest } from '../../src/tracking/engine/poll';
import { recomputeTrackingRequest } from '../../src/tracking/engine/recompute';
import { ingestBatch } from '../../src/tracking/ingest';
import { notificationSignature } from '../../src/tracking/simulator/server';
import { seedTenant, startTestApp, type TestContext } from '../helpers/app';
import { equipmentEvent, shipmentEvent, transportEvent } from './fixtures';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
let ctx: TestContext;
let companyId: number;
let carrierId: number;
let address = '';

/** A tiny DCSA v2.2 carrier: GET /v2/events answers its events created at or after the cursor. */
const carrierEvents: Array<Record<string, unknown>> = [];
const asked: string[] = [];
const carrier = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  asked.push(url.search);
  const since = url.searchParams.get('eventCreatedDateTime:gte');
  const list = carrierEvents.filter(
    (e) => !since || Date.parse(e.eventCreatedDateTime as string) >= Date.parse(since),
  );
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(list));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
  ctx = await startTestApp();
  companyId = (await seedTenant(ctx, { maxTrackingRequests: 100 })).companyId;
  const db = ctx.handle.db;
  // A carrier of this file's own (test files share the database and its carriers). It is not
  // active, so files that count the active carriers (reference-lists) never see it, even while
  // this file runs beside them; polling and the push callback do not look at the flag.
  carrierId = (
    await db
      .insertInto('carriers')
      .values({
        official_name: 'Clock Test Line',
        short_name: 'Clock Test',
        scac: 'ZQCK',
        active: false,
        supports_b_id: true,
        supports_c_id: true,
        supports_m_bl: true,
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

async function newRequest(codeType: 'c_id' | 'b_id' | 'm_bl', codeValue: string): Promise<number> {
  return (
    await ctx.handle.db
      .insertInto('tracking_requests')
      .values({
        company_id: companyId,
        carrier_id: carrierId,
        code_type: codeType,
        code_value: codeValue,
        warnings: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function subscribe(trackingRequestId: number) {
  const id = randomUUID();
  const secret = Buffer.from(`secret-${id}`).toString('base64');
  await ctx.handle.db
    .insertInto('dcsa_subscriptions')
    .values({
      id,
      carrier_id: carrierId,
      tracking_request_id: trackingRequestId,
      secret,
      callback_url: `http://x/api/dcsa/callback/${id}/`,
    })
    .execute();
  return (events: unknown[], keyword = 'sha256=') => {
    const body = JSON.stringify(events);
    const signature = notificationSignature(secret, body).replace('sha256=', keyword);
    return fetch(`${address}/api/dcsa/callback/${id}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Notification-Signature': signature },
      body,
    });
  };
}

const cursorOf = async (id: number) =>
  (
    await ctx.handle.db
      .selectFrom('tracking_requests')
      .select('last_event_created_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).last_event_created_at;

const linkedIds = async (id: number) =>
  (
    await ctx.handle.db
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
    await sql<{
      kind: string;
      reasons: string[];
      raw: Record<string, unknown> | null;
      raw_text: string | null;
    }>`
      SELECT kind, reasons, raw, raw_text FROM rejected_events WHERE tracking_request_id = ${id} ORDER BY id`.execute(
      ctx.handle.db,
    )
  ).rows;

const docs = (booking: string, bl?: string) => [
  { documentReferenceType: 'BKG', documentReferenceValue: booking },
  ...(bl ? [{ documentReferenceType: 'TRD', documentReferenceValue: bl }] : []),
];

const deps = (now: number): EngineDeps => ({
  db: ctx.handle.db,
  config: engineConfig({ carrierTimeoutMs: 5000 }, {}),
  simulatorBaseUrl: null,
  callbackBaseUrl: null,
  now: () => now,
  log: () => undefined,
});

describe('1. carrier clocks ahead of ours', () => {
  it('poll: an event created in 2099 does not move the cursor there; later events are still fetched', async () => {
    const booking = `BKGFUT${Date.now() % 1e6}`;
    const id = await newRequest('b_id', booking);
    const now = Date.now();
    const future = transportEvent({
      eventCreatedDateTime: '2099-01-01T00:00:00Z',
      documentReferences: docs(booking),
    });
    const normal = equipmentEvent({
      eventCreatedDateTime: new Date(now - HOUR).toISOString(),
      documentReferences: docs(booking),
    });
    carrierEvents.push(future, normal);
    const ingest = async (data: Parameters<Parameters<typeof pollTrackingRequest>[2]>[0]) => {
      await ingestBatch(ctx.handle.db, { ...data, source: 'poll', relevance: true, now: Date.now() });
    };
    expect(await pollTrackingRequest(deps(now), id, ingest)).toMatchObject({ kind: 'fetched', events: 2 });
    const cursor = await cursorOf(id);
    expect(cursor!.getTime()).toBeLessThanOrEqual(Date.now());
    const stored = await sql<{ event_created_at: Date; created_clamped_from: Date | null }>`
      SELECT event_created_at, created_clamped_from FROM carrier_events WHERE event_id = ${future.eventID}`.execute(
      ctx.handle.db,
    );
    expect(stored.rows[0].created_clamped_from?.toISOString()).toBe('2099-01-01T00:00:00.000Z');
    expect(stored.rows[0].event_created_at.getTime()).toBeLessThanOrEqual(Date.now());
    const recorded = await setAside(id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0].kind).toBe('clamped');
    expect(recorded[0].reasons[0]).toMatch(
      /^\/eventCreatedDateTime: 2099-01-01T00:00:00Z is more than 5 minutes ahead/,
    );

    // The carrier publishes a real update: the next poll asks from a cursor that finds it.
    const update = equipmentEvent({
      equipmentEventTypeCode: 'DISC',
      eventCreatedDateTime: new Date(Date.now() + 1000).toISOString(),
      documentReferences: docs(booking),
    });
    carrierEvents.push(update);
    await new Promise((r) => setTimeout(r, 1100));
    await pollTrackingRequest(deps(Date.now()), id, ingest);
    expect(await linkedIds(id)).toContain(update.eventID);
  });

  it('push: the same clamp, and derivation picks the latest estimate by the trusted creation time', async () => {
    const container = 'HLXU1234567';
    const id = await newRequest('c_id', container);
    const push = await subscribe(id);
    const t0 = Date.now();
    const load = equipmentEvent({
      equipmentReference: container,
      eventCreatedDateTime: new Date(t0 - 3 * HOUR).toISOString(),
      eventDateTime: new Date(t0 - 4 * HOUR).toISOString(),
      documentReferences: docs('BKGPUSHCLK'),
    });
    const call = (over: Record<string, unknown>) =>
      transportEvent({
        eventClassifierCode: 'EST',
        transportEventTypeCode: 'ARRI',
        documentReferences: docs('BKGPUSHCLK'),
        ...over,
      });
    const departed = call({
      eventClassifierCode: 'ACT',
      transportEventTypeCode: 'DEPA',
      eventCreatedDateTime: new Date(t0 - 2 * HOUR).toISOString(),
      eventDateTime: new Date(t0 - 2 * HOUR).toISOString(),
      transportCall: { ...(transportEvent().transportCall as object), UNLocationCode: 'CNSHA' },
    });
    // A wrong clock at the carrier: this estimate claims to be published in 2099.
    const wrongClock = call({
      eventCreatedDateTime: '2099-06-01T00:00:00Z',
      eventDateTime: '2026-12-24T06:00:00Z',
    });
    expect((await push([load, departed, wrongClock])).status).toBe(204);
    // A push never moves the poll cursor; its own progress is not set in the future either.
    expect(await cursorOf(id)).toBeNull();
    const pushed = await ctx.handle.db
      .selectFrom('tracking_requests')
      .select('last_pushed_event_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(pushed.last_pushed_event_at!.getTime()).toBe(t0 - 2 * HOUR);
    expect((await setAside(id)).map((r) => r.kind)).toEqual(['clamped']);

    // A real estimate published after it: the ETA follows it.
    await new Promise((r) => setTimeout(r, 20));
    const real = call({
      eventCreatedDateTime: new Date().toISOString(),
      eventDateTime: '2026-12-20T06:00:00Z',
    });
    expect((await push([real])).status).toBe(204);
    await recomputeTrackingRequest(deps(Date.now()), id);
    const shipment = await ctx.handle.db
      .selectFrom('shipments')
      .select(['eta', 'status_text'])
      .where('tracking_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(shipment.eta?.toISOString()).toBe('2026-12-20T06:00:00.000Z');
  });
});

describe('2. per-event isolation', () => {
  it('push: an event PostgreSQL cannot store is set aside, the good one goes in, the answer is 2xx', async () => {
    const booking = 'BKGISOL01';
    const id = await newRequest('b_id', booking);
    const push = await subscribe(id);
    const good = equipmentEvent({ documentReferences: docs(booking) });
    const yearZero = equipmentEvent({
      eventDateTime: '0000-01-01T00:00:00Z',
      documentReferences: docs(booking),
    });
    // Schema-valid, but jsonb refuses \u0000 in a string.
    const nul = transportEvent({
      documentReferences: docs(booking),
      transportCall: {
        ...(transportEvent().transportCall as object),
        vessel: { vesselIMONumber: '9321483', vesselName: 'MAERSK\u0000ESSEN' },
      },
    });
    expect(validateEvent(nul).ok).toBe(true);
    const res = await push([yearZero, good, nul]);
    expect(res.status).toBe(204);
    expect(await linkedIds(id)).toEqual([good.eventID]);
    const aside = await setAside(id);
    expect(aside.map((r) => r.kind).sort()).toEqual(['invalid', 'unstorable']);
    const zero = aside.find((r) => r.kind === 'invalid')!;
    expect(zero.reasons).toEqual([
      '/eventDateTime: must be between 1900-01-01 and 2199-12-31 (got 0000-01-01T00:00:00Z)',
    ]);
    const unstorable = aside.find((r) => r.kind === 'unstorable')!;
    expect(unstorable.reasons[0]).toMatch(/^\(event\): could not be stored: .*unicode/i);
    expect(unstorable.raw).toBeNull();
    expect(JSON.parse(unstorable.raw_text!).eventID).toBe(nul.eventID);
  });

  it('poll: the batch job succeeds and the cursor moves on past an unstorable event', async () => {
    const booking = 'BKGISOL02';
    const id = await newRequest('b_id', booking);
    const created = new Date(Date.now() - HOUR).toISOString();
    const good = transportEvent({ eventCreatedDateTime: created, documentReferences: docs(booking) });
    const bad = { ...good, eventID: randomUUID(), changeRemark: 'omitted\u0000' };
    const result = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'poll',
      relevance: true,
      events: [validateEvent(bad), validateEvent(good)].flatMap((r) => (r.ok ? [r.event] : [])),
    });
    expect(result).toMatchObject({ inserted: 1, rejected: 1 });
    expect((await cursorOf(id))?.toISOString()).toBe(created);
  });
});

describe('3. relevance', () => {
  it("sets aside another container's event with no reference to the booking, and re-examines it later", async () => {
    const booking = 'BKGREL0001';
    const id = await newRequest('b_id', booking);
    const own = equipmentEvent({ equipmentReference: 'MSKU1111117', documentReferences: docs(booking) });
    const call = transportEvent({ documentReferences: docs(booking) });
    const stranger = equipmentEvent({ equipmentReference: 'MSKU2222223', documentReferences: undefined });
    const byBl = equipmentEvent({
      equipmentReference: 'MSKU3333339',
      documentReferences: docs('OTHER', 'BLREL0001'),
    });
    const result = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'poll',
      relevance: true,
      raw: [stranger, own, call, byBl],
    });
    expect(result).toMatchObject({ inserted: 2, rejected: 2 });
    expect(await linkedIds(id)).toEqual([own.eventID, call.eventID].sort());
    const aside = await setAside(id);
    // The B/L event names a booking that is not this one (and a B/L not known yet): another
    // shipment's, until the carrier tells that B/L is this booking's.
    expect(aside.map((r) => r.kind)).toEqual(['other_shipment', 'irrelevant']);
    expect(aside[1].reasons).toEqual([
      '(event): does not reference the requested booking BKGREL0001 (carrierBookingReference) nor a document reference the carrier gave for it',
    ]);

    // The carrier tells that B/L BLREL0001 is this booking's: the container event with it is attached now.
    const bl = shipmentEvent({ documentID: 'BLREL0001', documentTypeCode: 'TRD', eventID: randomUUID() });
    const link = transportEvent({ documentReferences: docs(booking, 'BLREL0001') });
    await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'push',
      relevance: true,
      raw: [bl, link],
    });
    expect(await linkedIds(id)).toEqual(
      [own.eventID, call.eventID, bl.eventID, link.eventID, byBl.eventID].sort(),
    );
    expect((await setAside(id)).map((r) => (r.raw as { eventID: string }).eventID)).toEqual([
      stranger.eventID,
    ]);

    await recomputeTrackingRequest(deps(Date.now()), id);
    const shipments = await ctx.handle.db
      .selectFrom('shipments')
      .select('container_number')
      .where('tracking_request_id', '=', id)
      .orderBy('container_number')
      .execute();
    expect(shipments.map((s) => s.container_number)).toEqual(['MSKU1111117', 'MSKU3333339']);
  });

  it("a container request takes only its own container's equipment events", async () => {
    const id = await newRequest('c_id', 'MSKU4444440');
    const own = equipmentEvent({ equipmentReference: 'MSKU4444440', documentReferences: docs('BKGREL0002') });
    const sibling = equipmentEvent({
      equipmentReference: 'MSKU5555556',
      documentReferences: docs('BKGREL0002'),
    });
    const call = transportEvent({ documentReferences: docs('BKGREL0002') });
    await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'poll',
      relevance: true,
      raw: [call, sibling, own],
    });
    expect(await linkedIds(id)).toEqual([own.eventID, call.eventID].sort());
  });
});

describe('4. strict RFC 3339 date-times', () => {
  it.each([
    ['+0100', '2024-03-04T06:00:00+0100'],
    ['+01', '2024-03-04T06:00:00+01'],
    ['leap second', '2016-12-31T23:59:60Z'],
    ['space', '2024-03-04 06:00:00Z'],
  ])('refuses %s with a reason, and ingestion records it', async (_name, value) => {
    const raw = transportEvent({ eventClassifierCode: 'ACT', eventDateTime: value });
    expect(validateEvent(raw)).toEqual({
      ok: false,
      reasons: ['/eventDateTime: must match format "date-time"'],
    });
    const id = await newRequest('b_id', `RFC${randomUUID().slice(0, 8)}`);
    const result = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'poll',
      raw: [raw],
    });
    expect(result).toMatchObject({ inserted: 0, rejected: 1 });
    expect((await setAside(id))[0].reasons).toEqual(['/eventDateTime: must match format "date-time"']);
  });

  it('still accepts what RFC 3339 allows', () => {
    for (const value of [
      '2024-03-04T06:00:00+01:00',
      '2024-03-04T06:00:00.123456Z',
      '2024-02-29T00:00:00-05:30',
    ]) {
      expect(validateEvent(transportEvent({ eventDateTime: value })).ok).toBe(true);
    }
  });
});

describe('5. status never contradicts the dates', () => {
  it('an actual vessel departure with only one port known moves the status on', () => {
    const depa = transportEvent({
      eventClassifierCode: 'ACT',
      transportEventTypeCode: 'DEPA',
      eventDateTime: '2024-03-04T06:00:00Z',
      eventCreatedDateTime: '2024-03-04T07:00:00Z',
    });
    expect(validateEvent(depa).ok).toBe(true);
    const d = deriveShipment([{ id: '1', event: depa as never }], {
      containerNumber: 'MSKU1234565',
      contractualEtaPod: null,
      contractualEtaDlv: null,
      locations: new Map(),
      vessels: new Map(),
      now: new Date('2024-03-05T00:00:00Z'),
    });
    expect(d.columns.atd?.toISOString()).toBe('2024-03-04T06:00:00.000Z');
    expect(d.columns.status_text).toBe('ocean transport from POL');
  });
});

describe('6. signatures, re-sent eventIDs, optional eventID', () => {
  it('accepts the signature keyword in any case', async () => {
    const id = await newRequest('b_id', 'BKGSIG0001');
    const push = await subscribe(id);
    const e = transportEvent({ documentReferences: docs('BKGSIG0001') });
    expect((await push([e], 'SHA256=')).status).toBe(204);
    expect(await linkedIds(id)).toEqual([e.eventID]);
  });

  it('keeps a re-sent eventID with another content as a new version; derivation reads the latest', async () => {
    const booking = 'BKGVER0001';
    const id = await newRequest('b_id', booking);
    const eventID = randomUUID();
    const v1 = equipmentEvent({
      eventID,
      equipmentReference: 'MSKU6666662',
      eventCreatedDateTime: '2024-03-01T11:00:00Z',
      eventDateTime: '2024-03-01T09:30:00Z',
      documentReferences: docs(booking),
    });
    const v2 = { ...v1, eventCreatedDateTime: '2024-03-01T12:00:00Z', eventDateTime: '2024-03-01T10:45:00Z' };
    const late = {
      ...v1,
      eventCreatedDateTime: '2024-03-01T11:30:00Z',
      eventDateTime: '2024-03-01T10:00:00Z',
    };
    const ingest = (raw: unknown[]) =>
      ingestBatch(ctx.handle.db, { carrierId, trackingRequestId: id, source: 'poll', relevance: true, raw });
    expect(await ingest([v1])).toMatchObject({ inserted: 1, versions: 0 });
    expect(await ingest([v2])).toMatchObject({ inserted: 0, versions: 1, duplicates: 0 });
    expect(await ingest([v1, v2])).toMatchObject({ inserted: 0, versions: 0, duplicates: 2 });
    // An older publication received late goes to the history, the current one stays.
    expect(await ingest([late])).toMatchObject({ versions: 1 });
    const current = await sql<{ raw: { eventDateTime: string }; version: number }>`
      SELECT raw, version FROM carrier_events WHERE event_id = ${eventID}`.execute(ctx.handle.db);
    expect(current.rows).toEqual([
      { raw: expect.objectContaining({ eventDateTime: '2024-03-01T10:45:00Z' }), version: 2 },
    ]);
    const history = await sql<{ version: number; at: string }>`
      SELECT v.version, v.raw->>'eventDateTime' AS at FROM carrier_event_versions v
      JOIN carrier_events ce ON ce.id = v.carrier_event_id WHERE ce.event_id = ${eventID} ORDER BY v.version`.execute(
      ctx.handle.db,
    );
    expect(history.rows).toEqual([
      { version: 1, at: '2024-03-01T09:30:00Z' },
      { version: 3, at: '2024-03-01T10:00:00Z' },
    ]);
    await recomputeTrackingRequest(deps(Date.parse('2024-03-02T00:00:00Z')), id);
    const shipment = await ctx.handle.db
      .selectFrom('shipments')
      .select('pol_loaded_actual')
      .where('tracking_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(shipment.pol_loaded_actual?.toISOString()).toBe('2024-03-01T10:45:00.000Z');
  });

  it('stores an event without eventID once, under an identity derived from its content', async () => {
    const booking = 'BKGNOID001';
    const id = await newRequest('b_id', booking);
    const raw = equipmentEvent({ documentReferences: docs(booking) });
    delete raw.eventID;
    const first = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'poll',
      relevance: true,
      raw: [raw],
    });
    const again = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: id,
      source: 'push',
      relevance: true,
      raw: [{ ...raw }],
    });
    expect(first).toMatchObject({ inserted: 1, rejected: 0 });
    expect(again).toMatchObject({ inserted: 0, duplicates: 1 });
    const [eventId] = await linkedIds(id);
    expect(eventId).toMatch(/^derived-[0-9a-f]{32}$/);
  });
});
