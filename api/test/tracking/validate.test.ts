import { validateEvent } from '../../src/tracking/dcsa/validate';
import { equipmentEvent, shipmentEvent, transportEvent } from './fixtures';

describe('validateEvent (DCSA T&T v2.2)', () => {
  it.each([
    ['TRANSPORT', transportEvent()],
    ['EQUIPMENT', equipmentEvent()],
    ['SHIPMENT', shipmentEvent()],
  ])('accepts a valid %s event and returns it', (_type, raw) => {
    const result = validateEvent(raw);
    expect(result).toEqual({ ok: true, event: raw });
  });

  it('rejects what is not an object', () => {
    for (const raw of [null, 'x', 3, [transportEvent()]]) {
      expect(validateEvent(raw)).toEqual({ ok: false, reasons: ['(event): must be an object'] });
    }
  });

  it('takes an event without eventID (optional in v2.2) and derives a stable identity from its content', () => {
    const raw = equipmentEvent();
    delete raw.eventID;
    const result = validateEvent(raw);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.event.eventID).toMatch(/^derived-[0-9a-f]{32}$/);
    // Same content (keys in another order, published again later): same identity.
    const reordered = Object.fromEntries(Object.entries(raw).reverse());
    const again = validateEvent({ ...reordered, eventCreatedDateTime: '2024-03-02T11:00:00Z' });
    expect(again.ok && again.event.eventID).toBe(result.event.eventID);
    // Another content: another event.
    const other = validateEvent({ ...raw, eventDateTime: '2024-03-01T10:30:00+08:00' });
    expect(other.ok && other.event.eventID).not.toBe(result.event.eventID);
  });

  it('gives a non-string eventID the right reason (it was "is required")', () => {
    expect(validateEvent(equipmentEvent({ eventID: 42 }))).toEqual({
      ok: false,
      reasons: ['/eventID: must be a string (got number)'],
    });
    expect(validateEvent(equipmentEvent({ eventID: ['a'] }))).toEqual({
      ok: false,
      reasons: ['/eventID: must be a string (got array)'],
    });
  });

  it('rejects a non-uuid eventID (format from the spec)', () => {
    const result = validateEvent(shipmentEvent({ eventID: 'not-a-uuid' }));
    expect(result).toEqual({ ok: false, reasons: ['/eventID: must match format "uuid"'] });
  });

  it('rejects an unknown or missing eventType', () => {
    const r1 = validateEvent(transportEvent({ eventType: 'VESSEL' }));
    expect(r1).toEqual({ ok: false, reasons: ['/eventType: must be one of SHIPMENT, TRANSPORT, EQUIPMENT'] });
    const raw = transportEvent();
    delete raw.eventType;
    expect(validateEvent(raw).ok).toBe(false);
  });

  it('rejects bad date-times (no time zone, not a date)', () => {
    const r1 = validateEvent(transportEvent({ eventDateTime: '2024-03-04T06:00:00' }));
    expect(r1).toEqual({ ok: false, reasons: ['/eventDateTime: must match format "date-time"'] });
    const r2 = validateEvent(equipmentEvent({ eventCreatedDateTime: 'yesterday' }));
    expect(r2).toEqual({ ok: false, reasons: ['/eventCreatedDateTime: must match format "date-time"'] });
    const r3 = validateEvent(shipmentEvent({ eventDateTime: '2024-02-30T08:00:00Z' }));
    expect(r3.ok).toBe(false);
  });

  it('rejects unknown codes with the allowed values', () => {
    const r1 = validateEvent(equipmentEvent({ equipmentEventTypeCode: 'FLY' }));
    expect(r1).toEqual({
      ok: false,
      reasons: [
        '/equipmentEventTypeCode: must be one of LOAD, DISC, GTIN, GTOT, STUF, STRP, PICK, DROP, INSP, RSEA, RMVD',
      ],
    });
    const r2 = validateEvent(transportEvent({ transportEventTypeCode: 'OMIT' }));
    expect(r2).toEqual({ ok: false, reasons: ['/transportEventTypeCode: must be one of ARRI, DEPA'] });
    const r3 = validateEvent(shipmentEvent({ eventClassifierCode: 'GUESS' }));
    expect(r3).toEqual({ ok: false, reasons: ['/eventClassifierCode: must be one of ACT, PLN, EST'] });
  });

  it('rejects wrong structure: missing required members, wrong types, over-long values', () => {
    const noCall = transportEvent();
    delete noCall.transportCall;
    const r1 = validateEvent(noCall);
    expect(r1).toEqual({ ok: false, reasons: ["(event): must have required property 'transportCall'"] });

    const r2 = validateEvent(
      transportEvent({ transportCall: { transportCallID: 'x', modeOfTransport: 'VESSEL', vessel: {} } }),
    );
    expect(r2).toEqual({
      ok: false,
      reasons: ["/transportCall/vessel: must have required property 'vesselIMONumber'"],
    });

    const r3 = validateEvent(equipmentEvent({ emptyIndicatorCode: undefined, equipmentReference: 42 }));
    expect(r3.ok).toBe(false);
    if (!r3.ok) {
      expect(r3.reasons).toContain("(event): must have required property 'emptyIndicatorCode'");
      expect(r3.reasons).toContain('/equipmentReference: must be string');
    }

    const r4 = validateEvent(shipmentEvent({ documentTypeCode: 'BKGX' }));
    expect(r4.ok).toBe(false);
    if (!r4.ok) expect(r4.reasons).toContain('/documentTypeCode: must NOT have more than 3 characters');
  });
});
