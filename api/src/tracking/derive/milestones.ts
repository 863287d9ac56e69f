// Which events feed which milestone, and the planned_initial / planned_last / actual dates (with the
// event that set each) of a milestone from its events.
import { MILESTONES, type Milestone } from '@portal/shared-api/domain';
import { byCreated, type Ev } from './events';
import { bestTime, isVesselCall, type RoutePlan } from './route';

export interface MilestoneDates {
  planned_initial: Ev | null;
  planned_last: Ev | null;
  actual: Ev | null;
}

/**
 * planned_initial: the first PLN ever published (the earliest EST when there is no PLN);
 * planned_last: the most recently published PLN/EST; actual: the most recently published ACT.
 * `actualFilter` keeps out actuals that are not this container's (another vessel's departure).
 */
export function milestoneDates(events: readonly Ev[], actualFilter?: (e: Ev) => boolean): MilestoneDates {
  const sorted = [...events].sort(byCreated);
  const plans = sorted.filter((e) => e.cls !== 'ACT');
  const actuals = sorted.filter((e) => e.cls === 'ACT' && (!actualFilter || actualFilter(e)));
  return {
    planned_initial: plans.find((e) => e.cls === 'PLN') ?? plans[0] ?? null,
    planned_last: plans.at(-1) ?? null,
    actual: actuals.at(-1) ?? null,
  };
}

/** The planned_initial / planned_last / actual dates of a milestone (null when not published). */
export type Dates = { planned_initial: Date | null; planned_last: Date | null; actual: Date | null };

export type RoleOfPort = 'pol' | 'tsp1' | 'tsp2' | 'tsp3' | 'tsp4' | 'pod';

/** The role of each route port. */
export function portRoles(route: RoutePlan): Map<string, RoleOfPort> {
  const roles = new Map<string, RoleOfPort>();
  const n = route.ports.length;
  route.ports.forEach((locode, i) => {
    if (n === 1) roles.set(locode, route.singlePortIsPod ? 'pod' : 'pol');
    else if (i === 0) roles.set(locode, 'pol');
    else if (i === n - 1) roles.set(locode, 'pod');
    else roles.set(locode, `tsp${i}` as RoleOfPort);
  });
  return roles;
}

export interface Assignment {
  events: Map<Milestone, Ev[]>;
  /** The latest event of each non-port place (its locode is the place): empty pickup, delivery, empty return, LIF, origin. */
  places: {
    empty_pickup: Ev | null;
    dlv: Ev | null;
    empty_return: Ev | null;
    lif: Ev | null;
    origin: Ev | null;
  };
}

const PICKUP_CODES = new Set(['GTOT', 'PICK']);
const RETURN_CODES = new Set(['GTIN', 'DROP']);

/** Sorts every event into the milestone it informs. */
export function assignMilestones(events: readonly Ev[], route: RoutePlan): Assignment {
  const roles = portRoles(route);
  const out = new Map<Milestone, Ev[]>(MILESTONES.map((m) => [m, []]));
  const add = (m: Milestone, e: Ev) => out.get(m)?.push(e);
  const pol = route.ports.length > 1 || !route.singlePortIsPod ? route.ports[0] : undefined;
  const pod = route.ports.length > 1 || route.singlePortIsPod ? route.ports.at(-1) : undefined;

  // Vessel calls at route ports.
  for (const e of events) {
    if (!isVesselCall(e)) continue;
    const role = roles.get(e.locode as string);
    if (!role) continue;
    if (e.code === 'DEPA' && role !== 'pod') add(`${role}_vessel_departure`, e);
    else if (e.code === 'ARRI' && role !== 'pol') add(`${role}_vessel_arrival`, e);
    else if (e.code === 'LOAD' && role !== 'pod') add(`${role}_loaded`, e);
    else if (e.code === 'DISC') add(role === 'pol' ? 'pol_discharge' : `${role}_discharge`, e);
  }

  // Landside equipment events, placed in time around the vessel part of the journey.
  const polTime =
    bestTime(out.get('pol_loaded') ?? []) ?? bestTime(out.get('pol_vessel_departure') ?? []) ?? Infinity;
  const podTime =
    bestTime(out.get('pod_discharge') ?? []) ?? bestTime(out.get('pod_vessel_arrival') ?? []) ?? null;
  const land = events.filter((e) => e.type === 'EQUIPMENT' && !isVesselCall(e));
  const emptyPickups = land.filter((e) => e.empty && PICKUP_CODES.has(e.code));
  for (const e of emptyPickups) add('empty_pickup', e);
  const firstPickup = emptyPickups.length ? Math.min(...emptyPickups.map((e) => e.at)) : -Infinity;
  const afterPod = (e: Ev) => podTime !== null && e.at >= podTime;
  const beforePol = (e: Ev) => e.at <= polTime && !afterPod(e);
  let podGateOut: number | null = null;
  for (const e of land) {
    if (e.empty) {
      if (RETURN_CODES.has(e.code) && e.at > firstPickup && (afterPod(e) || podTime === null))
        add('empty_return', e);
      continue;
    }
    if (e.code === 'GTIN' && e.locode && e.locode === pol && beforePol(e)) add('pol_arrival', e);
    else if (PICKUP_CODES.has(e.code) && beforePol(e) && e.locode !== pol) add('origin_pickup', e);
    else if (PICKUP_CODES.has(e.code) && afterPod(e) && e.locode === pod && podGateOut === null) {
      add('pod_departure', e);
      if (e.cls === 'ACT') podGateOut = e.at;
    } else if ((e.code === 'DROP' || e.code === 'STRP') && afterPod(e)) add('delivery', e);
  }
  // Last inland facility: a laden gate in / gate out after the POD gate out, away from the POD.
  const deliveryTime = bestTime(out.get('delivery') ?? []) ?? Infinity;
  const gateOut = podGateOut ?? bestTime(out.get('pod_departure') ?? []);
  if (gateOut !== null) {
    for (const e of land) {
      if (e.empty || e.locode === pod || e.at <= gateOut || e.at >= deliveryTime) continue;
      if (e.code === 'GTIN') add('lif_arrival', e);
      else if (e.code === 'GTOT') add('lif_departure', e);
    }
  }
  const latest = (m: Milestone) => [...(out.get(m) ?? [])].sort(byCreated).at(-1) ?? null;
  return {
    events: out,
    places: {
      empty_pickup: latest('empty_pickup'),
      dlv: latest('delivery'),
      empty_return: latest('empty_return'),
      lif: latest('lif_arrival') ?? latest('lif_departure'),
      origin: latest('origin_pickup'),
    },
  };
}
