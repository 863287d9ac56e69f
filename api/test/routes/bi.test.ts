// /api/bi/: the catalogue per caller, each metric's numbers against hand-computed answers on seeded shipments,
// tenancy, 403 on internal metrics for non-superusers, field errors on bad filters, table pages of 30, the xlsx
// export, and the rollup of migration 0012 staying equal to a recount as shipments change.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTestApp, seedTenant, login, as, signIn, insertShipment as addShipment } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { createCompany, createUser } from '../../src/services/accounts';
import { Value } from '@sinclair/typebox/value';
import { BiCatalogueSchema, BiMetricResultSchema } from '../../src/routes/bi/schema';
import { LIFE_STAGES } from '../../src/services/bi/catalogue';

jest.setTimeout(90_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let admin: Caller;
let ports: Record<string, number>;
const DAY = 86_400_000;
const now = Date.now();
const at = (iso: string) => new Date(iso);
const fromNow = (days: number) => new Date(now + days * DAY);

async function request(companyId: number, status = 'ongoing'): Promise<number> {
  const db = ctx.handle.db;
  const row = await db
    .insertInto('tracking_requests')
    .values({
      company_id: companyId,
      carrier_id: 1,
      code_type: 'b_id',
      code_value: `BK${Math.random()}`.slice(0, 20),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status !== 'new')
    await db
      .updateTable('tracking_requests')
      .set({ status: status as 'ongoing' })
      .where('id', '=', row.id)
      .execute();
  return row.id;
}

async function shipment(
  companyId: number,
  requestId: number,
  values: Record<string, unknown>,
): Promise<string> {
  return addShipment(ctx, { company_id: companyId, tracking_request_id: requestId, ...values });
}

const ids: Record<string, string> = {};
let otherCompany3: number;
let pager: Caller;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  // The health figures below are for users with no attention-required codes (new users get default ones).
  await ctx.handle.db
    .updateTable('user_profiles')
    .set({ attention_required_event_codes: '[]' })
    .where('company_id', '=', t.companyId)
    .execute();
  std = await signIn(ctx, t.standard);
  await ctx.handle.db
    .updateTable('users')
    .set({ is_superuser: true })
    .where('id', '=', t.colleague.id)
    .execute();
  admin = await signIn(ctx, t.colleague);
  const db = ctx.handle.db;
  const locs = await db
    .selectFrom('locations')
    .select(['id', 'locode'])
    .where('locode', 'in', ['ESVLC', 'CNSHA', 'NLRTM'])
    .execute();
  ports = Object.fromEntries(locs.map((l) => [l.locode!, l.id]));
  const req = await request(t.companyId);
  await request(t.companyId, 'invalid');
  const ata1 = at('2025-02-10T12:00:00Z');
  ids.s1 = await shipment(t.companyId, req, {
    container_number: 'MAEU0000001',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.CNSHA,
    created_at: at('2025-01-10T08:00:00Z'),
    pod_vessel_arrival_planned_initial: at('2025-02-10T00:00:00Z'),
    ata: ata1,
    eta: ata1,
    transit_time: 20,
    transit_time_planned: 19,
    storage_days_at_pod: 2,
    pod_vslarrival_prediction: JSON.stringify({
      created: new Date(ata1.getTime() - 2 * DAY).toISOString(),
      predicted: new Date(ata1.getTime() + DAY).toISOString(),
    }),
    lifecycle_status: 'completed',
    status: 12,
  });
  ids.s2 = await shipment(t.companyId, req, {
    container_number: 'MAEU0000002',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.CNSHA,
    created_at: at('2025-01-20T08:00:00Z'),
    pod_vessel_arrival_planned_initial: at('2025-02-20T00:00:00Z'),
    ata: at('2025-02-24T00:00:00Z'),
    transit_time: 30,
    transit_time_planned: 25,
    storage_days_at_pod: 10,
    lifecycle_status: 'completed',
    status: 12,
  });
  ids.s3 = await shipment(t.companyId, req, {
    container_number: 'MSCU0000003',
    carrier_id: 2,
    pol_loc_id: ports.NLRTM,
    pod_loc_id: ports.CNSHA,
    created_at: at('2025-02-05T08:00:00Z'),
    pod_vessel_arrival_planned_initial: fromNow(10),
    eta: fromNow(10),
    dta: fromNow(3),
    lifecycle_status: 'active',
    status: 7,
  });
  ids.s4 = await shipment(t.companyId, req, {
    container_number: 'MSCU0000004',
    carrier_id: 2,
    pol_loc_id: ports.NLRTM,
    pod_loc_id: ports.CNSHA,
    created_at: at('2025-02-15T08:00:00Z'),
    pod_vessel_arrival_planned_initial: fromNow(-13),
    pod_vessel_arrival_actual: fromNow(-10),
    ata: fromNow(-10),
    dta: fromNow(-10),
    transit_time: 16,
    transit_time_planned: 15,
    lifecycle_status: 'active',
    status: 9,
  });
  // Hidden: counted nowhere.
  ids.s5 = await shipment(t.companyId, req, {
    container_number: 'MAEU0000005',
    created_at: at('2025-01-15T08:00:00Z'),
    hidden: true,
    lifecycle_status: 'active',
    status: 7,
    dta: fromNow(2),
  });
  // Another company's shipment: never in the first company's numbers.
  const otherReq = await request(t.otherCompanyId);
  ids.s6 = await shipment(t.otherCompanyId, otherReq, {
    container_number: 'MAEU0000006',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.CNSHA,
    created_at: at('2025-01-12T08:00:00Z'),
    pod_vessel_arrival_planned_initial: at('2025-02-10T00:00:00Z'),
    ata: at('2025-03-10T00:00:00Z'),
    lifecycle_status: 'active',
    status: 9,
    pod_vessel_arrival_actual: fromNow(-30),
  });
  // Alerts (the alert_codes trigger updates the shipments, and so the rollup): s2 rolled over, s3 vessel change.
  await db
    .insertInto('alert_events')
    .values([
      {
        company_id: t.companyId,
        shipment_id: ids.s2,
        code: 901,
        details: JSON.stringify({ message: 'Rolled' }),
      },
      {
        company_id: t.companyId,
        shipment_id: ids.s3,
        code: 904,
        details: JSON.stringify({ message: 'Vessel' }),
      },
    ] as never)
    .execute();
  // Carrier ETA history of s1: 5 days before the arrival it said 2 days late, half a day before it was exact.
  await db
    .insertInto('milestone_date_changes')
    .values([
      {
        shipment_id: ids.s1,
        field: 'eta',
        new_value: new Date(ata1.getTime() + 2 * DAY),
        changed_at: new Date(ata1.getTime() - 5 * DAY),
      },
      {
        shipment_id: ids.s1,
        field: 'eta',
        new_value: ata1,
        changed_at: new Date(ata1.getTime() - 0.5 * DAY),
      },
    ] as never)
    .execute();
  // An ETA fetched a day after the arrival (history read late) that the carrier published 20 days before it, 3
  // days late: it counts 20 days before the arrival (the event's creation time), not after.
  const lateRead = await db
    .insertInto('carrier_events')
    .values({
      carrier_id: 1,
      event_id: `bi-eta-${t.companyId}`,
      event_type: 'TRANSPORT',
      event_classifier: 'EST',
      type_code: 'ARRI',
      event_datetime: new Date(ata1.getTime() + 3 * DAY),
      event_created_at: new Date(ata1.getTime() - 20 * DAY),
      un_location_code: 'CNSHA',
      raw: JSON.stringify({}),
      source: 'poll',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('milestone_date_changes')
    .values({
      shipment_id: ids.s1,
      field: 'eta',
      new_value: new Date(ata1.getTime() + 3 * DAY),
      changed_at: new Date(ata1.getTime() + DAY),
      carrier_event_id: String(lateRead.id),
    })
    .execute();

  // A third company with 31 containers stopped at POD for 20 days: the table pages.
  otherCompany3 = await createCompany(db, { name: `Pager ${t.companyId}` });
  const pagerUser = await createUser(db, {
    username: `pager_${t.companyId}`,
    password: 'pager-pw',
    companyId: otherCompany3,
    roleId: 1,
    hashCost: 2 ** 10,
  });
  void pagerUser;
  pager = as(ctx.app, await login(ctx.app, `pager_${t.companyId}`, 'pager-pw'));
  const pagerReq = await request(otherCompany3);
  await sql`INSERT INTO shipments (company_id, tracking_request_id, carrier_id, container_number, status, lifecycle_status,
              pod_vessel_arrival_actual, pod_loc_id)
            SELECT ${otherCompany3}, ${pagerReq}, 1, 'PAGU' || lpad(g::text, 7, '0'), 9, 'active',
                   now() - interval '20 days' - g * interval '1 minute', ${ports.CNSHA}
            FROM generate_series(1, 31) g`.execute(db);
});

afterAll(async () => ctx?.close());

const get = async (who: Caller, url: string) => who({ method: 'GET', url });
const data = async (who: Caller, metric: string, query = '') => {
  const res = await get(who, `/api/bi/${metric}/${query ? `?${query}` : ''}`);
  if (res.statusCode !== 200) throw new Error(`${metric}?${query}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const series = (body: { datasets: { key: string; data: unknown[] }[] }, key: string) =>
  body.datasets.find((d) => d.key === key)?.data;

describe('catalogue', () => {
  it('gives a standard user the three client categories and no internal definition', async () => {
    const body = (await get(std, '/api/bi/')).json();
    expect(body.categories.map((c: { key: string }) => c.key)).toEqual(['real_time', 'history', 'shipments']);
    expect(body.metrics.every((m: { type: string }) => m.type === 'client')).toBe(true);
    expect(body.metrics.length).toBe(14);
    const def = body.metrics.find((m: { metric: string }) => m.metric === 'stopped_containers');
    expect(def).toMatchObject({
      category: 'real_time',
      specialType: 'table',
      url: 'bi/stopped_containers',
      numericFilters: [{ name: 'stopped_days', min: 1 }],
      labels: { en: expect.any(String), es: expect.any(String) },
    });
    for (const key of ['specialFormat', 'hideTotal', 'isNotStacked', 'entity', 'schema', 'columns'])
      expect(def).toHaveProperty(key);
  });

  it('gives a superuser all five categories', async () => {
    const body = (await get(admin, '/api/bi/')).json();
    expect(body.categories.map((c: { key: string }) => c.key)).toEqual([
      'real_time',
      'history',
      'shipments',
      'tracking_quality',
      'customer_tracking',
    ]);
    expect(body.metrics.length).toBe(24);
  });

  it('answers what its OpenAPI document says: the catalogue and every metric, in both languages', async () => {
    const catalogue = (await get(admin, '/api/bi/')).json();
    expect([...Value.Errors(BiCatalogueSchema, catalogue)]).toEqual([]);
    for (const { metric } of catalogue.metrics as { metric: string }[]) {
      for (const lang of ['en', 'es']) {
        const url = `/api/bi/${metric}/`;
        const body = (await admin({ method: 'GET', url, headers: { 'accept-language': lang } })).json();
        expect({ metric, lang, errors: [...Value.Errors(BiMetricResultSchema, body)] }).toEqual({
          metric,
          lang,
          errors: [],
        });
      }
    }
  });

  it('answers 403 on an internal metric and its export for a non-superuser, 404 on an unknown one', async () => {
    expect((await get(std, '/api/bi/tq_completeness/')).statusCode).toBe(403);
    expect((await get(std, '/api/bi/ct_invalid_rate/export/')).statusCode).toBe(403);
    expect((await get(std, '/api/bi/nope/')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/bi/created_per_month/' })).statusCode).toBe(401);
  });
});

describe('client metrics on the seeded shipments', () => {
  it('created_per_month: per month and carrier, hidden and other companies left out', async () => {
    const body = await data(std, 'created_per_month');
    expect(body.labels).toEqual(['2025-01', '2025-02']);
    expect(series(body, '1')).toEqual([2, 0]);
    expect(series(body, '2')).toEqual([0, 2]);
    expect(body.total).toBe(4);
    expect(body.drill.labels[0]).toEqual({ created_at_after: '2025-01-01', created_at_before: '2025-01-31' });
    expect(body.drill.datasets).toEqual([{ carrier: '1' }, { carrier: '2' }]);
  });

  it('created_per_month with a range cutting months (edge days from the shipments) and a carrier', async () => {
    const body = await data(
      std,
      'created_per_month',
      'created_at_range_after=2025-01-15&created_at_range_before=2025-02-10',
    );
    expect(body.labels).toEqual(['2025-01', '2025-02']);
    expect(series(body, '1')).toEqual([1, 0]);
    expect(series(body, '2')).toEqual([0, 1]);
    const one = await data(std, 'created_per_month', 'carrier=2&pod_loc=CNSHA');
    expect(one.total).toBe(2);
    const none = await data(std, 'created_per_month', 'pol_loc=ESVLC&created_at_range_after=2025-02-01');
    expect(none.labels).toEqual([]);
    // A lane filter with a range starting mid-month: the edge days come from the shipments themselves.
    const edge = await data(std, 'created_per_month', 'pol_loc=ESVLC&created_at_range_after=2025-01-15');
    expect(edge.total).toBe(1);
    expect(edge.labels).toEqual(['2025-01']);
    // The same filters on the shipment list give the same total.
    const list = (
      await get(std, '/api/shipments/?created_at_after=2025-01-15&created_at_before=2025-02-10')
    ).json();
    expect(list.count).toBe(2);
  });

  it('on_time_rate: share arrived within a day of the initial plan, per month and carrier', async () => {
    const body = await data(std, 'on_time_rate');
    expect(body.unit).toBe('percent');
    expect(body.labels).toEqual(['2025-01', '2025-02']);
    expect(series(body, '1')).toEqual([0.5, null]);
    expect(series(body, '2')).toEqual([null, 0]);
  });

  it('avg_delay_by_carrier and avg_delay_by_lane', async () => {
    const byCarrier = await data(std, 'avg_delay_by_carrier');
    expect(byCarrier.labels).toEqual(['1', '2']);
    expect(series(byCarrier, 'delay')).toEqual([2.25, 3]);
    const byLane = await data(std, 'avg_delay_by_lane');
    const lane = (code: string) => byLane.label_text.en.indexOf(code);
    expect(series(byLane, 'delay')![lane('ESVLC → CNSHA')]).toBe(2.25);
    expect(series(byLane, 'delay')![lane('NLRTM → CNSHA')]).toBe(3);
    expect(byLane.drill.labels[lane('ESVLC → CNSHA')]).toEqual({
      pol_loc: String(ports.ESVLC),
      pod_loc: String(ports.CNSHA),
    });
  });

  it('transit_time_by_lane: planned and actual averages', async () => {
    const body = await data(std, 'transit_time_by_lane');
    const i = body.label_text.en.indexOf('ESVLC → CNSHA');
    const j = body.label_text.en.indexOf('NLRTM → CNSHA');
    expect(series(body, 'planned')![i]).toBe(22);
    expect(series(body, 'actual')![i]).toBe(25);
    expect(series(body, 'planned')![j]).toBe(15);
    expect(series(body, 'actual')![j]).toBe(16);
  });

  it('rolled_and_vessel_changes: from the alert events', async () => {
    const body = await data(std, 'rolled_and_vessel_changes');
    expect(body.labels).toEqual(['1', '2']);
    expect(series(body, 'rolled')).toEqual([1, 0]);
    expect(series(body, 'vessel_changes')).toEqual([0, 1]);
  });

  it('eta_accuracy: carrier ETA and prediction errors by days before arrival', async () => {
    const body = await data(std, 'eta_accuracy');
    expect(body.labels).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(series(body, 'carrier_eta')).toEqual([0, null, 2, null, 3, null]);
    expect(series(body, 'prediction')).toEqual([null, 1, null, null, null, null]);
  });

  it('top_lanes and dwell_at_pod', async () => {
    const lanes = await data(std, 'top_lanes');
    expect(lanes.label_text.en.sort()).toEqual(['ESVLC → CNSHA', 'NLRTM → CNSHA']);
    expect(series(lanes, 'containers')).toEqual([2, 2]);
    const dwell = await data(std, 'dwell_at_pod');
    expect(series(dwell, 'containers')).toEqual([0, 1, 0, 0, 1, 0]);
  });

  it('active_by_stage: the 13 life stages stacked by health', async () => {
    const body = await data(std, 'active_by_stage');
    expect(body.labels).toEqual([...LIFE_STAGES]);
    expect(body.label_text.es[7]).toBe('Transporte marítimo a POD');
    const ontrack = series(body, 'ontrack')!;
    const delayed = series(body, 'delayed')!;
    expect(ontrack[7]).toBe(1);
    expect(delayed[9]).toBe(1);
    expect(body.total).toBe(2);
    // A click on a stage drills down (the list has no stage filter: the health clicked, on the page's filters):
    // a null label part would mean no drill-down at all.
    expect(body.drill.base).toEqual({});
    expect(body.drill.labels).toHaveLength(LIFE_STAGES.length);
    expect(body.drill.labels.every((l: unknown) => l !== null)).toBe(true);
    expect(body.drill.datasets).toEqual([
      { health: 'ontrack' },
      { health: 'delayed' },
      { health: 'alerted' },
    ]);
    const onTrack = (await get(std, '/api/shipments/?health=ontrack')).json<{ count: number }>();
    expect(onTrack.count).toBeGreaterThanOrEqual(Number(ontrack[7]));
  });

  it('arrivals_next_days: dta within N days, by carrier and health', async () => {
    const body = await data(std, 'arrivals_next_days', 'dta=7');
    expect(body.labels).toEqual(['2']);
    expect(series(body, 'ontrack')).toEqual([1]);
    expect(body.drill.base).toMatchObject({ dta_min: '0', dta_max: '7' });
    const list = (await get(std, '/api/shipments/?dta_min=0&dta_max=7')).json();
    expect(list.count).toBe(body.total);
    expect((await data(std, 'arrivals_next_days', 'dta=1')).labels).toEqual([]);
  });

  it('stopped_containers: active containers at POD for more than N days', async () => {
    const body = await data(std, 'stopped_containers', 'stopped_days=5');
    expect(body.kind).toBe('table');
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ id: ids.s4, place: 'POD', location: 'CNSHA', health: 'delayed' });
    expect(body.results[0].days).toBeCloseTo(10, 1);
    expect((await data(std, 'stopped_containers', 'stopped_days=15')).count).toBe(0);
  });

  it('current_exceptions: active containers not on track', async () => {
    const body = await data(std, 'current_exceptions');
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ id: ids.s4, health: 'delayed', eta_delta_days: 3 });
  });

  it('table metrics page by 30 from page 0', async () => {
    const first = await data(pager, 'stopped_containers', 'stopped_days=10');
    expect(first.count).toBe(31);
    expect(first.page_size).toBe(30);
    expect(first.results).toHaveLength(30);
    const second = await data(pager, 'stopped_containers', 'stopped_days=10&page=1');
    expect(second.results).toHaveLength(1);
  });
});

describe('tenancy', () => {
  it("never counts another company's rows", async () => {
    const other = as(ctx.app, await login(ctx.app, t.outsider.username, t.outsider.password));
    const body = await data(other, 'created_per_month');
    expect(body.labels).toEqual(['2025-01']);
    expect(body.total).toBe(1);
    expect((await data(other, 'stopped_containers', 'stopped_days=5')).count).toBe(1);
    expect((await data(other, 'active_by_stage')).total).toBe(1);
  });
});

describe('internal metrics (superuser)', () => {
  it('ct_active_containers and ct_invalid_rate per company', async () => {
    const active = await data(admin, 'ct_active_containers');
    const i = active.labels.indexOf(String(t.companyId));
    expect(series(active, 'active')![i]).toBe(2);
    const invalid = await data(admin, 'ct_invalid_rate');
    const j = invalid.labels.indexOf(String(t.companyId));
    expect(series(invalid, 'invalid_rate')![j]).toBe(0.5);
  });

  it('tq_completeness: milestones with no planned date are not due (and do not blank the row)', async () => {
    // One container of a day no other test uses: POL departure due and done, POD arrival due and missing, the
    // other milestones without a plan.
    // In a company of its own, so the per-company counts of the other tests do not move.
    const company = await createCompany(ctx.handle.db, { name: `Completeness ${t.companyId}` });
    const req = await request(company);
    await shipment(company, req, {
      container_number: 'MSCU1999077',
      created_at: at('1999-07-07T10:00:00Z'),
      pol_vessel_departure_planned_initial: at('1999-07-20T00:00:00Z'),
      pol_vessel_departure_actual: at('1999-07-21T00:00:00Z'),
      pod_vessel_arrival_planned_initial: at('1999-08-20T00:00:00Z'),
    });
    const body = await data(
      admin,
      'tq_completeness',
      'created_at_range_after=1999-07-07&created_at_range_before=1999-07-07',
    );
    expect(body.labels).toEqual(['1']);
    expect(series(body, 'completeness')).toEqual([0.5]);
  });

  it('answers every internal metric', async () => {
    for (const m of [
      'tq_completeness',
      'tq_event_latency',
      'tq_invalid_share',
      'tq_ais_share',
      'tq_poll_failures',
      'ct_requests_per_month',
      'ct_containers_per_month',
      'ct_volume_vs_cap',
    ]) {
      const res = await get(admin, `/api/bi/${m}/`);
      expect(res.statusCode).toBe(200);
    }
    const containers = await data(admin, 'ct_containers_per_month');
    const k = containers.datasets.findIndex((d: { key: string }) => d.key === String(t.companyId));
    expect(containers.datasets[k].data.reduce((a: number, b: number) => a + b, 0)).toBe(4);
  });
});

describe('bad filters', () => {
  it('gives field errors', async () => {
    const res = await get(
      std,
      '/api/bi/stopped_containers/?stopped_days=0&created_at_range_after=2025-13-01&carrier=x&page=-1',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      stopped_days: ['Ensure this value is greater than or equal to 1.'],
      created_at_range_after: ['Invalid date'],
      carrier: ['Select a valid choice. x is not one of the available choices.'],
      page: ['A valid integer is required.'],
    });
    const dta = await get(std, '/api/bi/arrivals_next_days/?dta=abc');
    expect(dta.json()).toEqual({ dta: ['A valid integer is required.'] });
    const range = await get(
      std,
      '/api/bi/top_lanes/?created_at_range_after=2025-03-01&created_at_range_before=2025-02-01',
    );
    expect(range.statusCode).toBe(400);
    expect(Object.keys(range.json())).toEqual(['created_at_range_after']);
    const cols = await get(std, '/api/bi/top_lanes/export/?columns=nope');
    expect(cols.statusCode).toBe(400);
    expect(Object.keys(cols.json())).toEqual(['columns']);
  });
});

describe('export', () => {
  it('writes the chosen columns as xlsx', async () => {
    const res = await get(std, '/api/bi/created_per_month/export/?columns=label&columns=2&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('bi-created_per_month.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'Month', 'MSC']);
    expect(ws.getRow(3).values).toEqual([undefined, '2025-02', 2]);
    const table = await get(
      std,
      '/api/bi/stopped_containers/export/?stopped_days=5&columns=container_number,place',
    );
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(table.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].getRow(1).values).toEqual([undefined, 'Contenedor', 'Detenido en']);
    expect(wb2.worksheets[0].getRow(2).values).toEqual([undefined, 'MSCU0000004', 'POD']);
  });
});

describe('rollup (migration 0012)', () => {
  it('stays equal to a recount after inserts, updates, hiding and deletes', async () => {
    const db = ctx.handle.db;
    await db
      .updateTable('shipments')
      .set({ hidden: true })
      .where('id', '=', ids.s1 as never)
      .execute();
    await db
      .updateTable('shipments')
      .set({ carrier_id: 3, last_update: new Date() })
      .where('id', '=', ids.s2 as never)
      .execute();
    await db
      .updateTable('shipments')
      .set({ hidden: false })
      .where('id', '=', ids.s5 as never)
      .execute();
    await db
      .deleteFrom('shipments')
      .where('id', '=', ids.s3 as never)
      .execute();
    const { rows } = await sql<{ diff: string }>`
      SELECT count(*) AS diff FROM (
        (SELECT company_id, carrier_id, pol_loc_id, pod_loc_id, month, n, arrived, on_time, rolled, dwell, pred_n
           FROM bi_shipment_rollup WHERE n <> 0 AND grain = 'full'
         EXCEPT
         SELECT f.company_id, f.carrier_id, f.pol_loc_id, f.pod_loc_id, f.month, sum(f.n), sum(f.arrived), sum(f.on_time),
                sum(f.rolled),
                ARRAY[count(*) FILTER (WHERE f.dwell = 0), count(*) FILTER (WHERE f.dwell = 1), count(*) FILTER (WHERE f.dwell = 2),
                      count(*) FILTER (WHERE f.dwell = 3), count(*) FILTER (WHERE f.dwell = 4), count(*) FILTER (WHERE f.dwell = 5)],
                ARRAY[count(*) FILTER (WHERE f.pred_bucket = 0), count(*) FILTER (WHERE f.pred_bucket = 1),
                      count(*) FILTER (WHERE f.pred_bucket = 2), count(*) FILTER (WHERE f.pred_bucket = 3),
                      count(*) FILTER (WHERE f.pred_bucket = 4), count(*) FILTER (WHERE f.pred_bucket = 5)]
           FROM shipments s, LATERAL bi_shipment_fact(s) f WHERE NOT s.hidden GROUP BY 1, 2, 3, 4, 5)
      ) d`.execute(db);
    expect(Number(rows[0].diff)).toBe(0);
    const body = await data(std, 'created_per_month');
    expect(series(body, '1')).toEqual([1, 0]); // s5 (shown again)
    expect(series(body, '3')).toEqual([1, 0]); // s2 moved to carrier 3
    expect(series(body, '2')).toEqual([0, 1]); // s4
  });
});
