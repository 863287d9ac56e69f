// /api/shipments/ and /api/events/: list filters and ordering, health per user, stats, map points, detail,
// PATCH, hide/show, alert events and the custom form; tenancy (404) and the limited role (403).
import { sql } from 'kysely';
import { insertShipment as addShipment, startTenantApp, portIds } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { ORDERING_FIELD_NAMES } from '../../src/services/shipments/filters';
import { SHIPMENT_FIELDS } from '../../src/services/shipments/schema';

// The machine is shared: generous time limits (the suite takes ~10 s alone).
jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;

const DAY = 86_400_000;
const now = Date.now();
const daysFromNow = (n: number) => new Date(now + n * DAY);
const ids: Record<string, string> = {};
let ports: Record<string, number>;
let vesselId: number;
let requestId: number;
let otherShipmentId: string;
let otherAlertId: string;
let alertId: string;

async function insertRequest(companyId: number, status: string, code: string): Promise<number> {
  const row = await ctx.handle.db
    .insertInto('tracking_requests')
    .values({ company_id: companyId, carrier_id: 1, code_type: 'b_id', code_value: code, status: 'new' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status !== 'new') {
    await ctx.handle.db
      .updateTable('tracking_requests')
      .set({ status: status as 'ongoing' })
      .where('id', '=', row.id)
      .execute();
  }
  return row.id;
}

async function insertShipment(values: Record<string, unknown>): Promise<string> {
  return addShipment(ctx, { company_id: t.companyId, tracking_request_id: requestId, ...values });
}

beforeAll(async () => {
  ({ ctx, t, std, mate, lim, outsider } = await startTenantApp());
  const db = ctx.handle.db;
  ports = await portIds(ctx);
  const tag = String(t.companyId).padStart(4, '0');
  vesselId = (
    await db
      .insertInto('vessels')
      .values({ name: `Aurora Borealis ${tag}`, imo: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  requestId = await insertRequest(t.companyId, 'ongoing', `BKG${tag}A`);
  const archivedRequest = await insertRequest(t.companyId, 'archived', `BKG${tag}B`);
  const plan = daysFromNow(10);
  // a: on time (ETA = plan), POL Valencia, POD Shanghai, carrier 1, vessel, client code.
  ids.a = await insertShipment({
    container_number: 'MSCU1234565',
    booking_number: 'BOOKA1',
    client_code: 'Client-Alpha',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.CNSHA,
    leg1_vessel_id: vesselId,
    leg1_voyage: 'V001',
    pod_vessel_arrival_planned_initial: plan,
    eta: plan,
    etd: daysFromNow(-20),
    dta: daysFromNow(10),
    lifecycle_status: 'active',
    last_coordinates: JSON.stringify({ lng: 10.5, lat: 40.25 }),
    days_in_tsp: 3,
  });
  // b: ETA 3 days later than plan (delayed for days_of_delay 1, on track for 5).
  ids.b = await insertShipment({
    container_number: 'TGHU7654321',
    bl_number: 'BLB2',
    carrier_id: 2,
    pol_loc_id: ports.NLRTM,
    pod_loc_id: ports.SGSIN,
    pod_vessel_arrival_planned_initial: plan,
    eta: new Date(plan.getTime() + 3 * DAY),
    etd: daysFromNow(-5),
    dta: daysFromNow(13),
    lifecycle_status: 'active',
    last_coordinates: JSON.stringify({ lng: 1, lat: 2 }),
  });
  // c: ETA 2 days early; days_in_tsp 8 (alerted for max_days_in_tsp 5).
  ids.c = await insertShipment({
    container_number: 'CMAU1111110',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.NLRTM,
    pod_vessel_arrival_planned_initial: plan,
    eta: new Date(plan.getTime() - 2 * DAY),
    days_in_tsp: 8,
    etd: daysFromNow(-40),
    lifecycle_status: 'completed',
    created_at: daysFromNow(-30),
  });
  // d: hidden, of an archived request.
  ids.d = await insertShipment({
    container_number: 'HLXU2222220',
    tracking_request_id: archivedRequest,
    hidden: true,
    created_at: daysFromNow(-60),
  });
  alertId = String(
    (
      await db
        .insertInto('alert_events')
        .values({
          company_id: t.companyId,
          shipment_id: ids.a,
          code: 904,
          details: JSON.stringify({ message: 'Vessel change' }),
          walltime: daysFromNow(-1),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db
    .insertInto('alert_events')
    .values({
      company_id: t.companyId,
      shipment_id: ids.a,
      code: 901,
      cause_key: 'x',
      details: JSON.stringify({ message: 'Rolled over' }),
      walltime: daysFromNow(-2),
      hidden: true,
    })
    .execute();
  // Thresholds: standard = defaults + codes [904]; colleague = days_of_delay 5, max_days_in_tsp 5.
  await db
    .updateTable('user_profiles')
    .set({ attention_required_event_codes: JSON.stringify([904]) })
    .where('id', '=', t.standard.id)
    .execute();
  await db
    .updateTable('user_profiles')
    .set({ days_of_delay: 5, days_in_advance: -5, max_days_in_tsp: 5, attention_required_event_codes: '[]' })
    .where('id', '=', t.colleague.id)
    .execute();
  // The other company's shipment and alert event.
  const otherRequest = await insertRequest(t.otherCompanyId, 'ongoing', `OTH${tag}`);
  otherShipmentId = String(
    (
      await db
        .insertInto('shipments')
        .values({
          company_id: t.otherCompanyId,
          tracking_request_id: otherRequest,
          carrier_id: 1,
          container_number: 'MSCU1234565',
          last_coordinates: JSON.stringify({ lng: 5, lat: 5 }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  otherAlertId = String(
    (
      await db
        .insertInto('alert_events')
        .values({
          company_id: t.otherCompanyId,
          shipment_id: otherShipmentId,
          code: 904,
          details: JSON.stringify({ message: 'x' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(() => ctx.close());

type Row = { id: number; health: string; [k: string]: unknown };
const list = async (caller: Caller, query = '') => {
  const res = await caller({ method: 'GET', url: `/api/shipments/${query ? `?${query}` : ''}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number; next: string | null; previous: string | null; results: Row[] }>();
};
const idsOf = (body: { results: Row[] }) => body.results.map((r) => String(r.id)).sort();
const sorted = (...names: string[]) => names.map((n) => ids[n]).sort();

describe('GET /api/shipments/', () => {
  it("lists the caller's company's visible shipments, newest first, paged", async () => {
    const body = await list(std);
    expect(body).toMatchObject({ count: 3, next: null, previous: null });
    expect(body.results.map((r) => String(r.id))).toEqual([ids.c, ids.b, ids.a]);
    const a = body.results.find((r) => String(r.id) === ids.a)!;
    expect(a).toMatchObject({
      container_number: 'MSCU1234565',
      client_code: 'Client-Alpha',
      carrier_scac: 'MAEU',
      request_status: 'ongoing',
      hide: false,
      pol_loc: { locode: 'ESVLC', id: ports.ESVLC },
      pod_loc: { locode: 'CNSHA' },
      leg1: { voyage: 'V001', vessel: { id: vesselId } },
      last_coordinates: { lng: 10.5, lat: 40.25 },
      dta: 10,
      days_in_tsp: 3,
      alert_codes: [904],
    });
    expect(typeof (a.pol_loc as { lat: number }).lat).toBe('number');
    const other = await list(outsider);
    expect(other.count).toBe(1);
    expect(String(other.results[0].id)).toBe(otherShipmentId);
  });

  it('sends only the asked fields (same values, smaller page), and refuses unknown ones', async () => {
    const full = await list(std);
    const lean = await list(std, 'fields=id,container_number,pol_loc,eta,health&fields=dta');
    expect(lean.count).toBe(full.count);
    expect(lean.results).toEqual(
      full.results.map((r) => ({
        id: r.id,
        container_number: r.container_number,
        pol_loc: r.pol_loc,
        eta: r.eta,
        health: r.health,
        dta: r.dta,
      })),
    );
    expect(Object.keys(lean.results[0])).toEqual([
      'id',
      'container_number',
      'pol_loc',
      'eta',
      'health',
      'dta',
    ]);
    const bad = await std({ method: 'GET', url: '/api/shipments/?fields=id,nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      fields: ['Select a valid choice. nope is not one of the available choices.'],
    });
  });

  it('sends only the asked properties of a port or a leg, the whole one when also asked whole', async () => {
    const full = await list(std, 'ordering=id');
    const parts = await list(std, 'ordering=id&fields=id,pol_loc.locode,pol_loc.name,leg1.voyage,pod_loc.id');
    type Obj = Record<string, unknown> | null;
    const narrow = (v: unknown, keys: string[]) =>
      v === null ? null : Object.fromEntries(keys.map((k) => [k, (v as Record<string, unknown>)[k]]));
    expect(parts.results).toEqual(
      full.results.map((r) => ({
        id: r.id,
        pol_loc: narrow(r.pol_loc, ['locode', 'name']),
        leg1: narrow(r.leg1, ['voyage']),
        pod_loc: narrow(r.pod_loc, ['id']),
      })),
    );
    // The order of the properties is the order asked, within the object too.
    const first = parts.results.find((r) => r.pol_loc !== null) as Record<string, Obj>;
    expect(Object.keys(first)).toEqual(['id', 'pol_loc', 'leg1', 'pod_loc']);
    expect(Object.keys(first.pol_loc ?? {})).toEqual(['locode', 'name']);
    // Named whole as well: the whole object, where it was first asked.
    const whole = await list(std, 'ordering=id&fields=pol_loc.name,id,pol_loc');
    expect(whole.results).toEqual(full.results.map((r) => ({ pol_loc: r.pol_loc, id: r.id })));
    // A page asked by parts is not served from the page asked whole (nor the other way round).
    expect((await list(std, 'ordering=id&fields=pol_loc.name,id')).results).toEqual(
      full.results.map((r) => ({ pol_loc: narrow(r.pol_loc, ['name']), id: r.id })),
    );
    for (const name of ['pol_loc.nope', 'eta.year', 'leg1.vessel.name', 'nope.id', '.id', 'pol_loc.']) {
      const bad = await std({ method: 'GET', url: `/api/shipments/?fields=id,${name}` });
      expect({ name, status: bad.statusCode, body: bad.json() }).toEqual({
        name,
        status: 400,
        body: { fields: [`Select a valid choice. ${name} is not one of the available choices.`] },
      });
    }
  });

  it('sends each asked field as the full object has it, alone or with others, in English and Spanish', async () => {
    // Lists with `fields` read only the columns and lookups those fields need: every field must still be the
    // full object's.
    const get = async (query: string, lang: string) => {
      const res = await std({
        method: 'GET',
        url: `/api/shipments/?${query}`,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ count: number; results: Row[] }>();
    };
    const pick = (rows: Row[], fields: string[]) =>
      rows.map((r) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, r[f]])));
    for (const lang of ['en', 'es']) {
      const full = await get('ordering=-eta&exclude_hidden=false', lang);
      expect(full.results.length).toBeGreaterThan(1);
      // free_time: the whole object, sent by a list only when asked for (shipments-free-time.test.ts)
      for (const field of SHIPMENT_FIELDS.filter((f) => f !== 'free_time')) {
        const lean = await get(`ordering=-eta&exclude_hidden=false&fields=${field}`, lang);
        expect({ field, results: lean.results }).toEqual({ field, results: pick(full.results, [field]) });
      }
      const portal = [
        'carrier_name',
        'status_verbose',
        'health_verbose',
        'pol_loc',
        'schema_form',
        'eta',
        'dtd',
      ];
      const lean = await get(`ordering=-eta&exclude_hidden=false&fields=${portal.join(',')}`, lang);
      expect(lean.results).toEqual(pick(full.results, portal));
    }
  });

  it('shows hidden shipments with exclude_hidden=false', async () => {
    expect((await list(std, 'exclude_hidden=false')).count).toBe(4);
  });

  it('filters by status, carrier, POL, POD and search', async () => {
    expect(idsOf(await list(std, 'status=archived&exclude_hidden=false'))).toEqual(sorted('d'));
    expect(idsOf(await list(std, 'status=ongoing&status=archived'))).toEqual(sorted('a', 'b', 'c'));
    expect(idsOf(await list(std, 'carrier=2'))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'pol_loc=ESVLC'))).toEqual(sorted('a', 'c'));
    expect(idsOf(await list(std, 'pol_loc=valencia'))).toEqual(sorted('a', 'c'));
    expect(idsOf(await list(std, `pod_loc=${ports.SGSIN}`))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'search=1234565'))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'search=bookA'))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'search=BLB2'))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'search=alpha'))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'search=aurora%20borealis'))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'search=singapore'))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'search=50%25'))).toEqual([]);
  });

  it('filters by dates, relative days, day ranges and last_n_days', async () => {
    const day = (n: number) => daysFromNow(n).toISOString().slice(0, 10);
    expect(idsOf(await list(std, `etd_after=${day(-21)}`))).toEqual(sorted('a', 'b'));
    expect(idsOf(await list(std, `etd_before=${day(-20)}`))).toEqual(sorted('a', 'c'));
    expect(idsOf(await list(std, `etd_after=${day(-20)}&etd_before=${day(-20)}`))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'etd_rel_min=-10'))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'etd_rel_max=-10&etd_rel_min=-25'))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'dta_min=11'))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'dta_max=10'))).toEqual(sorted('a'));
    expect(idsOf(await list(std, 'dta=13'))).toEqual(sorted('b'));
    expect(idsOf(await list(std, 'last_n_days=7'))).toEqual(sorted('a', 'b'));
    expect(idsOf(await list(std, `created_at_before=${day(-20)}`))).toEqual(sorted('c'));
    expect((await list(std, 'order_dta=true')).results.map((r) => String(r.id))).toEqual([
      ids.a,
      ids.b,
      ids.c,
    ]);
  });

  it('answers 400 with each field and message for bad filter values', async () => {
    const res = await std({
      method: 'GET',
      url:
        '/api/shipments/?eta_before=2024-13-01&atd_after=yesterday&dta_min=abc&dtd_max=1.5&eta_rel_min=x' +
        '&status=bogus&health=fine&carrier=abc&ordering=-nope&last_n_days=0&order_dta=maybe',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      eta_before: ['Invalid date'],
      atd_after: ['Invalid date'],
      dta_min: ['A valid integer is required.'],
      dtd_max: ['A valid integer is required.'],
      eta_rel_min: ['A valid integer is required.'],
      status: ['Select a valid choice. bogus is not one of the available choices.'],
      health: ['Select a valid choice. fine is not one of the available choices.'],
      carrier: ['Select a valid choice. abc is not one of the available choices.'],
      ordering: ['Invalid ordering field "-nope".'],
      last_n_days: ['Ensure this value is greater than or equal to 1.'],
      order_dta: ['Must be a valid boolean.'],
    });
    const page = await std({ method: 'GET', url: '/api/shipments/?page=9' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('sorts on each of the 23 columns, both ways', async () => {
    expect(ORDERING_FIELD_NAMES).toHaveLength(23);
    for (const field of ORDERING_FIELD_NAMES) {
      for (const prefix of ['', '-']) {
        const body = await list(std, `ordering=${prefix}${field}`);
        expect(body.count).toBe(3);
      }
    }
    expect((await list(std, 'ordering=etd')).results.map((r) => String(r.id))).toEqual([ids.c, ids.a, ids.b]);
    expect((await list(std, 'ordering=-etd')).results.map((r) => String(r.id))).toEqual([
      ids.b,
      ids.a,
      ids.c,
    ]);
    expect((await list(std, 'ordering=container_number')).results[0].container_number).toBe('CMAU1111110');
    const byCarrier = (await list(std, 'ordering=carrier')).results.map((r) => r.carrier_name);
    const byCarrierDesc = (await list(std, 'ordering=-carrier')).results.map((r) => r.carrier_name);
    expect(new Set([byCarrier[0], byCarrier[2]])).toEqual(new Set(['MSC', 'Maersk']));
    expect(byCarrierDesc[0]).toBe(byCarrier[2]);
    // POD sorts by what the list shows, the UN/LOCODE: CNSHA < NLRTM < SGSIN.
    expect((await list(std, 'ordering=pod_loc')).results[0].pod_loc).toMatchObject({ locode: 'CNSHA' });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shipments/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('health per user', () => {
  const healthOf = async (caller: Caller) =>
    Object.fromEntries((await list(caller)).results.map((r) => [String(r.id), r.health]));

  it("follows each caller's thresholds", async () => {
    // standard: defaults (1 day late / 1 day early) + code 904 → a alerted, b delayed (3 late), c delayed (2 early).
    expect(await healthOf(std)).toEqual({ [ids.a]: 'alerted', [ids.b]: 'delayed', [ids.c]: 'delayed' });
    // colleague: 5 days either way, no codes, max 5 days in TSP → a ontrack, b ontrack, c alerted (8 days).
    expect(await healthOf(mate)).toEqual({ [ids.a]: 'ontrack', [ids.b]: 'ontrack', [ids.c]: 'alerted' });
  });

  it('filters by health and keeps the stats equal to the list counts', async () => {
    for (const caller of [std, mate]) {
      const stats = (await caller({ method: 'GET', url: '/api/shipments/stats/' })).json();
      const count = async (q: string) => (await list(caller, q)).count;
      expect(stats.shipments_on_track_count).toBe(await count('health=ontrack'));
      expect(stats.shipments_warning_count).toBe(await count('health=delayed'));
      expect(stats.shipments_delayed_count).toBe(stats.shipments_warning_count);
      expect(stats.shipments_with_incidents_count).toBe(await count('health=alerted'));
      expect(stats.shipments_last_week_count).toBe(await count('last_n_days=7'));
      // The same counts made by scanning the shipments (a no-op date filter forces the scan).
      const all = 'created_at_after=2000-01-01';
      expect(stats.shipments_on_track_count).toBe(await count(`health=ontrack&${all}`));
      expect(stats.shipments_warning_count).toBe(await count(`health=delayed&${all}`));
      expect(stats.shipments_with_incidents_count).toBe(await count(`health=alerted&${all}`));
      expect((await list(caller)).count).toBe(await count(all));
      expect((await list(caller, 'exclude_hidden=false')).count).toBe(
        await count(`exclude_hidden=false&${all}`),
      );
      // Carrier, status and health together come from the counted groups of shipment_list_counts: the same.
      for (const q of [
        'carrier=1',
        'carrier=2&health=delayed',
        'status=ongoing&health=alerted',
        'status=ongoing&status=archived&carrier=1&carrier=2&health=ontrack&health=delayed',
        'carrier=1&exclude_hidden=false',
        'status=archived&exclude_hidden=false',
      ]) {
        expect([q, await count(q)]).toEqual([q, await count(`${q}&${all}`)]);
      }
    }
    expect(idsOf(await list(std, 'health=delayed'))).toEqual(sorted('b', 'c'));
    expect(idsOf(await list(mate, 'health=ontrack&health=alerted'))).toEqual(sorted('a', 'b', 'c'));
    expect((await std({ method: 'GET', url: '/api/shipments/stats/' })).json()).toEqual({
      shipments_last_week_count: 2,
      shipments_on_track_count: 0,
      shipments_warning_count: 2,
      shipments_delayed_count: 2,
      shipments_with_incidents_count: 1,
      free_time_ending_count: 0,
      over_free_time_count: 0,
      free_time_warning_days: 3,
    });
  });

  it('sorts by health severity', async () => {
    expect((await list(std, 'ordering=-health')).results[0].health).toBe('alerted');
    expect((await list(mate, 'ordering=health')).results.at(-1)!.health).toBe('alerted');
  });

  it('a hidden alert event no longer counts; unhiding brings it back', async () => {
    const hide = await std({ method: 'POST', url: `/api/events/${alertId}/hide/` });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id: Number(alertId), hidden: true, code: 904 });
    expect((await healthOf(std))[ids.a]).toBe('ontrack');
    const unhide = await std({ method: 'POST', url: `/api/events/${alertId}/unhide/` });
    expect(unhide.json()).toMatchObject({ hidden: false });
    expect((await healthOf(std))[ids.a]).toBe('alerted');
  });
});

describe('shipment_health_counts', () => {
  const KEY = `company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp,
    days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last,
    days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv`;
  const kept = async () =>
    (
      await sql<{ k: string; n: string }>`SELECT row(${sql.raw(KEY)})::text AS k, n::text AS n
        FROM shipment_health_counts WHERE company_id IN (${t.companyId}, ${t.otherCompanyId}) AND n <> 0
        ORDER BY 1`.execute(ctx.handle.db)
    ).rows;
  const recounted = async () =>
    (
      await sql<{ k: string; n: string }>`SELECT row(${sql.raw(KEY)})::text AS k, n::text AS n FROM (
        SELECT s.company_id, s.hidden, s.alert_codes, shipment_health_ceil(s.eta_delta_days) AS eta_delta_ceil,
               shipment_health_floor(s.eta_delta_days) AS eta_delta_floor,
               shipment_health_ceil(s.days_in_tsp) AS days_in_tsp,
               shipment_health_ceil(s.days_in_tsp_planned_initial) AS days_in_tsp_planned_initial,
               shipment_health_ceil(s.days_in_tsp_planned_last) AS days_in_tsp_planned_last,
               shipment_health_ceil(s.days_in_pol_planned_initial) AS days_in_pol_planned_initial,
               shipment_health_ceil(s.days_in_pol_planned_last) AS days_in_pol_planned_last,
               shipment_health_ceil(s.days_in_pod_planned_initial) AS days_in_pod_planned_initial,
               shipment_health_ceil(s.days_in_pod_planned_last) AS days_in_pod_planned_last,
               shipment_health_ceil(s.discrepancy_eta_at_pod) AS discrepancy_eta_at_pod,
               shipment_health_ceil(s.discrepancy_eta_at_dlv) AS discrepancy_eta_at_dlv, count(*) AS n
        FROM shipments s WHERE s.company_id IN (${t.companyId}, ${t.otherCompanyId})
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14) x ORDER BY 1`.execute(ctx.handle.db)
    ).rows;

  it('stays equal to a recount through inserts, updates, alert changes and deletes', async () => {
    expect(await kept()).toEqual(await recounted());
    const db = ctx.handle.db;
    const extra = await insertShipment({
      container_number: 'ZZZU0000001',
      pod_vessel_arrival_planned_initial: daysFromNow(5),
      eta: daysFromNow(5.5),
      discrepancy_eta_at_pod: 2.25,
    });
    expect(await kept()).toEqual(await recounted());
    await db
      .updateTable('shipments')
      .set({ eta: daysFromNow(9), days_in_pod_planned_last: 4.5 })
      .where(sql`id`, '=', extra)
      .execute();
    expect(await kept()).toEqual(await recounted());
    await db
      .insertInto('alert_events')
      .values({
        company_id: t.companyId,
        shipment_id: extra,
        code: 903,
        details: JSON.stringify({ message: 'm' }),
      })
      .execute();
    expect(await kept()).toEqual(await recounted());
    await db.updateTable('alert_events').set({ hidden: true }).where('shipment_id', '=', extra).execute();
    await db
      .updateTable('shipments')
      .set({ hidden: true })
      .where(sql`id`, '=', extra)
      .execute();
    expect(await kept()).toEqual(await recounted());
    await db
      .deleteFrom('shipments')
      .where(sql`id`, '=', extra)
      .execute();
    expect(await kept()).toEqual(await recounted());
  });
});

describe('GET /api/shipments/coordinates/', () => {
  it('answers the active positioned shipments as compact points, filtered', async () => {
    const res = await std({ method: 'GET', url: '/api/shipments/coordinates/' });
    expect(res.statusCode).toBe(200);
    const points = res.json<Array<Record<string, unknown>>>();
    expect(points.map((p) => String(p.id)).sort()).toEqual(sorted('a', 'b'));
    expect(points.find((p) => String(p.id) === ids.a)).toEqual({
      id: Number(ids.a),
      lng: 10.5,
      lat: 40.25,
      health: 'alerted',
      container_number: 'MSCU1234565',
    });
    const delayed = (await std({ method: 'GET', url: '/api/shipments/coordinates/?health=delayed' })).json();
    expect(delayed.map((p: { id: number }) => String(p.id))).toEqual([ids.b]);
    const pod = (
      await std({ method: 'GET', url: '/api/shipments/coordinates/?pod_loc=CNSHA&search=MSCU' })
    ).json();
    expect(pod.map((p: { id: number }) => String(p.id))).toEqual([ids.a]);
    const bad = await std({ method: 'GET', url: '/api/shipments/coordinates/?health=red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      health: ['Select a valid choice. red is not one of the available choices.'],
    });
    const other = (await outsider({ method: 'GET', url: '/api/shipments/coordinates/' })).json();
    expect(other.map((p: { id: number }) => String(p.id))).toEqual([otherShipmentId]);
  });
});

describe('GET /api/shipments/{id}/', () => {
  it('answers every section-3 field with timeline, alerts and date history', async () => {
    const db = ctx.handle.db;
    const event = await db
      .insertInto('carrier_events')
      .values({
        carrier_id: 1,
        event_id: `ev-${ids.a}`,
        event_type: 'TRANSPORT',
        event_classifier: 'ACT',
        type_code: 'DEPA',
        event_datetime: daysFromNow(-20),
        event_created_at: daysFromNow(-20),
        un_location_code: 'ESVLC',
        raw: JSON.stringify({}),
        source: 'poll',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shipment_events')
      .values({ shipment_id: ids.a, carrier_event_id: String(event.id) })
      .execute();
    await db
      .insertInto('milestone_date_changes')
      .values({ shipment_id: ids.a, field: 'eta', old_value: daysFromNow(9), new_value: daysFromNow(10) })
      .execute();
    const res = await std({ method: 'GET', url: `/api/shipments/${ids.a}/` });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      id: Number(ids.a),
      health: 'alerted',
      health_verbose: 'Attention required',
      is_alerted: true,
      tracking_request: requestId,
      pol_loc: { locode: 'ESVLC', country_iso2: 'ES', display: expect.any(String) },
      events: [
        {
          code: 202,
          code_description: 'Vessel departure',
          classifier: 'ACT',
          locode: 'ESVLC',
          hidden: false,
          details: { message: expect.stringContaining('Vessel departure (actual)') },
        },
      ],
      date_changes: [{ field: 'eta' }],
    });
    expect(s.alerts.map((a: { code: number; hidden: boolean }) => [a.code, a.hidden])).toEqual([
      [904, false],
      [901, true],
    ]);
    for (const key of [
      'pod_vessel_arrival_planned_initial',
      'tsp4_vessel_departure_prediction',
      'empty_return_actual',
      'lif_departure_detected',
      'pod_timeofarrival_warning',
      'pod_vslarrival_prediction',
      'schema_form',
      'sf_data',
      'leg5',
      'availability_loc',
      'transit_time',
      'customs_release_state',
    ]) {
      expect(s).toHaveProperty(key);
    }
  });

  it('is 404 for another company, unknown or malformed ids', async () => {
    for (const id of [otherShipmentId, '999999999', 'abc', '0']) {
      const res = await std({ method: 'GET', url: `/api/shipments/${id}/` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('PATCH /api/shipments/{id}/', () => {
  it('changes client_code, project and hide', async () => {
    const project = await sql<{ id: number }>`INSERT INTO projects (company_id, name)
      VALUES (${t.companyId}, ${`P-${t.companyId}`}) RETURNING id`.execute(ctx.handle.db);
    const projectId = project.rows[0].id;
    let res = await std({
      method: 'PATCH',
      url: `/api/shipments/${ids.b}/`,
      payload: { client_code: 'NEW-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client_code: 'NEW-1', id: Number(ids.b) });
    expect(idsOf(await list(std, 'search=new-1'))).toEqual(sorted('b'));
    res = await std({ method: 'PATCH', url: `/api/shipments/${ids.b}/`, payload: { project: projectId } });
    expect(res.json()).toMatchObject({ project: projectId, project_name: `P-${t.companyId}` });
    res = await std({ method: 'PATCH', url: `/api/shipments/${ids.b}/`, payload: { project: null } });
    expect(res.json()).toMatchObject({ project: null });
    res = await std({ method: 'PATCH', url: `/api/shipments/${ids.b}/`, payload: { hide: true } });
    expect(res.json()).toMatchObject({ hide: true });
    res = await std({ method: 'PATCH', url: `/api/shipments/${ids.b}/`, payload: { hide: false } });
    expect(res.json()).toMatchObject({ hide: false });
  });

  it('answers each validation message and saves nothing', async () => {
    const otherProject = await sql<{ id: number }>`INSERT INTO projects (company_id, name)
      VALUES (${t.otherCompanyId}, ${`Q-${t.otherCompanyId}`}) RETURNING id`.execute(ctx.handle.db);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ client_code: 5 }, { client_code: ['Not a valid string.'] }],
      [{ client_code: null }, { client_code: ['This field may not be null.'] }],
      [
        { client_code: 'x'.repeat(151) },
        { client_code: ['Ensure this field has no more than 150 characters.'] },
      ],
      [{ project: 'a' }, { project: ['Incorrect type. Expected pk value, received str.'] }],
      [
        { project: otherProject.rows[0].id },
        { project: [`Invalid pk "${otherProject.rows[0].id}" - object does not exist.`] },
      ],
      [{ hide: 'yes' }, { hide: ['Must be a valid boolean.'] }],
      [{}, { non_field_errors: ['Send one of the fields client_code, project or hide.'] }],
      [{ client_code: 'OK', hide: 'x' }, { hide: ['Must be a valid boolean.'] }],
    ];
    for (const [payload, expected] of cases) {
      const res = await std({ method: 'PATCH', url: `/api/shipments/${ids.c}/`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    const row = await ctx.handle.db
      .selectFrom('shipments')
      .select(['client_code', 'hidden'])
      .where(sql`id`, '=', ids.c)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_code: '', hidden: false });
  });
});

describe('shipment actions', () => {
  it('hides and shows a shipment', async () => {
    let res = await std({ method: 'POST', url: `/api/shipments/${ids.c}/hide/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: Number(ids.c), hide: true, detail: 'The Shipment has been hidden' });
    expect((await list(std)).count).toBe(2);
    res = await std({ method: 'POST', url: `/api/shipments/${ids.c}/show/` });
    expect(res.json()).toEqual({ id: Number(ids.c), hide: false, detail: 'The Shipment has been showed' });
    expect((await list(std)).count).toBe(3);
  });

  it('lists, hides all and unhides all alert events', async () => {
    let res = await std({ method: 'GET', url: `/api/shipments/${ids.a}/alert_events/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        code: 904,
        hidden: false,
        code_description: 'Vessel change',
        details: { message: 'Vessel change' },
      }),
      expect.objectContaining({ code: 901, hidden: true }),
    ]);
    res = await std({ method: 'POST', url: `/api/shipments/${ids.a}/hide_all_events/` });
    expect(res.json()).toMatchObject({ updated: 1, results: [{ hidden: true }, { hidden: true }] });
    expect((await list(std, 'health=alerted')).count).toBe(0);
    res = await std({ method: 'POST', url: `/api/shipments/${ids.a}/unhide_all_events/` });
    expect(res.json()).toMatchObject({ updated: 2, results: [{ hidden: false }, { hidden: false }] });
    expect(idsOf(await list(std, 'health=alerted'))).toEqual(sorted('a'));
    await std({ method: 'POST', url: `/api/shipments/${ids.a}/hide_all_events/` });
    await std({ method: 'POST', url: `/api/events/${alertId}/unhide/` });
  });

  it('saves the custom form only when it changed', async () => {
    const url = `/api/shipments/${ids.b}/attachment/`;
    let res = await std({ method: 'POST', url, payload: { sf_data: { a: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      schema_form: ['This shipment has no custom form: neither its own nor a company default.'],
    });
    const form = { type: 'object', properties: { po: { type: 'string' } } };
    await ctx.handle.db
      .updateTable('companies')
      .set({ attachment_schema_form: JSON.stringify(form) })
      .where('id', '=', t.companyId)
      .execute();
    expect((await list(std)).results[0]).toMatchObject({ schema_form: form, schema_form_source: 'company' });
    res = await std({ method: 'POST', url, payload: { sf_data: { po: 'PO-1' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      saved: true,
      schema_form: form,
      schema_form_source: 'company',
      sf_data: { po: 'PO-1' },
    });
    res = await std({ method: 'POST', url, payload: { sf_data: { po: 'PO-1' } } });
    expect(res.json()).toMatchObject({ saved: false });
    const own = { type: 'object', properties: { note: { type: 'string' } } };
    res = await std({ method: 'POST', url, payload: { schema_form: own, sf_data: { note: 'n' } } });
    expect(res.json()).toEqual({
      saved: true,
      schema_form: own,
      schema_form_source: 'shipment',
      sf_data: { note: 'n' },
    });
    const detail = (await std({ method: 'GET', url: `/api/shipments/${ids.b}/` })).json();
    expect(detail).toMatchObject({
      schema_form: own,
      sf_data: { note: 'n' },
      schema_form_source: 'shipment',
    });
    for (const [payload, expected] of [
      [{ sf_data: [1] }, { sf_data: ['Invalid data. Expected a dictionary, but got list.'] }],
      [
        { sf_data: 'x', schema_form: 3 },
        {
          sf_data: ['Invalid data. Expected a dictionary, but got str.'],
          schema_form: ['Invalid data. Expected a dictionary, but got int.'],
        },
      ],
      [{}, { sf_data: ['This field is required.'] }],
    ] as const) {
      const bad = await std({ method: 'POST', url, payload: payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(expected);
    }
  });
});

describe('permissions and tenancy', () => {
  const writes = (id: string, eventId: string) => [
    { method: 'PATCH' as const, url: `/api/shipments/${id}/`, payload: { client_code: 'X' } },
    { method: 'POST' as const, url: `/api/shipments/${id}/hide/` },
    { method: 'POST' as const, url: `/api/shipments/${id}/show/` },
    { method: 'POST' as const, url: `/api/shipments/${id}/hide_all_events/` },
    { method: 'POST' as const, url: `/api/shipments/${id}/unhide_all_events/` },
    { method: 'POST' as const, url: `/api/shipments/${id}/attachment/`, payload: { sf_data: { a: 1 } } },
    { method: 'POST' as const, url: `/api/events/${eventId}/hide/` },
    { method: 'POST' as const, url: `/api/events/${eventId}/unhide/` },
  ];

  it('the limited role gets 403 on every write, and nothing changes', async () => {
    for (const call of writes(ids.a, alertId)) {
      const res = await lim(call);
      expect([call.url, res.statusCode]).toEqual([call.url, 403]);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    const row = await ctx.handle.db
      .selectFrom('shipments')
      .select(['client_code', 'hidden'])
      .where(sql`id`, '=', ids.a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_code: 'Client-Alpha', hidden: false });
    // Reads are fine.
    expect((await lim({ method: 'GET', url: `/api/shipments/${ids.a}/` })).statusCode).toBe(200);
    expect((await lim({ method: 'GET', url: '/api/shipments/stats/' })).statusCode).toBe(200);
  });

  it("another company's ids are 404 on every call with an id", async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/shipments/${otherShipmentId}/` },
      { method: 'GET' as const, url: `/api/shipments/${otherShipmentId}/alert_events/` },
      ...writes(otherShipmentId, otherAlertId),
    ];
    for (const call of calls) {
      const res = await std(call);
      expect([call.url, res.statusCode]).toEqual([call.url, 404]);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const event = await ctx.handle.db
      .selectFrom('alert_events')
      .select('hidden')
      .where(sql`id`, '=', otherAlertId)
      .executeTakeFirstOrThrow();
    expect(event.hidden).toBe(false);
  });

  it('documents every call in /api/docs', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/shipments/',
      '/api/shipments/coordinates/',
      '/api/shipments/stats/',
      '/api/shipments/{id}/',
      '/api/shipments/{id}/alert_events/',
      '/api/shipments/{id}/hide/',
      '/api/shipments/{id}/show/',
      '/api/shipments/{id}/hide_all_events/',
      '/api/shipments/{id}/unhide_all_events/',
      '/api/shipments/{id}/attachment/',
      '/api/events/{id}/hide/',
      '/api/events/{id}/unhide/',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    const params = doc.paths['/api/shipments/'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['search', 'health', 'eta_before', 'pod_arrival_rel_max', 'ordering']),
    );
  });
});
