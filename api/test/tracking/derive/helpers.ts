// Test helpers for the derivation: simulator journeys (ground truth), the events a carrier shows at a
// given moment, and a derivation context with the journey's ports and vessels.
import { generateJourney, type Journey } from '../../../src/tracking/simulator/journey';
import type { DeriveContext, DeriveEvent, DeriveLocation, DeriveVessel } from '../../../src/tracking/derive';

const EPOCH = Date.parse('2025-01-01T00:00:00Z');

/** The first journey (seeds `${prefix}:0`, `${prefix}:1`, ...) that satisfies `test`. */
export function journeyWhere(test: (j: Journey) => boolean, prefix = 'x'): Journey {
  for (let i = 0; i < 2000; i++) {
    const j = generateJourney({ carrierScac: 'MAEU', seed: `${prefix}:${i}`, epoch: EPOCH });
    if (test(j)) return j;
  }
  throw new Error('no such journey');
}

/** The first journey with `tsp` transshipments. */
export const journeyWithTsp = (tsp: number, prefix = 'x') =>
  journeyWhere((j) => j.ports.length - 2 === tsp, prefix);

export const containerOf = (j: Journey) => j.containers[0].equipmentReference;

/** The events of `container` the carrier shows at `at` (ms), with carrier_events ids in publication order. */
export function eventsAt(j: Journey, at = Infinity, container = containerOf(j)): DeriveEvent[] {
  return j.events
    .map((e, i) => ({ sim: e, id: String(i + 1) }))
    .filter(
      ({ sim }) =>
        sim.createdAt <= at && (sim.equipmentReference === null || sim.equipmentReference === container),
    )
    .map(({ sim, id }) => ({ id, event: sim.event }));
}

/** Locations of every port of the journey (ids from 1), keyed by locode. */
export function locationsOf(j: Journey): Map<string, DeriveLocation> {
  const map = new Map<string, DeriveLocation>();
  j.ports.forEach((p, i) =>
    map.set(p.locode, {
      id: i + 1,
      locode: p.locode,
      latitude: p.lat,
      longitude: p.lng,
      timezone: p.timezone,
    }),
  );
  return map;
}

export function vesselsOfJourney(j: Journey): Map<string, DeriveVessel> {
  const map = new Map<string, DeriveVessel>();
  j.legs.forEach((l, i) => map.set(l.vessel.imo, { id: 100 + i, name: l.vessel.name, imo: l.vessel.imo }));
  return map;
}

export function ctxFor(j: Journey, now: number, over: Partial<DeriveContext> = {}): DeriveContext {
  return {
    containerNumber: containerOf(j),
    contractualEtaPod: null,
    contractualEtaDlv: null,
    locations: locationsOf(j),
    vessels: vesselsOfJourney(j),
    now: new Date(now),
    ...over,
  };
}

/** Deterministic shuffle (Fisher-Yates with a small LCG). */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const out = items.slice();
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const k = s % (i + 1);
    [out[i], out[k]] = [out[k], out[i]];
  }
  return out;
}

export const END = (j: Journey) => Math.max(...j.events.map((e) => e.createdAt)) + 3_600_000;
