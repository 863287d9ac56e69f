// The map page's data: GET /api/shipments/coordinates/?format=compact (column arrays, vessels) and
// GET /api/shipments/coordinates/details/ (the info window), on a real PostgreSQL; tenancy and bad input.
import { type TestContext, type Tenant, type Caller, startTenantApp, portIds } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let outsider: Caller;
let ports: Record<string, number>;
const ids: Record<string, number> = {};
let vesselId: number;
let otherId: number;

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

async function request(companyId: number, code: string): Promise<number> {
  const row = await ctx.handle.db
    .insertInto('tracking_requests')
    .values({ company_id: companyId, carrier_id: 1, code_type: 'b_id', code_value: code, status: 'new' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function shipment(values: Record<string, unknown>): Promise<number> {
  const row = await ctx.handle.db
    .insertInto('shipments')
    .values({ carrier_id: 1, lifecycle_status: 'active', ...values } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  ({ ctx, t, std, outsider } = await startTenantApp());
  const db = ctx.handle.db;
  ports = await portIds(ctx);
  vesselId = (
    await db
      .insertInto('vessels')
      .values({ name: `Map Vessel ${t.companyId}`, imo: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const req = await request(t.companyId, `MAP${t.companyId}`);
  const base = { company_id: t.companyId, tracking_request_id: req };
  const plan = inDays(10);
  // a and b: on the same vessel (its reported position), on track and 3 days late.
  ids.a = await shipment({
    ...base,
    container_number: 'MSCU1234565',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.CNSHA,
    pod_vessel_arrival_planned_initial: plan,
    eta: plan,
    status_text: 'ocean transport to POD',
    current_vessel_id: vesselId,
    current_vessel_position: JSON.stringify({ lng: 20.123456789, lat: 35.5 }),
    current_vessel_nextport_id: ports.SGSIN,
    last_coordinates: JSON.stringify({ lng: 20.123456789, lat: 35.5 }),
    last_update: inDays(-1),
  });
  ids.b = await shipment({
    ...base,
    container_number: 'TGHU7654321',
    pol_loc_id: ports.NLRTM,
    pod_loc_id: ports.SGSIN,
    pod_vessel_arrival_planned_initial: plan,
    eta: new Date(plan.getTime() + 3 * DAY),
    current_vessel_id: vesselId,
    last_coordinates: JSON.stringify({ lng: 20.1, lat: 35.4 }),
    last_update: inDays(-2),
  });
  // c: no vessel, ATA known; d: completed; e: hidden; f: no position.
  ids.c = await shipment({
    ...base,
    container_number: 'CMAU1111110',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.NLRTM,
    eta: inDays(-1),
    ata: new Date('2026-01-02T03:04:05Z'),
    last_coordinates: JSON.stringify({ lng: 4.1, lat: 51.9 }),
  });
  ids.d = await shipment({
    ...base,
    container_number: 'HLXU2222220',
    lifecycle_status: 'completed',
    last_coordinates: JSON.stringify({ lng: 1, lat: 1 }),
  });
  ids.e = await shipment({
    ...base,
    container_number: 'HLXU3333330',
    hidden: true,
    last_coordinates: JSON.stringify({ lng: 1, lat: 1 }),
  });
  ids.f = await shipment({ ...base, container_number: 'HLXU4444440' });
  otherId = await shipment({
    company_id: t.otherCompanyId,
    tracking_request_id: await request(t.otherCompanyId, `MAPO${t.companyId}`),
    container_number: 'ZIMU5555550',
    last_coordinates: JSON.stringify({ lng: 7, lat: 7 }),
  });
  // The profile's thresholds: 1 day of delay makes b delayed.
  await db
    .updateTable('user_profiles')
    .set({ days_of_delay: 1 } as never)
    .where('id', '=', t.standard.id)
    .execute();
});

afterAll(async () => {
  await ctx?.close();
});

interface Compact {
  count: number;
  id: number[];
  lng: number[];
  lat: number[];
  health: number[];
  vessel: number[];
  vessels: Array<{
    id: number;
    name: string;
    lng: number;
    lat: number;
    next_port: { name: string; locode: string | null } | null;
  }>;
}

const compact = async (query = '') => {
  const res = await std({ method: 'GET', url: `/api/shipments/coordinates/?format=compact${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<Compact>();
};

/** The points as objects, ordered by id (the answer's order is not part of the contract). */
const rows = (c: Compact) =>
  c.id
    .map((id, i) => ({ id, lng: c.lng[i], lat: c.lat[i], health: c.health[i], vessel: c.vessel[i] }))
    .sort((x, y) => x.id - y.id);

describe('GET /api/shipments/coordinates/?format=compact', () => {
  it('answers one array per column for the active, visible, positioned shipments, with their vessels', async () => {
    const c = await compact();
    expect(c.count).toBe(3);
    for (const key of ['id', 'lng', 'lat', 'health', 'vessel'] as const) expect(c[key]).toHaveLength(3);
    expect(c.vessels).toEqual([
      {
        id: vesselId,
        name: `Map Vessel ${t.companyId}`,
        lng: 20.12346,
        lat: 35.5,
        next_port: { name: expect.any(String), locode: 'SGSIN' },
      },
    ]);
    expect(rows(c)).toEqual([
      { id: ids.a, lng: 20.12346, lat: 35.5, health: 0, vessel: 0 },
      { id: ids.b, lng: 20.1, lat: 35.4, health: 1, vessel: 0 },
      { id: ids.c, lng: 4.1, lat: 51.9, health: 0, vessel: -1 },
    ]);
  });

  it('applies the map filters (health, POD, search) and answers empty arrays when nothing matches', async () => {
    expect((await compact('&health=delayed')).id).toEqual([ids.b]);
    expect((await compact('&pod_loc=NLRTM')).id).toEqual([ids.c]);
    expect((await compact('&search=TGHU7654321')).id).toEqual([ids.b]);
    expect(await compact('&search=NOTHINGMATCHES')).toEqual({
      count: 0,
      id: [],
      lng: [],
      lat: [],
      health: [],
      vessel: [],
      vessels: [],
    });
  });

  it('keeps the object form without format, refuses an unknown format and a bad filter', async () => {
    const plain = await std({ method: 'GET', url: '/api/shipments/coordinates/' });
    expect(Array.isArray(plain.json())).toBe(true);
    const bad = await std({ method: 'GET', url: '/api/shipments/coordinates/?format=geojson' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      format: ['Select a valid choice. geojson is not one of the available choices.'],
    });
    const health = await std({ method: 'GET', url: '/api/shipments/coordinates/?format=compact&health=red' });
    expect(health.statusCode).toBe(400);
    expect(health.json()).toEqual({
      health: ['Select a valid choice. red is not one of the available choices.'],
    });
  });

  it("never shows another company's points", async () => {
    const res = await outsider({ method: 'GET', url: '/api/shipments/coordinates/?format=compact' });
    expect(res.json<Compact>().id).toEqual([otherId]);
  });
});

describe('GET /api/shipments/coordinates/details/', () => {
  it('answers the info window fields in the order asked, leaving out other companies', async () => {
    const res = await std({
      method: 'GET',
      url: `/api/shipments/coordinates/details/?id=${ids.c}&id=${ids.a},${otherId}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((d: { id: number }) => d.id)).toEqual([ids.c, ids.a]);
    expect(body[0]).toMatchObject({
      container_number: 'CMAU1111110',
      carrier: expect.any(String),
      pol: { locode: 'ESVLC' },
      pod: { locode: 'NLRTM' },
      ata: '2026-01-02T03:04:05Z',
      vessel: null,
      next_port: null,
    });
    expect(body[1]).toMatchObject({
      container_number: 'MSCU1234565',
      status_text: 'ocean transport to POD',
      health: 'ontrack',
      vessel: `Map Vessel ${t.companyId}`,
      next_port: expect.any(String),
      ata: null,
    });
    expect(body[1].eta).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const none = await outsider({ method: 'GET', url: `/api/shipments/coordinates/details/?id=${ids.a}` });
    expect(none.json()).toEqual([]);
  });

  it('refuses bad and too many ids with field errors', async () => {
    const bad = await std({ method: 'GET', url: '/api/shipments/coordinates/details/?id=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: ['A valid integer is required.'] });
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    const tooMany = await std({ method: 'GET', url: `/api/shipments/coordinates/details/?id=${many}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ id: ['Ensure this field has no more than 200 elements.'] });
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/shipments/coordinates/details/?id=1' });
    expect(anon.statusCode).toBe(401);
  });
});
