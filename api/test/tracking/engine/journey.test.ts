// End to end on the engine: a container, a booking and a B/L registered with the carrier
// simulator; the simulator's clock moves forward in steps and the engine (pg-boss jobs: poll,
// ingest, recompute) follows each shipment through every life stage to completed, with every
// milestone's actual date equal to the simulator's ground truth. Once with the carriers speaking
// DCSA T&T v2.2, once with carriers configured for v3.0 (carriers.dcsa_api_version; own carrier rows,
// so the test files sharing the database keep theirs).
import { sql } from 'kysely';
import { SHIPMENT_STATUS as STATUS } from '@portal/shared-api/domain';
import type { GroundTruth, Journey } from '../../../src/tracking/simulator/journey';
import { DAY, startHarness, uniqueContainer, uniqueReference, type Harness } from './helpers';

jest.setTimeout(400_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The actual date each milestone column must end with, from the ground truth. */
function expectedActuals(truth: GroundTruth): Record<string, number> {
  const legs = truth.legs;
  const last = legs[legs.length - 1];
  const out: Record<string, number> = {
    empty_pickup_actual: truth.emptyPickup,
    pol_arrival_actual: truth.gateInPol,
    pol_loaded_actual: legs[0].load,
    pol_vessel_departure_actual: legs[0].departure,
    pod_vessel_arrival_actual: last.arrival,
    pod_discharge_actual: last.discharge,
    pod_departure_actual: truth.gateOutPod,
    delivery_actual: truth.delivery,
    empty_return_actual: truth.emptyReturn,
  };
  for (let k = 1; k < legs.length; k++) {
    out[`tsp${k}_vessel_arrival_actual`] = legs[k - 1].arrival;
    out[`tsp${k}_discharge_actual`] = legs[k - 1].discharge;
    out[`tsp${k}_loaded_actual`] = legs[k].load;
    out[`tsp${k}_vessel_departure_actual`] = legs[k].departure;
  }
  return out;
}

test.each(['2.2', '3.0'])(
  'DCSA %s: a container, a booking and a B/L are followed to completed with the ground-truth dates',
  async (version) => {
    // v3: three carriers of this test's own, speaking 3.0.0 (the simulator serves any SCAC). Not active, so
    // files that count the active carriers (reference-lists) never see them; the engine does not look at it.
    const scacs = version === '2.2' ? ['MAEU', 'MSCU', 'HLCU'] : ['VTMA', 'VTMS', 'VTHL'];
    if (version === '3.0') {
      await sql`
        INSERT INTO carriers (official_name, short_name, scac, supports_b_id, supports_c_id, supports_m_bl, dcsa_api_version, active)
        SELECT 'v3 ' || s, 'v3 ' || s, s, true, true, true, '3.0.0', false FROM unnest(${scacs}::text[]) AS s
        ON CONFLICT (scac) DO NOTHING`.execute(h.ctx.handle.db);
    }
    const container = uniqueContainer('MSK');
    const booking = uniqueReference('BK');
    const bl = uniqueReference('HLCU');
    const specs = [
      { scac: scacs[0], type: 'c_id' as const, ref: container },
      { scac: scacs[1], type: 'b_id' as const, ref: booking },
      { scac: scacs[2], type: 'm_bl' as const, ref: bl },
    ];
    const journeys: Journey[] = specs.map((s) => h.sim.journeyFor(s.scac, s.type, s.ref)!);
    // Each request is registered once its booking exists at the carrier (the journey's first event).
    const booked = journeys.map((j) => j.events[0].createdAt + 3_600_000);
    h.clock.now = Math.min(...booked);
    const end = Math.max(...journeys.map((j) => j.events[j.events.length - 1].createdAt)) + DAY;
    const ids: number[] = [0, 0, 0];
    const register = async () => {
      for (let i = 0; i < specs.length; i++) {
        if (!ids[i] && booked[i] <= h.clock.now)
          ids[i] = await h.createRequest(specs[i].scac, specs[i].type, specs[i].ref);
      }
    };
    const expectedContainers = journeys.map((j, i) =>
      specs[i].type === 'c_id' ? [specs[i].ref] : j.containers.map((c) => c.equipmentReference),
    );

    // Visit the moment just after each real-world milestone (events are published 1-4 h later).
    const moments = [
      ...new Set(
        journeys
          .flatMap((j) =>
            Object.values(j.truth).flatMap((t) => [
              t.emptyPickup,
              t.gateInPol,
              ...t.legs.flatMap((l) => [l.load, l.departure, l.arrival, l.discharge]),
              t.gateOutPod,
              t.delivery,
              t.emptyReturn,
            ]),
          )
          .concat(booked),
      ),
    ]
      .map((t) => t + 5 * 3_600_000)
      .filter((t) => t > h.clock.now)
      .sort((a, b) => a - b);
    const seen = new Map<string, number[]>();
    for (const moment of [h.clock.now, ...moments]) {
      if (moment < h.clock.now) continue;
      h.clock.now = moment;
      await register();
      await h.settle();
      const rows = await h.ctx.handle.db
        .selectFrom('shipments')
        .select(['container_number', 'status'])
        .where('tracking_request_id', 'in', ids)
        .execute();
      for (const r of rows) {
        const list = seen.get(r.container_number) ?? [];
        if (list[list.length - 1] !== r.status) list.push(r.status);
        seen.set(r.container_number, list);
      }
    }
    h.clock.now = end;
    await h.settle();
    await h.settle();

    const db = h.ctx.handle.db;
    const requests = await db
      .selectFrom('tracking_requests')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
    expect(requests.map((r) => r.status)).toEqual(['ongoing', 'ongoing', 'ongoing']);

    for (let i = 0; i < specs.length; i++) {
      const shipments = await db
        .selectFrom('shipments')
        .selectAll()
        .where('tracking_request_id', '=', ids[i])
        .orderBy('container_number')
        .execute();
      expect(shipments.map((s) => s.container_number)).toEqual([...expectedContainers[i]].sort());
      for (const s of shipments) {
        const truth = journeys[i].truth[s.container_number];
        expect(s.status_text).toBe('completed');
        expect(s.lifecycle_status).toBe('completed');
        const row = s as unknown as Record<string, Date | null>;
        const actual: Record<string, number | null> = {};
        const expected = expectedActuals(truth);
        for (const column of Object.keys(expected)) actual[column] = row[column]?.getTime() ?? null;
        expect(actual).toEqual(expected);
        // Legs: the vessel of each leg as sailed.
        const legs = journeys[i].legs;
        for (let n = 0; n < legs.length; n++) {
          expect(row[`leg${n + 1}_voyage`]).toBe(legs[n].voyage);
        }
        // Went through the stages in order, from an early one to completed.
        const stages = (seen.get(s.container_number) ?? []).filter(
          (x) => x !== STATUS.unknown && x !== STATUS.initializing,
        );
        // (in transshipment / ocean transport to POD alternate when there are several transshipments)
        const rank = (x: number) => (x === STATUS['in transshipment'] ? STATUS['ocean transport to POD'] : x);
        expect(stages.map(rank)).toEqual(stages.map(rank).sort((a, b) => a - b));
        expect(stages[stages.length - 1]).toBe(STATUS.completed);
        expect(stages.length).toBeGreaterThanOrEqual(8);
        // The change history names the event behind each actual date.
        const history = await db
          .selectFrom('milestone_date_changes')
          .select(['field', 'new_value', 'carrier_event_id'])
          .where('shipment_id', '=', String(s.id))
          .where('field', 'like', '%_actual')
          .execute();
        for (const column of Object.keys(expected)) {
          const change = history.find(
            (c) => c.field === column && c.new_value?.getTime() === expected[column],
          );
          expect(change?.carrier_event_id).toBeTruthy();
        }
      }
    }
  },
);
