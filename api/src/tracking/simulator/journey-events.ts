// The events a simulated carrier publishes about a journey: shipment events (booking, B/L), transport events
// per leg (planned, estimated, actual; re-published after a roll or a vessel change) and the equipment
// events of each container, with the ground truth they come from.
import type { DcsaDocumentReference, DcsaLocation, DcsaTransportCall } from '../dcsa/types';
import type { Rng } from './random';
import { DAY, HOUR, hours, localIso, utcIso } from './journey-time';
import type { Roll } from './journey-disruptions';
import type { GroundTruth, Port, SimContainer, SimEvent, SimLeg, Vessel } from './journey';
import { CONSIGNEE_DWELL, dwellOf, lastFreeDay, POD_DWELL } from './journey-dwell';

/** Where published events go, with what every event of the journey shares. */
export interface EventSink {
  events: SimEvent[];
  eventKey: (key: string) => string;
  /** Hours between a moment and its publication (from the journey's main random stream). */
  lag: () => number;
  documentReferences: DcsaDocumentReference[];
  bookingTime: number;
}

function transportCall(
  leg: SimLeg,
  at: Port,
  seq: number,
  { vessel, voyage }: { vessel: Vessel; voyage: string } = leg,
): DcsaTransportCall {
  return {
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
  };
}

/** Shipment events: booking confirmed, then B/L issued after the first departure. */
export function publishShipmentEvents(
  sink: EventSink,
  rng: Rng,
  refs: { bookingReference: string; transportDocumentReference: string },
  firstDeparture: number,
) {
  const { bookingTime } = sink;
  const shipmentEvent = (
    createdAt: number,
    key: 'CONF' | 'ISSU',
    documentID: string,
    type: 'BKG' | 'TRD',
  ): SimEvent => ({
    createdAt,
    equipmentReference: null,
    event: {
      eventID: sink.eventKey(key),
      eventType: 'SHIPMENT' as const,
      eventCreatedDateTime: utcIso(createdAt),
      eventDateTime: utcIso(createdAt),
      eventClassifierCode: 'ACT' as const,
      shipmentEventTypeCode: key,
      documentID,
      documentTypeCode: type,
    },
  });
  sink.events.push(shipmentEvent(bookingTime, 'CONF', refs.bookingReference, 'BKG'));
  const blIssued = firstDeparture + hours(rng, 12, 48);
  sink.events.push(shipmentEvent(blIssued, 'ISSU', refs.transportDocumentReference, 'TRD'));
}

/**
 * A leg's events come in segments, one per vessel the carrier names for it over time: after a vessel change
 * the plan is re-published with the new vessel; after a roll the planned vessel's departure is published
 * (without the container), then a new plan on the later vessel.
 */
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

/** One call (departure or arrival) of a leg: its code, port, planned and actual times, sequence number. */
type Call = ['DEPA' | 'ARRI', Port, number, number, number];

/** The segments of one call of leg `i`. */
function segmentsOf(
  leg: SimLeg,
  i: number,
  [code, , planned, actual]: Call,
  roll: Roll | null,
  changedAt: number | undefined,
  bookingTime: number,
): Segment[] {
  const initial = { vessel: leg.initialVessel, voyage: leg.initialVoyage };
  const current = { vessel: leg.vessel, voyage: leg.voyage };
  const shifted = roll && i > roll.leg ? roll.delay : 0;
  if (roll && roll.leg === i) {
    const old = code === 'DEPA' ? roll.oldDeparture : roll.oldArrival;
    return [
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
    ];
  }
  if (changedAt !== undefined) {
    const replan = roll && shifted && changedAt >= roll.at ? shifted : 0;
    return [
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
    ];
  }
  return [
    {
      ship: current,
      start: bookingTime,
      end: Infinity,
      plan: planned,
      base: planned + shifted,
      actual,
      act: 'final',
      tag: '',
    },
  ];
}

/** The PLN, EST and ACT events of one segment of one call of leg `i`. */
function publishSegment(
  sink: EventSink,
  leg: SimLeg,
  i: number,
  [code, at, planned, , seq]: Call,
  seg: Segment,
  times: { firstEstimate: number; actLag: number; roll: Roll | null },
) {
  const { firstEstimate, actLag, roll } = times;
  const base = {
    eventType: 'TRANSPORT' as const,
    transportEventTypeCode: code,
    transportCall: transportCall(leg, at, seq, seg.ship),
    documentReferences: sink.documentReferences,
  };
  const publish = (classifier: 'PLN' | 'EST' | 'ACT', createdAt: number, at0: number, n: number | string) =>
    sink.events.push({
      createdAt,
      equipmentReference: null,
      event: {
        ...base,
        eventID: sink.eventKey(`${code}|${i}|${classifier}|${n}${seg.tag ? `|${seg.tag}` : ''}`),
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

/**
 * Transport events: PLN at booking, EST when the previous leg departs and 2 days before, ACT; after a roll
 * every later call gets an estimate moved by the roll's delay.
 */
export function publishTransportEvents(
  sink: EventSink,
  legs: SimLeg[],
  roll: Roll | null,
  changes: Map<number, number>,
) {
  legs.forEach((leg, i) => {
    const calls: Call[] = [
      ['DEPA', leg.from, leg.plannedDeparture, leg.actualDeparture, i * 2 + 1],
      ['ARRI', leg.to, leg.plannedArrival, leg.actualArrival, i * 2 + 2],
    ];
    for (const c of calls) {
      const firstEstimate =
        i === 0 && c[0] === 'DEPA'
          ? sink.bookingTime + DAY
          : legs[Math.max(0, i - 1)].actualDeparture + sink.lag();
      const actLag = sink.lag();
      for (const seg of segmentsOf(leg, i, c, roll, changes.get(i), sink.bookingTime))
        publishSegment(sink, leg, i, c, seg, { firstEstimate, actLag, roll });
    }
  });
}

/** What really happened to one container: pickup and gate-in near the plan, load and discharge per leg, the rest after. */
export function containerTruth(
  rng: Rng,
  emptyPickup: number,
  gateInPol: number,
  legs: SimLeg[],
): GroundTruth {
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
  // Dwell at the POD and with the consignee around typical free time, a tail over it (journey-dwell.ts).
  const lastDischarge = gt.legs[gt.legs.length - 1].discharge;
  gt.gateOutPod = lastDischarge + dwellOf(POD_DWELL, rng.next());
  gt.delivery = gt.gateOutPod + hours(rng, 4, 36);
  gt.emptyReturn = gt.gateOutPod + dwellOf(CONSIGNEE_DWELL, rng.next());
  return gt;
}

/** The places of a journey's equipment events besides its terminals. */
export interface Places {
  depot: DcsaLocation;
  deliveryPlace: DcsaLocation;
  returnDepot: DcsaLocation;
}

/**
 * Equipment events of one container (actuals only): empty pickup to empty return. A carrier with `freeDays` sends
 * the demurrage last free day with the discharge at the POD and the detention one with the full gate-out.
 */
export function publishEquipmentEvents(
  sink: EventSink,
  container: SimContainer,
  gt: GroundTruth,
  journey: { legs: SimLeg[]; ports: Port[]; places: Places },
  freeDays?: { demurrage: number; detention: number } | null,
) {
  const { legs, ports, places } = journey;
  const ref = container.equipmentReference;
  const pol = ports[0];
  const pod = ports[ports.length - 1];
  const equipment = (
    key: string,
    code: 'GTOT' | 'GTIN' | 'LOAD' | 'DISC' | 'DROP',
    empty: boolean,
    at: number,
    place: DcsaLocation,
    timeZone: string,
    call?: DcsaTransportCall,
    lfd?: { typeCode: 'DEM' | 'DET'; days: number },
  ) => {
    const createdAt = at + sink.lag();
    const eventDateTime = localIso(at, timeZone);
    sink.events.push({
      createdAt,
      equipmentReference: ref,
      event: {
        eventID: sink.eventKey(`${ref}|${key}`),
        eventType: 'EQUIPMENT',
        eventCreatedDateTime: utcIso(createdAt),
        eventDateTime,
        eventClassifierCode: 'ACT',
        equipmentEventTypeCode: code,
        equipmentReference: ref,
        ISOEquipmentCode: container.isoEquipmentCode,
        emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
        eventLocation: place,
        transportCall: call ?? {
          transportCallID: `TRUCK-${ref}-${key}`,
          UNLocationCode: place.UNLocationCode,
          modeOfTransport: 'TRUCK',
        },
        documentReferences: sink.documentReferences,
        ...(lfd
          ? { lastFreeDays: [{ typeCode: lfd.typeCode, date: lastFreeDay(eventDateTime, lfd.days) }] }
          : {}),
      },
    });
  };
  const terminal = (p: Port): DcsaLocation => ({
    locationName: `${p.name} Terminal`,
    UNLocationCode: p.locode,
  });
  equipment('empty-pickup', 'GTOT', true, gt.emptyPickup, places.depot, pol.timezone);
  equipment('gate-in', 'GTIN', false, gt.gateInPol, terminal(pol), pol.timezone);
  legs.forEach((leg, i) => {
    const load = transportCall(leg, leg.from, i * 2 + 1);
    equipment(`load-${i}`, 'LOAD', false, gt.legs[i].load, terminal(leg.from), leg.from.timezone, load);
    const disc = transportCall(leg, leg.to, i * 2 + 2);
    const dem =
      freeDays && i === legs.length - 1 ? { typeCode: 'DEM' as const, days: freeDays.demurrage } : undefined;
    equipment(`disc-${i}`, 'DISC', false, gt.legs[i].discharge, terminal(leg.to), leg.to.timezone, disc, dem);
  });
  const det = freeDays ? { typeCode: 'DET' as const, days: freeDays.detention } : undefined;
  equipment('gate-out', 'GTOT', false, gt.gateOutPod, terminal(pod), pod.timezone, undefined, det);
  equipment('delivery', 'DROP', false, gt.delivery, places.deliveryPlace, pod.timezone);
  equipment('empty-return', 'GTIN', true, gt.emptyReturn, places.returnDepot, pod.timezone);
}
