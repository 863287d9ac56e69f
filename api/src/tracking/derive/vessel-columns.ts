// The vessel columns: the vessel the container is on now, the vessel calls detected from observed
// positions, and the predicted arrival of the leg being sailed.
import type { Milestone, MilestoneDateColumn } from '@portal/shared-api/domain';
import { distanceNm, routeLengthNm, type LngLat } from './geo';
import type { Dates, RoleOfPort } from './milestones';
import { plannedSailingMs, round6 } from './position';
import { predictPodArrival } from './predict';
import type { DeriveContext, DerivedColumns, DerivedLeg, PodArrivalPrediction, VesselFix } from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A vessel within this distance of a port is at the port (detected arrival / departure). */
const PORT_RADIUS_NM = 10;

/** First fix within the port radius from `from` on (detected arrival). */
function detectArrival(fixes: readonly VesselFix[], port: LngLat, from: number): Date | null {
  const hit = fixes.find((f) => f.at.getTime() >= from && distanceNm([f.lng, f.lat], port) <= PORT_RADIUS_NM);
  return hit ? hit.at : null;
}

/** The last fix at the port that is followed by a fix away from it (detected departure). */
function detectDeparture(fixes: readonly VesselFix[], port: LngLat, from: number): Date | null {
  for (let i = 0; i + 1 < fixes.length; i++) {
    const here = fixes[i];
    const next = fixes[i + 1];
    if (here.at.getTime() < from) continue;
    if (
      distanceNm([here.lng, here.lat], port) <= PORT_RADIUS_NM &&
      distanceNm([next.lng, next.lat], port) > PORT_RADIUS_NM
    )
      return here.at;
  }
  return null;
}

/** The vessel the container is on now (with its next port and position), and the vessel calls detected from AIS. */
export function vesselColumns(
  columns: DerivedColumns,
  ctx: DeriveContext,
  legs: DerivedLeg[],
  get: (m: Milestone) => Dates,
  at: {
    roleOf: (locode: string) => RoleOfPort;
    pointOf: (locode: string) => LngLat | null;
    locId: (locode: string | null | undefined) => number | null;
    vesselId: (imo: string | undefined) => number | null;
    sailing: DerivedLeg | null;
    position: { point: LngLat; estimated: boolean } | null;
  },
): void {
  const { roleOf, pointOf, locId, vesselId, sailing, position } = at;
  const depMilestone = (locode: string) => `${roleOf(locode)}_vessel_departure` as Milestone;
  const arrMilestone = (locode: string) => `${roleOf(locode)}_vessel_arrival` as Milestone;
  // Current vessel: on board from the load (or departure) until the discharge at the leg's end.
  const landed = get('pod_departure').actual ?? get('delivery').actual;
  for (const leg of legs) {
    const loadedOrDeparted =
      get(`${roleOf(leg.from)}_loaded` as Milestone).actual ?? get(depMilestone(leg.from)).actual;
    const discharged = get(`${roleOf(leg.to)}_discharge` as Milestone).actual;
    if (!loadedOrDeparted || discharged || landed) continue;
    columns.current_vessel_id = vesselId(leg.vessel?.imo);
    columns.current_vessel_nextport_id = locId(leg.to);
    let p: LngLat | null = null;
    if (sailing === leg && position) p = position.point;
    else if (get(arrMilestone(leg.to)).actual) p = pointOf(leg.to);
    else if (!get(depMilestone(leg.from)).actual) p = pointOf(leg.from);
    columns.current_vessel_position = p ? JSON.stringify({ lng: round6(p[0]), lat: round6(p[1]) }) : null;
  }

  // Detected arrival / departure from observed vessel positions.
  if (ctx.vesselPositions) {
    for (const leg of legs) {
      const fixes = leg.vessel ? ctx.vesselPositions.get(leg.vessel.imo) : undefined;
      const a = pointOf(leg.from);
      const b = pointOf(leg.to);
      if (!fixes?.length || !a || !b) continue;
      const dep = get(depMilestone(leg.from));
      const since = (dep.actual ?? dep.planned_last ?? dep.planned_initial)?.getTime() ?? -Infinity;
      const departed = detectDeparture(fixes, a, since - 3 * DAY);
      if (departed) columns[`${depMilestone(leg.from)}_detected` as MilestoneDateColumn] = departed;
      const arrived = detectArrival(fixes, b, departed?.getTime() ?? since);
      if (arrived) columns[`${arrMilestone(leg.to)}_detected` as MilestoneDateColumn] = arrived;
    }
  }
}

/** The predicted arrival of the leg being sailed (columns `<port>_vessel_arrival_prediction`, predictions). */
export function predictSailing(
  columns: DerivedColumns,
  ctx: DeriveContext,
  get: (m: Milestone) => Dates,
  sailing: DerivedLeg,
  at: {
    sailingRoute: LngLat[] | null;
    sailingFixes: VesselFix[];
    observed: boolean;
    roleOf: (locode: string) => RoleOfPort;
    pointOf: (locode: string) => LngLat | null;
  },
): PodArrivalPrediction | null {
  const { sailingRoute, sailingFixes, observed, roleOf, pointOf } = at;
  const depMilestone = (locode: string) => `${roleOf(locode)}_vessel_departure` as Milestone;
  const arrMilestone = (locode: string) => `${roleOf(locode)}_vessel_arrival` as Milestone;
  // Prediction of the arrival of the vessel sailing now (at the POD, or at the next transshipment).
  let prediction: PodArrivalPrediction | null = null;
  const perPort: Record<string, { predicted: string; predicted_upper: string; predicted_lower: string }> = {};
  if (sailingRoute && sailingFixes.length) {
    const arrival = get(arrMilestone(sailing.to));
    const to = pointOf(sailing.to);
    const plannedMs = plannedSailingMs(get(depMilestone(sailing.from)), arrival);
    const length = routeLengthNm(sailingRoute);
    const p = to
      ? predictPodArrival({
          now: ctx.now,
          fixes: sailingFixes,
          pod: { lng: to[0], lat: to[1] },
          route: sailingRoute,
          carrierEstimate: arrival.planned_last,
          fallbackSpeedKn: plannedMs ? Math.min(24, Math.max(8, length / (plannedMs / HOUR))) : 16,
          method: observed ? 'fixes' : 'dead_reckoning',
        })
      : null;
    if (p) {
      columns[`${arrMilestone(sailing.to)}_prediction` as MilestoneDateColumn] = new Date(p.predicted);
      perPort[sailing.to] = { predicted: p.predicted, predicted_upper: p.upper, predicted_lower: p.lower };
      if (roleOf(sailing.to) === 'pod') {
        prediction = p;
        columns.pod_vslarrival_prediction = JSON.stringify(p);
      }
    }
  }
  columns.predictions = JSON.stringify(perPort);
  return prediction;
}
