// DCSA Track & Trace v3.0 events: judged by the v3.0 schema (tnt-v3.0-events.schema.json, extracted
// from the standard by extract-schema.py --v3: its lengths, formats and code lists, plus the few
// fields the portal needs to place an event), then translated to the shape the engine stores and
// derives from (carrier_events.raw, tracking/derive: v2.2's field names). The translation is not
// judged again by v2.2's rules: v3 allows what v2.2 did not (a 6-character service code, eventIDs
// that are no UUID, a transport call without a UN/LOCODE).
//
// Mapping (v3 → stored shape):
//   eventClassification.eventTypeCode / eventClassifierCode / <type>EventTypeCode → eventType /
//   eventClassifierCode / transportEventTypeCode | equipmentEventTypeCode | shipmentEventTypeCode;
//   eventUpdatedDateTime → eventCreatedDateTime (v3: "an event overrides any other with the same
//   eventID and an earlier eventUpdatedDateTime", which is how versions are kept, see ingest.ts);
//   eventLocation.UNLocationCode → transportCall.UNLocationCode (transport) and eventLocation
//   (equipment); geoCoordinate → latitude / longitude; transportDetails.transportCall →
//   transportCall (transportCallReference → transportCallID, vesselTransport → vessel, voyage and
//   service objects → their codes); equipmentDetails → equipmentReference / ISOEquipmentCode /
//   emptyIndicatorCode (on other event types: an EQ reference); shipmentDetails.documentReference →
//   documentID / documentTypeCode (shipment events); shipmentDetails.documentReference and
//   additionalDocumentReferences of kind BKG / TRD → documentReferences (every event type: they
//   decide relevance); shipmentDetails.shipmentReferences → references; the portal's lastFreeDays
//   extension (last-free-days.ts) as it is.
// IOT and REEFER events are set aside with a reason (the portal does not use them). A retracted
// event (isRetracted: "the data in this and all previously transmitted events with the same eventID
// must be discarded or ignored") is read by `readV3` as a retraction, which ingestion applies
// (ingest.ts); `fromV3` refuses it, having no event to give.
import type { DcsaEvent, DcsaTransportCall } from './types';
import { v3SchemaReasons } from './v3-schema';
import { derivedEventId, EARLIEST_EVENT_TIME, isRfc3339DateTime, LATEST_EVENT_TIME } from './validate';

export const DCSA_V3_API_VERSION = '3.0.0';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
const arr = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);
/** Copies the defined values only (the v2.2 validator refuses nulls where a string is expected). */
function defined(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** The v3 eventLocation of a v2.2 event: its place (equipment) or its transport call's. */
function v3Location(e: DcsaEvent): Obj | undefined {
  const call = e.eventType === 'SHIPMENT' ? undefined : e.transportCall;
  const place = e.eventType === 'EQUIPMENT' ? e.eventLocation : call?.location;
  const locode = place?.UNLocationCode ?? call?.UNLocationCode;
  if (!locode && !place) return undefined;
  return defined({
    locationName: place?.locationName,
    UNLocationCode: locode,
    facilityTypeCode: call?.facilityTypeCode,
    facility: place?.facilityCode
      ? { facilityCode: place.facilityCode, facilityCodeListProvider: place.facilityCodeListProvider }
      : undefined,
    geoCoordinate:
      place?.latitude !== undefined ? { latitude: place.latitude, longitude: place.longitude } : undefined,
  });
}

/** The v3 transportCall of a v2.2 one (voyage and service codes as v3's objects). */
function v3TransportCall(call: DcsaTransportCall): Obj {
  return defined({
    transportCallReference: call.transportCallID,
    transportCallSequenceNumber: call.transportCallSequenceNumber,
    modeOfTransport: call.modeOfTransport,
    serviceCodeOrReference: call.carrierServiceCode
      ? { carrierServiceCode: call.carrierServiceCode }
      : undefined,
    exportVoyageNumberOrReference: call.exportVoyageNumber
      ? { carrierVoyageNumber: call.exportVoyageNumber }
      : undefined,
    importVoyageNumberOrReference: call.importVoyageNumber
      ? { carrierVoyageNumber: call.importVoyageNumber }
      : undefined,
    vesselTransport: call.vessel
      ? defined({ vesselIMONumber: call.vessel.vesselIMONumber, vesselName: call.vessel.vesselName })
      : undefined,
  });
}

/** The v3 shipmentDetails of a v2.2 event (its document, document references, references), if any. */
function v3ShipmentDetails(e: DcsaEvent): Obj | undefined {
  const docs = e.eventType === 'SHIPMENT' ? undefined : e.documentReferences;
  const shipmentDetails = defined({
    documentReference:
      e.eventType === 'SHIPMENT' ? { typeCode: e.documentTypeCode, reference: e.documentID } : undefined,
    additionalDocumentReferences: docs?.map((d) => ({
      typeCode: d.documentReferenceType,
      reference: d.documentReferenceValue,
    })),
    shipmentReferences: e.references?.map((r) => ({
      typeCode: r.referenceType,
      reference: r.referenceValue,
    })),
    reason: e.eventType === 'SHIPMENT' ? e.reason : undefined,
  });
  return Object.keys(shipmentDetails).length ? shipmentDetails : undefined;
}

/** v2.2 event → v3.0 event (the simulator speaks v3 with it). */
export function toV3(e: DcsaEvent): Obj {
  const call = e.eventType === 'SHIPMENT' ? undefined : e.transportCall;
  const classification = defined({
    eventTypeCode: e.eventType,
    eventClassifierCode: e.eventClassifierCode,
    transportEventTypeCode: e.eventType === 'TRANSPORT' ? e.transportEventTypeCode : undefined,
    equipmentEventTypeCode: e.eventType === 'EQUIPMENT' ? e.equipmentEventTypeCode : undefined,
    shipmentEventTypeCode: e.eventType === 'SHIPMENT' ? e.shipmentEventTypeCode : undefined,
  });
  return defined({
    eventID: e.eventID,
    eventDateTime: e.eventDateTime,
    eventUpdatedDateTime: e.eventCreatedDateTime,
    eventLocation: v3Location(e),
    eventClassification: classification,
    shipmentDetails: v3ShipmentDetails(e),
    transportDetails:
      e.eventType === 'SHIPMENT'
        ? undefined
        : defined({
            delayReasonCodes:
              e.eventType === 'TRANSPORT' && e.delayReasonCode ? [e.delayReasonCode] : undefined,
            changeRemark: e.eventType === 'TRANSPORT' ? e.changeRemark : undefined,
            transportCall: call ? v3TransportCall(call) : undefined,
          }),
    equipmentDetails:
      e.eventType === 'EQUIPMENT'
        ? defined({
            equipmentReference: e.equipmentReference,
            ISOEquipmentCode: e.ISOEquipmentCode,
            emptyIndicatorCode: e.emptyIndicatorCode,
          })
        : undefined,
    lastFreeDays: e.eventType === 'EQUIPMENT' ? e.lastFreeDays : undefined,
  });
}

/** A v3.0 retraction: every content published under `eventID` up to `retractedAt` is discarded. */
export interface V3Retraction {
  eventID: string;
  /** The retraction's eventUpdatedDateTime, or null when the carrier gave none (then: when received). */
  retractedAt: string | null;
}

export type V3Reading =
  | { kind: 'event'; event: DcsaEvent }
  | { kind: 'retraction'; retraction: V3Retraction }
  | { kind: 'rejected'; reasons: string[]; setAside: 'schema' | 'invalid' };

/** A retraction needs its eventID; any other data is irrelevant (v3.0), except a valid eventUpdatedDateTime. */
function readRetraction(e: Obj): V3Reading {
  const id = e.eventID;
  if (typeof id !== 'string' || !id.length || id.length > 500) {
    return {
      kind: 'rejected',
      setAside: 'schema',
      reasons: [
        '/eventID: a retracted event must give the eventID it retracts (a string of 1 to 500 characters)',
      ],
    };
  }
  const updated = e.eventUpdatedDateTime;
  if (updated === undefined || updated === null)
    return { kind: 'retraction', retraction: { eventID: id, retractedAt: null } };
  const t = typeof updated === 'string' && isRfc3339DateTime(updated) ? Date.parse(updated) : NaN;
  if (Number.isNaN(t) || t < EARLIEST_EVENT_TIME || t >= LATEST_EVENT_TIME) {
    return {
      kind: 'rejected',
      setAside: 'schema',
      reasons: ['/eventUpdatedDateTime: must match format "date-time"'],
    };
  }
  return { kind: 'retraction', retraction: { eventID: id, retractedAt: updated as string } };
}

/** A v3.0 event as the engine takes it: an event (v2.2 shape, validated), a retraction, or refused with reasons. */
export function readV3(raw: unknown): V3Reading {
  const e = obj(raw);
  if (e?.isRetracted === true) return readRetraction(e);
  if (e && e.isRetracted !== undefined && typeof e.isRetracted !== 'boolean') {
    return { kind: 'rejected', setAside: 'schema', reasons: ['/isRetracted: must be boolean'] };
  }
  const checked = fromV3(raw);
  return checked.ok
    ? { kind: 'event', event: checked.event }
    : { kind: 'rejected', reasons: checked.reasons, setAside: checked.kind };
}

/** The BKG / TRD document references of a v3 event (primary and additional), in the stored shape. */
function documentReferencesOf(shipment: Obj | undefined) {
  const all = [
    obj(shipment?.documentReference),
    ...(arr(shipment?.additionalDocumentReferences) ?? []).map(obj),
  ];
  const seen = new Set<string>();
  const out: Array<{ documentReferenceType: string; documentReferenceValue: string }> = [];
  for (const d of all) {
    if (!d || (d.typeCode !== 'BKG' && d.typeCode !== 'TRD') || typeof d.reference !== 'string') continue;
    const key = `${d.typeCode}:${d.reference}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ documentReferenceType: d.typeCode, documentReferenceValue: d.reference });
  }
  return out;
}

export type V3Judgement =
  { ok: true; event: DcsaEvent } | { ok: false; reasons: string[]; kind: 'schema' | 'invalid' };

type V3Refusal = Extract<V3Judgement, { ok: false }>;

/** Why a v3.0 object is refused before it is read: a retraction, the schema's reasons, IoT / reefer; or null. */
function refusalOf(e: Obj): V3Refusal | null {
  if (e.isRetracted === true) {
    return {
      ok: false,
      kind: 'invalid',
      reasons: ['/isRetracted: a retraction, not an event (read it with readV3)'],
    };
  }
  const reasons = v3SchemaReasons(e);
  if (reasons.length) return { ok: false, kind: 'schema', reasons };
  const type = obj(e.eventClassification)!.eventTypeCode as string;
  if (type === 'IOT' || type === 'REEFER') {
    return {
      ok: false,
      kind: 'invalid',
      reasons: [`/eventClassification/eventTypeCode: ${type} events are not used by the portal`],
    };
  }
  return null;
}

/**
 * The references of a v3 event in the stored shape: its shipmentReferences, and the equipment a transport
 * or shipment event names (v3 lets any event carry equipmentDetails; an equipment event keeps it as its
 * equipmentReference).
 */
function referencesOf(shipment: Obj | undefined, equipment: Obj | undefined, type: string) {
  const refs = (arr(shipment?.shipmentReferences) ?? [])
    .map(obj)
    .filter((r): r is Obj => !!r)
    .map((r) => ({ referenceType: r.typeCode, referenceValue: r.reference }));
  if (type !== 'EQUIPMENT' && typeof equipment?.equipmentReference === 'string') {
    const value = equipment.equipmentReference;
    if (!refs.some((r) => r.referenceType === 'EQ' && r.referenceValue === value))
      refs.push({ referenceType: 'EQ', referenceValue: value });
  }
  return refs;
}

/** The stored eventLocation of a v3 eventLocation (an equipment event's place). */
function v2Location(location: Obj | undefined): Obj | undefined {
  if (!location) return undefined;
  const geo = obj(location.geoCoordinate);
  const facility = obj(location.facility);
  return defined({
    locationName: location.locationName,
    UNLocationCode: location.UNLocationCode,
    latitude: geo?.latitude,
    longitude: geo?.longitude,
    facilityCode: facility?.facilityCode,
    facilityCodeListProvider: facility?.facilityCodeListProvider,
  });
}

/** The stored transportCall of a v3 one (its UN/LOCODE and facility type from the event's location). */
function v2TransportCall(call: Obj | undefined, location: Obj | undefined): Obj | undefined {
  if (!call) return undefined;
  const voyage = (v: unknown) => {
    const o = obj(v);
    return o?.carrierVoyageNumber ?? o?.universalVoyageReference;
  };
  const vessel = obj(call.vesselTransport);
  const service = obj(call.serviceCodeOrReference);
  return defined({
    transportCallID: call.transportCallReference,
    transportCallSequenceNumber: call.transportCallSequenceNumber,
    carrierServiceCode: service?.carrierServiceCode ?? service?.universalServiceReference,
    exportVoyageNumber: voyage(call.exportVoyageNumberOrReference),
    importVoyageNumber: voyage(call.importVoyageNumberOrReference),
    UNLocationCode: location?.UNLocationCode,
    facilityTypeCode: location?.facilityTypeCode,
    modeOfTransport: call.modeOfTransport,
    vessel: vessel
      ? defined({ vesselIMONumber: vessel.vesselIMONumber, vesselName: vessel.vesselName })
      : undefined,
  });
}

/** The fields of each event type, added to the ones every type has (`base`). */
function typedEvent(e: Obj, type: string, base: Obj, transportCall: Obj | undefined): Obj {
  const cls = obj(e.eventClassification)!;
  if (type === 'TRANSPORT') {
    const details = obj(e.transportDetails);
    const delays = arr(details?.delayReasonCodes);
    return defined({
      ...base,
      transportEventTypeCode: cls.transportEventTypeCode,
      delayReasonCode: delays?.[0],
      changeRemark: details?.changeRemark,
      transportCall,
    });
  }
  if (type === 'EQUIPMENT') {
    const equipment = obj(e.equipmentDetails);
    return defined({
      ...base,
      equipmentEventTypeCode: cls.equipmentEventTypeCode,
      equipmentReference: equipment?.equipmentReference,
      ISOEquipmentCode: equipment?.ISOEquipmentCode,
      emptyIndicatorCode: equipment?.emptyIndicatorCode,
      eventLocation: v2Location(obj(e.eventLocation)),
      transportCall,
      lastFreeDays: e.lastFreeDays,
    });
  }
  const shipment = obj(e.shipmentDetails);
  const doc = obj(shipment?.documentReference)!;
  return defined({
    ...base,
    shipmentEventTypeCode: cls.shipmentEventTypeCode,
    documentID: doc.reference,
    documentTypeCode: doc.typeCode,
    reason: shipment?.reason,
  });
}

/**
 * v3.0 event → the shape the engine stores, after judging it by the v3.0 schema (never by v2.2's
 * rules: v3 allows what v2.2 did not, e.g. a 6-character service code). Never throws. A retraction
 * is refused (use readV3).
 */
export function fromV3(raw: unknown): V3Judgement {
  const e = obj(raw);
  if (!e) return { ok: false, kind: 'schema', reasons: ['(event): must be an object'] };
  const refused = refusalOf(e);
  if (refused) return refused;
  const cls = obj(e.eventClassification)!;
  const type = cls.eventTypeCode as string;
  const shipment = obj(e.shipmentDetails);
  const docs = documentReferencesOf(shipment);
  const refs = referencesOf(shipment, obj(e.equipmentDetails), type);
  const transportCall = v2TransportCall(obj(obj(e.transportDetails)?.transportCall), obj(e.eventLocation));
  const base = defined({
    eventID: e.eventID,
    eventType: type,
    eventCreatedDateTime: e.eventUpdatedDateTime,
    eventDateTime: e.eventDateTime,
    eventClassifierCode: cls.eventClassifierCode,
    references: refs.length ? refs : undefined,
    documentReferences: docs.length ? docs : undefined,
  });
  const event = typedEvent(e, type, base, transportCall);
  // v3.0 eventIDs are optional (as in v2.2): without one, the identity is derived from the content.
  if (typeof event.eventID !== 'string') event.eventID = derivedEventId(e, 'eventUpdatedDateTime');
  return { ok: true, event: event as unknown as DcsaEvent };
}

export type { DcsaEvent };
