// Export List holds exactly the list's rows, filter by filter: for every query parameter GET shipments/ takes
// (read from the OpenAPI document, so a new filter without a case here fails), the xlsx of GET shipments/export/
// has the same shipments in the same order as the list; and a template saved with those filters mails the same
// rows with each filter named on its "Filters:" line.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { createMailer, type Mailer } from '../../src/mail';
import { claimDueRuns, sendRun } from '../../src/reports/runs';
import { carrierId, insertRequest, insertShipment, portIds, startTenantApp } from '../helpers/app';
import type { Caller, Tenant, TestContext } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';

jest.setTimeout(120_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
const DAY = 86_400_000;
const now = Date.now();
const at = (days: number) => new Date(now + days * DAY);
const isoDay = (days: number) => at(days).toISOString().slice(0, 10);
const DATE_COLUMNS: Record<string, string> = {
  eta: 'eta',
  etd: 'etd',
  last_update: 'last_update',
  created_at: 'created_at',
  atd: 'atd',
  ata: 'ata',
  pol_departure: 'pol_vessel_departure_actual',
  pod_arrival: 'pod_vessel_arrival_actual',
};
const SHIPMENTS = 14;
let carriers: number[] = [];
const projects: number[] = [];
let allVisible: string[] = [];

type Query = Record<string, string | string[]>;
/** Parameters of GET shipments/ that choose no rows. */
const NOT_FILTERS = ['page', 'fields'];

const queryString = (q: Query) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  return params.toString();
};

async function listIds(q: Query): Promise<string[]> {
  const res = await std({ method: 'GET', url: `/api/shipments/?${queryString(q)}` });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.next).toBeNull(); // one page holds them all: the comparison is of whole lists
  return body.results.map((r: { id: number | string }) => String(r.id));
}

async function sheetIds(content: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const ids: string[] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) ids.push(String((row.values as unknown[])[1]));
  });
  return ids;
}

async function exportIds(q: Query): Promise<string[]> {
  const res = await std({
    method: 'GET',
    url: `/api/shipments/export/?${queryString({ ...q, columns: 'id' })}`,
  });
  expect(res.statusCode).toBe(200);
  return sheetIds(res.rawPayload);
}

/**
 * One case per filter; `narrows`: the filter keeps some shipments and leaves some out (so it is really applied).
 * Ids of carriers and projects are known once the data is seeded: `$carrierN` and `$projectN` stand for them.
 */
function cases(): { name: string; query: Query; narrows: boolean }[] {
  const out: { name: string; query: Query; narrows: boolean }[] = [
    { name: 'search', query: { search: 'FLT-1' }, narrows: true },
    { name: 'status', query: { status: ['ongoing'] }, narrows: true },
    { name: 'status (two)', query: { status: ['new', 'archived'] }, narrows: true },
    { name: 'health', query: { health: ['delayed'] }, narrows: true },
    { name: 'health (ontrack)', query: { health: 'ontrack' }, narrows: true },
    { name: 'carrier', query: { carrier: '$carrier0' }, narrows: true },
    { name: 'carrier (two)', query: { carrier: ['$carrier1', '$carrier2'] }, narrows: true },
    { name: 'project', query: { project: '$project0' }, narrows: true },
    { name: 'pol_loc', query: { pol_loc: 'ESVLC' }, narrows: true },
    { name: 'pod_loc', query: { pod_loc: 'SGSIN' }, narrows: true },
    { name: 'dtd_min', query: { dtd_min: '0' }, narrows: true },
    { name: 'dtd_max', query: { dtd_max: '-2' }, narrows: true },
    { name: 'dta_min', query: { dta_min: '3' }, narrows: true },
    { name: 'dta_max', query: { dta_max: '0' }, narrows: true },
    { name: 'dta', query: { dta: '2' }, narrows: true },
    { name: 'order_dta', query: { order_dta: 'true' }, narrows: false },
    { name: 'last_n_days', query: { last_n_days: '3' }, narrows: true },
    { name: 'exclude_hidden', query: { exclude_hidden: 'false' }, narrows: false },
    { name: 'free_time_ends_within', query: { free_time_ends_within: '2' }, narrows: true },
    { name: 'over_free_time', query: { over_free_time: 'true' }, narrows: true },
    { name: 'ordering (last free day)', query: { ordering: '-free_time_lfd' }, narrows: false },
    { name: 'ordering', query: { ordering: 'client_code' }, narrows: false },
    { name: 'ordering (two)', query: { ordering: ['-carrier', 'eta'] }, narrows: false },
    {
      name: 'several at once',
      query: { carrier: '$carrier0', status: ['new', 'ongoing'], eta_rel_min: '-5', order_dta: 'true' },
      narrows: true,
    },
  ];
  for (const field of Object.keys(DATE_COLUMNS)) {
    out.push(
      { name: `${field}_after`, query: { [`${field}_after`]: isoDay(1) }, narrows: true },
      { name: `${field}_before`, query: { [`${field}_before`]: isoDay(-1) }, narrows: true },
      { name: `${field}_rel_min`, query: { [`${field}_rel_min`]: '2' }, narrows: true },
      { name: `${field}_rel_max`, query: { [`${field}_rel_max`]: '-2' }, narrows: true },
    );
  }
  return out;
}

/** The case's query with the seeded ids in place of `$carrierN` / `$projectN`. */
function resolved(query: Query): Query {
  const one = (v: string) =>
    v.replace(/^\$(carrier|project)(\d)$/, (_m, kind: string, n: string) =>
      String((kind === 'carrier' ? carriers : projects)[Number(n)]),
    );
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(one) : one(v)]),
  );
}

beforeAll(async () => {
  let callers;
  ({ ctx, t, ...callers } = await startTenantApp());
  std = callers.std;
  const db = ctx.handle.db;
  carriers = [await carrierId(ctx, 'MAEU'), await carrierId(ctx, 'MSCU'), await carrierId(ctx, 'CMDU')];
  for (const name of ['North', 'South']) {
    const res = await std({ method: 'POST', url: '/api/projects/', payload: { name, subscribers: [] } });
    expect(res.statusCode).toBe(201);
    projects.push(res.json().id);
  }
  const ports = await portIds(ctx);
  const statuses = ['new', 'ongoing', 'archived'];
  const requests: number[] = [];
  for (const status of statuses) {
    requests.push(
      await insertRequest(ctx, { company_id: t.companyId, code_value: `FLT${status}${t.companyId}`, status }),
    );
  }
  for (let i = 0; i < SHIPMENTS; i++) {
    // Every attribute varies on its own rhythm, so each filter keeps a different part of the list.
    const values: Record<string, unknown> = {
      company_id: t.companyId,
      tracking_request_id: requests[Math.floor(i / 2) % 3],
      carrier_id: carriers[i % 3],
      project_id: [projects[0], projects[1], null][Math.floor(i / 4) % 3],
      container_number: `MSCU${String(1000000 + i).slice(1)}`,
      client_code: `FLT-${i}`,
      pol_loc_id: i % 2 ? ports.NLRTM : ports.ESVLC,
      pod_loc_id: i < 7 ? ports.CNSHA : ports.SGSIN,
      dtd: at(((i * 5) % SHIPMENTS) - 7),
      dta: at(((i * 3) % SHIPMENTS) - 6),
      hidden: i === SHIPMENTS - 1,
      // the running free-time clock's last free day: none for every third, else -4..4 days from today
      free_time_lfd: i % 3 === 0 ? null : isoDay((i % 9) - 4),
    };
    Object.keys(DATE_COLUMNS).forEach((field, k) => {
      // days from now in [-6, 7], a different permutation per field
      values[DATE_COLUMNS[field]] = at(((i * (2 * k + 3) + k) % SHIPMENTS) - 6);
    });
    // health: an arrival 3 days after the initial plan is 'delayed' with the default days_of_delay (1)
    values.pod_vessel_arrival_planned_initial = new Date(
      (values.ata as Date).getTime() - (i % 4 ? 0 : 3 * DAY),
    );
    await insertShipment(ctx, values as never);
  }
  // created_at and last_update are set by the database on insert: put them where the case needs them
  await sql`UPDATE shipments SET created_at = pol_vessel_departure_actual - interval '1 hour',
    last_update = atd + interval '2 hours' WHERE company_id = ${t.companyId}`.execute(db);
  allVisible = await listIds({});
  expect(allVisible).toHaveLength(SHIPMENTS - 1);
});

afterAll(async () => ctx?.close());

describe('the export holds the list’s rows for every filter of the list', () => {
  it('has a case for every query parameter of GET shipments/', () => {
    const doc = ctx.app.swagger() as {
      paths: Record<string, { get: { parameters: { in: string; name: string }[] } }>;
    };
    const params = doc.paths['/api/shipments/'].get.parameters
      // what is not a filter: the page, and which properties of each row the answer holds
      .filter((p) => p.in === 'query' && !NOT_FILTERS.includes(p.name))
      .map((p) => p.name);
    expect(params.length).toBeGreaterThan(40);
    const covered = new Set(cases().flatMap((c) => Object.keys(c.query)));
    expect(params.filter((p) => !covered.has(p))).toEqual([]);
  });

  it.each(cases().map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const query = resolved(c.query);
    const list = await listIds(query);
    if (c.narrows) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThan(allVisible.length);
    } else {
      expect(list.length).toBeGreaterThanOrEqual(allVisible.length);
    }
    expect(await exportIds(query)).toEqual(list);
  });
});

describe('a template mails the list’s rows and names its filters', () => {
  let smtp: Inbox;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'portal@test' });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.stop();
  });

  it('carrier, status and a date range: the attachment equals the list and the mail names each filter', async () => {
    const filters = {
      carrier: [String(carriers[0])],
      status: ['new', 'ongoing'],
      eta_rel_min: '-5',
      project: [String(projects[0])],
    };
    const created = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { name: 'Maersk only', send_email: 'daily', columns: ['id'], filters },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().filters).toEqual(filters);
    const templateId = created.json().id;
    // a schedule set days ago: today's period is the template's
    await sql`UPDATE export_templates SET schedule_since = now() - interval '3 days'
      WHERE id = ${templateId}`.execute(ctx.handle.db);
    await sql`UPDATE user_profiles SET email_language = 'en' WHERE id = ${t.standard.id}`.execute(
      ctx.handle.db,
    );
    const ids = await claimDueRuns(ctx.handle.db, new Date(), { hour: 0, portalUrl: 'http://portal.test' });
    const { rows } = await sql<{ id: string }>`SELECT id FROM report_runs
      WHERE template_id = ${templateId}`.execute(ctx.handle.db);
    expect(rows).toHaveLength(1);
    expect(ids).toContain(String(rows[0].id));
    const before = smtp.mails.length;
    expect(await sendRun(ctx.handle.db, mailer, String(rows[0].id), { hour: 0, portalUrl: 'http://p' })).toBe(
      'sent',
    );
    const until = Date.now() + 15_000;
    while (smtp.mails.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const mail: ParsedMail = smtp.mails[smtp.mails.length - 1];
    const list = await listIds(filters);
    expect(list.length).toBeGreaterThan(0);
    expect(await sheetIds(mail.attachments[0].content)).toEqual(list);
    expect(mail.text).not.toContain('Filters: none');
    expect(mail.text).toContain('Carrier');
    expect(mail.text).toContain('Maersk');
    expect(mail.text).toContain('Request status: New, Ongoing');
    expect(mail.text).toContain('Project');
    expect(mail.text).toContain('North');
    expect(mail.text).toContain('ETA from (days from today): -5');
  });
});
