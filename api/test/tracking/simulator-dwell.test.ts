// The simulator's dwell at the port of discharge (discharge → full gate-out) and with the consignee (full
// gate-out → empty return) over a few hundred containers: most inside typical free time, a tail over it, a few
// far over, never long enough for a request to expire; and the last free days the publishing carriers send.
import { fromV3, toV3 } from '../../src/tracking/dcsa/v3';
import { validateEvent } from '../../src/tracking/dcsa/validate';
import { generateJourney, type GroundTruth } from '../../src/tracking/simulator/journey';
import {
  CARRIER_FREE_DAYS,
  CONSIGNEE_DWELL,
  dwellOf,
  lastFreeDay,
  POD_DWELL,
  TYPICAL_FREE_DAYS,
} from '../../src/tracking/simulator/journey-dwell';

// Journeys call searoute-js for every new port pair: slow on a busy machine.
jest.setTimeout(180_000);

const DAY = 86_400_000;
const EPOCH = Date.UTC(2025, 0, 1);
const SCACS = ['MAEU', 'MSCU', 'HLCU', 'CMDU', 'ONEY'];

const truths: Array<{ scac: string; ref: string; gt: GroundTruth }> = [];
beforeAll(() => {
  for (let i = 0; truths.length < 400; i++) {
    const scac = SCACS[i % SCACS.length];
    const journey = generateJourney({ carrierScac: scac, seed: `dwell:${i}`, epoch: EPOCH });
    for (const [ref, gt] of Object.entries(journey.truth)) truths.push({ scac, ref, gt });
  }
});

/** Calendar days (UTC) a clock touches from `from` to `to`, both days counted. */
const daysTouched = (from: number, to: number) => Math.floor(to / DAY) - Math.floor(from / DAY) + 1;
const share = (values: boolean[]) => values.filter(Boolean).length / values.length;
const podDischarge = (gt: GroundTruth) => gt.legs[gt.legs.length - 1].discharge;

describe('dwell at the port of discharge', () => {
  it('is mostly inside typical free time, with a tail over it and a few far over', () => {
    const used = truths.map(({ gt }) => daysTouched(podDischarge(gt), gt.gateOutPod));
    const over = share(used.map((d) => d > TYPICAL_FREE_DAYS.pod));
    const farOver = share(used.map((d) => d > 2 * TYPICAL_FREE_DAYS.pod));
    expect(over).toBeGreaterThanOrEqual(0.1);
    expect(over).toBeLessThanOrEqual(0.25);
    expect(farOver).toBeGreaterThanOrEqual(0.01);
    expect(farOver).toBeLessThanOrEqual(0.1);
    // Nobody leaves the terminal the hour it is discharged, and the spread inside free time is real.
    expect(Math.min(...used)).toBeGreaterThanOrEqual(1);
    expect(new Set(used.filter((d) => d <= TYPICAL_FREE_DAYS.pod)).size).toBeGreaterThanOrEqual(4);
  });
});

describe('dwell with the consignee', () => {
  it('is mostly inside typical free time, with a tail over it and a few far over', () => {
    const used = truths.map(({ gt }) => daysTouched(gt.gateOutPod, gt.emptyReturn));
    const over = share(used.map((d) => d > TYPICAL_FREE_DAYS.consignee));
    const farOver = share(used.map((d) => d > 2 * TYPICAL_FREE_DAYS.consignee));
    expect(over).toBeGreaterThanOrEqual(0.1);
    expect(over).toBeLessThanOrEqual(0.25);
    expect(farOver).toBeGreaterThanOrEqual(0.01);
    expect(farOver).toBeLessThanOrEqual(0.1);
  });

  it('delivers between the gate-out and the empty return', () => {
    for (const { gt } of truths) {
      expect(gt.delivery).toBeGreaterThan(gt.gateOutPod);
      expect(gt.emptyReturn - gt.delivery).toBeGreaterThanOrEqual(DAY);
    }
  });
});

it('never leaves a container quiet long enough for its request to expire (30 days)', () => {
  for (const { gt } of truths) {
    expect(gt.gateOutPod - podDischarge(gt)).toBeLessThan(25 * DAY);
    expect(gt.emptyReturn - gt.delivery).toBeLessThan(29 * DAY);
  }
});

it('is the same for the same seed, and drawn from bands that cover [0, 1)', () => {
  const again = generateJourney({ carrierScac: 'MAEU', seed: 'dwell:0', epoch: EPOCH });
  expect(Object.values(again.truth)[0]).toEqual(truths[0].gt);
  expect(dwellOf(POD_DWELL, 0)).toBe(18 * 3_600_000);
  expect(dwellOf(POD_DWELL, 0.9999999)).toBe(24 * DAY);
  expect(dwellOf(CONSIGNEE_DWELL, 0.84)).toBe(10 * DAY);
});

describe('last free days sent by the carrier', () => {
  const journey = generateJourney({ carrierScac: 'MAEU', seed: 'lfd:1', epoch: EPOCH });
  const ref = journey.containers[0].equipmentReference;
  const pod = journey.ports[journey.ports.length - 1].locode;
  const mine = journey.events.filter((e) => e.equipmentReference === ref).map((e) => e.event);
  const withLfd = mine.filter((e) => e.eventType === 'EQUIPMENT' && e.lastFreeDays);

  it('come with the discharge at the POD (demurrage) and the full gate-out (detention)', () => {
    expect(withLfd).toHaveLength(2);
    const [disc, gateOut] = withLfd;
    if (disc.eventType !== 'EQUIPMENT' || gateOut.eventType !== 'EQUIPMENT') throw new Error('not equipment');
    expect([disc.equipmentEventTypeCode, disc.eventLocation?.UNLocationCode]).toEqual(['DISC', pod]);
    expect([gateOut.equipmentEventTypeCode, gateOut.emptyIndicatorCode]).toEqual(['GTOT', 'LADEN']);
    const free = CARRIER_FREE_DAYS.MAEU;
    expect(disc.lastFreeDays).toEqual([
      { typeCode: 'DEM', date: lastFreeDay(disc.eventDateTime, free.demurrage) },
    ]);
    expect(gateOut.lastFreeDays).toEqual([
      { typeCode: 'DET', date: lastFreeDay(gateOut.eventDateTime, free.detention) },
    ]);
  });

  it('are valid in v2.2 and survive the v3.0 round trip', () => {
    for (const e of withLfd) {
      expect(validateEvent(e)).toEqual({ ok: true, event: e });
      const back = fromV3(toV3(e));
      expect(back.ok && back.event.eventType === 'EQUIPMENT' && back.event.lastFreeDays).toEqual(
        e.eventType === 'EQUIPMENT' && e.lastFreeDays,
      );
    }
  });

  it('are not sent by the other carriers, nor when switched off', () => {
    const others = generateJourney({ carrierScac: 'MSCU', seed: 'lfd:1', epoch: EPOCH });
    const off = generateJourney({ carrierScac: 'MAEU', seed: 'lfd:1', epoch: EPOCH, carrierFreeDays: null });
    for (const j of [others, off])
      expect(j.events.some((e) => e.event.eventType === 'EQUIPMENT' && e.event.lastFreeDays)).toBe(false);
  });

  it('count the event day as the first free day, in the port calendar', () => {
    expect(lastFreeDay('2025-03-10T23:30:00+08:00', 4)).toBe('2025-03-13');
    expect(lastFreeDay('2025-02-27T01:00:00-05:00', 3)).toBe('2025-03-01');
    expect(lastFreeDay('2024-12-31T08:00:00Z', 1)).toBe('2024-12-31');
  });
});
