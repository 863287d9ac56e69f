// Where the container is: the path it has travelled so far (the sea routes of the legs sailed, then the
// observed fixes or the dead reckoning of the leg it sails now) and its current position.
import type { Milestone } from '@portal/shared-api/domain';
import type { Ev } from './events';
import { alongRoute, routeLengthNm, seaRoute, thin, type LngLat } from './geo';
import type { Dates } from './milestones';
import type { RoutePlan } from './route';
import type { DeriveContext, DerivedLeg, VesselFix } from './types';

const HOUR = 3_600_000;
const MAX_POINTS_PER_LEG = 60;

interface Place {
  locode: string | null;
  point: LngLat | null;
}

/** Where the event happened: its own coordinates, else those of its locode's location. */
function placeOf(e: Ev, ctx: DeriveContext): Place {
  if (e.lng !== null && e.lat !== null) return { locode: e.locode, point: [e.lng, e.lat] };
  const loc = e.locode ? ctx.locations.get(e.locode) : undefined;
  return { locode: e.locode, point: loc ? [loc.longitude, loc.latitude] : null };
}

export function portPoint(locode: string, events: readonly Ev[], ctx: DeriveContext): LngLat | null {
  const loc = ctx.locations.get(locode);
  if (loc) return [loc.longitude, loc.latitude];
  const e = events.find((x) => x.locode === locode && x.lng !== null && x.lat !== null);
  return e && e.lng !== null && e.lat !== null ? [e.lng, e.lat] : null;
}

/** Where the container has been (its path so far) and is now, and the leg it is sailing, if any. */
export function trackPosition(
  evs: Ev[],
  ctx: DeriveContext,
  route: RoutePlan,
  legs: DerivedLeg[],
  get: (m: Milestone) => Dates,
  pointOf: (locode: string) => LngLat | null,
  depMilestone: (locode: string) => Milestone,
  arrMilestone: (locode: string) => Milestone,
): {
  path: LngLat[];
  position: { point: LngLat; estimated: boolean } | null;
  sailing: DerivedLeg | null;
  sailingRoute: LngLat[] | null;
  sailingFixes: VesselFix[];
  observed: boolean;
} {
  const now = ctx.now.getTime();
  const path: LngLat[] = [];
  let position: { point: LngLat; estimated: boolean } | null = null;
  let sailing: DerivedLeg | null = null;
  let sailingFixes: VesselFix[] = [];
  let observed = false;
  let sailingRoute: LngLat[] | null = null;
  const firstPort = route.ports[0] ? pointOf(route.ports[0]) : null;
  if (firstPort && (get('pol_arrival').actual || get('pol_loaded').actual || get('empty_pickup').actual))
    path.push(firstPort);
  for (const leg of legs) {
    const departed = get(depMilestone(leg.from)).actual;
    if (!departed) break;
    const a = pointOf(leg.from);
    const b = pointOf(leg.to);
    if (!a || !b) break;
    const legRoute = seaRoute(a, b);
    const arrived = get(arrMilestone(leg.to)).actual;
    const fixes = (leg.vessel ? (ctx.vesselPositions?.get(leg.vessel.imo) ?? []) : []).filter(
      (f) => f.at.getTime() >= departed.getTime() && f.at.getTime() <= now,
    );
    if (arrived) {
      path.push(...thin(legRoute, MAX_POINTS_PER_LEG));
      continue;
    }
    sailing = leg;
    sailingRoute = legRoute;
    if (fixes.length) {
      sailingFixes = fixes;
      observed = true;
      path.push(...fixes.map((f) => [f.lng, f.lat] as LngLat));
      const last = fixes[fixes.length - 1];
      position = { point: [last.lng, last.lat], estimated: false };
    } else {
      // Dead reckoning at the planned speed of the leg (planned sailing time applied to the actual departure).
      const length = routeLengthNm(legRoute);
      const plannedMs = plannedSailingMs(get(depMilestone(leg.from)), get(arrMilestone(leg.to)));
      const speed = plannedMs ? Math.min(24, Math.max(8, length / (plannedMs / HOUR))) : 16;
      const miles = Math.min(length * 0.98, (speed * (now - departed.getTime())) / HOUR);
      const along = alongRoute(legRoute, miles);
      path.push(...thin(along.travelled, MAX_POINTS_PER_LEG));
      position = { point: along.point, estimated: true };
      sailingFixes = [{ lng: a[0], lat: a[1], at: departed }];
    }
    break;
  }
  if (!position) {
    // Not at sea: where the latest actual event happened.
    const lastAct = evs.filter((e) => e.cls === 'ACT' && e.type !== 'SHIPMENT').at(-1);
    const place = lastAct ? placeOf(lastAct, ctx) : null;
    if (place?.point) {
      position = { point: place.point, estimated: false };
      const lastPath = path.at(-1);
      if (!lastPath || lastPath[0] !== place.point[0] || lastPath[1] !== place.point[1])
        path.push(place.point);
    }
  }
  return { path, position, sailing, sailingRoute, sailingFixes, observed };
}

export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function plannedSailingMs(dep: Dates, arr: Dates): number | null {
  const d = dep.planned_initial ?? dep.planned_last;
  const a = arr.planned_initial ?? arr.planned_last;
  return d && a && a > d ? a.getTime() - d.getTime() : null;
}
