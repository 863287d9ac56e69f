// The simulator's faults on its v3.0 side (the same as v2.2's) and the data faults of both versions:
// late publication, retractions and re-publications, re-used containers, vessel events without a
// UN/LOCODE, repeated events at page boundaries, lost and out-of-order pushes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDcsaConnector } from '../../src/tracking/dcsa/connector';
import { createSimulator } from '../../src/tracking/simulator/server';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const clock = { now: Date.UTC(2026, 6, 1) };
const at = { now: () => clock.now };
const epoch = Date.UTC(2025, 0, 1);

async function started(sim: ReturnType<typeof createSimulator>) {
  const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  return { base, close: () => sim.app.close() };
}

type Body = { events: Array<Record<string, unknown>> };
const v3Get = async (base: string, query: string) => {
  const res = await fetch(`${base}/carriers/MAEU/v3/events?${query}`, {
    headers: { 'API-Version': '3.0.0' },
  });
  return { status: res.status, text: await res.text(), cursor: res.headers.get('next-page-cursor') };
};

describe('v3 side: the same GET faults as v2.2', () => {
  const sim = createSimulator({ clock: at, epoch, timeoutFaultMs: 50 });
  let base = '';
  let close: () => Promise<void>;
  beforeAll(async () => ({ base, close } = await started(sim)));
  afterAll(() => close());

  it('5xx, malformed, wrong schema (refused by the v3 schema), duplicates and reversed order', async () => {
    const q = 'carrierBookingReference=BKG3000003&limit=5';
    sim.setFault('MAEU', { kind: '5xx', times: 1 });
    expect((await v3Get(base, q)).status).toBe(503);
    sim.setFault('MAEU', { kind: 'malformed', times: 1 });
    const malformed = await v3Get(base, q);
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text) as unknown).toThrow();
    const plain = (JSON.parse((await v3Get(base, q)).text) as Body).events;
    sim.setFault('MAEU', { kind: 'duplicates', times: 1 });
    expect((JSON.parse((await v3Get(base, q)).text) as Body).events).toHaveLength(2 * plain.length);
    sim.setFault('MAEU', { kind: 'out-of-order', times: 1 });
    expect((JSON.parse((await v3Get(base, q)).text) as Body).events).toEqual([...plain].reverse());
    sim.setFault('MAEU', { kind: 'wrong-schema', times: 100 });
    const connector = createDcsaConnector({
      baseUrl: `${base}/carriers/MAEU`,
      version: '3.0',
      pageLimit: 50,
    });
    const polled = await connector.poll({ codeType: 'b_id', reference: 'BKG3000003' });
    sim.setFault('MAEU', null);
    expect(polled.rejected.length).toBeGreaterThan(0);
    expect(polled.rejected[0].kind).toBe('schema');
    expect(polled.rejected[0].reasons).toContain('/eventDateTime: must match format "date-time"');
    sim.setFault('MAEU', { kind: 'timeout', times: 1 });
    const slow = createDcsaConnector({ baseUrl: `${base}/carriers/MAEU`, version: '3.0', timeoutMs: 20 });
    await expect(slow.poll({ codeType: 'b_id', reference: 'BKG3000003' })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});

describe('data faults of both versions', () => {
  const sim = createSimulator({
    clock: at,
    epoch,
    faults: {
      latePublication: { share: 0.3, maxDelayMs: 6 * HOUR },
      republication: { share: 0.5, retractAfterMs: HOUR, republishAfterMs: 2 * HOUR },
      reusedContainers: 1,
      withoutLocode: 1,
      duplicatePages: 1,
    },
  });
  let base = '';
  let close: () => Promise<void>;
  beforeAll(async () => ({ base, close } = await started(sim)));
  afterAll(() => close());

  it('late publication: shown hours after its creation time', () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG4000004')!;
    const late = sim.feedOf('MAEU', journey).filter((i) => i.visibleAt > i.updatedAt && !i.retraction);
    expect(late.length).toBeGreaterThan(0);
    for (const i of late) expect(i.visibleAt - i.updatedAt).toBeLessThanOrEqual(6 * HOUR);
  });

  it('retraction then re-publication: v3 shows the retraction meanwhile, v2.2 leaves the event out', async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG4000004')!;
    const feed = sim.feedOf('MAEU', journey);
    const retraction = feed.find((i) => i.retraction)!;
    const id = retraction.event.eventID;
    const republished = feed.find((i) => i.event.eventID === id && i.key.endsWith('|1'))!;
    const saved = clock.now;
    try {
      clock.now = retraction.visibleAt + 1;
      const q = `carrierBookingReference=BKG4000004&limit=1000`;
      const meanwhile = (JSON.parse((await v3Get(base, q)).text) as Body).events.filter(
        (e) => e.eventID === id,
      );
      expect(meanwhile).toEqual([
        { eventID: id, isRetracted: true, eventUpdatedDateTime: expect.any(String) },
      ]);
      const v2 = await fetch(`${base}/carriers/MAEU/v2/events?carrierBookingReference=BKG4000004&limit=1000`);
      expect(((await v2.json()) as Array<{ eventID: string }>).some((e) => e.eventID === id)).toBe(false);
      clock.now = republished.visibleAt + 1;
      const after = (JSON.parse((await v3Get(base, q)).text) as Body).events.filter((e) => e.eventID === id);
      expect(after).toHaveLength(1);
      expect(after[0].isRetracted).toBeUndefined();
      expect(Date.parse(after[0].eventUpdatedDateTime as string)).toBe(republished.updatedAt);
    } finally {
      clock.now = saved;
    }
  });

  it("a re-used container's earlier trip leaks into booking answers only, under another booking", async () => {
    const journey = sim.journeyFor('MAEU', 'b_id', 'BKG4000004')!;
    const container = journey.containers[0].equipmentReference;
    const connector = createDcsaConnector({
      baseUrl: `${base}/carriers/MAEU`,
      version: '3.0',
      pageLimit: 1000,
    });
    const byBooking = await connector.poll({ codeType: 'b_id', reference: 'BKG4000004' });
    const foreign = byBooking.events.filter((e) =>
      (e as { documentReferences?: Array<{ documentReferenceValue: string }> }).documentReferences?.some(
        (d) => d.documentReferenceValue === 'RBKG4000004',
      ),
    );
    expect(foreign.some((e) => e.eventType === 'EQUIPMENT' && e.equipmentReference === container)).toBe(true);
    const byContainer = await connector.poll({ codeType: 'c_id', reference: container });
    expect(byContainer.events.some((e) => foreign.some((f) => f.eventID === e.eventID))).toBe(false);
  });

  it('actual vessel events without UN/LOCODE nor transport call reference in v3; repeated events at page boundaries', async () => {
    const first = await v3Get(base, 'carrierBookingReference=BKG4000004&limit=10');
    const page1 = (JSON.parse(first.text) as Body).events;
    const ours = (e: Record<string, unknown>) =>
      (
        e.shipmentDetails as { additionalDocumentReferences?: Array<{ reference: string }> } | undefined
      )?.additionalDocumentReferences?.some((d) => d.reference === 'BKG4000004') ?? false;
    const everything = (
      JSON.parse((await v3Get(base, 'carrierBookingReference=BKG4000004&limit=1000')).text) as Body
    ).events;
    const acts = everything.filter(
      (e) =>
        ours(e) &&
        (e.eventClassification as Record<string, unknown>).transportEventTypeCode &&
        (e.eventClassification as Record<string, unknown>).eventClassifierCode === 'ACT',
    );
    expect(acts.length).toBeGreaterThan(0);
    for (const e of acts) {
      expect(e.eventLocation).toBeUndefined();
      const call = (e.transportDetails as { transportCall: Record<string, unknown> }).transportCall;
      expect(call.transportCallReference).toBeUndefined();
      expect(call.vesselTransport).toEqual({ vesselIMONumber: expect.stringMatching(/^\d{7}$/) });
    }
    const second = await v3Get(base, `carrierBookingReference=BKG4000004&limit=10&cursor=${first.cursor}`);
    const page2 = (JSON.parse(second.text) as Body).events;
    expect(page2.slice(0, 2)).toEqual(page1.slice(-2));
  });
});

describe('push faults: lost and out of order', () => {
  const received: Array<Array<{ eventID: string }>> = [];
  const consumer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push((JSON.parse(body) as { events: Array<{ eventID: string }> }).events);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  beforeAll(() => new Promise<void>((resolve) => consumer.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => consumer.close(resolve)));

  it('a lost push never arrives; a held one arrives with a later delivery, after later events', async () => {
    const sim = createSimulator({ clock: at, epoch, faults: { pushLoss: 0.3, pushOutOfOrder: 0.3 } });
    const { base, close } = await started(sim);
    try {
      const journey = sim.journeyFor('MAEU', 'b_id', 'BKG5000005')!;
      const start = journey.events[0].createdAt - 1;
      clock.now = start;
      const res = await fetch(`${base}/carriers/MAEU/v3/event-subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          callbackUrl: `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/cb`,
          secret: Buffer.from('s'.repeat(32)).toString('base64'),
          carrierBookingReference: 'BKG5000005',
        }),
      });
      expect(res.status).toBe(201);
      const end = journey.events.at(-1)!.createdAt;
      for (let t = start; t <= end + 2 * HOUR; t += 6 * HOUR) {
        clock.now = t;
        await sim.deliver();
      }
      const ids = received.flat().map((e) => e.eventID);
      const all = journey.events.map((e) => e.event.eventID);
      const lost = all.filter((id) => !ids.includes(id));
      expect(lost.length).toBeGreaterThan(0);
      expect(lost.length).toBeLessThan(all.length);
      expect(new Set(ids).size).toBe(ids.length);
      // Some event arrives after one created later than it.
      const created = new Map(journey.events.map((e) => [e.event.eventID, e.createdAt]));
      const order = ids.map((id) => created.get(id)!);
      expect(order.some((t, i) => i > 0 && t < order[i - 1])).toBe(true);
    } finally {
      await close();
      clock.now = Date.UTC(2026, 6, 1);
    }
  });
});
