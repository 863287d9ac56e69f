// deriveShipment against the simulator's ground truth: milestone dates, locations, legs, status text
// over time, durations, arrival-order independence, duplicates, positions and prediction.
import { SHIPMENT_STATUS as STATUS } from '@portal/shared-api/domain';
import { deriveShipment, locodesOf, milestoneChanges, vesselsOf } from '../../../src/tracking/derive';
import { containerTypeText } from '../../../src/tracking/derive/derive';
import { alongRoute, routeLengthNm } from '../../../src/tracking/derive/geo';
import type { Journey } from '../../../src/tracking/simulator/journey';
import { containerOf, ctxFor, END, eventsAt, journeyWhere, journeyWithTsp, shuffled } from './helpers';

// Journeys call searoute-js for every new port pair: slow on a busy machine.
jest.setTimeout(60_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LAG = 4 * HOUR; // the simulator publishes an actual at most 4 h after it happens

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const at = (ms: number) => new Date(ms).toISOString();

/** The value of the latest-published PLN/EST (or the first PLN) transport event of a leg call. */
function published(j: Journey, code: 'DEPA' | 'ARRI', locode: string, pick: 'first' | 'last'): string | null {
  const list = j.events
    .filter(
      (s) =>
        s.event.eventType === 'TRANSPORT' &&
        s.event.transportEventTypeCode === code &&
        s.event.transportCall.UNLocationCode === locode &&
        s.event.eventClassifierCode !== 'ACT',
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  const e = pick === 'first' ? list.find((s) => s.event.eventClassifierCode === 'PLN') : list.at(-1);
  return e ? at(Date.parse(e.event.eventDateTime)) : null;
}

function checkComplete(j: Journey) {
  const gt = j.truth[containerOf(j)];
  const d = deriveShipment(eventsAt(j), ctxFor(j, END(j)));
  const c = d.columns;
  const tsp = j.ports.length - 2;
  const role = (i: number) => (i === 0 ? 'pol' : i === j.ports.length - 1 ? 'pod' : `tsp${i}`);

  expect(iso(c.empty_pickup_actual)).toBe(at(gt.emptyPickup));
  expect(iso(c.pol_arrival_actual)).toBe(at(gt.gateInPol));
  j.legs.forEach((leg, i) => {
    const from = role(i);
    const to = role(i + 1);
    const cols = c as unknown as Record<string, Date | null>;
    expect(iso(cols[`${from}_loaded_actual`])).toBe(at(gt.legs[i].load));
    expect(iso(cols[`${from}_vessel_departure_actual`])).toBe(at(gt.legs[i].departure));
    expect(iso(cols[`${from}_vessel_departure_planned_initial`])).toBe(at(leg.plannedDeparture));
    expect(iso(cols[`${from}_vessel_departure_planned_last`])).toBe(
      published(j, 'DEPA', leg.from.locode, 'last'),
    );
    expect(iso(cols[`${to}_vessel_arrival_actual`])).toBe(at(gt.legs[i].arrival));
    expect(iso(cols[`${to}_vessel_arrival_planned_initial`])).toBe(at(leg.plannedArrival));
    expect(iso(cols[`${to}_vessel_arrival_planned_last`])).toBe(published(j, 'ARRI', leg.to.locode, 'last'));
    expect(iso(cols[`${to}_discharge_actual`])).toBe(at(gt.legs[i].discharge));
    // Legs: voyage and vessel.
    expect(cols[`leg${i + 1}_voyage`]).toBe(leg.voyage);
    expect(d.legs[i].vessel).toEqual({ name: leg.vessel.name, imo: leg.vessel.imo });
    expect((c as unknown as Record<string, number | null>)[`leg${i + 1}_vessel_id`]).toBe(100 + i);
  });
  for (let n = j.legs.length + 1; n <= 5; n++)
    expect((c as unknown as Record<string, unknown>)[`leg${n}_voyage`]).toBeNull();
  expect(iso(c.pod_departure_actual)).toBe(at(gt.gateOutPod));
  expect(iso(c.delivery_actual)).toBe(at(gt.delivery));
  expect(iso(c.empty_return_actual)).toBe(at(gt.emptyReturn));
  // No detected dates without vessel positions; no prediction once arrived.
  expect(c.pod_vessel_arrival_detected).toBeNull();
  expect(c.pod_vessel_arrival_prediction).toBeNull();

  // Locations.
  expect(c.pol_loc_id).toBe(1);
  expect(c.pod_loc_id).toBe(j.ports.length);
  const tspIds = [c.tsp1_loc_id, c.tsp2_loc_id, c.tsp3_loc_id, c.tsp4_loc_id];
  expect(tspIds).toEqual([1, 2, 3, 4].map((k) => (k <= tsp ? k + 1 : null)));
  expect(c.empty_pickup_loc_id).toBe(1);
  expect(c.dlv_loc_id).toBe(j.ports.length);
  expect(d.route.map((p) => p.locode)).toEqual(j.ports.map((p) => p.locode));

  // eta/ata/etd/atd.
  const last = gt.legs[gt.legs.length - 1];
  expect(iso(c.ata)).toBe(at(last.arrival));
  expect(iso(c.atd)).toBe(at(gt.legs[0].departure));
  expect(iso(c.eta)).toBe(published(j, 'ARRI', j.ports[j.ports.length - 1].locode, 'last'));
  expect(iso(c.dta)).toBe(at(last.arrival));
  expect(iso(c.dtd)).toBe(at(gt.legs[0].departure));

  // Durations.
  const days = (a: number, b: number) => Math.round(((b - a) / DAY) * 100) / 100;
  expect(c.days_in_pol).toBe(days(gt.gateInPol, gt.legs[0].departure));
  expect(c.storage_days_at_pol).toBe(days(gt.gateInPol, gt.legs[0].load));
  expect(c.days_in_pod).toBe(days(last.arrival, gt.gateOutPod));
  expect(c.storage_days_at_pod).toBe(days(last.discharge, gt.gateOutPod));
  expect(c.transit_time).toBe(days(gt.legs[0].departure, last.arrival));
  expect(c.transit_time_planned).toBe(
    days(j.legs[0].plannedDeparture, j.legs[j.legs.length - 1].plannedArrival),
  );
  const dwell = gt.legs.slice(1).map((l, k) => days(gt.legs[k].arrival, l.departure));
  expect([c.days_in_tsp1, c.days_in_tsp2, c.days_in_tsp3, c.days_in_tsp4]).toEqual(
    [0, 1, 2, 3].map((k) => dwell[k] ?? null),
  );
  expect(c.days_in_tsp).toBe(tsp ? Math.round(dwell.reduce((a, b) => a + b, 0) * 100) / 100 : null);

  // Status, lifecycle, container, documents.
  expect(c.status_text).toBe('completed');
  expect(c.status).toBe(STATUS.completed);
  expect(c.lifecycle_status).toBe('completed');
  expect(c.container_type_iso).toBe(j.containers[0].isoEquipmentCode);
  expect(c.booking_number).toBe(j.bookingReference);
  expect(c.bl_number).toBe(j.transportDocumentReference);
  expect(d.vessels.map((v) => v.imo).sort()).toEqual(j.legs.map((l) => l.vessel.imo).sort());

  // Positions: starts at the POL, ends at the POD.
  const positions = JSON.parse(c.positions) as Array<[number, number]>;
  expect(positions.length).toBeGreaterThan(j.legs.length);
  expect(positions[0][0]).toBeCloseTo(j.ports[0].lng, 5);
  expect(positions[0][1]).toBeCloseTo(j.ports[0].lat, 5);
  const pod = j.ports[j.ports.length - 1];
  const here = JSON.parse(c.last_coordinates as string) as { lng: number; lat: number };
  expect(here.lng).toBeCloseTo(pod.lng, 5);
  expect(here.lat).toBeCloseTo(pod.lat, 5);
  return d;
}

describe('deriveShipment on complete simulator journeys', () => {
  for (const tsp of [0, 1, 2, 3, 4]) {
    it(`gets every milestone of a journey with ${tsp} transshipment(s) right`, () => {
      checkComplete(journeyWithTsp(tsp));
    });
  }

  it('records the carrier event behind every milestone date', () => {
    const j = journeyWithTsp(1);
    const events = eventsAt(j);
    const d = deriveShipment(events, ctxFor(j, END(j)));
    const byId = new Map(events.map((e) => [e.id, e.event]));
    const source = byId.get(d.sources.pol_vessel_departure_actual);
    expect(source?.eventClassifierCode).toBe('ACT');
    expect(source?.eventType === 'TRANSPORT' && source.transportEventTypeCode).toBe('DEPA');
    const initial = byId.get(d.sources.pod_vessel_arrival_planned_initial);
    expect(initial?.eventClassifierCode).toBe('PLN');
    expect(d.sources.eta).toBe(d.sources.pod_vessel_arrival_planned_last);
    // Every set milestone date (not detected / prediction) has a source, and only those.
    for (const [column, value] of Object.entries(d.columns)) {
      if (!/_(planned_initial|planned_last|actual)$/.test(column) || column.startsWith('days_in')) continue;
      expect(column in d.sources).toBe(value !== null);
    }
  });
});

describe('arrival order and duplicates', () => {
  it('gives the same result for shuffled and duplicated events', () => {
    const j = journeyWithTsp(2);
    const events = eventsAt(j);
    const ctx = ctxFor(j, END(j));
    const ordered = deriveShipment(events, ctx);
    const duplicated = [
      ...events,
      ...events.slice(0, 25).map((e) => ({ id: String(Number(e.id) + 10_000), event: e.event })),
    ];
    for (const seed of [1, 2, 3]) {
      const other = deriveShipment(shuffled(duplicated, seed), ctx);
      expect(other.columns).toEqual(ordered.columns);
      expect(other.sources).toEqual(ordered.sources);
    }
    // And events published in reverse order.
    expect(deriveShipment([...events].reverse(), ctx).columns).toEqual(ordered.columns);
  });

  it("ignores other containers' equipment events", () => {
    const j = journeyWhere((x) => x.containers.length > 1 && x.ports.length === 3);
    const ctx = ctxFor(j, END(j));
    const mine = deriveShipment(eventsAt(j), ctx);
    const all = deriveShipment(
      j.events.map((s, i) => ({ id: String(i + 1), event: s.event })),
      ctx,
    );
    expect(all.columns).toEqual(mine.columns);
  });
});

describe('status text over time', () => {
  it('walks through every status of a journey with one transshipment', () => {
    const j = journeyWithTsp(1);
    const gt = j.truth[containerOf(j)];
    const statusAt = (t: number) => deriveShipment(eventsAt(j, t), ctxFor(j, t)).columns.status_text;
    const first = Math.min(...j.events.map((e) => e.createdAt));
    expect(statusAt(first - 1)).toBe('initializing');
    expect(statusAt(first + HOUR)).toBe('waiting for pickup');
    expect(statusAt(gt.emptyPickup + LAG)).toBe('land transport to POL');
    expect(statusAt(gt.gateInPol + LAG)).toBe('in POL terminal');
    expect(statusAt(gt.legs[0].load + LAG)).toBe('waiting for departure from POL');
    expect(statusAt(gt.legs[0].departure + LAG)).toBe('ocean transport from POL');
    expect(statusAt(gt.legs[0].arrival + LAG)).toBe('in transshipment');
    expect(statusAt(gt.legs[1].load + LAG)).toBe('in transshipment');
    expect(statusAt(gt.legs[1].departure + LAG)).toBe('ocean transport to POD');
    expect(statusAt(gt.legs[1].arrival + LAG)).toBe('waiting for discharge at POD');
    expect(statusAt(gt.legs[1].discharge + LAG)).toBe('in POD terminal');
    expect(statusAt(gt.gateOutPod + LAG)).toBe('land transport to Place of Delivery');
    expect(statusAt(gt.delivery + LAG)).toBe('delivered; returning container');
    expect(statusAt(gt.emptyReturn + LAG)).toBe('completed');
  });

  it('goes straight from ocean transport from POL to the POD without transshipment', () => {
    const j = journeyWithTsp(0);
    const gt = j.truth[containerOf(j)];
    const d = deriveShipment(eventsAt(j, gt.legs[0].departure + LAG), ctxFor(j, gt.legs[0].departure + LAG));
    expect(d.columns.status_text).toBe('ocean transport from POL');
    expect(d.columns.tsp1_loc_id).toBeNull();
    expect(d.columns.days_in_tsp).toBeNull();
  });

  it('is active while moving, expired after a long silence, and counts running stays until now', () => {
    const j = journeyWithTsp(1);
    const gt = j.truth[containerOf(j)];
    const t = gt.legs[0].arrival + LAG;
    const events = eventsAt(j, t);
    const active = deriveShipment(events, ctxFor(j, t));
    expect(active.columns.lifecycle_status).toBe('active');
    // In transshipment: the stay so far counts until now.
    expect(active.columns.days_in_tsp1).toBe(Math.round(((t - gt.legs[0].arrival) / DAY) * 100) / 100);
    const later = t + 40 * DAY;
    const expired = deriveShipment(events, ctxFor(j, later));
    expect(expired.columns.lifecycle_status).toBe('expired');
    expect(deriveShipment(events, ctxFor(j, later, { expireAfterDays: 60 })).columns.lifecycle_status).toBe(
      'active',
    );
  });
});

describe('positions, current vessel and prediction while sailing', () => {
  it('places a sailing vessel on its route and predicts its POD arrival', () => {
    const j = journeyWithTsp(0);
    const gt = j.truth[containerOf(j)];
    const leg = gt.legs[0];
    const t = leg.departure + (leg.arrival - leg.departure) / 2;
    const d = deriveShipment(
      eventsAt(j, t),
      ctxFor(j, t, { contractualEtaPod: new Date(leg.arrival - 5 * DAY) }),
    );
    const c = d.columns;
    expect(c.status_text).toBe('ocean transport from POL');
    expect(c.current_vessel_id).toBe(100);
    expect(c.current_vessel_nextport_id).toBe(2);
    const here = JSON.parse(c.last_coordinates as string) as { lng: number; lat: number; warnings: string[] };
    expect(here.warnings).toEqual(['estimated from the schedule']);
    expect(JSON.parse(c.current_vessel_position as string)).toEqual({ lng: here.lng, lat: here.lat });
    expect(d.prediction).not.toBeNull();
    const p = d.prediction!;
    expect(Date.parse(p.lower)).toBeLessThanOrEqual(Date.parse(p.predicted));
    expect(Date.parse(p.predicted)).toBeLessThanOrEqual(Date.parse(p.upper));
    expect(iso(c.pod_vessel_arrival_prediction)).toBe(p.predicted);
    expect(JSON.parse(c.predictions)).toEqual({
      [j.ports[1].locode]: { predicted: p.predicted, predicted_upper: p.upper, predicted_lower: p.lower },
    });
    expect(iso(c.dta)).toBe(p.predicted);
    // Late against a contractual ETA 5 days before the real arrival.
    expect(c.discrepancy_eta_at_pod).toBeGreaterThan(0);
    expect(d.warning.risk).toBe(2);
    expect(JSON.parse(c.pod_timeofarrival_warning)).toEqual(d.warning);
  });

  it('uses observed vessel positions: detected departure and arrival, prediction from the fixes', () => {
    const j = journeyWithTsp(0);
    const gt = j.truth[containerOf(j)];
    const leg = j.legs[0];
    // Fixes every hour at constant speed along the real route, from 3 h before departure (at the quay).
    const route: Array<[number, number]> = [
      [leg.from.lng, leg.from.lat],
      ...leg.route,
      [leg.to.lng, leg.to.lat],
    ];
    const length = routeLengthNm(route);
    const dep = gt.legs[0].departure;
    const arr = gt.legs[0].arrival;
    const fixes = [];
    for (let t = dep - 3 * HOUR; t <= arr + 3 * HOUR; t += HOUR) {
      const f = Math.min(1, Math.max(0, (t - dep) / (arr - dep)));
      const [lng, lat] = alongRoute(route, f * length).point;
      fixes.push({ lng, lat, at: new Date(t) });
    }
    const now = dep + (arr - dep) * 0.6;
    const positions = new Map([[leg.vessel.imo, fixes.filter((f) => f.at.getTime() <= now)]]);
    const d = deriveShipment(eventsAt(j, now), ctxFor(j, now, { vesselPositions: positions }));
    const detectedDep = d.columns.pol_vessel_departure_detected;
    expect(detectedDep).not.toBeNull();
    expect(Math.abs(detectedDep!.getTime() - dep)).toBeLessThanOrEqual(3 * HOUR);
    expect(d.prediction?.method).toBe('fixes');
    expect(Date.parse(d.prediction!.lower)).toBeLessThanOrEqual(arr);
    expect(Date.parse(d.prediction!.upper)).toBeGreaterThanOrEqual(arr);
    // After the arrival: the detected arrival is within an hour of the real one.
    const all = new Map([[leg.vessel.imo, fixes]]);
    const done = deriveShipment(eventsAt(j), ctxFor(j, END(j), { vesselPositions: all }));
    const detectedArr = done.columns.pod_vessel_arrival_detected;
    expect(detectedArr).not.toBeNull();
    expect(Math.abs(detectedArr!.getTime() - arr)).toBeLessThanOrEqual(2 * HOUR);
  });
});

describe('milestoneChanges', () => {
  it('lists the dates that changed, with the event that changed them', () => {
    const j = journeyWithTsp(1);
    const gt = j.truth[containerOf(j)];
    const t1 = gt.legs[0].departure - DAY;
    const t2 = gt.legs[0].departure + LAG;
    const before = deriveShipment(eventsAt(j, t1), ctxFor(j, t1));
    const after = deriveShipment(eventsAt(j, t2), ctxFor(j, t2));
    const fresh = milestoneChanges(null, before);
    expect(fresh.find((c) => c.column === 'pol_vessel_departure_planned_initial')).toMatchObject({
      old: null,
      new: before.columns.pol_vessel_departure_planned_initial,
      eventId: before.sources.pol_vessel_departure_planned_initial,
    });
    expect(fresh.every((c) => c.new !== null)).toBe(true);
    // Stored rows come back with Date values; ISO strings work too.
    const stored = Object.fromEntries(
      Object.entries(before.columns).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
    );
    const changes = milestoneChanges(stored, after);
    const atd = changes.find((c) => c.column === 'pol_vessel_departure_actual');
    expect(atd).toEqual({
      column: 'pol_vessel_departure_actual',
      old: null,
      new: new Date(gt.legs[0].departure),
      eventId: after.sources.pol_vessel_departure_actual,
    });
    expect(changes.find((c) => c.column === 'atd')?.new).toEqual(new Date(gt.legs[0].departure));
    expect(changes.some((c) => c.column === 'pol_vessel_departure_planned_initial')).toBe(false);
    expect(milestoneChanges(after.columns as unknown as Record<string, unknown>, after)).toEqual([]);
  });
});

describe('edge cases and helpers', () => {
  const j = journeyWithTsp(1);
  const ctx = ctxFor(j, END(j));

  it('is initializing with no events, or with shipment events only', () => {
    const none = deriveShipment([], ctx);
    expect(none.columns.status_text).toBe('initializing');
    expect(none.columns.status).toBe(STATUS.initializing);
    expect(none.columns.lifecycle_status).toBe('active');
    expect(none.columns.pol_loc_id).toBeNull();
    expect(none.columns.positions).toBe('[]');
    expect(none.columns.last_coordinates).toBeNull();
    expect(none.warning.risk).toBe(-1);
    expect(none.sources).toEqual({});
    const booking = eventsAt(j).filter((e) => e.event.eventType === 'SHIPMENT');
    const d = deriveShipment(booking, ctx);
    expect(d.columns.status_text).toBe('initializing');
    expect(d.columns.booking_number).toBe(j.bookingReference);
  });

  it('leaves out events with unreadable date-times and accepts a hyphenated container number', () => {
    const events = eventsAt(j);
    const broken = events.map((e, i) =>
      i === 0 ? { id: e.id, event: { ...e.event, eventDateTime: 'not a date' } } : e,
    );
    expect(() => deriveShipment(broken, ctx)).not.toThrow();
    const c = containerOf(j);
    const hyphen = `${c.slice(0, 10)}-${c.slice(10)}`;
    expect(deriveShipment(events, { ...ctx, containerNumber: hyphen }).columns).toEqual(
      deriveShipment(events, ctx).columns,
    );
  });

  it('lists the locodes and vessels the events mention', () => {
    const events = eventsAt(j);
    expect(locodesOf(events)).toEqual(j.ports.map((p) => p.locode).sort());
    expect(vesselsOf(events)).toEqual(
      j.legs
        .map((l) => ({ name: l.vessel.name, imo: l.vessel.imo }))
        .sort((a, b) => (a.imo < b.imo ? -1 : 1)),
    );
  });

  it('leaves ids null for ports and vessels the context does not know', () => {
    const d = deriveShipment(eventsAt(j), { ...ctx, locations: new Map(), vessels: undefined });
    expect(d.columns.pol_loc_id).toBeNull();
    expect(d.columns.leg1_vessel_id).toBeNull();
    expect(d.columns.leg1_voyage).toBe(j.legs[0].voyage);
    expect(d.route.map((p) => p.locode)).toEqual(j.ports.map((p) => p.locode));
    // Coordinates then come from the events themselves.
    expect(JSON.parse(d.columns.positions).length).toBeGreaterThan(2);
  });

  it('measures discrepancies against the contractual ETAs in days (positive = late)', () => {
    const gt = j.truth[containerOf(j)];
    const arrival = gt.legs[gt.legs.length - 1].arrival;
    const d = deriveShipment(
      eventsAt(j),
      ctxFor(j, END(j), {
        contractualEtaPod: new Date(arrival - 2 * DAY),
        contractualEtaDlv: new Date(gt.delivery + DAY),
      }),
    );
    expect(d.columns.discrepancy_eta_at_pod).toBe(2);
    expect(d.columns.discrepancy_eta_at_dlv).toBe(-1);
  });

  it('names ISO 6346 size-type codes', () => {
    expect(containerTypeText('45G1')).toBe("40' high cube general purpose");
    expect(containerTypeText('22G1')).toBe("20' general purpose");
    expect(containerTypeText('45R1')).toBe("40' high cube reefer");
  });

  it('is unknown when container actuals fit no route', () => {
    const gateIn = eventsAt(j).filter(
      (e) =>
        e.event.eventType === 'EQUIPMENT' &&
        e.event.equipmentEventTypeCode === 'GTIN' &&
        e.event.emptyIndicatorCode === 'LADEN',
    );
    expect(gateIn).toHaveLength(1);
    const d = deriveShipment(gateIn, ctx);
    expect(d.columns.status_text).toBe('unknown');
    expect(d.columns.status).toBe(STATUS.unknown);
  });
});
