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
  return [...byId.values()].sort(byTime);
}
