// deriveShipment: from one container's carrier events to every derived column of its shipments row
// (locations, legs, the five dates of each milestone, eta/ata/etd/atd/dtd/dta, status, lifecycle,
// durations, positions, current vessel, prediction and the POD time-of-arrival warning).
import { MILESTONES, SHIPMENT_STATUS, type Milestone } from '@portal/shared-api/domain';
import { emptyColumns } from './columns-template';
import { durationColumns } from './durations';
import { byCreated, normaliseEvents, type Ev } from './events';
import { carrierLastFreeDays } from './free-days';
import type { LngLat } from './geo';
import {
  assignMilestones,
  milestoneDates,
  portRoles,
  type Assignment,
  type Dates,
  type RoleOfPort,
} from './milestones';
import { portPoint, round6, trackPosition } from './position';
import { podTimeOfArrivalWarning } from './predict';
import { buildRoute, type RoutePlan } from './route';
import { lifecycleOf, statusOf } from './status';
import type {
  DeriveContext,
  DeriveEvent,
  DerivedColumns,
  DerivedLeg,
  DerivedShipment,
  PodArrivalPrediction,
} from './types';
import { predictSailing, vesselColumns } from './vessel-columns';

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

type LocId = (locode: string | null | undefined) => number | null;
type VesselId = (imo: string | undefined) => number | null;

/** Legs 1-5 and the vessel each one really carries the container on. */
function derivedLegs(route: RoutePlan): DerivedLeg[] {
  return route.legs.slice(0, 5).map((l, i) => ({
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
}

/** The three published dates of every milestone (columns and the event behind each); their reader. */
function milestoneColumns(
  columns: DerivedColumns,
  sources: Record<string, string>,
  assignment: Assignment,
  legs: readonly DerivedLeg[],
): (m: Milestone) => Dates {
  const legFrom = new Map(legs.map((l) => [l.from, l]));
  const legTo = new Map(legs.map((l) => [l.to, l]));
  // An actual vessel call counts only if it is the leg's current vessel (a rolled container's
  // original vessel departs without it).
  const sameVessel = (e: Ev) => {
    const leg = e.code === 'DEPA' ? legFrom.get(e.locode ?? '') : legTo.get(e.locode ?? '');
    return !e.vessel || !leg?.vessel || e.vessel.imo === leg.vessel.imo;
  };
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
  return (m: Milestone) => dates.get(m) as Dates;
}

/** The locations of the route ports and other places, and each leg's voyage and vessel. */
function placeColumns(
  columns: DerivedColumns,
  roles: ReadonlyMap<string, RoleOfPort>,
  assignment: Assignment,
  legs: readonly DerivedLeg[],
  ids: { locId: LocId; vesselId: VesselId },
): void {
  const { locId, vesselId } = ids;
  for (const [locode, role] of roles) columns[`${role}_loc_id`] = locId(locode);
  columns.empty_pickup_loc_id = locId(assignment.places.empty_pickup?.locode);
  columns.dlv_loc_id = locId(assignment.places.dlv?.locode);
  columns.empty_return_loc_id = locId(assignment.places.empty_return?.locode);
  columns.lif_loc_id = locId(assignment.places.lif?.locode);
  columns.origin_loc_id = locId(assignment.places.origin?.locode);
  for (const leg of legs) {
    const n = leg.n as 1 | 2 | 3 | 4 | 5;
    columns[`leg${n}_voyage`] = leg.voyage;
    columns[`leg${n}_vessel_id`] = vesselId(leg.vessel?.imo);
  }
}

/** The path so far and the last coordinates (estimated ones say so), rounded to 6 decimals. */
function positionColumns(
  columns: DerivedColumns,
  path: readonly LngLat[],
  position: { point: LngLat; estimated: boolean } | null,
): void {
  columns.positions = JSON.stringify(path.map(([lng, lat]) => [round6(lng), round6(lat)]));
  if (position) {
    const [lng, lat] = position.point;
    columns.last_coordinates = JSON.stringify(
      position.estimated
        ? { lng: round6(lng), lat: round6(lat), warnings: ['estimated from the schedule'] }
        : { lng: round6(lng), lat: round6(lat) },
    );
  }
}

/** eta / ata / etd / atd (and their sources); dtd and dta are the best-known departure and arrival dates. */
function headlineDates(
  columns: DerivedColumns,
  sources: Record<string, string>,
  get: (m: Milestone) => Dates,
  prediction: PodArrivalPrediction | null,
): void {
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
}

export function deriveShipment(events: DeriveEvent[], ctx: DeriveContext): DerivedShipment {
  const evs = normaliseEvents(events, ctx.containerNumber);
  const columns = emptyColumns();
  const sources: Record<string, string> = {};
  const route: RoutePlan = buildRoute(evs);
  const roles = portRoles(route);
  const assignment = assignMilestones(evs, route);
  const locId: LocId = (locode) => (locode ? (ctx.locations.get(locode)?.id ?? null) : null);
  const vesselId: VesselId = (imo) => (imo ? (ctx.vessels?.get(imo)?.id ?? null) : null);
  const legs = derivedLegs(route);
  const get = milestoneColumns(columns, sources, assignment, legs);
  placeColumns(columns, roles, assignment, legs, { locId, vesselId });

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
  positionColumns(columns, path, position);

  // Current vessel: on board from the load (or departure) until the discharge at the leg's end; arrivals and
  // departures detected from observed vessel positions.
  vesselColumns(columns, ctx, legs, get, { roleOf, pointOf, locId, vesselId, sailing, position });

  // Prediction of the arrival of the vessel sailing now (at the POD, or at the next transshipment).
  const prediction = sailing
    ? predictSailing(columns, ctx, get, sailing, { sailingRoute, sailingFixes, observed, roleOf, pointOf })
    : null;
  if (!sailing) columns.predictions = JSON.stringify({});

  headlineDates(columns, sources, get, prediction);

  // Status and lifecycle.
  const status = statusOf(evs, route, legs, get, roleOf);
  columns.status_text = status;
  columns.status = SHIPMENT_STATUS[status];
  columns.lifecycle_status = lifecycleOf(status, created, ctx);

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
