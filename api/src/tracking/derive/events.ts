// Normalised view of a shipment's carrier events: parsed times, duplicates (same eventID) dropped,
// other containers' equipment events left out, sorted by eventDateTime then eventCreatedDateTime.
import type { DcsaEvent, EventClassifier, ModeOfTransport } from '../dcsa/types';
import type { DeriveEvent } from './types';

export interface Ev {
  /** carrier_events.id. */
  id: string;
  eventId: string;
  raw: DcsaEvent;
  type: DcsaEvent['eventType'];
  /** ARRI / DEPA, the equipment code or the shipment code. */
  code: string;
  cls: EventClassifier;
  /** eventDateTime and eventCreatedDateTime in ms. */
  at: number;
  created: number;
  locode: string | null;
  mode: ModeOfTransport | null;
  vessel: { imo: string; name: string | null } | null;
  voyage: string | null;
  empty: boolean;
  lat: number | null;
  lng: number | null;
  remark: string | null;
}

const IMO = /^[0-9]{7}$/;
const normalContainer = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** Numeric order of bigint ids given as strings (shorter is smaller), then plain string order. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function toEv(input: DeriveEvent): Ev | null {
  const e = input.event;
  const at = Date.parse(e.eventDateTime);
  const created = Date.parse(e.eventCreatedDateTime);
  if (!Number.isFinite(at) || !Number.isFinite(created)) return null;
  const call = e.eventType === 'SHIPMENT' ? undefined : e.transportCall;
  const place = e.eventType === 'EQUIPMENT' ? e.eventLocation : undefined;
  const code =
    e.eventType === 'TRANSPORT'
      ? e.transportEventTypeCode
      : e.eventType === 'EQUIPMENT'
        ? e.equipmentEventTypeCode
        : e.shipmentEventTypeCode;
  const imo = call?.vessel?.vesselIMONumber;
  const departing = code === 'DEPA' || code === 'LOAD';
  const voyage = departing
    ? (call?.exportVoyageNumber ?? call?.importVoyageNumber)
    : (call?.importVoyageNumber ?? call?.exportVoyageNumber);
  const latitude = Number(place?.latitude ?? call?.location?.latitude);
  const longitude = Number(place?.longitude ?? call?.location?.longitude);
  const hasPoint =
    (place?.latitude ?? call?.location?.latitude) !== undefined &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude);
  return {
    id: input.id,
    eventId: e.eventID,
    raw: e,
    type: e.eventType,
    code,
    cls: e.eventClassifierCode,
    at,
    created,
    locode: (place?.UNLocationCode ?? call?.UNLocationCode ?? call?.location?.UNLocationCode ?? null) || null,
    mode: call?.modeOfTransport ?? null,
    vessel: imo && IMO.test(imo) ? { imo, name: call?.vessel?.vesselName ?? null } : null,
    voyage: voyage ?? null,
    empty: e.eventType === 'EQUIPMENT' && e.emptyIndicatorCode === 'EMPTY',
    lat: hasPoint ? latitude : null,
    lng: hasPoint ? longitude : null,
    remark: e.eventType === 'TRANSPORT' ? (e.changeRemark ?? null) : null,
  };
}

/** Order: eventDateTime, eventCreatedDateTime, eventID. */
const byTime = (a: Ev, b: Ev) =>
  a.at - b.at || a.created - b.created || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);

/** Order of publication: eventCreatedDateTime, then eventID. */
export const byCreated = (a: Ev, b: Ev) =>
  a.created - b.created || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);

/**
 * The events that concern `containerNumber` (transport and shipment events, and equipment events of
 * this container or of no container), each eventID once (the copy with the smallest carrier_events.id),
 * sorted by time. Events with unreadable date-times are left out.
 */
export function normaliseEvents(events: readonly DeriveEvent[], containerNumber: string): Ev[] {
  const container = normalContainer(containerNumber);
  const byId = new Map<string, Ev>();
  for (const input of events) {
    const e = input.event;
    if (
      e.eventType === 'EQUIPMENT' &&
      e.equipmentReference &&
      normalContainer(e.equipmentReference) !== container
    )
      continue;
    const ev = toEv(input);
    if (!ev) continue;
    const seen = byId.get(ev.eventId);
    if (!seen || compareIds(ev.id, seen.id) < 0) byId.set(ev.eventId, ev);
  }
  const list = [...byId.values()];
  placeThroughLeg(list);
  return list.sort(byTime);
}

/**
 * A vessel event without a UN/LOCODE (e.g. an actual departure giving only the vessel's IMO) is
 * placed as a person reading it would: at the port of its transport call when another event of
 * that call names it, else at the one port where the same vessel and voyage make the same move
 * (the planned / estimated departures, or the container's loads, of that leg). Left unplaced when
 * that is ambiguous.
 */
function placeThroughLeg(list: Ev[]): void {
  const unplaced = list.filter((e) => e.type === 'TRANSPORT' && e.locode === null && e.vessel);
  if (!unplaced.length) return;
  const callOf = (e: Ev) =>
    e.raw.eventType === 'SHIPMENT' ? undefined : e.raw.transportCall?.transportCallID;
  const byCall = new Map<string, Set<string>>();
  const byLeg = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, locode: string) => {
    const set = map.get(key) ?? new Set<string>();
    set.add(locode);
    map.set(key, set);
  };
  // The same move of the container: a load goes with a departure, a discharge with an arrival.
  const move = (code: string) =>
    code === 'DEPA' || code === 'LOAD' ? 'DEPA' : code === 'ARRI' || code === 'DISC' ? 'ARRI' : null;
  for (const e of list) {
    if (e.locode === null || e.type === 'SHIPMENT') continue;
    const call = callOf(e);
    if (call) add(byCall, call, e.locode);
    const m = move(e.code);
    if (m && e.vessel && e.voyage) add(byLeg, `${m}|${e.vessel.imo}|${e.voyage}`, e.locode);
  }
  for (const e of unplaced) {
    const call = callOf(e);
    const fromCall = call ? byCall.get(call) : undefined;
    const fromLeg = e.voyage ? byLeg.get(`${move(e.code)}|${e.vessel!.imo}|${e.voyage}`) : undefined;
    const found = fromCall?.size === 1 ? fromCall : fromLeg?.size === 1 ? fromLeg : undefined;
    if (found) e.locode = [...found][0];
  }
}
