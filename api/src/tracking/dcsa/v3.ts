// DCSA Track & Trace v3.0 events, translated to and from the v2.2 shape the engine stores and
// derives from (carrier_events.raw, tracking/derive). A v3 carrier's event is translated, then
// checked by the same validator as a v2.2 one (RFC 3339 date-times, codes, ranges), so both
// versions meet the same rules and derivation has one input shape.
//
// Mapping (v3 → v2.2):
//   eventClassification.eventTypeCode / eventClassifierCode / <type>EventTypeCode → eventType /
//   eventClassifierCode / transportEventTypeCode | equipmentEventTypeCode | shipmentEventTypeCode;
//   eventUpdatedDateTime → eventCreatedDateTime (v3: "an event overrides any other with the same
//   eventID and an earlier eventUpdatedDateTime", which is how versions are kept, see ingest.ts);
//   eventLocation.UNLocationCode → transportCall.UNLocationCode (transport) and eventLocation
//   (equipment); geoCoordinate → latitude / longitude; transportDetails.transportCall →
//   transportCall (transportCallReference → transportCallID, vesselTransport → vessel, voyage and
//   service objects → their codes); equipmentDetails → equipmentReference / ISOEquipmentCode /
//   emptyIndicatorCode; shipmentDetails.documentReference → documentID / documentTypeCode (shipment
//   events); shipmentDetails.additionalDocumentReferences (BKG, TRD) → documentReferences;
//   shipmentDetails.shipmentReferences → references.
// IOT and REEFER events are set aside with a reason (the portal does not use them). A retracted
// event (isRetracted: "the data in this and all previously transmitted events with the same eventID
// must be discarded or ignored") is read by `readV3` as a retraction, which ingestion applies
// (ingest.ts); `fromV3` refuses it, having no event to give.
import type { DcsaEvent } from './types';
import {
  EARLIEST_EVENT_TIME,
  isRfc3339DateTime,
  LATEST_EVENT_TIME,
  validateEvent,
  type ValidationResult,
} from './validate';

export const DCSA_V3_API_VERSION = '3.0.0';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const V3_ID_STAND_IN = '00000000-0000-4000-8000-000000000000';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
const arr = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);
/** Copies the defined values only (the v2.2 validator refuses nulls where a string is expected). */
function defined(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** v2.2 event → v3.0 event (the simulator speaks v3 with it). */
export function toV3(e: DcsaEvent): Obj {
  const call = e.eventType === 'SHIPMENT' ? undefined : e.transportCall;
  const place = e.eventType === 'EQUIPMENT' ? e.eventLocation : call?.location;
  const locode = place?.UNLocationCode ?? call?.UNLocationCode;
  const docs = e.eventType === 'SHIPMENT' ? undefined : e.documentReferences;
  const classification = defined({
    eventTypeCode: e.eventType,
    eventClassifierCode: e.eventClassifierCode,
    transportEventTypeCode: e.eventType === 'TRANSPORT' ? e.transportEventTypeCode : undefined,
    equipmentEventTypeCode: e.eventType === 'EQUIPMENT' ? e.equipmentEventTypeCode : undefined,
    shipmentEventTypeCode: e.eventType === 'SHIPMENT' ? e.shipmentEventTypeCode : undefined,
  });
  const location =
    locode || place
      ? defined({
          locationName: place?.locationName,
          UNLocationCode: locode,
          facilityTypeCode: call?.facilityTypeCode,
          facility: place?.facilityCode
            ? { facilityCode: place.facilityCode, facilityCodeListProvider: place.facilityCodeListProvider }
            : undefined,
          geoCoordinate:
            place?.latitude !== undefined
              ? { latitude: place.latitude, longitude: place.longitude }
              : undefined,
        })
      : undefined;
  const transportCall = call
    ? defined({
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
      })
    : undefined;
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
  return defined({
    eventID: e.eventID,
    eventDateTime: e.eventDateTime,
    eventUpdatedDateTime: e.eventCreatedDateTime,
    eventLocation: location,
    eventClassification: classification,
    shipmentDetails: Object.keys(shipmentDetails).length ? shipmentDetails : undefined,
    transportDetails:
      e.eventType === 'SHIPMENT'
        ? undefined
        : defined({
            delayReasonCodes:
              e.eventType === 'TRANSPORT' && e.delayReasonCode ? [e.delayReasonCode] : undefined,
            changeRemark: e.eventType === 'TRANSPORT' ? e.changeRemark : undefined,
            transportCall,
          }),
    equipmentDetails:
      e.eventType === 'EQUIPMENT'
        ? defined({
            equipmentReference: e.equipmentReference,
            ISOEquipmentCode: e.ISOEquipmentCode,
            emptyIndicatorCode: e.emptyIndicatorCode,
          })
        : undefined,
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
  | { kind: 'rejected'; reasons: string[] };

/** A retraction needs its eventID; any other data is irrelevant (v3.0), except a valid eventUpdatedDateTime. */
function readRetraction(e: Obj): V3Reading {
  const id = e.eventID;
  if (typeof id !== 'string' || !id.length || id.length > 500) {
    return {
      kind: 'rejected',
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
    return { kind: 'rejected', reasons: ['/eventUpdatedDateTime: must match format "date-time"'] };
  }
  return { kind: 'retraction', retraction: { eventID: id, retractedAt: updated as string } };
}

/** A v3.0 event as the engine takes it: an event (v2.2 shape, validated), a retraction, or refused with reasons. */
export function readV3(raw: unknown): V3Reading {
  const e = obj(raw);
  if (e?.isRetracted === true) return readRetraction(e);
  if (e && e.isRetracted !== undefined && typeof e.isRetracted !== 'boolean') {
    return { kind: 'rejected', reasons: ['/isRetracted: must be boolean'] };
  }
  const checked = fromV3(raw);
  return checked.ok
    ? { kind: 'event', event: checked.event }
    : { kind: 'rejected', reasons: checked.reasons };
}

/** v3.0 event → the v2.2 shape, validated. Never throws. A retraction is refused (use readV3). */
export function fromV3(raw: unknown): ValidationResult {
  const e = obj(raw);
  if (!e) return { ok: false, reasons: ['(event): must be an object'] };
  if (e.isRetracted === true) {
    return { ok: false, reasons: ['/isRetracted: a retraction, not an event (read it with readV3)'] };
  }
  const cls = obj(e.eventClassification);
  const type = cls?.eventTypeCode;
  if (type === 'IOT' || type === 'REEFER') {
    return {
      ok: false,
      reasons: [`/eventClassification/eventTypeCode: ${type} events are not used by the portal`],
    };
  }
  const location = obj(e.eventLocation);
  const geo = obj(location?.geoCoordinate);
  const facility = obj(location?.facility);
  const details = obj(e.transportDetails);
  const call = obj(details?.transportCall);
  const vessel = obj(call?.vesselTransport);
  const shipment = obj(e.shipmentDetails);
  const equipment = obj(e.equipmentDetails);
  const docs = arr(shipment?.additionalDocumentReferences)
    ?.map(obj)
    .filter((d): d is Obj => !!d && (d.typeCode === 'BKG' || d.typeCode === 'TRD'))
    .map((d) => ({ documentReferenceType: d.typeCode, documentReferenceValue: d.reference }));
  const refs = arr(shipment?.shipmentReferences)
    ?.map(obj)
    .filter((r): r is Obj => !!r)
    .map((r) => ({ referenceType: r.typeCode, referenceValue: r.reference }));
  const v2Location = location
    ? defined({
        locationName: location.locationName,
        UNLocationCode: location.UNLocationCode,
        latitude: geo?.latitude,
        longitude: geo?.longitude,
        facilityCode: facility?.facilityCode,
        facilityCodeListProvider: facility?.facilityCodeListProvider,
      })
    : undefined;
  const transportCall = call
    ? defined({
        transportCallID: call.transportCallReference,
        transportCallSequenceNumber: call.transportCallSequenceNumber,
        carrierServiceCode: obj(call.serviceCodeOrReference)?.carrierServiceCode,
        exportVoyageNumber: obj(call.exportVoyageNumberOrReference)?.carrierVoyageNumber,
        importVoyageNumber: obj(call.importVoyageNumberOrReference)?.carrierVoyageNumber,
        UNLocationCode: location?.UNLocationCode,
        facilityTypeCode: location?.facilityTypeCode,
        modeOfTransport: call.modeOfTransport,
        vessel: vessel
          ? defined({ vesselIMONumber: vessel.vesselIMONumber, vesselName: vessel.vesselName })
          : undefined,
      })
    : undefined;
  const base = defined({
    eventID: e.eventID,
    eventType: type,
    eventCreatedDateTime: e.eventUpdatedDateTime,
    eventDateTime: e.eventDateTime,
    eventClassifierCode: cls?.eventClassifierCode,
    references: refs?.length ? refs : undefined,
  });
  let v2: Obj;
  if (type === 'TRANSPORT') {
    const delays = arr(details?.delayReasonCodes);
    v2 = defined({
      ...base,
      transportEventTypeCode: cls?.transportEventTypeCode,
      delayReasonCode: delays?.[0],
      changeRemark: details?.changeRemark,
      transportCall,
      documentReferences: docs?.length ? docs : undefined,
    });
  } else if (type === 'EQUIPMENT') {
    v2 = defined({
      ...base,
      equipmentEventTypeCode: cls?.equipmentEventTypeCode,
      equipmentReference: equipment?.equipmentReference,
      ISOEquipmentCode: equipment?.ISOEquipmentCode,
      emptyIndicatorCode: equipment?.emptyIndicatorCode,
      eventLocation: v2Location,
      transportCall,
      documentReferences: docs?.length ? docs : undefined,
    });
  } else {
    const doc = obj(shipment?.documentReference);
    v2 = defined({
      ...base,
      shipmentEventTypeCode: cls?.shipmentEventTypeCode,
      documentID: doc?.reference,
      documentTypeCode: doc?.typeCode,
      reason: shipment?.reason,
    });
  }
  // v3.0 eventIDs are any string of up to 500 characters (its own example is not a UUID, as v2.2
  // asks): the v2.2 rules are checked with a stand-in, and the carrier's eventID kept.
  const id = e.eventID;
  if (typeof id === 'string' && (id.length === 0 || id.length > 500)) {
    return { ok: false, reasons: ['/eventID: must be a string of 1 to 500 characters'] };
  }
  const standIn = typeof id === 'string' && !UUID.test(id);
  const checked = validateEvent(standIn ? { ...v2, eventID: V3_ID_STAND_IN } : v2);
  if (checked.ok) return standIn ? { ok: true, event: { ...checked.event, eventID: id } } : checked;
  // Reasons in v2.2 terms, said to come from the translation so they can be traced back.
  return { ok: false, reasons: checked.reasons.map((r) => `${r} (v3.0 event translated to v2.2)`) };
}

export type { DcsaEvent };
