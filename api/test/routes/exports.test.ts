// GET shipments/export_fields/ and GET shipments/export/: the field schema, the streamed xlsx against the list
// (same rows, same order, chosen columns), headers in both languages, bad input, permissions and tenancy.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { exportQuery, streamShipmentsXlsx } from '../../src/services/export/shipments-xlsx';
import { loadThresholds } from '../../src/services/health';
import { parseShipmentFilters, shipmentConditions } from '../../src/services/shipments/filters';
import { insertShipment as addShipment, startTenantApp, insertRequest } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { STATIC_FIELDS } from '../../src/services/export/fields';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let lim: Caller;
let outsider: Caller;
const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);
let requestId: number;
let polId: number;
let podId: number;

async function insertShipment(values: Record<string, unknown>, companyId = t.companyId): Promise<string> {
  return addShipment(ctx, { company_id: companyId, tracking_request_id: requestId, ...values });
}

async function readXlsx(body: Buffer): Promise<(string | number | boolean | Date | null)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: (string | number | boolean | Date | null)[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === undefined ? null : (v as string))));
  });
  return rows;
}

beforeAll(async () => {
  ({ ctx, t, std, lim, outsider } = await startTenantApp());
  const db = ctx.handle.db;
  const locs = await db
    .selectFrom('locations')
    .select(['id', 'locode'])
    .where('locode', 'in', ['ESVLC', 'CNSHA'])
    .execute();
  polId = locs.find((l) => l.locode === 'ESVLC')!.id;
  podId = locs.find((l) => l.locode === 'CNSHA')!.id;
  requestId = await insertRequest(ctx, { company_id: t.companyId, code_value: `EXP${t.companyId}` });
  const plan = days(10);
  // Five on time, two delayed by 3 days (days_of_delay default 1 -> delayed), one hidden; ETAs all different.
  for (let i = 0; i < 5; i++) {
    await insertShipment({
      container_number: `MSCU00000${i}${i}`,
      client_code: `C-${i}`,
      pol_loc_id: polId,
      pod_loc_id: podId,
      pod_vessel_arrival_planned_initial: plan,
      eta: new Date(plan.getTime() + i * 60_000),
      transit_time: 20 + i,
    });
  }
  for (let i = 0; i < 2; i++) {
    await insertShipment({
      container_number: `TGHU00000${i}${i}`,
      client_code: `=HYPERLINK("x")`,
      pod_vessel_arrival_planned_initial: plan,
      eta: new Date(plan.getTime() + 3 * DAY + i * 60_000),
    });
  }
  await insertShipment({ container_number: 'HLXU0000000', hidden: true });
  // The other company's shipment never shows.
  const otherRequest = (
    await db
      .insertInto('tracking_requests')
      .values({
        company_id: t.otherCompanyId,
        carrier_id: 1,
        code_type: 'b_id',
        code_value: `EXO${t.companyId}`,
        status: 'new',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await ctx.handle.db
    .insertInto('shipments')
    .values({
      company_id: t.otherCompanyId,
      tracking_request_id: otherRequest,
      carrier_id: 1,
      container_number: 'OTHU0000000',
    })
    .execute();
});

afterAll(async () => ctx?.close());

describe('GET shipments/export_fields/', () => {
  it('lists more than 200 fields grouped by section, each with en and es labels and a type', async () => {
    const res = await std({ method: 'GET', url: '/api/shipments/export_fields/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThan(200);
    const keys = body.sections.flatMap((s: { fields: { key: string }[] }) => s.fields.map((f) => f.key));
    expect(keys).toHaveLength(body.count);
    expect(new Set(keys).size).toBe(keys.length);
    for (const section of body.sections) {
      expect(section.label.en).toBeTruthy();
      expect(section.label.es).toBeTruthy();
      for (const f of section.fields) {
        expect(f.label.en).toBeTruthy();
        expect(f.label.es).toBeTruthy();
        expect(['string', 'integer', 'number', 'datetime', 'date', 'boolean']).toContain(f.type);
      }
    }
    expect(keys).toEqual(
      expect.arrayContaining(['container_number', 'pod_vessel_arrival_actual', 'leg5_vessel', 'health']),
    );
  });

  it("adds the company's custom-form fields", async () => {
    await ctx.handle.db
      .updateTable('companies')
      .set({
        attachment_schema_form: JSON.stringify({
          type: 'object',
          properties: { po: { type: 'string', title: 'PO number' } },
        }) as never,
      })
      .where('id', '=', t.companyId)
      .execute();
    const res = await std({ method: 'GET', url: '/api/shipments/export_fields/' });
    const section = res.json().sections.find((s: { key: string }) => s.key === 'custom_form');
    expect(section.fields).toEqual([
      { key: 'sf.po', label: { en: 'PO number', es: 'PO number' }, type: 'string' },
    ]);
    // The other company does not get them.
    const other = await outsider({ method: 'GET', url: '/api/shipments/export_fields/' });
    expect(other.json().sections.some((s: { key: string }) => s.key === 'custom_form')).toBe(false);
  });

  it('needs write permission', async () => {
    expect((await lim({ method: 'GET', url: '/api/shipments/export_fields/' })).statusCode).toBe(403);
  });
});

describe('GET shipments/export/', () => {
  const url = (qs: string) => `/api/shipments/export/?${qs}`;

  it('streams the list’s rows in the list’s order with the chosen columns, and names the file', async () => {
    const list = await std({ method: 'GET', url: '/api/shipments/?ordering=-eta' });
    const expected = list
      .json()
      .results.map((s: { id: string | number; container_number: string }) => [
        Number(s.id),
        s.container_number,
      ]);
    expect(expected).toHaveLength(7);
    const res = await std({
      method: 'GET',
      url: url('ordering=-eta&columns=id&columns=container_number&columns=eta&filename=My%20report&lang=en'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="My report.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Shipment id', 'Container', 'ETA']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual(expected);
    // Dates are real Excel dates.
    expect(rows[1][2]).toBeInstanceOf(Date);
  });

  it('applies the filters exactly as the list does (health, search, POL)', async () => {
    for (const qs of [
      'health=delayed',
      'health=ontrack&ordering=client_code',
      'search=TGHU',
      'pol_loc=ESVLC&ordering=eta',
      'exclude_hidden=false',
    ]) {
      const list = await std({ method: 'GET', url: `/api/shipments/?${qs}` });
      const ids = list.json().results.map((s: { id: string | number }) => Number(s.id));
      const res = await std({ method: 'GET', url: url(`${qs}&columns=id`) });
      expect(res.statusCode).toBe(200);
      const rows = await readXlsx(res.rawPayload);
      expect(rows.slice(1).map((r) => r[0])).toEqual(ids);
    }
  });

  it('writes headers in Spanish by default and in the language asked', async () => {
    const es = await readXlsx(
      (await std({ method: 'GET', url: url('columns=container_number&columns=pol_name') })).rawPayload,
    );
    expect(es[0]).toEqual(['Contenedor', 'POL']);
    const acceptEn = await std({
      method: 'GET',
      url: url('columns=container_number'),
      headers: { 'accept-language': 'en-GB,en;q=0.8' },
    });
    expect((await readXlsx(acceptEn.rawPayload))[0]).toEqual(['Container']);
  });

  it('keeps formula-like text as text, never as a formula', async () => {
    const res = await std({ method: 'GET', url: url('search=TGHU&columns=client_code') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0].getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("x")');
  });

  it("answers 400 {columns: ['Select columns to display']} with no column", async () => {
    const res = await std({ method: 'GET', url: url('health=delayed') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ columns: ['Select columns to display'] });
  });

  it('names every bad input at once: unknown column, bad date, letters in a day range', async () => {
    const res = await std({
      method: 'GET',
      url: url('columns=nope&columns=id&eta_before=2024-02-30&dta_min=abc'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      columns: ['"nope" is not a valid choice.'],
      eta_before: ['Invalid date'],
      dta_min: ['A valid integer is required.'],
    });
  });

  it('sanitises the file name', async () => {
    const res = await std({ method: 'GET', url: url('columns=id&filename=..%2F..%2Fetc%2Fpasswd%22%0D%0A') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.\- ]+\.xlsx"$/);
    expect(res.headers['content-disposition']).not.toContain('/');
  });

  it('refuses the limited user and never shows another company’s rows', async () => {
    expect((await lim({ method: 'GET', url: url('columns=id') })).statusCode).toBe(403);
    const res = await outsider({ method: 'GET', url: url('columns=container_number') });
    const rows = await readXlsx(res.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['OTHU0000000']);
  });

  it('exports every static field without error', async () => {
    const qs = STATIC_FIELDS.map((f) => `columns=${encodeURIComponent(f.key)}`).join('&');
    const res = await std({ method: 'GET', url: url(`${qs}&exclude_hidden=false`) });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toHaveLength(STATIC_FIELDS.length);
    expect(rows).toHaveLength(9);
  });

  it('reads the rows as JSON arrays with the same cells as reading them by columns, for every static field', async () => {
    const db = ctx.handle.db;
    await db
      .updateTable('tracking_requests')
      .set({ contractual_eta_pod: '2026-12-01' } as never)
      .where('id', '=', requestId)
      .execute();
    const thresholds = await loadThresholds(db, t.standard.id);
    const filters = parseShipmentFilters({ exclude_hidden: 'false', ordering: '-eta' });
    const query = exportQuery(
      t.companyId,
      thresholds,
      filters,
      shipmentConditions(filters, thresholds, new Date(), t.companyId),
      STATIC_FIELDS,
    );
    class Collector extends Writable {
      chunks: Buffer[] = [];
      _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
        this.chunks.push(chunk);
        done();
      }
    }
    const cells = async (q: typeof query) => {
      const out = new Collector();
      const rows = await streamShipmentsXlsx({ db, query: q, fields: STATIC_FIELDS, lang: 'es', out });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(out.chunks) as unknown as ArrayBuffer);
      const values: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) =>
        values.push(
          STATIC_FIELDS.map((f, i) => {
            const cell = row.getCell(i + 1);
            // fields computed from now() move between the two exports
            if (/^days_to_/.test(f.key)) return typeof cell.value;
            return [cell.value instanceof Date ? cell.value.toISOString() : cell.value, cell.numFmt ?? null];
          }),
        ),
      );
      return { rows, values };
    };
    const asArrays = await cells(query);
    // a query exportQuery did not make is read by its columns c0..cn
    const asColumns = await cells(sql`${query}`);
    expect(asArrays.rows).toBe(8);
    expect(asArrays.values).toEqual(asColumns.values);
    const eta = STATIC_FIELDS.findIndex((f) => f.key === 'eta');
    const contractual = STATIC_FIELDS.findIndex((f) => f.key === 'contractual_eta_pod');
    expect(
      asArrays.values.slice(1).filter((r) => r[eta] !== null && (r[eta] as unknown[])[0] !== null),
    ).not.toHaveLength(0);
    expect(asArrays.values[1][contractual]).toEqual(['2026-12-01T00:00:00.000Z', 'yyyy-mm-dd']);
  });
});
