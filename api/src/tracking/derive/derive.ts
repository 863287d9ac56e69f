// deriveShipment: from one container's carrier events to every derived column of its shipments row
// (locations, legs, the five dates of each milestone, eta/ata/etd/atd/dtd/dta, status, lifecycle,
// durations, positions, current vessel, prediction and the POD time-of-arrival warning).
import {
  MILESTONE_READINGS,
  MILESTONES,
  SHIPMENT_STATUS,
  type Milestone,
  type MilestoneDateColumn,
  type ShipmentStatusText,
} from '@portal/shared-api/domain';
import { byCreated, normaliseEvents, type Ev } from './events';
import { carrierLastFreeDays } from './free-days';
import { alongRoute, routeLengthNm, seaRoute, thin, distanceNm, type LngLat } from './geo';
import { assignMilestones, milestoneDates, portRoles, type RoleOfPort } from './milestones';
import { podTimeOfArrivalWarning, predictPodArrival } from './predict';
import { buildRoute, type RoutePlan } from './route';
import {
  type DeriveContext,
  type DeriveEvent,
  type DerivedColumns,
  type DerivedLeg,
  type DerivedShipment,
  type PodArrivalPrediction,
  type VesselFix,
} from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Default for DeriveContext.expireAfterDays. */
const EXPIRE_AFTER_DAYS = 30;
/** A vessel within this distance of a port is at the port (detected arrival / departure). */
const PORT_RADIUS_NM = 10;
const MAX_POINTS_PER_LEG = 60;

type Dates = { planned_initial: Date | null; planned_last: Date | null; actual: Date | null };

const days = (from: Date | null, to: Date | null): number | null =>
  from && to ? Math.round(((to.getTime() - from.getTime()) / DAY) * 100) / 100 : null;
const sumOrNull = (values: Array<number | null>): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100 : null;
};

/** The locodes the events mention (so the caller can load their locations before deriving). */
export function locodesOf(events: readonly DeriveEvent[]): string[] {
  const set = new Set<string>();
  for (const { event: e } of events) {
    if (e.eventType === 'SHIPMENT') continue;
    const codes = [
      e.transportCall?.UNLocationCode,
      e.transportCall?.location?.UNLocationCode,
      e.eventType === 'EQUIPMENT' ? e.eventLocation?.UNLocationCode : undefined,
    ];
    for (const c of codes) if (c) set.add(c);
  }
  return [...set].sort();
}

/** The vessels (IMO, latest published name) the events mention, so the caller can upsert them first. */
export function vesselsOf(events: readonly DeriveEvent[]): Array<{ name: string; imo: string }> {
  const names = new Map<string, string>();
  const created = (e: DeriveEvent) => Date.parse(e.event.eventCreatedDateTime) || 0;
  const sorted = [...events].sort((a, b) => created(a) - created(b));
  for (const { event: e } of sorted) {
    if (e.eventType === 'SHIPMENT') continue;
    const v = e.transportCall?.vessel;
    if (!v || !/^[0-9]{7}$/.test(v.vesselIMONumber)) continue;
    const name = v.vesselName?.trim();
    if (name) names.set(v.vesselIMONumber, name);
    else if (!names.has(v.vesselIMONumber)) names.set(v.vesselIMONumber, `IMO ${v.vesselIMONumber}`);
  }
  return [...names.entries()].map(([imo, name]) => ({ name, imo })).sort((a, b) => (a.imo < b.imo ? -1 : 1));
}

const ISO_LENGTH: Record<string, string> = {
  '1': "10'",
  '2': "20'",
  '3': "30'",
  '4': "40'",
  L: "45'",
  M: "48'",
};
const ISO_HIGH_CUBE = new Set(['5', '6']);
const ISO_KIND: Record<string, string> = {
  G: 'general purpose',
  R: 'reefer',
  U: 'open top',
  P: 'flat rack',
  T: 'tank',
  B: 'bulk',
  V: 'ventilated',
  S: 'named cargo',
  H: 'insulated',
};

/** ISO 6346 size-type code to words ('45G1' → "40' high cube general purpose"). */
export function containerTypeText(iso: string): string {
  const length = ISO_LENGTH[iso[0]] ?? iso.slice(0, 1);
  return `${length}${ISO_HIGH_CUBE.has(iso[1]) ? ' high cube' : ''} ${ISO_KIND[iso[2]] ?? 'container'}`.trim();
}

function columnsTemplate(): DerivedColumns {
  const milestoneCols = {} as Record<MilestoneDateColumn, Date | null>;
  for (const m of MILESTONES) for (const k of MILESTONE_READINGS) milestoneCols[`${m}_${k}`] = null;
  return {
    ...milestoneCols,
    eta: null,
    ata: null,
    etd: null,
    atd: null,
    dtd: null,
    dta: null,
    days_in_tsp: null,
    days_in_tsp_planned_initial: null,
    days_in_tsp_planned_last: null,
    days_in_tsp1: null,
    days_in_tsp1_planned_initial: null,
    days_in_tsp1_planned_last: null,
    days_in_tsp2: null,
    days_in_tsp2_planned_initial: null,
    days_in_tsp2_planned_last: null,
    days_in_tsp3: null,
    days_in_tsp3_planned_initial: null,
    days_in_tsp3_planned_last: null,
    days_in_tsp4: null,
    days_in_tsp4_planned_initial: null,
    days_in_tsp4_planned_last: null,
    days_in_pol: null,
    days_in_pol_planned_initial: null,
    days_in_pol_planned_last: null,
    days_in_pod: null,
    days_in_pod_planned_initial: null,
    days_in_pod_planned_last: null,
    discrepancy_eta_at_pod: null,
    discrepancy_eta_at_dlv: null,
    storage_days_at_pol: null,
    storage_days_at_pod: null,
    transit_time: null,
    transit_time_planned: null,
    origin_loc_id: null,
    empty_pickup_loc_id: null,
    pol_loc_id: null,
    tsp1_loc_id: null,
    tsp2_loc_id: null,
    tsp3_loc_id: null,
    tsp4_loc_id: null,
    pod_loc_id: null,
    dlv_loc_id: null,
    empty_return_loc_id: null,
    lif_loc_id: null,
    availability_loc_id: null,
    leg1_vessel_id: null,
    leg2_vessel_id: null,
    leg3_vessel_id: null,
    leg4_vessel_id: null,
    leg5_vessel_id: null,
    current_vessel_id: null,
    current_vessel_nextport_id: null,
    leg1_voyage: null,
    leg2_voyage: null,
    leg3_voyage: null,
    leg4_voyage: null,
    leg5_voyage: null,
    container_type_str: null,
    container_type_iso: null,
    bl_number: null,
    booking_number: null,
    status: SHIPMENT_STATUS.initializing,
    status_text: 'initializing',
    lifecycle_status: 'active',
    positions: '[]',
    last_coordinates: null,
    current_vessel_position: null,
    pod_vslarrival_prediction: null,
    predictions: '{}',
    pod_timeofarrival_warning: '{}',
    last_update: null,
    carrier_demurrage_lfd: null,
    carrier_detention_lfd: null,
  };
}

/** Built once: copying it is much cheaper than building a 200-key object on every derivation. */
const TEMPLATE: Readonly<DerivedColumns> = Object.freeze(columnsTemplate());
const emptyColumns = (): DerivedColumns => Object.assign({}, TEMPLATE);

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

function portPoint(locode: string, events: readonly Ev[], ctx: DeriveContext): LngLat | null {
  const loc = ctx.locations.get(locode);
  if (loc) return [loc.longitude, loc.latitude];
  const e = events.find((x) => x.locode === locode && x.lng !== null && x.lat !== null);
  return e && e.lng !== null && e.lat !== null ? [e.lng, e.lat] : null;
}

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

/** The container's ISO type (the latest equipment event giving one) and the booking and B/L numbers the events give. */
function documentColumns(evs: Ev[], columns: DerivedColumns): void {
  const withIso = evs
    .filter((e) => e.raw.eventType === 'EQUIPMENT' && e.raw.ISOEquipmentCode)
    .sort(byCreated);
  const lastIso = withIso.at(-1)?.raw;
  if (lastIso?.eventType === 'EQUIPMENT' && lastIso.ISOEquipmentCode) {
    columns.container_type_iso = lastIso.ISOEquipmentCode;
    columns.container_type_str = containerTypeText(lastIso.ISOEquipmentCode);
  }
  for (const e of [...evs].sort(byCreated)) {
    const raw = e.raw;
    if (raw.eventType === 'SHIPMENT') {
      if (raw.documentTypeCode === 'BKG') columns.booking_number = raw.documentID;
      if (raw.documentTypeCode === 'TRD') columns.bl_number = raw.documentID;
    } else {
      for (const r of raw.documentReferences ?? []) {
        if (r.documentReferenceType === 'BKG') columns.booking_number = r.documentReferenceValue;
        if (r.documentReferenceType === 'TRD') columns.bl_number = r.documentReferenceValue;
      }
    }
  }
}

/** The days at the POL, each transshipment port and the POD, storage, transit and the discrepancies of the ETA. */
function durationColumns(
  columns: DerivedColumns,
  route: RoutePlan,
  get: (m: Milestone) => Dates,
  ctx: DeriveContext,
): void {
  const podArr = get('pod_vessel_arrival');
  const polDep = get('pol_vessel_departure');
  const nowDate = ctx.now;
  const stay = (start: Dates, end: Dates) => ({
    actual: start.actual ? days(start.actual, end.actual ?? nowDate) : null,
    initial: days(start.planned_initial ?? start.actual, end.planned_initial),
    last: days(start.actual ?? start.planned_last, end.actual ?? end.planned_last),
  });
  const pol = stay(get('pol_arrival'), polDep);
  columns.days_in_pol = pol.actual;
  columns.days_in_pol_planned_initial = pol.initial;
  columns.days_in_pol_planned_last = pol.last;
  const tsps: Array<ReturnType<typeof stay>> = [];
  for (const k of [1, 2, 3, 4] as const) {
    if (!route.ports[k] || k >= route.ports.length - 1) break;
    const s = stay(get(`tsp${k}_vessel_arrival`), get(`tsp${k}_vessel_departure`));
    tsps.push(s);
    columns[`days_in_tsp${k}`] = s.actual;
    columns[`days_in_tsp${k}_planned_initial`] = s.initial;
    columns[`days_in_tsp${k}_planned_last`] = s.last;
  }
  columns.days_in_tsp = sumOrNull(tsps.map((s) => s.actual));
  columns.days_in_tsp_planned_initial = sumOrNull(tsps.map((s) => s.initial));
  columns.days_in_tsp_planned_last = sumOrNull(tsps.map((s) => s.last));
  const pod = stay(podArr, get('pod_departure'));
  columns.days_in_pod = pod.actual;
  columns.days_in_pod_planned_initial = pod.initial;
  columns.days_in_pod_planned_last = pod.last;
  const polIn = get('pol_arrival').actual;
  columns.storage_days_at_pol = polIn ? days(polIn, get('pol_loaded').actual ?? nowDate) : null;
  const podIn = get('pod_discharge').actual;
  columns.storage_days_at_pod = podIn ? days(podIn, get('pod_departure').actual ?? nowDate) : null;
  columns.transit_time = days(polDep.actual, podArr.actual);
  columns.transit_time_planned = days(polDep.planned_initial, podArr.planned_initial);
  columns.discrepancy_eta_at_pod = ctx.contractualEtaPod
    ? days(ctx.contractualEtaPod, columns.ata ?? columns.eta)
    : null;
  const delivery = get('delivery');
  columns.discrepancy_eta_at_dlv = ctx.contractualEtaDlv
    ? days(ctx.contractualEtaDlv, delivery.actual ?? delivery.planned_last)
    : null;
}

/** Where the container has been (its path so far) and is now, and the leg it is sailing, if any. */
function trackPosition(
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

/** The vessel the container is on now (with its next port and position), and the vessel calls detected from AIS. */
function vesselColumns(
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
function predictSailing(
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

export function deriveShipment(events: DeriveEvent[], ctx: DeriveContext): DerivedShipment {
  const evs = normaliseEvents(events, ctx.containerNumber);
  const now = ctx.now.getTime();
  const columns = emptyColumns();
  const sources: Record<string, string> = {};
  const route: RoutePlan = buildRoute(evs);
  const roles = portRoles(route);
  const assignment = assignMilestones(evs, route);
  const locId = (locode: string | null | undefined) =>
    locode ? (ctx.locations.get(locode)?.id ?? null) : null;
  const vesselId = (imo: string | undefined) => (imo ? (ctx.vessels?.get(imo)?.id ?? null) : null);

  // Legs and the vessel each one really carries the container on.
  const legs: DerivedLeg[] = route.legs.slice(0, 5).map((l, i) => ({
    n: i + 1,
    from: l.from,
    to: l.to,
    voyage: l.voyage,
    vessel: l.vessel ? { imo: l.vessel.imo, name: l.vessel.name ?? `IMO ${l.vessel.imo}` } : null,
    initialVessel: l.initialVessel
      ? { imo: l.initialVessel.imo, name: l.initialVessel.name ?? `IMO ${l.initialVessel.imo}` }
      : null,
    initialVoyage: l.initialVoyage,
  }));
  const legFrom = new Map(legs.map((l) => [l.from, l]));
  const legTo = new Map(legs.map((l) => [l.to, l]));
  // An actual vessel call counts only if it is the leg's current vessel (a rolled container's
  // original vessel departs without it).
  const sameVessel = (e: Ev) => {
    const leg = e.code === 'DEPA' ? legFrom.get(e.locode ?? '') : legTo.get(e.locode ?? '');
    return !e.vessel || !leg?.vessel || e.vessel.imo === leg.vessel.imo;
  };

  // The three published dates of every milestone.
  const dates = new Map<Milestone, Dates>();
  for (const m of MILESTONES) {
    const list = assignment.events.get(m) ?? [];
    const d = milestoneDates(
      list,
      m.endsWith('_vessel_departure') || m.endsWith('_vessel_arrival') ? sameVessel : undefined,
    );
    const value: Dates = { planned_initial: null, planned_last: null, actual: null };
    for (const k of ['planned_initial', 'planned_last', 'actual'] as const) {
      const e = d[k];
      if (!e) continue;
      value[k] = new Date(e.at);
      columns[`${m}_${k}`] = value[k];
      sources[`${m}_${k}`] = e.id;
    }
    dates.set(m, value);
  }
  const get = (m: Milestone) => dates.get(m) as Dates;

  // Locations.
  for (const [locode, role] of roles) columns[`${role}_loc_id`] = locId(locode);
  columns.empty_pickup_loc_id = locId(assignment.places.empty_pickup?.locode);
  columns.dlv_loc_id = locId(assignment.places.dlv?.locode);
  columns.empty_return_loc_id = locId(assignment.places.empty_return?.locode);
  columns.lif_loc_id = locId(assignment.places.lif?.locode);
  columns.origin_loc_id = locId(assignment.places.origin?.locode);

  // Legs.
  for (const leg of legs) {
    const n = leg.n as 1 | 2 | 3 | 4 | 5;
    columns[`leg${n}_voyage`] = leg.voyage;
    columns[`leg${n}_vessel_id`] = vesselId(leg.vessel?.imo);
  }

  // Container, documents.
  documentColumns(evs, columns);
  const created = evs.length ? Math.max(...evs.map((e) => e.created)) : null;
  columns.last_update = created === null ? null : new Date(created);
  Object.assign(columns, carrierLastFreeDays(evs));

  // Positions: the container's path so far, and where it is now.
  const points = new Map<string, LngLat | null>();
  const pointOf = (locode: string) => {
    if (!points.has(locode)) points.set(locode, portPoint(locode, evs, ctx));
    return points.get(locode) ?? null;
  };
  const roleOf = (locode: string) => roles.get(locode) as RoleOfPort;
  const depMilestone = (locode: string) => `${roleOf(locode)}_vessel_departure` as Milestone;
  const arrMilestone = (locode: string) => `${roleOf(locode)}_vessel_arrival` as Milestone;
  const { path, position, sailing, sailingRoute, sailingFixes, observed } = trackPosition(
    evs,
    ctx,
    route,
    legs,
    get,
    pointOf,
    depMilestone,
    arrMilestone,
  );
  columns.positions = JSON.stringify(path.map(([lng, lat]) => [round6(lng), round6(lat)]));
  if (position) {
    const [lng, lat] = position.point;
    columns.last_coordinates = JSON.stringify(
      position.estimated
        ? { lng: round6(lng), lat: round6(lat), warnings: ['estimated from the schedule'] }
        : { lng: round6(lng), lat: round6(lat) },
    );
  }

  // Current vessel: on board from the load (or departure) until the discharge at the leg's end; arrivals and
  // departures detected from observed vessel positions.
  vesselColumns(columns, ctx, legs, get, { roleOf, pointOf, locId, vesselId, sailing, position });

  // Prediction of the arrival of the vessel sailing now (at the POD, or at the next transshipment).
  const prediction = sailing
    ? predictSailing(columns, ctx, get, sailing, { sailingRoute, sailingFixes, observed, roleOf, pointOf })
    : null;
  if (!sailing) columns.predictions = JSON.stringify({});

  // eta / ata / etd / atd; dtd and dta are the best-known departure and arrival dates.
  const podArr = get('pod_vessel_arrival');
  const polDep = get('pol_vessel_departure');
  columns.eta = podArr.planned_last ?? podArr.planned_initial;
  columns.ata = podArr.actual;
  columns.etd = polDep.planned_last ?? polDep.planned_initial;
  columns.atd = polDep.actual;
  columns.dtd = columns.atd ?? columns.etd;
  columns.dta = columns.ata ?? (prediction ? new Date(prediction.predicted) : null) ?? columns.eta;
  const copySource = (to: string, from: string) => {
    if (sources[from]) sources[to] = sources[from];
  };
  copySource(
    'eta',
    podArr.planned_last ? 'pod_vessel_arrival_planned_last' : 'pod_vessel_arrival_planned_initial',
  );
  copySource('ata', 'pod_vessel_arrival_actual');
  copySource(
    'etd',
    polDep.planned_last ? 'pol_vessel_departure_planned_last' : 'pol_vessel_departure_planned_initial',
  );
  copySource('atd', 'pol_vessel_departure_actual');

  // Status and lifecycle.
  const status = statusOf(evs, route, legs, get, roleOf);
  columns.status_text = status;
  columns.status = SHIPMENT_STATUS[status];
  const expireMs = (ctx.expireAfterDays ?? EXPIRE_AFTER_DAYS) * DAY;
  columns.lifecycle_status =
    status === 'completed'
      ? 'completed'
      : created !== null && now - created > expireMs
        ? 'expired'
        : 'active';

  // Durations (days). Running ones (arrived, not yet left) count until now.
  durationColumns(columns, route, get, ctx);

  // POD time-of-arrival warning.
  const warning = podTimeOfArrivalWarning({
    contractualEtaPod: ctx.contractualEtaPod,
    prediction,
    eta: columns.eta,
    ata: columns.ata,
    now: ctx.now,
    previous: ctx.previousWarning ?? null,
  });
  columns.pod_timeofarrival_warning = JSON.stringify(warning);

  return {
    columns,
    sources,
    vessels: vesselsOf(events),
    route: route.ports.map((locode) => ({ role: roleOf(locode), locode, locationId: locId(locode) })),
    legs,
    omittedPorts: route.omitted,
    positions: path,
    prediction,
    warning,
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function plannedSailingMs(dep: Dates, arr: Dates): number | null {
  const d = dep.planned_initial ?? dep.planned_last;
  const a = arr.planned_initial ?? arr.planned_last;
  return d && a && a > d ? a.getTime() - d.getTime() : null;
}

/** Status text (spec section 4) from the actual milestones reached. */
function statusOf(
  evs: readonly Ev[],
  route: RoutePlan,
  legs: readonly DerivedLeg[],
  get: (m: Milestone) => Dates,
  roleOf: (locode: string) => RoleOfPort,
): ShipmentStatusText {
  const done = (m: Milestone) => get(m).actual !== null;
  if (done('empty_return')) return 'completed';
  if (done('delivery')) return 'delivered; returning container';
  if (done('pod_departure') || done('lif_arrival') || done('lif_departure'))
    return 'land transport to Place of Delivery';
  if (done('pod_discharge')) return 'in POD terminal';
  if (done('pod_vessel_arrival')) return 'waiting for discharge at POD';
  for (let i = legs.length - 1; i >= 0; i--) {
    const to = roleOf(legs[i].to);
    if (
      to !== 'pod' &&
      (done(`${to}_vessel_arrival` as Milestone) ||
        done(`${to}_discharge` as Milestone) ||
        done(`${to}_loaded` as Milestone))
    )
      return 'in transshipment';
    if (done(`${roleOf(legs[i].from)}_vessel_departure` as Milestone))
      return i === 0 ? 'ocean transport from POL' : 'ocean transport to POD';
  }
  // Only one port known (no legs yet): its actual vessel departure still moves the status on.
  if (done('pol_vessel_departure')) return 'ocean transport from POL';
  if (done('pol_loaded')) return 'waiting for departure from POL';
  if (done('pol_arrival')) return 'in POL terminal';
  if (done('empty_pickup') || done('origin_pickup')) return 'land transport to POL';
  const moving = evs.some((e) => e.type !== 'SHIPMENT');
  if (!moving) return 'initializing';
  const equipmentActs = evs.some((e) => e.type === 'EQUIPMENT' && e.cls === 'ACT');
  return equipmentActs || route.ports.length === 0 ? 'unknown' : 'waiting for pickup';
}
