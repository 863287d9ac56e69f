// Hand-written DCSA v2.2 events (one of each type), shaped like the spec's examples.
import { randomUUID } from 'node:crypto';

export function transportEvent(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventID: randomUUID(),
    eventType: 'TRANSPORT',
    eventCreatedDateTime: '2024-03-01T10:15:00Z',
    eventDateTime: '2024-03-04T06:00:00+08:00',
    eventClassifierCode: 'EST',
    transportEventTypeCode: 'ARRI',
    delayReasonCode: 'WEA',
    transportCall: {
      transportCallID: 'TC-SGSIN-123',
      carrierServiceCode: 'AE1',
      exportVoyageNumber: '412W',
      importVoyageNumber: '412W',
      UNLocationCode: 'SGSIN',
      facilityTypeCode: 'POTE',
      modeOfTransport: 'VESSEL',
      vessel: { vesselIMONumber: '9321483', vesselName: 'MAERSK ESSEN' },
    },
    documentReferences: [
      { documentReferenceType: 'BKG', documentReferenceValue: 'ABC709951' },
      { documentReferenceType: 'TRD', documentReferenceValue: 'MAEU123456789' },
    ],
    references: [{ referenceType: 'EQ', referenceValue: 'MSKU1234565' }],
    ...over,
  };
}

export function equipmentEvent(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventID: randomUUID(),
    eventType: 'EQUIPMENT',
    eventCreatedDateTime: '2024-03-01T11:00:00Z',
    eventDateTime: '2024-03-01T09:30:00+08:00',
    eventClassifierCode: 'ACT',
    equipmentEventTypeCode: 'LOAD',
    equipmentReference: 'MSKU1234565',
    ISOEquipmentCode: '45G1',
    emptyIndicatorCode: 'LADEN',
    eventLocation: { locationName: 'Shanghai', UNLocationCode: 'CNSHA' },
    transportCall: {
      transportCallID: 'TC-CNSHA-122',
      UNLocationCode: 'CNSHA',
      modeOfTransport: 'VESSEL',
      vessel: { vesselIMONumber: '9321483', vesselName: 'MAERSK ESSEN' },
    },
    ...over,
  };
}

export function shipmentEvent(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventID: randomUUID(),
    eventType: 'SHIPMENT',
    eventCreatedDateTime: '2024-02-20T08:00:00Z',
    eventDateTime: '2024-02-20T08:00:00Z',
    eventClassifierCode: 'ACT',
    shipmentEventTypeCode: 'CONF',
    documentID: 'ABC709951',
    documentTypeCode: 'BKG',
    ...over,
  };
}
