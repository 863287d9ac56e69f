// GET tracking-requests/export: the streamed xlsx (XlsxSheetWriter) read back with exceljs — headers, cell types and
// number formats, frozen header and autofilter, widths, the chosen columns in order, the list's rows in the list's
// order for the same filters over more than one cursor batch, Spanish headers and texts, bad columns, tenancy and
// the write permission; the CSV format unchanged.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { EXPORT_BATCH, MAX_EXPORT_ROWS } from '../../src/routes/tracking-requests/export';
import { seedTenant, login, as, carrierId, startTenantApp } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';

jest.setTimeout(120_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let lim: Caller;
let outsider: Caller;
let maersk: number;
/** Rows of the tenant's company: more than two cursor batches. */
const ROWS = 2 * EXPORT_BATCH + 150;
let withShipments: number;

const ES = { 'accept-language': 'es-ES,es;q=0.9' };

interface ListItem {
  id: number;
  status_verbose: string;
  code_value: string;
  client_code: string;
  shipments_count: number;
  contractual_eta_pod: string | null;
  last_update: string | null;
  created_at: string;
}

/** Every page of the list for `params` (page size 30), in order. */
async function listAll(params: string): Promise<ListItem[]> {
  const out: ListItem[] = [];
  for (let page = 1; ; page++) {
    const res = await std({ method: 'GET', url: `/api/tracking-requests/?${params}&page=${page}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    out.push(...body.results);
    if (!body.next) return out;
  }
}

async function sheetOf(res: { statusCode: number; rawPayload: Buffer; body: string }) {
  expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

/** The data rows' values (exceljs' 1-based row arrays without the empty first slot). */
function dataRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const values: unknown[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) values.push(row.getCell(c).value ?? null);
    rows.push(values);
  }
  return rows;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

beforeAll(async () => {
  ({ ctx, t, std, lim, outsider } = await startTenantApp({ maxTrackingRequests: 10_000 }));
  maersk = await carrierId(ctx, 'MAEU');
  // Statuses, contractual dates (a third empty), last updates (half empty) and created_at values that repeat, so
  // the ordering's ties and NULLS LAST are exercised.
  await sql`INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value, status, client_code,
      warnings, contractual_eta_pod, contractual_eta_dlv, last_update, booking_bl_required_container, created_at)
    SELECT ${t.companyId}, ${maersk}, 'b_id', 'TRX' || lpad(g::text, 6, '0'),
      (ARRAY['new', 'ongoing', 'new', 'invalid'])[g % 4 + 1],
      CASE WHEN g % 5 = 0 THEN '' ELSE 'CC-' || (g % 37) END, '[]'::jsonb,
      CASE WHEN g % 3 = 0 THEN NULL ELSE date '2026-01-01' + (g % 90) END,
      CASE WHEN g % 3 = 1 THEN date '2026-02-01' + (g % 40) END,
      CASE WHEN g % 2 = 0 THEN timestamptz '2026-11-01 08:30:00Z' + (g % 500) * interval '17 minutes 3 seconds' END,
      g % 2 = 0,
      timestamptz '2026-10-01 00:00:00Z' + (g % 700) * interval '1 hour'
    FROM generate_series(1, ${ROWS}) g`.execute(ctx.handle.db);
  // Another company's requests: never in this company's file.
  await sql`INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value, status, warnings)
    SELECT ${t.otherCompanyId}, ${maersk}, 'b_id', 'SECRET' || g, 'new', '[]'::jsonb
    FROM generate_series(1, 5) g`.execute(ctx.handle.db);
  withShipments = (
    await ctx.handle.db
      .selectFrom('tracking_requests')
      .select('id')
      .where('company_id', '=', t.companyId)
      .where('code_value', '=', 'TRX000001')
      .executeTakeFirstOrThrow()
  ).id;
  for (const n of [1, 2]) {
    const first = `TRXU${String(n).padStart(6, '0')}`;
    await ctx.handle.db
      .insertInto('shipments')
      .values({
        company_id: t.companyId,
        tracking_request_id: withShipments,
        carrier_id: maersk,
        container_number: `${first}${iso6346CheckDigit(first)}`,
      })
      .execute();
  }
});
afterAll(() => ctx.close());

describe('GET /api/tracking-requests/export/ (xlsx)', () => {
  it('streams the default columns with typed cells, a frozen bold header, an autofilter and widths', async () => {
    const res = await std({ method: 'GET', url: '/api/tracking-requests/export/?search=TRX000001' });
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="tracking-requests.xlsx"');
    const sheet = await sheetOf(res);
    expect(sheet.name).toBe('Tracking requests');
    expect(headerOf(sheet)).toEqual([
      'Id',
      'Status',
      'Code type',
      'Code value',
      'Client code',
      'Project',
      'Carrier',
      'Shipments',
      'Contractual ETA POD',
      'Contractual ETA DLV',
      'Created',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.autoFilter).toBe('A1:K1');
    for (let c = 1; c <= 11; c++) {
      expect(sheet.getRow(1).getCell(c).font?.bold).toBe(true);
      const header = sheet.getRow(1).getCell(c).text;
      expect(sheet.getColumn(c).width).toBeGreaterThanOrEqual(Math.max(10, header.length + 2));
    }
    expect(sheet.getColumn(11).width).toBeGreaterThanOrEqual(17); // 'yyyy-mm-dd hh:mm' fits
    // g = 1: ongoing, client code CC-1, contractual POD 2026-01-02, DLV 2026-02-02, created 2026-10-01 01:00Z
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(withShipments);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(2).value).toBe('On going');
    expect(row.getCell(3).value).toBe('Booking number');
    expect(row.getCell(4).value).toBe('TRX000001');
    expect(row.getCell(5).value).toBe('CC-1');
    expect(row.getCell(6).value).toBeNull();
    expect(row.getCell(7).value).toBe('A.P. Moller - Maersk');
    expect(row.getCell(8).value).toBe(2);
    expect(row.getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(9).value).toEqual(new Date('2026-01-02T00:00:00Z'));
    expect(row.getCell(9).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(10).value).toEqual(new Date('2026-02-02T00:00:00Z'));
    expect(row.getCell(10).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(11).value).toBeInstanceOf(Date);
    expect(
      Math.abs((row.getCell(11).value as Date).getTime() - Date.parse('2026-10-01T01:00:00Z')),
    ).toBeLessThan(1000);
    expect(row.getCell(11).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(res.headers['x-export-rows']).toBe('1');
  });

  it("has exactly the list's rows in the list's order for the same filters, over several batches", async () => {
    const cases = [
      'status=new&status=ongoing&ordering=contractual_eta_pod',
      'search=TRX0001&ordering=-last_update',
      'search=TRX0001', // the list's default order (-created_at, ties by id)
    ];
    for (const params of cases) {
      const list = await listAll(params);
      expect(list.length).toBeGreaterThan(params.startsWith('status') ? EXPORT_BATCH : 50);
      const res = await std({
        method: 'GET',
        url: `/api/tracking-requests/export/?${params}&columns=id&columns=code_value&columns=status&columns=client_code&columns=contractual_eta_pod&columns=last_update&columns=shipments_count`,
      });
      const sheet = await sheetOf(res);
      expect(res.headers['x-export-rows']).toBe(String(list.length));
      const rows = dataRows(sheet);
      expect(rows.length).toBe(list.length);
      const asCells = (r: ListItem) => [
        r.id,
        r.code_value,
        r.status_verbose,
        r.client_code === '' ? null : r.client_code,
        r.contractual_eta_pod ? new Date(`${r.contractual_eta_pod}T00:00:00Z`).toISOString() : null,
        r.last_update ? Math.round(Date.parse(r.last_update) / 1000) : null,
        r.shipments_count,
      ];
      const fromFile = (cells: unknown[]) => [
        cells[0],
        cells[1],
        cells[2],
        cells[3],
        cells[4] instanceof Date ? cells[4].toISOString() : cells[4],
        cells[5] instanceof Date ? Math.round(cells[5].getTime() / 1000) : cells[5],
        cells[6],
      ];
      expect(rows.map(fromFile)).toEqual(list.map(asCells));
    }
  });

  it('puts the chosen columns in the order asked, once each', async () => {
    const res = await std({
      method: 'GET',
      url:
        '/api/tracking-requests/export/?search=TRX000002&columns=last_update&columns=shipments_count' +
        '&columns=booking_bl_required_container&columns=modified_at&columns=last_update&columns=shipments_health' +
        '&columns=carrier_scac&columns=alerts',
    });
    const sheet = await sheetOf(res);
    expect(headerOf(sheet)).toEqual([
      'Last update',
      'Shipments',
      'Container required',
      'Modified',
      'On track / Later than expected / Attention required',
      'SCAC',
      'Alerts',
    ]);
    expect(sheet.autoFilter).toBe('A1:G1');
    const [row] = dataRows(sheet);
    // g = 2: last update 2026-11-01 08:30 + 2 × 17 min 3 s
    expect(row[0]).toEqual(new Date(Date.parse('2026-11-01T08:30:00Z') + 2 * (17 * 60 + 3) * 1000));
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row[1]).toBe(0);
    expect(row[2]).toBe('yes');
    expect(row[3]).toBeInstanceOf(Date);
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row[4]).toBe('0 / 0 / 0');
    expect(row[5]).toBe('MAEU');
    expect(row[6]).toBe(0);
    expect(sheet.getCell('G2').type).toBe(ExcelJS.ValueType.Number);
  });

  it('writes Spanish headers, sheet name and texts for lang=es or Accept-Language es', async () => {
    const url =
      '/api/tracking-requests/export/?search=TRX00000&ordering=code_value&columns=code_value&columns=status' +
      '&columns=code_type&columns=booking_bl_required_container&columns=contractual_eta_pod';
    for (const [query, headers] of [
      ['&lang=es', {}],
      ['', ES],
    ] as const) {
      const sheet = await sheetOf(await std({ method: 'GET', url: url + query, headers }));
      expect(sheet.name).toBe('Solicitudes de seguimiento');
      expect(headerOf(sheet)).toEqual([
        'Código',
        'Estado',
        'Tipo de código',
        'Contenedor obligatorio',
        'ETA contractual POD',
      ]);
      // TRX000001 … TRX000004: statuses ongoing, new, invalid, new (g % 4 + 1 of the array)
      expect(dataRows(sheet).slice(0, 4)).toEqual([
        ['TRX000001', 'En curso', 'Número de reserva', 'no', new Date('2026-01-02T00:00:00Z')],
        ['TRX000002', 'Nueva', 'Número de reserva', 'sí', new Date('2026-01-03T00:00:00Z')],
        ['TRX000003', 'No válida', 'Número de reserva', 'no', null],
        ['TRX000004', 'Nueva', 'Número de reserva', 'sí', new Date('2026-01-05T00:00:00Z')],
      ]);
    }
    // lang wins over Accept-Language
    const en = await sheetOf(await std({ method: 'GET', url: `${url}&lang=en`, headers: ES }));
    expect(en.name).toBe('Tracking requests');
    expect(headerOf(en)[1]).toBe('Status');
    expect(dataRows(en)[0][1]).toBe('On going');
  });

  it('refuses unknown columns with a 400 naming each, and no file', async () => {
    const res = await std({
      method: 'GET',
      url: '/api/tracking-requests/export/?columns=id&columns=secret&columns=__proto__&columns=toString',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      columns: [
        '"secret" is not a valid choice.',
        '"__proto__" is not a valid choice.',
        '"toString" is not a valid choice.',
      ],
    });
    const bad = await std({ method: 'GET', url: '/api/tracking-requests/export/?format=csv&columns=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ columns: ['"nope" is not a valid choice.'] });
  });

  it("never includes another company's requests, and needs write permission", async () => {
    const full = await std({ method: 'GET', url: '/api/tracking-requests/export/?columns=code_value' });
    const mine = dataRows(await sheetOf(full)).map((r) => r[0]);
    expect(mine.length).toBeGreaterThanOrEqual(ROWS);
    expect(mine.filter((v) => String(v).startsWith('SECRET'))).toEqual([]);
    const theirs = dataRows(
      await sheetOf(
        await outsider({
          method: 'GET',
          url: '/api/tracking-requests/export/?columns=code_value&ordering=code_value',
        }),
      ),
    ).map((r) => r[0]);
    expect(theirs).toEqual(['SECRET1', 'SECRET2', 'SECRET3', 'SECRET4', 'SECRET5']);
    const refused = await lim({ method: 'GET', url: '/api/tracking-requests/export/' });
    expect(refused.statusCode).toBe(403);
  });

  it('names the file from a sanitised filename', async () => {
    const res = await std({
      method: 'GET',
      url: `/api/tracking-requests/export/?search=TRX000001&columns=id&filename=${encodeURIComponent('my "list"/ñ')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my _list_.xlsx"');
    // nothing matching: the header row alone, still a whole workbook
    const empty = await sheetOf(
      await std({ method: 'GET', url: '/api/tracking-requests/export/?search=NO-SUCH-REQUEST&columns=id' }),
    );
    expect(empty.rowCount).toBe(1);
    expect(headerOf(empty)).toEqual(['Id']);
    expect(empty.autoFilter).toBe('A1:A1');
  });
});

describe('the row cap', () => {
  it('refuses more than 100,000 rows with a 400 and no file, in both formats', async () => {
    const big = await seedTenant(ctx, { maxTrackingRequests: 200_000 });
    const user = as(ctx.app, await login(ctx.app, big.standard.username, big.standard.password));
    await sql`INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value, status, warnings)
      SELECT ${big.companyId}, ${maersk}, 'b_id', 'CAP' || g, 'new', '[]'::jsonb
      FROM generate_series(1, ${MAX_EXPORT_ROWS + 1}) g`.execute(ctx.handle.db);
    try {
      for (const format of ['xlsx', 'csv']) {
        const res = await user({ method: 'GET', url: `/api/tracking-requests/export/?format=${format}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          non_field_errors: [
            `Too many tracking requests to export (${MAX_EXPORT_ROWS + 1}); narrow the filters (at most ${MAX_EXPORT_ROWS}).`,
          ],
        });
      }
      // one fewer (a filter) is exported whole
      const res = await user({ method: 'GET', url: '/api/tracking-requests/export/?search=CAP1&columns=id' });
      expect(res.statusCode).toBe(200);
    } finally {
      await ctx.handle.db.deleteFrom('tracking_requests').where('company_id', '=', big.companyId).execute();
    }
  });
});

describe('GET /api/tracking-requests/export/?format=csv', () => {
  it('keeps its text format: UTC minutes for instants, days as text', async () => {
    const res = await std({
      method: 'GET',
      url:
        '/api/tracking-requests/export/?format=csv&search=TRX000002&columns=code_value&columns=last_update' +
        '&columns=contractual_eta_pod&columns=shipments_count&lang=es',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(
      '\uFEFFCódigo,Última actualización,ETA contractual POD,Envíos\r\nTRX000002,2026-11-01 09:04,2026-01-03,0\r\n',
    );
  });
});
