// The milestone webhook events an ERP books on (vessel departed, vessel arrived, discharged, gate-out full, empty
// returned) against a real HTTP receiver: written by the shipments trigger when an actual is first set or
// corrected, after the generic shipment.milestone_actual_set, signed, in order per tracking request, with the
// place, the vessel and voyage of the right leg, and only to endpoints that asked for them. Subscriptions accept
// every type of the domain list, the free-time ones included.
import { randomInt } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { verifySignature } from '../../src/services/webhooks/signing';
import { startTestApp, seedTenant, signIn, carrierId } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { startReceiver, waitFor, type Receiver, type Received } from './receiver';

jest.setTimeout(60_000);

const MILESTONE_TYPES = [
  'shipment.vessel_departed',
  'shipment.vessel_arrived',
  'shipment.discharged',
  'shipment.gate_out_full',
  'shipment.empty_returned',
];

let ctx: TestContext;
let t: Tenant;
let manager: Caller;
let receiver: Receiver;
let maersk: number;
let places: Record<'pol' | 'tsp' | 'pod' | 'depot', { id: number; locode: string; name: string }>;
let vessels: Record<'first' | 'second', { id: number; name: string; imo: string }>;

const container = () => {
  const first = `WHM${'U'}${String(randomInt(1_000_000)).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};

async function newVessel(name: string) {
  const imo = String(randomInt(1_000_000, 9_999_999));
  const row = await ctx.handle.db
    .insertInto('vessels')
    .values({ name, imo })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, imo };
}

beforeAll(async () => {
  receiver = await startReceiver();
  ctx = await startTestApp({
    webhooks: {
      worker: true,
      allowPrivateUrls: true,
      settings: { timeoutMs: 2_000, leaseSeconds: 5, pumpIntervalMs: 50, sweepIntervalMs: 500, loops: 1 },
    },
  });
  t = await seedTenant(ctx, { maxTrackingRequests: 100 });
  manager = await signIn(ctx, t.standard);
  maersk = await carrierId(ctx, 'MAEU');
  const locations = await ctx.handle.db
    .selectFrom('locations')
    .select(['id', 'locode', 'name'])
    .where('locode', 'in', ['ESVLC', 'SGSIN', 'CNSHA', 'CNNGB'])
    .execute();
  const at = (locode: string) => {
    const found = locations.find((l) => l.locode === locode);
    if (!found) throw new Error(`reference location ${locode} missing`);
    return { id: found.id, locode: found.locode as string, name: found.name };
  };
  places = { pol: at('ESVLC'), tsp: at('SGSIN'), pod: at('CNSHA'), depot: at('CNNGB') };
  vessels = { first: await newVessel('WHK FIRST LEG'), second: await newVessel('WHK SECOND LEG') };
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

async function register(path: string, events: readonly string[]) {
  const res = await manager({
    method: 'POST',
    url: '/api/webhooks/',
    payload: { url: receiver.url(path), events },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; secret: string; events: string[] }>();
}

/** A tracking request and its shipment on a route Valencia → Singapore → Shanghai, with two legs. */
async function newShipment(): Promise<{ requestId: number; shipmentId: string }> {
  const res = await manager({
    method: 'POST',
    url: '/api/tracking-requests/',
    payload: { carrier_id: maersk, code_type: 'c_id', code_value: container() },
  });
  expect(res.statusCode).toBe(201);
  const requestId: number = res.json().id;
  const row = await ctx.handle.db
    .insertInto('shipments')
    .values({
      company_id: t.companyId,
      tracking_request_id: requestId,
      carrier_id: maersk,
      container_number: container(),
      pol_loc_id: places.pol.id,
      tsp1_loc_id: places.tsp.id,
      pod_loc_id: places.pod.id,
      empty_return_loc_id: places.depot.id,
      leg1_vessel_id: vessels.first.id,
      leg1_voyage: '101W',
      leg2_vessel_id: vessels.second.id,
      leg2_voyage: '202E',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { requestId, shipmentId: String(row.id) };
}

/** Writes actual dates as the engine does (an UPDATE of the shipment row; the trigger captures the events). */
const setActuals = (shipmentId: string, values: Record<string, Date>) =>
  ctx.handle.db
    .updateTable('shipments')
    .set(values)
    .where('id', '=', shipmentId as never)
    .execute();

const ofRequest = (path: string, requestId: number) =>
  receiver.accepted(path).filter((r) => (r.json.tracking_request as { id: number } | null)?.id === requestId);

const verified = (r: Received, secret: string) =>
  verifySignature(
    secret,
    {
      timestamp: r.headers['webhook-timestamp'] as string,
      signature: r.headers['webhook-signature'] as string,
    },
    r.body,
  );

/** The data each milestone event of the journey written below must carry, by type. */
function expectedMilestoneData(): Record<string, unknown[]> {
  const place = (p: { locode: string; name: string }) => ({ locode: p.locode, name: p.name });
  const first = { vessel: { name: vessels.first.name, imo: vessels.first.imo }, voyage: '101W' };
  const second = { vessel: { name: vessels.second.name, imo: vessels.second.imo }, voyage: '202E' };
  const at = (
    milestone: string,
    p: { locode: string; name: string },
    actual: string,
    previous: string | null,
  ) => ({
    milestone,
    location: place(p),
    actual,
    previous_actual: previous,
  });
  return {
    'shipment.vessel_departed': [
      { ...at('pol_vessel_departure', places.pol, '2026-11-20T10:30:00+00:00', null), ...first },
    ],
    'shipment.vessel_arrived': [
      { ...at('pod_vessel_arrival', places.pod, '2026-12-24T04:10:00+00:00', null), ...second },
    ],
    'shipment.discharged': [
      { ...at('pod_discharge', places.pod, '2026-12-24T15:45:00+00:00', null), ...second },
    ],
    'shipment.gate_out_full': [at('pod_departure', places.pod, '2026-12-28T09:20:00+00:00', null)],
    'shipment.empty_returned': [
      at('empty_return', places.depot, '2027-01-05T10:00:00+00:00', null),
      at('empty_return', places.depot, '2027-01-05T11:00:00+00:00', '2027-01-05T10:00:00+00:00'),
    ],
  };
}

describe('subscriptions', () => {
  it('accept every event type of the domain, the milestone and free-time ones included', async () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        ...MILESTONE_TYPES,
        'shipment.free_time_approaching',
        'shipment.free_time_passed',
        'shipment.free_time_changed',
      ]),
    );
    const all = await register('/every-type', WEBHOOK_EVENT_TYPES);
    expect(all.events).toEqual([...WEBHOOK_EVENT_TYPES]);
    const patched = await manager({
      method: 'PATCH',
      url: `/api/webhooks/${all.id}/`,
      payload: { events: ['shipment.discharged', 'shipment.free_time_passed'] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().events).toEqual(['shipment.discharged', 'shipment.free_time_passed']);
    for (const events of [['shipment.departed'], ['shipment.vessel_departed', 'shipment.free_time'], []]) {
      const bad = await manager({
        method: 'POST',
        url: '/api/webhooks/',
        payload: { url: receiver.url('/x'), events },
      });
      expect([events, bad.statusCode]).toEqual([events, 400]);
      expect(bad.json()).toHaveProperty('events');
    }
    await manager({ method: 'DELETE', url: `/api/webhooks/${all.id}/` });
  });
});

describe('milestone events', () => {
  it('delivers departure, arrival, discharge, gate-out and empty return in order, signed, with leg and place', async () => {
    const ep = await register('/milestones', ['shipment.milestone_actual_set', ...MILESTONE_TYPES]);
    const { requestId, shipmentId } = await newShipment();
    await setActuals(shipmentId, { pol_vessel_departure_actual: new Date('2026-11-20T10:30:00Z') });
    // The transshipment calls are generic milestones only.
    await setActuals(shipmentId, { tsp1_vessel_arrival_actual: new Date('2026-12-05T08:00:00Z') });
    await setActuals(shipmentId, {
      pod_vessel_arrival_actual: new Date('2026-12-24T04:10:00Z'),
      pod_discharge_actual: new Date('2026-12-24T15:45:00Z'),
    });
    // The same dates written again (an engine recompute) send nothing.
    await setActuals(shipmentId, { pod_discharge_actual: new Date('2026-12-24T15:45:00Z') });
    await setActuals(shipmentId, { pod_departure_actual: new Date('2026-12-28T09:20:00Z') });
    await setActuals(shipmentId, { empty_return_actual: new Date('2027-01-05T10:00:00Z') });
    // A corrected empty return: sent again with the previous date.
    await setActuals(shipmentId, { empty_return_actual: new Date('2027-01-05T11:00:00Z') });

    const expected = [
      'shipment.milestone_actual_set',
      'shipment.vessel_departed',
      'shipment.milestone_actual_set',
      'shipment.milestone_actual_set',
      'shipment.vessel_arrived',
      'shipment.milestone_actual_set',
      'shipment.discharged',
      'shipment.milestone_actual_set',
      'shipment.gate_out_full',
      'shipment.milestone_actual_set',
      'shipment.empty_returned',
      'shipment.milestone_actual_set',
      'shipment.empty_returned',
    ];
    const got = await waitFor('the milestone events', () => {
      const mine = ofRequest('/milestones', requestId);
      return mine.length >= expected.length && mine;
    });
    expect(got.map((r) => r.json.type)).toEqual(expected);
    for (const r of got) {
      expect(verified(r, ep.secret)).toBe(true);
      expect(r.headers['webhook-event']).toBe(r.json.type);
      expect((r.json.shipment as { id: string }).id).toBe(shipmentId);
    }
    for (const [type, data] of Object.entries(expectedMilestoneData()))
      expect([type, got.filter((r) => r.json.type === type).map((r) => r.json.data)]).toEqual([type, data]);
    // Nothing else came for this request (the repeated discharge date sent nothing).
    await new Promise((r) => setTimeout(r, 500));
    expect(ofRequest('/milestones', requestId)).toHaveLength(expected.length);
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });

  it('sends only the types an endpoint asked for, and null vessel and voyage when the leg has none', async () => {
    const ep = await register('/discharge-only', ['shipment.discharged']);
    const { requestId, shipmentId } = await newShipment();
    await ctx.handle.db
      .updateTable('shipments')
      .set({ tsp1_loc_id: null, leg1_vessel_id: null, leg1_voyage: null })
      .where('id', '=', shipmentId as never)
      .execute();
    await setActuals(shipmentId, {
      pol_vessel_departure_actual: new Date('2026-11-20T10:30:00Z'),
      pod_discharge_actual: new Date('2026-12-24T15:45:00Z'),
      empty_return_actual: new Date('2027-01-05T10:00:00Z'),
    });
    const stored = await ctx.handle.db
      .selectFrom('webhook_events')
      .select('type')
      .where('tracking_request_id', '=', requestId)
      .execute();
    expect(stored.map((e) => e.type)).toEqual(['shipment.discharged']);
    const [got] = await waitFor('the discharge', () => {
      const mine = ofRequest('/discharge-only', requestId);
      return mine.length > 0 && mine;
    });
    expect(verified(got, ep.secret)).toBe(true);
    // One leg (no transshipment): the leg into the POD is leg 1, which has no vessel or voyage now.
    expect(got.json.data).toMatchObject({ milestone: 'pod_discharge', vessel: null, voyage: null });
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });
});
