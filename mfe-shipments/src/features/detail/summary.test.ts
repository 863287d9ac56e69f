import { makeShipment, SHANGHAI, SINGAPORE, VALENCIA } from '../__fixtures__/shipment';
import { arrivalSummary, formatDelta, mapsLink, summaryLegs, summaryPorts } from './summary';

describe('the summary bar day delta', () => {
  it("shows +n when later, '-' for zero, n when earlier, nothing when unknown", () => {
    expect(formatDelta(3)).toBe('+3');
    expect(formatDelta(0)).toBe('-');
    expect(formatDelta(-2)).toBe('-2');
    expect(formatDelta(null)).toBe('');
  });

  it('uses the ATA when known, else the ETA, against the first planned arrival at POD', () => {
    const planned = '2026-03-10T12:00:00Z';
    const withEta = makeShipment({
      eta: '2026-03-13T08:00:00Z',
      pod_vessel_arrival_planned_initial: planned,
    });
    expect(arrivalSummary(withEta)).toEqual({ kind: 'eta', date: '2026-03-13T08:00:00Z', delta: 3 });
    const withAta = makeShipment({
      eta: '2026-03-13T08:00:00Z',
      ata: '2026-03-08T14:00:00Z',
      pod_vessel_arrival_planned_initial: planned,
    });
    expect(arrivalSummary(withAta)).toMatchObject({ kind: 'ata', delta: -2 });
    expect(formatDelta(arrivalSummary(withAta).delta)).toBe('-2');
    const onTime = makeShipment({ ata: '2026-03-10T20:00:00Z', pod_vessel_arrival_planned_initial: planned });
    expect(formatDelta(arrivalSummary(onTime).delta)).toBe('-');
  });

  it('has no delta without a planned arrival, and no date without ATA or ETA', () => {
    expect(arrivalSummary(makeShipment({ eta: '2026-03-13T08:00:00Z' })).delta).toBeNull();
    expect(arrivalSummary(makeShipment())).toEqual({ kind: null, date: null, delta: null });
  });
});

describe('the summary bar ports and legs', () => {
  it('lists POL, the transshipment ports and POD in order', () => {
    const s = makeShipment({ tsp2_loc: VALENCIA });
    expect(summaryPorts(s).map((p) => [p.role, p.index, p.port.locode])).toEqual([
      ['pol', undefined, VALENCIA.locode],
      ['tsp', 1, SINGAPORE.locode],
      ['tsp', 2, VALENCIA.locode],
      ['pod', undefined, SHANGHAI.locode],
    ]);
  });

  it('keeps the legs that have a voyage or a vessel, up to five', () => {
    const s = makeShipment({
      leg1: { voyage: '001E', vessel: { id: 1, name: 'MSC ANNA', imo: null } },
      leg2: { voyage: null, vessel: null },
      leg3: { voyage: '7W', vessel: null },
    });
    expect(summaryLegs(s).map((l) => [l.index, l.voyage, l.vessel?.name ?? null])).toEqual([
      [1, '001E', 'MSC ANNA'],
      [3, '7W', null],
    ]);
  });

  it('links the last position to a maps page at zoom 5', () => {
    expect(mapsLink({ lat: 1.5, lng: 103.2 })).toContain('zoom=5');
    expect(mapsLink({ lat: 1.5, lng: 103.2 })).toContain('1.5,103.2');
  });
});
