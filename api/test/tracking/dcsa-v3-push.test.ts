// DCSA T&T v3.0 push between the engine and the simulator speaking v3, through a running API:
// the registration (out of the standard; the portal's v2.2-shaped one at /v3/event-subscriptions),
// the consumer endpoint POST {callbackUrl}/events with PostEventsRequest / PostEventsResponse, and
// retractions (isRetracted) by push and by poll, including a copy received after its retraction.
import { sql } from 'kysely';
import { createDcsaConnector } from '../../src/tracking/dcsa/connector';
import { toV3 } from '../../src/tracking/dcsa/v3';
import { ingestBatch } from '../../src/tracking/ingest';
import { notificationSignature } from '../../src/tracking/simulator/server';
import type { DcsaEvent } from '../../src/tracking/dcsa/types';
import { DAY, startHarness, uniqueContainer, type Harness } from './engine/helpers';

jest.setTimeout(180_000);

let h: Harness;
let apiUrl = '';
const SCAC = 'VPSH';
beforeAll(async () => {
  h = await startHarness({ push: true });
  apiUrl = `http://127.0.0.1:${(h.ctx.app.server.address() as { port: number }).port}`;
  await sql`
    INSERT INTO carriers (official_name, short_name, scac, supports_b_id, supports_c_id, supports_m_bl, dcsa_api_version, active)
    VALUES ('v3 push', 'v3 push', ${SCAC}, true, true, true, '3.0.0', false)
    ON CONFLICT (scac) DO NOTHING`.execute(h.ctx.handle.db);
});
afterAll(async () => {
  await h.close();
});

const db = () => h.ctx.handle.db;
const request = (id: number) =>
  db().selectFrom('tracking_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shipment = (id: number) =>
  db()
    .selectFrom('shipments')
    .select(['pol_loaded_actual', 'pol_vessel_departure_actual', 'status_text'])
    .where('tracking_request_id', '=', id)
    .executeTakeFirstOrThrow();
const carrierId = async () =>
  (await db().selectFrom('carriers').select('id').where('scac', '=', SCAC).executeTakeFirstOrThrow()).id;

/** A container whose journey has no roll or vessel change (one load at the POL: the test retracts it). */
function plainJourney(owner: string) {
  for (;;) {
    const ref = uniqueContainer(owner);
    const journey = h.sim.journeyFor(SCAC, 'c_id', ref)!;
    if (!journey.disruptions.length) return { ref, journey };
  }
}

/** A v3 request subscribed for push, polled once before the vessel left; polling then stops. */
async function subscribedRequest() {
  const { ref, journey } = plainJourney('VPS');
  const truth = journey.truth[ref];
  h.clock.now = truth.emptyPickup + DAY;
  const id = await h.createRequest(SCAC, 'c_id', ref);
  await h.settle();
  await db()
    .updateTable('tracking_requests')
    .set({ next_poll_at: sql`now() + interval '1 day'` })
    .where('id', '=', id)
    .execute();
  const sub = h.sim.subscriptions().find((s) => s.filter.equipmentReference === ref)!;
  return { ref, journey, truth, id, sub };
}

test('a v3 carrier is subscribed at /v3/event-subscriptions and its pushes reach the shipment', async () => {
  const { truth, id, sub, ref } = await subscribedRequest();
  const row = await request(id);
  expect(row.dcsa_subscription_id).toBeTruthy();
  expect(sub.version).toBe('3.0');
  const ours = await db()
    .selectFrom('dcsa_subscriptions')
    .select('callback_url')
    .where('id', '=', row.dcsa_subscription_id!)
    .executeTakeFirstOrThrow();
  expect(ours.callback_url).toBe(`${apiUrl}/api/dcsa/callback/${row.dcsa_subscription_id}/v3`);
  expect(sub.callbackUrl).toBe(ours.callback_url);
  expect((await shipment(id)).pol_loaded_actual).toBeNull();

  h.clock.now = truth.legs[0].departure + DAY;
  const delivered = (await h.sim.deliver()).filter((d) => d.subscriptionID === sub.subscriptionID);
  expect(delivered).toEqual([expect.objectContaining({ status: 200 })]);
  await h.settle();
  const after = await shipment(id);
  expect(after.pol_loaded_actual?.getTime()).toBe(truth.legs[0].load);
  expect(after.pol_vessel_departure_actual?.getTime()).toBe(truth.legs[0].departure);
  const pushed = await db()
    .selectFrom('carrier_events as ce')
    .innerJoin('tracking_request_events as tre', 'tre.carrier_event_id', 'ce.id')
    .select('ce.id')
    .where('tre.tracking_request_id', '=', id)
    .where('ce.source', '=', 'push')
    .execute();
  expect(pushed.length).toBeGreaterThan(0);
  // Nothing new: nothing pushed.
  expect((await h.sim.deliver()).filter((d) => d.subscriptionID === sub.subscriptionID)).toEqual([]);
  expect(ref).toBeTruthy();
});

test('a retraction pushed by the carrier discards the event, the milestone goes, a late copy is set aside', async () => {
  const { journey, truth, id, sub, ref } = await subscribedRequest();
  h.clock.now = truth.legs[0].departure + DAY;
  await h.sim.deliver();
  await h.settle();
  expect((await shipment(id)).pol_loaded_actual?.getTime()).toBe(truth.legs[0].load);

  const load = journey.events.find(
    (e) =>
      e.event.eventType === 'EQUIPMENT' &&
      e.event.equipmentEventTypeCode === 'LOAD' &&
      e.event.eventClassifierCode === 'ACT' &&
      e.equipmentReference === ref &&
      Date.parse(e.event.eventDateTime) === truth.legs[0].load,
  )!;
  expect(load).toBeTruthy();
  const cid = await carrierId();
  const stored = () =>
    db()
      .selectFrom('carrier_events')
      .select(['id'])
      .where('carrier_id', '=', cid)
      .where('event_id', '=', load.event.eventID)
      .execute();
  expect(await stored()).toHaveLength(1);

  h.clock.now += 1000; // (a second: no other event of the journey appears meanwhile)
  h.sim.retract(SCAC, load.event.eventID);
  const delivered = (await h.sim.deliver()).filter((d) => d.subscriptionID === sub.subscriptionID);
  expect(delivered).toEqual([expect.objectContaining({ status: 200, count: 1 })]);
  expect(await stored()).toEqual([]);
  const tombstone = await db()
    .selectFrom('carrier_event_retractions')
    .selectAll()
    .where('carrier_id', '=', cid)
    .where('event_id', '=', load.event.eventID)
    .executeTakeFirstOrThrow();
  expect(tombstone.retracted_at.getTime()).toBe(h.clock.now);
  expect(tombstone.source).toBe('push');
  const record = await db()
    .selectFrom('rejected_events')
    .select(['kind', 'reasons', 'raw', 'source'])
    .where('tracking_request_id', '=', id)
    .where('kind', '=', 'retracted')
    .execute();
  expect(record).toHaveLength(1);
  expect((record[0].raw as { eventID: string }).eventID).toBe(load.event.eventID);
  expect(record[0].reasons[0]).toMatch(/^\(event\): retracted by the carrier \(isRetracted, /);

  await h.settle(); // the request's events changed: derived again without the load
  expect((await shipment(id)).pol_loaded_actual).toBeNull();

  // The same content arriving late (a poll racing the push): set aside, not stored again.
  const late = await ingestBatch(db(), {
    carrierId: cid,
    trackingRequestId: id,
    source: 'poll',
    relevance: true,
    events: [load.event],
    now: h.clock.now,
  });
  expect(late).toMatchObject({ inserted: 0, rejected: 1 });
  expect(await stored()).toEqual([]);
  const lateRecord = await db()
    .selectFrom('rejected_events')
    .select('reasons')
    .where('tracking_request_id', '=', id)
    .where('kind', '=', 'retracted')
    .where('source', '=', 'poll')
    .executeTakeFirstOrThrow();
  expect(lateRecord.reasons[0]).toContain(`/eventID: ${load.event.eventID} was retracted by the carrier`);

  // Published again after the retraction: a new event, stored.
  const again = await ingestBatch(db(), {
    carrierId: cid,
    trackingRequestId: id,
    source: 'poll',
    relevance: true,
    events: [{ ...load.event, eventCreatedDateTime: new Date(h.clock.now + 60_000).toISOString() }],
    now: h.clock.now + 120_000,
  });
  expect(again.inserted).toBe(1);
  expect(await stored()).toHaveLength(1);
});

test('a v3 poll brings retractions too, and a retraction for an unknown eventID only leaves a tombstone', async () => {
  const { ref, journey } = plainJourney('VPR');
  const truth = journey.truth[ref];
  h.clock.now = truth.legs[0].departure + DAY;
  const gateIn = journey.events.find(
    (e) =>
      e.event.eventType === 'EQUIPMENT' &&
      e.event.equipmentEventTypeCode === 'GTIN' &&
      e.equipmentReference === ref,
  )!;
  h.sim.retract(SCAC, gateIn.event.eventID, h.clock.now - 60_000);
  const connector = createDcsaConnector({ baseUrl: `${h.simUrl}/carriers/${SCAC}`, version: '3.0' });
  const polled = await connector.poll({ codeType: 'c_id', reference: ref });
  expect(polled.retractions).toEqual([
    { eventID: gateIn.event.eventID, retractedAt: new Date(h.clock.now - 60_000).toISOString() },
  ]);
  expect(polled.events.map((e) => e.eventID)).not.toContain(gateIn.event.eventID);
  // v2.2 has no retraction: the event is simply gone from its answers.
  const v2 = await createDcsaConnector({ baseUrl: `${h.simUrl}/carriers/${SCAC}` }).poll({
    codeType: 'c_id',
    reference: ref,
  });
  expect(v2.events.map((e) => e.eventID)).not.toContain(gateIn.event.eventID);
  expect(v2.events).toHaveLength(polled.events.length);

  // Through the engine: the request never stores it.
  const id = await h.createRequest(SCAC, 'c_id', ref);
  await h.settle();
  const cid = await carrierId();
  const found = await db()
    .selectFrom('carrier_events')
    .select('id')
    .where('carrier_id', '=', cid)
    .where('event_id', '=', gateIn.event.eventID)
    .execute();
  expect(found).toEqual([]);
  const tombstone = await db()
    .selectFrom('carrier_event_retractions')
    .select('source')
    .where('carrier_id', '=', cid)
    .where('event_id', '=', gateIn.event.eventID)
    .executeTakeFirstOrThrow();
  expect(tombstone.source).toBe('poll');
  expect((await request(id)).status).toBe('ongoing');
});

describe('the v3 consumer endpoint', () => {
  async function subscription() {
    const { id, sub } = await subscribedRequest();
    const ours = (await request(id)).dcsa_subscription_id!;
    return { id, sub, url: `${apiUrl}/api/dcsa/callback/${ours}/v3/events` };
  }
  const post = (url: string, secret: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'API-Version': '3.0.0',
        'Notification-Signature': notificationSignature(secret, body),
        ...headers,
      },
      body,
    });

  test('answers PostEventsResponse with a feedback element per refused event; the good ones go in (v3 eventIDs need not be UUIDs)', async () => {
    const { id, sub, url } = await subscription();
    const ref = sub.filter.equipmentReference!;
    const good = toV3({
      eventID: `v3-good-${ref}`,
      eventType: 'EQUIPMENT',
      eventCreatedDateTime: new Date(h.clock.now - 60_000).toISOString(),
      eventDateTime: new Date(h.clock.now - 120_000).toISOString(),
      eventClassifierCode: 'ACT',
      equipmentEventTypeCode: 'GTOT',
      equipmentReference: ref,
      emptyIndicatorCode: 'LADEN',
      eventLocation: { UNLocationCode: 'NLRTM' },
    });
    const bad = { ...good, eventID: `v3-bad-${ref}`, eventDateTime: '2024-03-04T06:00:00+0100' };
    const iot = { eventID: `v3-iot-${ref}`, eventClassification: { eventTypeCode: 'IOT' } };
    const body = JSON.stringify({ events: [good, bad, iot] });
    const res = await post(url, sub.secret, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('api-version')).toBe('3.0.0');
    const answer = (await res.json()) as { feedbackElements: Array<Record<string, string>> };
    expect(answer.feedbackElements).toEqual([
      {
        severity: 'ERROR',
        message: 'Not processed: /eventDateTime: must match format "date-time"',
        propertyPath: '$.events[1]',
      },
      {
        severity: 'ERROR',
        message: 'Not processed: /eventClassification/eventTypeCode: IOT events are not used by the portal',
        propertyPath: '$.events[2]',
      },
    ]);
    const stored = await db()
      .selectFrom('carrier_events as ce')
      .innerJoin('tracking_request_events as tre', 'tre.carrier_event_id', 'ce.id')
      .select('ce.event_id')
      .where('tre.tracking_request_id', '=', id)
      .where('ce.event_id', 'like', `v3-%-${ref}`)
      .execute();
    expect(stored.map((s) => s.event_id)).toEqual([`v3-good-${ref}`]);
    // The bad date-time is refused by the v3.0 schema, the IoT event as not used by the portal.
    const rejected = await db()
      .selectFrom('rejected_events')
      .select(['kind', 'reasons'])
      .where('tracking_request_id', '=', id)
      .where('kind', 'in', ['invalid', 'schema'])
      .orderBy('kind')
      .execute();
    expect(rejected).toEqual([
      {
        kind: 'invalid',
        reasons: ['/eventClassification/eventTypeCode: IOT events are not used by the portal'],
      },
      { kind: 'schema', reasons: ['/eventDateTime: must match format "date-time"'] },
    ]);
  });

  test('refuses a bad signature (401, nothing stored), another major version, non-JSON and a wrong shape (PostEventsError)', async () => {
    const { id, sub, url } = await subscription();
    const ref = sub.filter.equipmentReference!;
    const event = toV3({
      eventID: `v3-unsigned-${ref}`,
      eventType: 'EQUIPMENT',
      eventCreatedDateTime: new Date(h.clock.now - 60_000).toISOString(),
      eventDateTime: new Date(h.clock.now - 120_000).toISOString(),
      eventClassifierCode: 'ACT',
      equipmentEventTypeCode: 'GTOT',
      equipmentReference: ref,
    } as DcsaEvent);
    const body = JSON.stringify({ events: [event] });
    const forged = await post(url, Buffer.from('not the secret').toString('base64'), body);
    expect(forged.status).toBe(401);
    const none = await db()
      .selectFrom('carrier_events')
      .select('id')
      .where('event_id', '=', `v3-unsigned-${ref}`)
      .execute();
    expect(none).toEqual([]);

    const v2 = await post(url, sub.secret, body, { 'API-Version': '2.2.0' });
    expect(v2.status).toBe(400);
    expect(await v2.json()).toEqual({
      feedbackElements: [
        { severity: 'ERROR', message: 'API-Version 2.2.0 is not served here (major version 3).' },
      ],
    });
    const notJson = await post(url, sub.secret, '{"events": [');
    expect(notJson.status).toBe(400);
    const list = await post(url, sub.secret, JSON.stringify([event]));
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({
      feedbackElements: [
        { severity: 'ERROR', message: 'Expected an object with a list of events.', propertyPath: '$.events' },
      ],
    });
    const unknown = await post(
      `${apiUrl}/api/dcsa/callback/00000000-0000-4000-8000-000000000000/v3/events`,
      sub.secret,
      body,
    );
    expect(unknown.status).toBe(404);
    expect((await request(id)).status).not.toBe('invalid');
  });
});
