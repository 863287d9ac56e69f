// The parts of DCSA Track & Trace v2.2 events the engine reads. The full shape is the JSON
// schema in tnt-v2.2-events.schema.json; events are stored whole (raw jsonb) in carrier_events.

export type DcsaEventType = 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';
export type EventClassifier = 'PLN' | 'EST' | 'ACT';
export type ModeOfTransport = 'VESSEL' | 'RAIL' | 'TRUCK' | 'BARGE';

interface DcsaVessel {
  vesselIMONumber: string;
  vesselName?: string;
}

export interface DcsaLocation {
  locationName?: string;
  latitude?: string;
  longitude?: string;
  UNLocationCode?: string;
  facilityCode?: string;
  facilityCodeListProvider?: 'BIC' | 'SMDG';
}

export interface DcsaTransportCall {
  transportCallID: string;
  carrierServiceCode?: string;
  exportVoyageNumber?: string;
  importVoyageNumber?: string;
  transportCallSequenceNumber?: number;
  UNLocationCode?: string;
  facilityTypeCode?: string;
  modeOfTransport: ModeOfTransport;
  location?: DcsaLocation;
  vessel?: DcsaVessel;
}

export interface DcsaDocumentReference {
  documentReferenceType: 'BKG' | 'TRD';
  documentReferenceValue: string;
}

interface DcsaEventBase {
  eventID: string;
  eventCreatedDateTime: string;
  eventDateTime: string;
  eventClassifierCode: EventClassifier;
  references?: Array<{ referenceType: string; referenceValue: string }>;
}

interface DcsaTransportEvent extends DcsaEventBase {
  eventType: 'TRANSPORT';
  transportEventTypeCode: 'ARRI' | 'DEPA';
  delayReasonCode?: string;
  changeRemark?: string;
  transportCall: DcsaTransportCall;
  documentReferences?: DcsaDocumentReference[];
}

interface DcsaEquipmentEvent extends DcsaEventBase {
  eventType: 'EQUIPMENT';
  equipmentEventTypeCode: string;
  equipmentReference?: string;
  ISOEquipmentCode?: string;
  emptyIndicatorCode: 'EMPTY' | 'LADEN';
  eventLocation?: DcsaLocation;
  transportCall?: DcsaTransportCall;
  documentReferences?: DcsaDocumentReference[];
  /** The portal's extension for a carrier-sent last free day (last-free-days.ts, docs/adr/0011). */
  lastFreeDays?: LastFreeDay[];
}

/** A carrier-sent last free day: DEM (demurrage) or DET (detention), a calendar date YYYY-MM-DD. */
export interface LastFreeDay {
  typeCode: 'DEM' | 'DET';
  date: string;
}

interface DcsaShipmentEvent extends DcsaEventBase {
  eventType: 'SHIPMENT';
  shipmentEventTypeCode: string;
  documentID: string;
  documentTypeCode: string;
  reason?: string;
}

export type DcsaEvent = DcsaTransportEvent | DcsaEquipmentEvent | DcsaShipmentEvent;

/** Code types of a tracking request and the DCSA query parameter each one maps to. */
export type CodeType = 'c_id' | 'b_id' | 'm_bl';
export const REFERENCE_PARAMETER: Record<CodeType, string> = {
  c_id: 'equipmentReference',
  b_id: 'carrierBookingReference',
  m_bl: 'transportDocumentReference',
};
