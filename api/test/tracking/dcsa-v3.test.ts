// DCSA Track & Trace v3.0: the translation to the v2.2 shape the engine stores, the v3 connector
// against the simulator speaking v3 (paging by Next-Page-Cursor, eventUpdatedDateTimeMin), and the
// same derivation from either version.
import { createDcsaConnector } from '../../src/tracking/dcsa/connector';
import { fromV3, readV3, toV3 } from '../../src/tracking/dcsa/v3';
import { deriveShipment } from '../../src/tracking/derive';
import { createSimulator } from '../../src/tracking/simulator/server';
import { ctxFor, END, journeyWithTsp } from './derive/helpers';
import { equipmentEvent, shipmentEvent, transportEvent } from './fixtures';

jest.setTimeout(60_000);

const sim = createSimulator({ clock: { now: () => Date.UTC(2026, 6, 1) }, epoch: Date.UTC(2025, 0, 1) });
let base = '';
beforeAll(async () => {
  base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sim.app.close();
});

const connector = (version: '2.2' | '3.0') =>
  createDcsaConnector({ baseUrl: `${base}/carriers/MAEU`, pageLimit: 7, timeoutMs: 5000, version });

describe('v3 ⇄ v2.2 translation', () => {
  it('round-trips the fixtures of each type', () => {
    for (const e of [transportEvent(), equipmentEvent(), shipmentEvent()]) {
      const back = fromV3(toV3(e as never));
      expect(back.ok).toBe(true);
      if (!back.ok) continue;
      expect(back.event.eventID).toBe(e.eventID);
      expect(back.event.eventType).toBe(e.eventType);
      expect(back.event.eventCreatedDateTime).toBe(e.eventCreatedDateTime);
      expect(back.event.eventDateTime).toBe(e.eventDateTime);
    }
  });

  it('refuses with reasons: IoT, retracted, bad date-times', () => {
    expect(fromV3({ eventID: 'x', eventClassification: { eventTypeCode: 'IOT' } })).toEqual({
      ok: false,
      kind: 'invalid',
      reasons: ['/eventClassification/eventTypeCode: IOT events are not used by the portal'],
    });
    expect(fromV3({ eventID: 'x', isRetracted: true }).ok).toBe(false);
    const bad = toV3(transportEvent({ eventDateTime: '2024-03-04T06:00:00Z' }) as never);
    const r = fromV3({ ...bad, eventDateTime: '2024-03-04T06:00:00+0100' });
    expect(r).toEqual({
      ok: false,
      kind: 'schema',
      reasons: ['/eventDateTime: must match format "date-time"'],
    });
  });

  it('reads a retraction (isRetracted: only eventID and eventUpdatedDateTime matter) and keeps v3 eventIDs', () => {
    expect(readV3({ eventID: 'evt-1', isRetracted: true, eventDateTime: 'garbage' })).toEqual({
      kind: 'retraction',
      retraction: { eventID: 'evt-1', retractedAt: null },
    });
    expect(
      readV3({ eventID: 'evt-1', isRetracted: true, eventUpdatedDateTime: '2025-01-23T01:23:45Z' }),
    ).toEqual({ kind: 'retraction', retraction: { eventID: 'evt-1', retractedAt: '2025-01-23T01:23:45Z' } });
    expect(readV3({ isRetracted: true })).toEqual({
      kind: 'rejected',
      setAside: 'schema',
      reasons: [
        '/eventID: a retracted event must give the eventID it retracts (a string of 1 to 500 characters)',
      ],
    });
    expect(
      readV3({ eventID: 'x', isRetracted: true, eventUpdatedDateTime: '2025-01-23T01:23:45+0100' }),
    ).toEqual({
      kind: 'rejected',
      setAside: 'schema',
      reasons: ['/eventUpdatedDateTime: must match format "date-time"'],
    });
    expect(readV3({ eventID: 'x', isRetracted: 'yes' })).toEqual({
      kind: 'rejected',
      setAside: 'schema',
      reasons: ['/isRetracted: must be boolean'],
    });
    // The standard's own example eventID is no UUID: accepted and kept as given.
    const id = 'event-HHL71800000-APZU4812090-IoT-DRO-2025-01-23T01:23:45Z';
    const read = readV3({ ...toV3(equipmentEvent() as never), eventID: id });
    expect(read.kind).toBe('event');
    if (read.kind === 'event') expect(read.event.eventID).toBe(id);
    expect(fromV3({ ...toV3(equipmentEvent() as never), eventID: 'x'.repeat(501) })).toEqual({
      ok: false,
      kind: 'schema',
      reasons: ['/eventID: must NOT have more than 500 characters'],
    });
  });

  it.each([0, 2, 4])('derives the same shipment from v3 as from v2.2 (%i transshipments)', (tsp) => {
    const j = journeyWithTsp(tsp);
    const container = j.containers[0].equipmentReference;
    const v2 = j.events
      .filter((s) => s.equipmentReference === null || s.equipmentReference === container)
      .map((s, i) => ({ id: String(i + 1), event: s.event }));
    const v3 = v2.map((e) => {
      const back = fromV3(toV3(e.event));
      if (!back.ok) throw new Error(back.reasons.join('; '));
      return { id: e.id, event: back.event };
    });
    const ctx = ctxFor(j, END(j));
    expect(deriveShipment(v3, ctx).columns).toEqual(deriveShipment(v2, ctx).columns);
  });
});

describe('v3 connector against the simulator speaking v3', () => {
  it('polls by each code type, follows Next-Page-Cursor, and gets the same events as v2.2', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG3000003')!;
    const v2 = await connector('2.2').poll({ codeType: 'b_id', reference: 'BKG3000003' });
    const v3 = await connector('3.0').poll({ codeType: 'b_id', reference: 'BKG3000003' });
    expect(v3.rejected).toEqual([]);
    expect(v3.pages).toBe(Math.ceil(journey.events.length / 7));
    expect(v3.events.map((e) => e.eventID)).toEqual(v2.events.map((e) => e.eventID));
    expect(v3.lastCreatedAt).toBe(v2.lastCreatedAt);
    const byBl = await connector('3.0').poll({
      codeType: 'm_bl',
      reference: journey.transportDocumentReference,
    });
    expect(byBl.events).toHaveLength(journey.events.length);
    const container = journey.containers[0].equipmentReference;
    const byContainer = await connector('3.0').poll({ codeType: 'c_id', reference: container });
    expect(byContainer.events.length).toBe(
      journey.events.filter((e) => e.equipmentReference === null || e.equipmentReference === container)
        .length,
    );
  });

  it('polls incrementally from eventUpdatedDateTime, and sees an unknown reference as not found', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG3000003')!;
    const since = journey.events[20].event.eventCreatedDateTime;
    const result = await connector('3.0').poll({ codeType: 'b_id', reference: 'BKG3000003', since });
    expect(result.events.length).toBe(
      journey.events.filter((e) => Date.parse(e.event.eventCreatedDateTime) >= Date.parse(since)).length,
    );
    expect((await connector('3.0').poll({ codeType: 'c_id', reference: 'MSKU1234560' })).notFound).toBe(true);
  });

  it('answers API-Version 3.0.0 on v3 and refuses a v2 API-Version there', async () => {
    const ok = await fetch(`${base}/carriers/MAEU/v3/events?carrierBookingReference=BKG3000003&limit=1`, {
      headers: { 'API-Version': '3.0.0' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('api-version')).toBe('3.0.0');
    expect(ok.headers.get('next-page-cursor')).toBeTruthy();
    const wrong = await fetch(`${base}/carriers/MAEU/v3/events?carrierBookingReference=BKG3000003`, {
      headers: { 'API-Version': '2' },
    });
    expect(wrong.status).toBe(400);
  });
});
