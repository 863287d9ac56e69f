// The connector against the in-process simulator over real HTTP, ingestion into PostgreSQL, and
// the push callback route.
import { randomUUID } from 'node:crypto';
import { ConnectorError, createDcsaConnector } from '../../src/tracking/dcsa/connector';
import { ingestBatch } from '../../src/tracking/ingest';
import { createSimulator, notificationSignature } from '../../src/tracking/simulator/server';
import { seedTenant, startTestApp, type TestContext } from '../helpers/app';
import { equipmentEvent, shipmentEvent, transportEvent } from './fixtures';

const EPOCH = Date.UTC(2025, 0, 1);
jest.setTimeout(60_000);

let now = Date.UTC(2026, 6, 1);
const sim = createSimulator({
  clock: { now: () => now },
  epoch: EPOCH,
  carriers: { ZIMU: { unknownReference: '404' } },
  timeoutFaultMs: 4000,
});
let base = '';
let ctx: TestContext;
let carrierId: number;
let requestId: number;

beforeAll(async () => {
  base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  ctx = await startTestApp();
  const tenant = await seedTenant(ctx);
  const db = ctx.handle.db;
  carrierId = (
    await db.selectFrom('carriers').select('id').where('scac', '=', 'MAEU').executeTakeFirstOrThrow()
  ).id;
  requestId = (
    await db
      .insertInto('tracking_requests')
      .values({
        company_id: tenant.companyId,
        carrier_id: carrierId,
        code_type: 'b_id',
        code_value: 'BKG7000007',
        warnings: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await sim.app.close();
  await ctx.close();
});

const connector = (scac: string, extra: Partial<Parameters<typeof createDcsaConnector>[0]> = {}) =>
  createDcsaConnector({ baseUrl: `${base}/carriers/${scac}`, pageLimit: 9, timeoutMs: 5000, ...extra });

const count = async (table: 'carrier_events' | 'rejected_events' | 'tracking_request_events') =>
  Number(
    (
      await ctx.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('DCSA connector', () => {
  it('polls by each code type, follows the cursor pages and validates', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG7000007')!;
    const byBooking = await connector('MAEU').poll({ codeType: 'b_id', reference: 'BKG7000007' });
    expect(byBooking.pages).toBe(Math.ceil(journey.events.length / 9));
    expect(byBooking.events.map((e) => e.eventID)).toEqual(journey.events.map((e) => e.event.eventID));
    expect(byBooking.rejected).toEqual([]);
    expect(byBooking.notFound).toBe(false);
    expect(byBooking.lastCreatedAt).toBe(
      journey.events[journey.events.length - 1].event.eventCreatedDateTime,
    );

    const byBl = await connector('MAEU').poll({
      codeType: 'm_bl',
      reference: journey.transportDocumentReference,
    });
    expect(byBl.events).toHaveLength(journey.events.length);
    const container = journey.containers[0].equipmentReference;
    const byContainer = await connector('MAEU').poll({ codeType: 'c_id', reference: container });
    expect(byContainer.events.length).toBe(
      journey.events.filter((e) =>
        e.equipmentReference !== null ? e.equipmentReference === container : true,
      ).length,
    );
  });

  it('polls incrementally from eventCreatedDateTime', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG7000007')!;
    const since = journey.events[20].event.eventCreatedDateTime;
    const result = await connector('MAEU').poll({ codeType: 'b_id', reference: 'BKG7000007', since });
    expect(result.events.length).toBe(
      journey.events.filter((e) => Date.parse(e.event.eventCreatedDateTime) >= Date.parse(since)).length,
    );
  });

  it('sees unknown references as not found (empty list or 404)', async () => {
    expect((await connector('MAEU').poll({ codeType: 'c_id', reference: 'MSKU1234560' })).notFound).toBe(
      true,
    );
    expect((await connector('ZIMU').poll({ codeType: 'b_id', reference: 'nope' })).notFound).toBe(true);
  });

  it('reports timeouts, 5xx and garbage as errors, and sets wrongly shaped events aside', async () => {
    // Generated ahead (sea routes take seconds on a busy machine); only the timeout case waits short.
    sim.journeyFor('CMDU', 'b_id', 'BKG8000008');
    const poll = (timeoutMs = 10_000) =>
      connector('CMDU', { timeoutMs }).poll({ codeType: 'b_id', reference: 'BKG8000008' });
    sim.setFault('CMDU', { kind: 'timeout', times: 1 });
    await expect(poll(1500)).rejects.toMatchObject({ kind: 'timeout' });
    sim.setFault('CMDU', { kind: '5xx', times: 1 });
    await expect(poll()).rejects.toMatchObject({ kind: 'http', status: 503 });
    sim.setFault('CMDU', { kind: 'malformed', times: 1 });
    await expect(poll()).rejects.toBeInstanceOf(ConnectorError);
    sim.setFault('CMDU', { kind: 'wrong-schema', times: 1 });
    const partial = await poll();
    expect(partial.rejected.length).toBeGreaterThan(0);
    for (const r of partial.rejected)
      expect(r.reasons).toContain('/eventDateTime: must match format "date-time"');
    const clean = await poll();
    expect(partial.events.length + partial.rejected.length).toBe(clean.events.length);
  });
});

describe('ingestion', () => {
  it('stores valid events once, links them, and sets invalid ones aside with reasons', async () => {
    const before = { events: await count('carrier_events'), rejected: await count('rejected_events') };
    const good = [transportEvent(), equipmentEvent(), shipmentEvent()];
    const bad = [equipmentEvent({ eventDateTime: 'soon' }), { eventType: 'EQUIPMENT' }];
    const first = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: requestId,
      source: 'poll',
      raw: [...good, ...bad, good[0]],
    });
    expect(first).toEqual({ inserted: 3, duplicates: 1, rejected: 2, versions: 0, clamped: 0, retracted: 0 });
    const again = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: requestId,
      source: 'poll',
      raw: [...bad, ...[...good].reverse()],
    });
    expect(again).toEqual({ inserted: 0, duplicates: 3, rejected: 0, versions: 0, clamped: 0, retracted: 0 });
    expect(await count('carrier_events')).toBe(before.events + 3);
    expect(await count('rejected_events')).toBe(before.rejected + 2);
    const stored = await ctx.handle.db
      .selectFrom('carrier_events')
      .selectAll()
      .where('event_id', '=', good[1].eventID as string)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      event_type: 'EQUIPMENT',
      type_code: 'LOAD',
      event_classifier: 'ACT',
      equipment_reference: 'MSKU1234565',
      un_location_code: 'CNSHA',
      raw: good[1],
    });
    const rejected = await ctx.handle.db
      .selectFrom('rejected_events')
      .selectAll()
      .where('tracking_request_id', '=', requestId)
      .execute();
    expect(rejected.map((r) => r.reasons).flat()).toContain('/eventDateTime: must match format "date-time"');
  });

  it('gives the same result whatever the order and duplication of the batches (simulator faults)', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG7000007')!;
    sim.setFault('MAEU', { kind: 'out-of-order', times: 100 });
    const reversed = await connector('MAEU').poll({ codeType: 'b_id', reference: 'BKG7000007' });
    sim.setFault('MAEU', { kind: 'duplicates', times: 100 });
    const doubled = await connector('MAEU').poll({ codeType: 'b_id', reference: 'BKG7000007' });
    sim.setFault('MAEU', null);
    expect(doubled.events).toHaveLength(journey.events.length * 2);
    const r1 = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: requestId,
      source: 'poll',
      events: reversed.events,
    });
    const r2 = await ingestBatch(ctx.handle.db, {
      carrierId,
      trackingRequestId: requestId,
      source: 'poll',
      events: doubled.events,
    });
    expect(r1).toEqual({
      inserted: journey.events.length,
      duplicates: 0,
      rejected: 0,
      versions: 0,
      clamped: 0,
      retracted: 0,
    });
    expect(r2).toEqual({
      inserted: 0,
      duplicates: journey.events.length * 2,
      rejected: 0,
      versions: 0,
      clamped: 0,
      retracted: 0,
    });
    const linked = await ctx.handle.db
      .selectFrom('tracking_request_events as l')
      .innerJoin('carrier_events as e', 'e.id', 'l.carrier_event_id')
      .select('e.event_id')
      .where('l.tracking_request_id', '=', requestId)
      .where(
        'e.event_id',
        'in',
        journey.events.map((e) => e.event.eventID),
      )
      .execute();
    expect(linked).toHaveLength(journey.events.length);
    const tr = await ctx.handle.db
      .selectFrom('tracking_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(tr.last_event_created_at?.toISOString().replace('.000Z', 'Z')).toBe(
      journey.events[journey.events.length - 1].event.eventCreatedDateTime,
    );
  });

  it('writes nothing of a batch that fails midway', async () => {
    const before = await count('carrier_events');
    const fine = transportEvent();
    // A tracking request that does not exist breaks the link insert after the events went in.
    await expect(
      ingestBatch(ctx.handle.db, { carrierId, trackingRequestId: 99_999_999, source: 'poll', raw: [fine] }),
    ).rejects.toThrow();
    expect(await count('carrier_events')).toBe(before);
  });
});

describe('push callback', () => {
  it('accepts signed events (204), refuses a bad signature (401) and stores nothing then', async () => {
    const id = randomUUID();
    const secret = Buffer.from(`secret-${id}`).toString('base64');
    await ctx.handle.db
      .insertInto('dcsa_subscriptions')
      .values({
        id,
        carrier_id: carrierId,
        tracking_request_id: requestId,
        secret,
        callback_url: `http://x/api/dcsa/callback/${id}/`,
      })
      .execute();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // Both reference the request's booking (the push path attaches only relevant events).
    const documentReferences = [{ documentReferenceType: 'BKG', documentReferenceValue: 'BKG7000007' }];
    const events = [
      equipmentEvent({ equipmentEventTypeCode: 'DISC', documentReferences }),
      transportEvent({ documentReferences }),
    ];
    const body = JSON.stringify(events, null, 2);
    const post = (signature: string, text = body) =>
      fetch(`${address}/api/dcsa/callback/${id}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Notification-Signature': signature },
        body: text,
      });
    const before = await count('carrier_events');
    const beforeRejected = await count('rejected_events');

    expect((await post(notificationSignature(Buffer.from('wrong').toString('base64'), body))).status).toBe(
      401,
    );
    expect((await post('sha256=zz')).status).toBe(401);
    // Signed for a different body (whitespace changed): refused.
    expect((await post(notificationSignature(secret, JSON.stringify(events)))).status).toBe(401);
    expect(await count('carrier_events')).toBe(before);
    expect(await count('rejected_events')).toBe(beforeRejected);

    const ok = await post(notificationSignature(secret, body));
    expect(ok.status).toBe(204);
    expect(await count('carrier_events')).toBe(before + 2);
    const stored = await ctx.handle.db
      .selectFrom('carrier_events')
      .select('source')
      .where('event_id', '=', events[0].eventID as string)
      .executeTakeFirstOrThrow();
    expect(stored.source).toBe('push');

    const unknown = await fetch(`${address}/api/dcsa/callback/${randomUUID()}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unknown.status).toBe(404);
  });

  it('takes events pushed by the simulator end to end', async () => {
    const address = ctx.app.server.address() as { port: number };
    const id = randomUUID();
    const secret = Buffer.from(`push-${id}`).toString('base64');
    const callbackUrl = `http://127.0.0.1:${address.port}/api/dcsa/callback/${id}/`;
    const pushRequestId = (
      await ctx.handle.db
        .insertInto('tracking_requests')
        .values({
          company_id: (
            await ctx.handle.db
              .selectFrom('tracking_requests')
              .select('company_id')
              .where('id', '=', requestId)
              .executeTakeFirstOrThrow()
          ).company_id,
          carrier_id: carrierId,
          code_type: 'b_id',
          code_value: 'BKG9000009',
          warnings: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.handle.db
      .insertInto('dcsa_subscriptions')
      .values({
        id,
        carrier_id: carrierId,
        tracking_request_id: pushRequestId,
        secret,
        callback_url: callbackUrl,
      })
      .execute();
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG9000009')!;
    now = journey.events[0].createdAt - 1;
    const res = await fetch(`${base}/carriers/MAEU/v2/event-subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl, secret, carrierBookingReference: 'BKG9000009' }),
    });
    expect(res.status).toBe(201);
    now = Date.UTC(2026, 6, 1);
    const [delivery] = await sim
      .deliver()
      .then((all) => all.filter((d) => d.count === journey.events.length));
    expect(delivery.status).toBe(204);
    const stored = await ctx.handle.db
      .selectFrom('carrier_events')
      .select('event_id')
      .where(
        'event_id',
        'in',
        journey.events.map((e) => e.event.eventID),
      )
      .execute();
    expect(stored).toHaveLength(journey.events.length);
  });
});
