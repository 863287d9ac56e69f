// A journey's disruptions: a container rolled to a later vessel, or a leg's vessel swapped, drawn per seed
// from their own random stream (or forced), and applied to the planned legs.
import { seededRng, type Rng } from './random';
import { DAY, HOUR, hours } from './journey-time';
import type { DisruptionOptions, JourneyInput, SimDisruption, SimLeg, Vessel } from './journey';

/** A vessel's IMO number: seven digits, the last a check digit. */
export function imoNumber(rng: Rng): string {
  const digits = [rng.int(9, 9), rng.int(1, 8), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9)];
  const check = digits.reduce((sum, d, i) => sum + d * (7 - i), 0) % 10;
  return digits.join('') + check;
}

export const VESSEL_WORDS = [
  'STAR',
  'HORIZON',
  'AURORA',
  'PIONEER',
  'SPIRIT',
  'HARMONY',
  'TRIUMPH',
  'ZENITH',
  'ATLAS',
  'ORION',
];

const ROLL_RATE = 1 / 8;
const VESSEL_CHANGE_RATE = 1 / 10;

function newVessel(rng: Rng, scac: string, not: Vessel[]): Vessel {
  for (;;) {
    const v = { name: `${scac === 'MAEU' ? 'MAERSK' : scac} ${rng.pick(VESSEL_WORDS)}`, imo: imoNumber(rng) };
    if (!not.some((o) => o.imo === v.imo || o.name === v.name)) return v;
  }
}

/** The leg index of a roll and of a vessel change (null = none) for a journey of `legCount` legs. */
function pickDisruptions(
  rng: Rng,
  option: DisruptionOptions | undefined,
  legCount: number,
): { roll: number | null; vesselChange: number | null } {
  if (option === undefined) return { roll: null, vesselChange: null };
  if (option === 'random') {
    const roll =
      rng.next() < ROLL_RATE ? (rng.next() < 0.6 || legCount === 1 ? 0 : rng.int(1, legCount - 1)) : null;
    let vesselChange = rng.next() < VESSEL_CHANGE_RATE ? rng.int(0, legCount - 1) : null;
    if (vesselChange !== null && vesselChange === roll)
      vesselChange = legCount > 1 ? (roll + 1) % legCount : null;
    return { roll, vesselChange };
  }
  const roll = option.roll ? (option.roll === 'pol' ? 0 : Number(option.roll.slice(3))) : null;
  const vesselChange = option.vesselChange ?? null;
  if (roll !== null && roll >= legCount)
    throw new Error(`cannot roll at ${option.roll}: the journey has ${legCount} legs`);
  if (
    vesselChange !== null &&
    (!Number.isInteger(vesselChange) || vesselChange < 0 || vesselChange >= legCount)
  )
    throw new Error(`no leg ${vesselChange} to change the vessel of: the journey has ${legCount} legs`);
  if (roll !== null && roll === vesselChange)
    throw new Error('a roll and a vessel change on the same leg are not supported');
  return { roll, vesselChange };
}

/** A roll as the transport events need it: when it was published, the delay, the first plan's times. */
export interface Roll {
  leg: number;
  at: number;
  delay: number;
  oldDeparture: number;
  oldArrival: number;
}

/**
 * A roll at leg `k`: the planned vessel leaves without the container, which follows `delay` later on another
 * vessel and voyage (every later milestone moves as much).
 */
function applyRoll(
  drng: Rng,
  scac: string,
  legs: SimLeg[],
  k: number,
): { roll: Roll; disruption: SimDisruption } {
  const leg = legs[k];
  const delay = drng.pick([3, 4, 7, 7, 7, 10]) * DAY + hours(drng, -6, 6);
  const at = leg.actualDeparture + hours(drng, 1, 4);
  const roll = { leg: k, at, delay, oldDeparture: leg.actualDeparture, oldArrival: leg.actualArrival };
  const to = {
    vessel: newVessel(
      drng,
      scac,
      legs.map((l) => l.vessel),
    ),
    voyage: `${drng.int(500, 899)}${leg.voyage.slice(-1)}`,
  };
  const disruption: SimDisruption = {
    kind: 'roll',
    leg: k,
    port: leg.from.locode,
    from: { vessel: leg.vessel, voyage: leg.voyage },
    to,
    publishedAt: at,
    plannedVesselDeparture: leg.actualDeparture,
    delay,
  };
  leg.vessel = to.vessel;
  leg.voyage = to.voyage;
  for (const later of legs.slice(k)) {
    later.actualDeparture += delay;
    later.actualArrival += delay;
  }
  return { roll, disruption };
}

/** A vessel change on leg `m`: the carrier swaps the leg's vessel some time before it leaves, same schedule. */
function applyVesselChange(
  drng: Rng,
  scac: string,
  legs: SimLeg[],
  m: number,
  bookingTime: number,
  earlier: SimDisruption[],
): SimDisruption {
  const leg = legs[m];
  const earliest = bookingTime + 12 * HOUR;
  const latest = Math.min(leg.plannedDeparture, leg.actualDeparture) - 2 * DAY;
  const at = Math.max(
    earliest,
    earliest + Math.round((drng.range(0.2, 0.9) * (latest - earliest)) / HOUR) * HOUR,
  );
  const to = {
    vessel: newVessel(drng, scac, [...legs.map((l) => l.vessel), ...earlier.map((d) => d.from.vessel)]),
    voyage: `${drng.int(500, 899)}${leg.voyage.slice(-1)}`,
  };
  const disruption: SimDisruption = {
    kind: 'vessel-change',
    leg: m,
    port: leg.from.locode,
    from: { vessel: leg.vessel, voyage: leg.voyage },
    to,
    publishedAt: at,
  };
  leg.vessel = to.vessel;
  leg.voyage = to.voyage;
  return disruption;
}

/** Rolls and vessel changes, from their own random stream (the rest of the journey stays the same). */
export function applyDisruptions(input: JourneyInput, legs: SimLeg[], bookingTime: number) {
  const drng = seededRng(`${input.seed}|disruptions`);
  const picked = pickDisruptions(drng, input.disruptions, legs.length);
  const disruptions: SimDisruption[] = [];
  let roll: Roll | null = null;
  if (picked.roll !== null) {
    const applied = applyRoll(drng, input.carrierScac, legs, picked.roll);
    roll = applied.roll;
    disruptions.push(applied.disruption);
  }
  const changes = new Map<number, number>();
  if (picked.vesselChange !== null) {
    const m = picked.vesselChange;
    const change = applyVesselChange(drng, input.carrierScac, legs, m, bookingTime, disruptions);
    disruptions.push(change);
    changes.set(m, change.publishedAt);
  }
  disruptions.sort((a, b) => a.leg - b.leg);
  return { disruptions, roll, changes };
}
