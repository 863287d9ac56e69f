// Tracking requests: list filters and ordering, detail, create rules, PATCH, set_client_code,
// transition, retry, shipments of a request, permissions, tenancy and the company cap.
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { login, as, countRequests as countCompanyRequests, startTenantApp } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let lim: Caller;
let outsider: Caller;
const carriers: Record<string, number> = {};

/** A valid container number with owner code `owner` (3 letters + U) and serial `n`. */
const container = (owner: string, n: number) => {
  const first = `${owner}U${String(n).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};
/** Same but with a wrong check digit. */
const wrongDigit = (owner: string, n: number) => {
  const good = container(owner, n);
  return `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
};

beforeAll(async () => {
  ({ ctx, t, std, lim, outsider } = await startTenantApp({ maxTrackingRequests: 1000 }));
  for (const c of await ctx.handle.db.selectFrom('carriers').select(['id', 'scac']).execute())
    carriers[c.scac] = c.id;
});
afterAll(() => ctx.close());

const create = (payload: Record<string, unknown>) =>
  std({ method: 'POST', url: '/api/tracking-requests/', payload });
const company = (id: number) =>
  ctx.handle.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countRequests = (companyId: number) => countCompanyRequests(ctx, companyId);

/** A request inserted directly (any company, any status). */
async function insertRequest(values: {
  companyId: number;
  scac?: string;
  code_type?: 'c_id' | 'b_id' | 'm_bl';
  code_value: string;
  status?: 'invalid' | 'new' | 'ongoing' | 'archived' | 'cancelled' | 'pending_archiving';
  client_code?: string;
}) {
  const row = await ctx.handle.db
    .insertInto('tracking_requests')
    .values({
      company_id: values.companyId,
      carrier_id: carriers[values.scac ?? 'MAEU'],
      code_type: values.code_type ?? 'b_id',
      code_value: values.code_value,
      status: values.status ?? 'new',
      client_code: values.client_code ?? '',
      warnings: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertShipment(
  requestId: number,
  companyId: number,
  n: number,
  extra: {
    hidden?: boolean;
    lifecycle_status?: 'active' | 'expired' | 'completed';
    client_code?: string;
  } = {},
) {
  const row = await ctx.handle.db
    .insertInto('shipments')
    .values({
      company_id: companyId,
      tracking_request_id: requestId,
      carrier_id: carriers.MAEU,
      container_number: container('SHP', n),
      hidden: extra.hidden ?? false,
      lifecycle_status: extra.lifecycle_status ?? 'active',
      client_code: extra.client_code ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('POST /api/tracking-requests/', () => {
  it('creates a container request, due for polling now, counted under the cap', async () => {
    const before = await company(t.companyId);
    const res = await create({
      carrier_id: carriers.MAEU,
      code_type: 'c_id',
      code_value: container('MSK', 1),
      client_code: ' PO-1 ',
      contractual_eta_pod: '2026-12-01',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      carrier: 'A.P. Moller - Maersk',
      carrier_id: carriers.MAEU,
      project: null,
      project_id: null,
      code_type: 'c_id',
      code_value: container('MSK', 1),
      client_code: 'PO-1',
      contractual_eta_pod: '2026-12-01',
      contractual_eta_dlv: null,
      status: 'new',
      status_verbose: 'New',
      shipments_count: 0,
      shipments_health: { ontrack: 0, delayed: 0, alerted: 0 },
      shipments: [],
      booking_bl_required_container: false,
      container_filter: [],
      archivable: false,
      cancellable: true,
      warnings: [],
      alerts: 0,
      last_update: null,
    });
    const row = await ctx.handle.db
      .selectFrom('tracking_requests')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(t.standard.id);
    expect(row.next_poll_at).not.toBeNull();
    expect(Math.abs(row.next_poll_at!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await company(t.companyId)).actual_tracking_requests).toBe(before.actual_tracking_requests + 1);
  });

  it("answers 'This field is required.' for carrier, code type and code value, all at once", async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      carrier_id: ['This field is required.'],
      code_type: ['This field is required.'],
      code_value: ['This field is required.'],
    });
    const blank = await create({ carrier_id: null, code_type: '', code_value: '  ' });
    expect(Object.keys(blank.json()).sort()).toEqual(['carrier_id', 'code_type', 'code_value']);
  });

  it('refuses an unknown carrier, an unknown code type and one the carrier does not support', async () => {
    const res = await create({ carrier_id: 999999, code_type: 'xx', code_value: 'ABC123' });
    expect(res.json()).toEqual({
      carrier_id: ['Invalid pk "999999" - object does not exist.'],
      code_type: ['"xx" is not a valid choice.'],
    });
    const ym = await create({ carrier_id: carriers.YMLU, code_type: 'b_id', code_value: 'BOOK12345' });
    expect(ym.statusCode).toBe(400);
    expect(ym.json()).toEqual({
      code_type: ['Yang Ming Marine Transport does not support tracking by Booking number.'],
    });
  });

  it("needs a container for b_id / m_bl when the carrier's note says so: 'Required input: Container.'", async () => {
    for (const [scac, codeType] of [
      ['EGLV', 'b_id'],
      ['EGLV', 'm_bl'],
      ['ZIMU', 'm_bl'],
    ] as const) {
      const res = await create({
        carrier_id: carriers[scac],
        code_type: codeType,
        code_value: `REF${scac}1`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ container: ['Required input: Container.'] });
    }
    const ok = await create({
      carrier_id: carriers.EGLV,
      code_type: 'b_id',
      code_value: 'EGLVBOOK1',
      container: container('EGH', 7),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      booking_bl_required_container: true,
      container_filter: [container('EGH', 7)],
    });
    // A container filter entry satisfies the rule too.
    const viaFilter = await create({
      carrier_id: carriers.ZIMU,
      code_type: 'm_bl',
      code_value: 'ZIMBL0001',
      container_filter: [container('ZIM', 1)],
    });
    expect(viaFilter.statusCode).toBe(201);
    // Container requests and carriers without the note do not need it.
    const maersk = await create({ carrier_id: carriers.MAEU, code_type: 'b_id', code_value: 'MAEUBOOK1' });
    expect(maersk.statusCode).toBe(201);
    expect(maersk.json().booking_bl_required_container).toBe(false);
  });

  it('checks container numbers: format message and ISO 6346 check digit', async () => {
    const res = await create({
      carrier_id: carriers.MAEU,
      code_type: 'b_id',
      code_value: 'MAEUBOOK2',
      container_filter: ['abcu1234567', 'ABCU12345', container('GOO', 3), wrongDigit('BAD', 4)],
    });
    expect(res.statusCode).toBe(400);
    const bad = wrongDigit('BAD', 4);
    expect(res.json()).toEqual({
      container_filter: [
        'Container numbers feature 4 uppercase letters followed by 7 digits.',
        `${bad} is not a valid container number: its check digit (the last digit) should be ${container('BAD', 4)[10]} (ISO 6346).`,
      ],
    });
    const code = await create({ carrier_id: carriers.MAEU, code_type: 'c_id', code_value: 'NOTACONTAINER' });
    expect(code.json()).toEqual({
      code_value: ['Container numbers feature 4 uppercase letters followed by 7 digits.'],
    });
    const digit = await create({
      carrier_id: carriers.MAEU,
      code_type: 'c_id',
      code_value: wrongDigit('CDX', 5),
    });
    expect(digit.json().code_value[0]).toMatch(/check digit/);
    const ref = await create({ carrier_id: carriers.MAEU, code_type: 'b_id', code_value: 'a b' });
    expect(ref.json()).toEqual({
      code_value: ['Enter a valid booking or B/L number: 3 to 35 letters, digits or hyphens.'],
    });
    const hyphen = await create({
      carrier_id: carriers.MAEU,
      code_type: 'b_id',
      code_value: 'MAEUBOOK3',
      container_filter: [
        `${container('HYP', 9).slice(0, 10)}-${container('HYP', 9)[10]}`,
        container('HYP', 9),
      ],
    });
    expect(hyphen.statusCode).toBe(201);
    expect(hyphen.json().container_filter).toEqual([container('HYP', 9)]);
  });

  it('checks dates, client code, project and duplicates', async () => {
    const res = await create({
      carrier_id: carriers.MAEU,
      code_type: 'b_id',
      code_value: 'MAEUBOOK4',
      contractual_eta_pod: '2026-02-30',
      contractual_eta_dlv: '01/02/2026',
      client_code: 'x'.repeat(101),
      project_id: 999999,
    });
    expect(res.json()).toEqual({
      contractual_eta_pod: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      contractual_eta_dlv: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      client_code: ['Ensure this field has no more than 100 characters.'],
      project_id: ['Invalid pk "999999" - object does not exist.'],
    });
    const otherProject = await ctx.handle.db
      .insertInto('projects')
      .values({ company_id: t.otherCompanyId, name: 'Theirs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await create({
      carrier_id: carriers.MAEU,
      code_type: 'b_id',
      code_value: 'X12345',
      project_id: otherProject.id,
    });
    expect(foreign.json()).toEqual({
      project_id: [`Invalid pk "${otherProject.id}" - object does not exist.`],
    });
    const first = await create({ carrier_id: carriers.MSCU, code_type: 'b_id', code_value: 'dupbook1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().code_value).toBe('DUPBOOK1');
    const dup = await create({ carrier_id: carriers.MSCU, code_type: 'b_id', code_value: 'DUPBOOK1' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({
      code_value: [
        `A tracking request for this carrier and Booking number already exists (id ${first.json().id}).`,
      ],
    });
  });

  it('limited users get 403 and nothing is created', async () => {
    const before = await countRequests(t.companyId);
    const res = await lim({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { carrier_id: carriers.MAEU, code_type: 'b_id', code_value: 'LIMITED1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await countRequests(t.companyId)).toBe(before);
  });

  it('enforces max_tracking_requests under concurrent creation', async () => {
    const c = await ctx.handle.db
      .insertInto('companies')
      .values({ name: `Capped ${Date.now()}`, max_tracking_requests: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { createUser } = await import('../../src/services/accounts');
    const username = `capped_${c.id}`;
    await createUser(ctx.handle.db, {
      username,
      password: 'pw-capped-123',
      companyId: c.id,
      roleId: 1,
      hashCost: 2 ** 10,
    });
    const capped = as(ctx.app, await login(ctx.app, username, 'pw-capped-123'));
    // One archived request does not count.
    await insertRequest({ companyId: c.id, code_value: 'OLDONE1', status: 'archived' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        capped({
          method: 'POST',
          url: '/api/tracking-requests/',
          payload: { carrier_id: carriers.MAEU, code_type: 'b_id', code_value: `CAP${i}BOOK` },
        }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(5);
    expect(refused[0].json()).toEqual({
      non_field_errors: [
        'Your company has reached its limit of 3 active tracking requests (3 in use). Archive or cancel some, or ask for a higher limit.',
      ],
    });
    expect(await countRequests(c.id)).toBe(4);
    expect((await company(c.id)).actual_tracking_requests).toBe(3);
    // Cancelling one (as the engine does) frees a place.
    await ctx.handle.db
      .updateTable('tracking_requests')
      .set({ status: 'cancelled' })
      .where('id', '=', created[0].json().id)
      .execute();
    expect((await company(c.id)).actual_tracking_requests).toBe(2);
    const again = await capped({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { carrier_id: carriers.MAEU, code_type: 'b_id', code_value: 'CAPAGAIN' },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('GET /api/tracking-requests/', () => {
  let lister: Caller;
  let listCompany: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const c = await ctx.handle.db
      .insertInto('companies')
      .values({ name: `Lists ${Date.now()}`, max_tracking_requests: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    listCompany = c.id;
    const { createUser } = await import('../../src/services/accounts');
    const username = `lister_${c.id}`;
    await createUser(ctx.handle.db, {
      username,
      password: 'pw-lister-123',
      companyId: c.id,
      roleId: 2,
      hashCost: 2 ** 10,
    });
    lister = as(ctx.app, await login(ctx.app, username, 'pw-lister-123'));
    ids.a = await insertRequest({
      companyId: c.id,
      code_value: 'ALPHA001',
      status: 'new',
      client_code: 'ZZ-CLIENT',
    });
    ids.b = await insertRequest({ companyId: c.id, scac: 'MSCU', code_value: 'BRAVO002', status: 'ongoing' });
    ids.c = await insertRequest({ companyId: c.id, scac: 'HLCU', code_value: 'CHARLIE3', status: 'invalid' });
    ids.d = await insertRequest({
      companyId: c.id,
      scac: 'HLCU',
      code_value: 'DELTA004',
      status: 'archived',
    });
    await ctx.handle.db
      .updateTable('tracking_requests')
      .set({ created_at: new Date('2026-01-10T10:00:00Z'), last_update: new Date('2026-02-01T08:00:00Z') })
      .where('id', '=', ids.a)
      .execute();
    await ctx.handle.db
      .updateTable('tracking_requests')
      .set({ created_at: new Date('2026-03-05T10:00:00Z') })
      .where('id', 'in', [ids.b, ids.c, ids.d])
      .execute();
    await insertShipment(ids.b, c.id, 101);
    await insertShipment(ids.b, c.id, 102, { hidden: true });
    const alerted = await insertShipment(ids.a, c.id, 103);
    await ctx.handle.db
      .insertInto('alert_events')
      .values({
        company_id: c.id,
        shipment_id: alerted,
        code: 901,
        details: JSON.stringify({ message: 'Rolled' }),
      })
      .execute();
    await ctx.handle.db
      .updateTable('user_profiles')
      .set({ attention_required_event_codes: JSON.stringify([901]) })
      .where('company_id', '=', c.id)
      .execute();
  });

  const list = async (query = '') => {
    const res = await lister({ method: 'GET', url: `/api/tracking-requests/${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const idsOf = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

  it("lists only the company's requests, newest first, with every field", async () => {
    const body = await list();
    expect(body.count).toBe(4);
    expect(idsOf(body)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    const b = body.results.find((r: { id: number }) => r.id === ids.b);
    expect(b).toMatchObject({
      carrier: 'Mediterranean Shipping Company',
      carrier_id: carriers.MSCU,
      shipments_count: 2,
      shipments_health: { ontrack: 1, delayed: 0, alerted: 0 },
      status_verbose: 'On going',
      cancellable: true,
      archivable: false,
    });
    expect(b.shipments).toHaveLength(2);
    const a = body.results.find((r: { id: number }) => r.id === ids.a);
    expect(a).toMatchObject({ shipments_health: { ontrack: 0, delayed: 0, alerted: 1 }, alerts: 1 });
    const c = body.results.find((r: { id: number }) => r.id === ids.c);
    expect(c).toMatchObject({ archivable: true, cancellable: false });
    expect(Object.keys(b).sort()).toEqual(
      [
        'alerts',
        'archivable',
        'booking_bl_required_container',
        'cancellable',
        'carrier',
        'carrier_id',
        'carrier_scac',
        'carrier_short_name',
        'client_code',
        'code_type',
        'code_type_verbose',
        'code_value',
        'container_filter',
        'contractual_eta_dlv',
        'contractual_eta_pod',
        'created_at',
        'id',
        'last_update',
        'modified_at',
        'project',
        'project_id',
        'shipments',
        'shipments_count',
        'shipments_health',
        'status',
        'status_verbose',
        'warnings',
      ].sort(),
    );
  });

  it('filters by search, status, health, carrier and dates', async () => {
    expect(idsOf(await list('?search=bravo'))).toEqual([ids.b]);
    expect(idsOf(await list('?search=zz-client'))).toEqual([ids.a]);
    expect(idsOf(await list('?search=hapag'))).toEqual([ids.d, ids.c]);
    expect(idsOf(await list(`?search=${container('SHP', 101)}`))).toEqual([ids.b]);
    expect(idsOf(await list('?status=new&status=invalid'))).toEqual([ids.c, ids.a]);
    expect(idsOf(await list('?shipments_health=alerted'))).toEqual([ids.a]);
    expect(idsOf(await list('?shipments_health=ontrack&shipments_health=alerted'))).toEqual([ids.b, ids.a]);
    expect(idsOf(await list(`?carrier_id=${carriers.HLCU}`))).toEqual([ids.d, ids.c]);
    expect(idsOf(await list('?created_at_before=2026-01-10'))).toEqual([ids.a]);
    expect(idsOf(await list('?created_at_after=2026-01-11'))).toEqual([ids.d, ids.c, ids.b]);
    expect(idsOf(await list('?last_update_after=2026-02-01&last_update_before=2026-02-01'))).toEqual([ids.a]);
  });

  it('orders on the displayed fields, both ways', async () => {
    expect(idsOf(await list('?ordering=code_value'))).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(idsOf(await list('?ordering=-code_value'))).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(idsOf(await list('?ordering=-shipments_count')).slice(0, 2)).toEqual([ids.b, ids.a]);
    expect(idsOf(await list('?ordering=carrier'))[0]).toBe(ids.a);
    expect(idsOf(await list('?ordering=status'))).toEqual([ids.d, ids.c, ids.a, ids.b]);
  });

  it('answers bad parameters clearly', async () => {
    const res = await lister({
      method: 'GET',
      url: '/api/tracking-requests/?status=done&shipments_health=bad&carrier_id=x&created_at_after=2026-13-01&ordering=secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: ['Select a valid choice. done is not one of the available choices.'],
      shipments_health: ['Select a valid choice. bad is not one of the available choices.'],
      carrier_id: ['Select a valid choice. x is not one of the available choices.'],
      created_at_after: ['Invalid date'],
      ordering: [
        'Invalid ordering field "secret". Use one of: id, status, code_type, code_value, client_code, project, ' +
          'project_id, carrier, carrier_id, shipments_count, contractual_eta_pod, contractual_eta_dlv, last_update, ' +
          'created_at, modified_at (prefix - for descending).',
      ],
    });
    expect((await lister({ method: 'GET', url: '/api/tracking-requests/?page=9' })).statusCode).toBe(404);
  });

  it('answers the detail and the shipments of a request, with exclude_hidden', async () => {
    const detail = await lister({ method: 'GET', url: `/api/tracking-requests/${ids.b}/` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: ids.b, code_value: 'BRAVO002', shipments_count: 2 });
    const all = (await lister({ method: 'GET', url: `/api/tracking-requests/${ids.b}/shipments/` })).json();
    expect(all.count).toBe(2);
    expect(all.results[0]).toMatchObject({
      tracking_request: ids.b,
      container_number: container('SHP', 101),
    });
    const visible = (
      await lister({ method: 'GET', url: `/api/tracking-requests/${ids.b}/shipments/?exclude_hidden=true` })
    ).json();
    expect(visible.count).toBe(1);
    expect(visible.results[0].hidden).toBe(false);
    const bad = await lister({
      method: 'GET',
      url: `/api/tracking-requests/${ids.b}/shipments/?exclude_hidden=maybe`,
    });
    expect(bad.json()).toEqual({ exclude_hidden: ['Must be a valid boolean.'] });
  });

  it("answers 404 for another company's ids on every call", async () => {
    const calls = [
      { method: 'GET', url: `/api/tracking-requests/${ids.b}/` },
      { method: 'GET', url: `/api/tracking-requests/${ids.b}/shipments/` },
      { method: 'PATCH', url: `/api/tracking-requests/${ids.b}/`, payload: { client_code: 'x' } },
      {
        method: 'POST',
        url: `/api/tracking-requests/${ids.b}/set_client_code/`,
        payload: { client_code: 'x' },
      },
      {
        method: 'POST',
        url: `/api/tracking-requests/${ids.b}/transition/`,
        payload: { status: 'pending_cancelling' },
      },
      { method: 'POST', url: `/api/tracking-requests/${ids.c}/retry/` },
    ] as const;
    for (const call of calls) {
      const res = await outsider({ ...call });
      expect([call.url, res.statusCode]).toEqual([call.url, 404]);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await outsider({ method: 'GET', url: '/api/tracking-requests/' })).json().results).toEqual([]);
  });

  it('exports the filtered list as XLSX and CSV with the chosen columns', async () => {
    // The lister is limited: export needs write permission like the Export List button.
    const refused = await lister({ method: 'GET', url: '/api/tracking-requests/export/' });
    expect(refused.statusCode).toBe(403);
    await ctx.handle.db
      .updateTable('user_profiles')
      .set({ role_id: 1 })
      .where('company_id', '=', listCompany)
      .execute();
    try {
      const xlsx = await lister({
        method: 'GET',
        url: '/api/tracking-requests/export/?status=new&status=ongoing&ordering=code_value',
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toBe('attachment; filename="tracking-requests.xlsx"');
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const values = wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
      expect(values.map((r) => r.slice(1, 5))).toEqual([
        ['Id', 'Status', 'Code type', 'Code value'],
        [ids.a, 'New', 'Booking number', 'ALPHA001'],
        [ids.b, 'On going', 'Booking number', 'BRAVO002'],
      ]);
      const csv = await lister({
        method: 'GET',
        url: '/api/tracking-requests/export/?format=csv&columns=code_value&columns=shipments_count&filename=mine&search=bravo',
      });
      expect(csv.headers['content-disposition']).toBe('attachment; filename="mine.csv"');
      expect(csv.body).toBe('\uFEFFCode value,Shipments\r\nBRAVO002,2\r\n');
      const bad = await lister({
        method: 'GET',
        url: '/api/tracking-requests/export/?columns=secret&status=x',
      });
      expect(bad.json()).toEqual({
        columns: ['"secret" is not a valid choice.'],
        status: ['Select a valid choice. x is not one of the available choices.'],
      });
    } finally {
      await ctx.handle.db
        .updateTable('user_profiles')
        .set({ role_id: 2 })
        .where('company_id', '=', listCompany)
        .execute();
    }
  });

  it('limited users get 403 on every write', async () => {
    const calls = [
      { method: 'PATCH', url: `/api/tracking-requests/${ids.a}/`, payload: { client_code: 'x' } },
      {
        method: 'POST',
        url: `/api/tracking-requests/${ids.a}/set_client_code/`,
        payload: { client_code: 'x' },
      },
      {
        method: 'POST',
        url: `/api/tracking-requests/${ids.a}/transition/`,
        payload: { status: 'pending_cancelling' },
      },
      { method: 'POST', url: `/api/tracking-requests/${ids.c}/retry/` },
    ] as const;
    for (const call of calls) {
      const res = await lister({ ...call });
      expect([call.url, res.statusCode]).toEqual([call.url, 403]);
    }
    const row = await ctx.handle.db
      .selectFrom('tracking_requests')
      .select(['client_code', 'status'])
      .where('id', '=', ids.a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_code: 'ZZ-CLIENT', status: 'new' });
  });
});

describe('changing a request', () => {
  it('PATCHes client_code, project_id and dates, copying project and client code to the shipments', async () => {
    const id = await insertRequest({
      companyId: t.companyId,
      code_value: 'PATCH001',
      status: 'ongoing',
      client_code: 'OLD',
    });
    const same = await insertShipment(id, t.companyId, 201, { client_code: 'OLD' });
    const own = await insertShipment(id, t.companyId, 202, { client_code: 'MINE' });
    const project = await ctx.handle.db
      .insertInto('projects')
      .values({ company_id: t.companyId, name: `P ${id}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${id}/`,
      payload: { project_id: project.id },
    });
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ project_id: project.id, project: `P ${id}` });
    const c = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${id}/`,
      payload: { client_code: 'NEW' },
    });
    expect(c.json().client_code).toBe('NEW');
    const d = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${id}/`,
      payload: { contractual_eta_dlv: '2026-05-06' },
    });
    expect(d.json().contractual_eta_dlv).toBe('2026-05-06');
    const shipments = await ctx.handle.db
      .selectFrom('shipments')
      .select(['id', 'client_code', 'project_id'])
      .where('tracking_request_id', '=', id)
      .orderBy('id')
      .execute();
    expect(shipments.map((s) => [Number(s.id), s.client_code, s.project_id])).toEqual([
      [same, 'NEW', project.id],
      [own, 'MINE', project.id],
    ]);
    const cleared = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${id}/`,
      payload: { project_id: null },
    });
    expect(cleared.json()).toMatchObject({ project_id: null, project: null });
  });

  it('refuses other fields, bad values and final statuses', async () => {
    const id = await insertRequest({ companyId: t.companyId, code_value: 'PATCH002' });
    const other = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${id}/`,
      payload: { code_value: 'X', status: 'archived', colour: 'red' },
    });
    expect(other.statusCode).toBe(400);
    // fields the request answers are read-only: ignored (plugins/read-only-fields.ts); others refused
    expect(other.json()).toEqual({ colour: ['This field cannot be changed.'] });
    const empty = await std({ method: 'PATCH', url: `/api/tracking-requests/${id}/`, payload: {} });
    expect(empty.json()).toEqual({ non_field_errors: ['Send the field to change.'] });
    const bad = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${id}/`,
      payload: { contractual_eta_pod: 'tomorrow', client_code: 5 },
    });
    expect(bad.json()).toEqual({
      contractual_eta_pod: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      client_code: ['Not a valid string.'],
    });
    const archived = await insertRequest({
      companyId: t.companyId,
      code_value: 'PATCH003',
      status: 'archived',
    });
    const late = await std({
      method: 'PATCH',
      url: `/api/tracking-requests/${archived}/`,
      payload: { client_code: 'x' },
    });
    expect(late.json()).toEqual({
      client_code: ['This field cannot be changed while the request is archived.'],
    });
  });

  it('set_client_code sets it (required field)', async () => {
    const id = await insertRequest({ companyId: t.companyId, code_value: 'SETCODE1' });
    const res = await std({
      method: 'POST',
      url: `/api/tracking-requests/${id}/set_client_code/`,
      payload: { client_code: 'C-9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().client_code).toBe('C-9');
    const missing = await std({
      method: 'POST',
      url: `/api/tracking-requests/${id}/set_client_code/`,
      payload: {},
    });
    expect(missing.json()).toEqual({ client_code: ['This field is required.'] });
  });
});

describe('transition and retry', () => {
  it('cancels a cancellable request and archives an archivable one, answering the status', async () => {
    const running = await insertRequest({
      companyId: t.companyId,
      code_value: 'TRANS001',
      status: 'ongoing',
    });
    await insertShipment(running, t.companyId, 301);
    const cancel = await std({
      method: 'POST',
      url: `/api/tracking-requests/${running}/transition/`,
      payload: { status: 'pending_cancelling' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ status: 'pending_cancelling' });
    const again = await std({
      method: 'POST',
      url: `/api/tracking-requests/${running}/transition/`,
      payload: { status: 'pending_archiving' },
    });
    expect(again.json()).toEqual({ status: ['A request that is pending cancelling cannot be archived.'] });

    const done = await insertRequest({ companyId: t.companyId, code_value: 'TRANS002', status: 'ongoing' });
    await insertShipment(done, t.companyId, 302, { lifecycle_status: 'completed' });
    const notCancellable = await std({
      method: 'POST',
      url: `/api/tracking-requests/${done}/transition/`,
      payload: { status: 'pending_cancelling' },
    });
    expect(notCancellable.json()).toEqual({
      status: ['This request cannot be cancelled: all its shipments have finished; archive it instead.'],
    });
    const archive = await std({
      method: 'POST',
      url: `/api/tracking-requests/${done}/transition/`,
      payload: { status: 'pending_archiving' },
    });
    expect(archive.json()).toEqual({ status: 'pending_archiving' });
    expect((await std({ method: 'GET', url: `/api/tracking-requests/${done}/` })).json().status).toBe(
      'pending_archiving',
    );
  });

  it('refuses other target statuses, archiving a running request and transitions from invalid', async () => {
    const id = await insertRequest({ companyId: t.companyId, code_value: 'TRANS003', status: 'new' });
    const bad = await std({
      method: 'POST',
      url: `/api/tracking-requests/${id}/transition/`,
      payload: { status: 'archived' },
    });
    expect(bad.json()).toEqual({ status: ['"archived" is not a valid choice.'] });
    const missing = await std({
      method: 'POST',
      url: `/api/tracking-requests/${id}/transition/`,
      payload: {},
    });
    expect(missing.json()).toEqual({ status: ['This field is required.'] });
    const early = await std({
      method: 'POST',
      url: `/api/tracking-requests/${id}/transition/`,
      payload: { status: 'pending_archiving' },
    });
    expect(early.json()).toEqual({
      status: ['This request cannot be archived yet: some of its shipments are still being tracked.'],
    });
    const invalid = await insertRequest({
      companyId: t.companyId,
      code_value: 'TRANS004',
      status: 'invalid',
    });
    const fromInvalid = await std({
      method: 'POST',
      url: `/api/tracking-requests/${invalid}/transition/`,
      payload: { status: 'pending_archiving' },
    });
    expect(fromInvalid.json()).toEqual({ status: ['A request that is invalid cannot be archived.'] });
  });

  it('retries only an invalid request, answering the new status', async () => {
    const id = await insertRequest({ companyId: t.companyId, code_value: 'RETRY001', status: 'invalid' });
    const before = (await company(t.companyId)).actual_tracking_requests;
    const res = await std({ method: 'POST', url: `/api/tracking-requests/${id}/retry/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'new' });
    expect((await company(t.companyId)).actual_tracking_requests).toBe(before + 1);
    const again = await std({ method: 'POST', url: `/api/tracking-requests/${id}/retry/` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: ['Only an invalid request can be retried; this one is new.'] });
  });
});
