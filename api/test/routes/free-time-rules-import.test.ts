// The free-time rules spreadsheet: the export is the template (header row, instructions in the user's language),
// the import is all or nothing (each bad row named with its column), a file that is not the template is refused
// with a clear message, and an exported file imported again leaves the rules as they were.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { carrierId, startTenantApp, type Caller, type TenantApp } from '../helpers/app';

jest.setTimeout(30_000);

let s: TenantApp;
const URL = '/api/free-time-rules/';
const HEADER = [
  'carrier',
  'pod_locode',
  'container_type',
  'mode',
  'demurrage_free_days',
  'detention_free_days',
  'combined_free_days',
  'day_count',
  'demurrage_start',
  'demurrage_stop',
  'detention_start',
  'demurrage_tiers',
  'detention_tiers',
  'combined_tiers',
  'currency',
];

beforeAll(async () => {
  s = await startTenantApp();
});
afterAll(() => s.ctx.close());

async function workbook(rows: Array<Array<string | number>>, header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rules');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'rules.xlsx') {
  const boundary = '----ft-rules-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (caller: Caller, file: Buffer, query = '', lang = 'en') =>
  caller({
    method: 'POST',
    url: `${URL}import/${query}`,
    ...multipart(file),
    headers: { ...multipart(file).headers, 'accept-language': lang },
  });

const rules = async () =>
  (await s.std({ method: 'GET', url: URL })).json().results as Array<Record<string, unknown>>;

// carrier, pod, type, mode, dem, det, comb, day_count, dem_start, dem_stop, det_start, dem_tiers, det_tiers, comb_tiers, currency
const GOOD: Array<Array<string | number>> = [
  ['', '', '', 'separate', 5, 7, '', 'calendar', '', '', '', '1-5: 75; 6+: 150', '1+: 40', '', 'EUR'],
  [
    'MAEU',
    'ESVLC',
    '40HC',
    'combined',
    '',
    '',
    14,
    'working',
    'next_day',
    '',
    '',
    '',
    '',
    '1-3: 50; 4+: 100',
    'USD',
  ],
];

describe('import', () => {
  it('creates the rules of a valid file in one go, and asks for a recompute', async () => {
    const before = await sql<{ at: Date }>`SELECT clock_timestamp() AS at`.execute(s.ctx.handle.db);
    const res = await upload(s.std, await workbook(GOOD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'upsert', created: 2, updated: 0, deleted: 0, total: 2 });
    const list = await rules();
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({
      carrier_id: await carrierId(s.ctx, 'MAEU'),
      pod_locode: 'ESVLC',
      mode: 'combined',
      combined_free_days: 14,
      day_count: 'working',
      demurrage_start: 'next_day',
      combined_tiers: [
        { from_day: 1, to_day: 3, rate: 50 },
        { from_day: 4, to_day: null, rate: 100 },
      ],
      currency: 'USD',
    });
    // Asked after the upload began. Whether it is done yet is not this file's to say: the queue is shared, and
    // another file's worker run (tracking/free-time/apply.test.ts runs until its own) may already have done it.
    const asked = await s.ctx.handle.db
      .selectFrom('free_time_recomputes')
      .select('requested_at')
      .where('company_id', '=', s.t.companyId)
      .executeTakeFirstOrThrow();
    expect(asked.requested_at.getTime()).toBeGreaterThanOrEqual(before.rows[0].at.getTime());
  });

  it('saves nothing when one row is bad, naming each bad row and column', async () => {
    const before = await rules();
    const bad = [
      ['', '', '', 'separate', 10, 10, '', '', '', '', '', '1-5: 80; 6+: 160', '', '', 'EUR'], // would change row 1
      [
        'XXXX',
        'ZZZZZ',
        '41XX',
        'separate',
        -2,
        400,
        '',
        'weekly',
        '',
        '',
        '',
        '1-5: 75; 4+: 90',
        '1-2 75',
        '',
        'EUX',
      ],
      ['', '', '', 'separate', 1, 1, '', '', '', '', '', '', '', '', 'EUR'],
    ];
    const res = await upload(s.std, await workbook(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['2 of 3 rows have errors; nothing was imported.'],
      'row 3': [
        'carrier: Unknown carrier "XXXX": use a SCAC (e.g. MAEU) or a carrier name.',
        'day_count: Not a valid value "weekly": use one of calendar, working.',
        'detention_tiers: Write the tiers as "1-5: 75; 6-10: 100; 11+: 150" (days over free time: rate per day).',
        'demurrage_free_days: Ensure this value is greater than or equal to 0.',
        'detention_free_days: Ensure this value is less than or equal to 365.',
        'demurrage_tiers: Tier 2: starts at day 4, but the previous tier ends at day 5 (the tiers overlap).',
        'currency: "EUX" is not an ISO 4217 currency code (e.g. EUR, USD).',
        'pod_locode: Unknown port "ZZZZZ": use the UN/LOCODE of a port (e.g. ESVLC).',
        'container_type: "41XX" is not a container type: use one of 20DV, 40DV, 40HC, 45HC, 20RF, 40RF, 20OT, 40OT, 20FR, 40FR, 20TK.',
      ],
      'row 4': ['Same carrier, port and container type as row 2.'],
    });
    expect(await rules()).toEqual(before);
  });

  it('writes the row errors in Spanish for a Spanish user', async () => {
    const res = await upload(
      s.std,
      await workbook([['', '', '', 'separate', 1, 1, '', '', '', '', '', '', '', '', 'EUX']]),
      '',
      'es',
    );
    expect(res.json()).toEqual({
      non_field_errors: ['1 de 1 filas tienen errores; no se ha importado nada.'],
      'row 2': ['currency: "EUX" no es un código de moneda ISO 4217 (p. ej., EUR, USD).'],
    });
  });

  it('refuses a file that is not the template, or not a workbook, with a clear message', async () => {
    const other = await upload(
      s.std,
      await workbook([['MAEU', 'c_id', 'MSCU1234565']], ['carrier', 'code_type', 'code_value']),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().file[0]).toMatch(
      /^This file is not the free-time rules template: .* Export the rules/,
    );
    const text = await upload(s.std, Buffer.from('carrier,pod_locode\nMAEU,ESVLC\n'));
    expect(text.json()).toEqual({
      file: ['The file is not an .xlsx workbook: export the rules, edit the file and upload it as .xlsx.'],
    });
    const empty = await upload(s.std, await workbook([]));
    expect(empty.json()).toEqual({ file: ['The file has no rules: fill in the rows under the header row.'] });
  });

  it('lets only managers import', async () => {
    for (const caller of [s.mate, s.lim]) {
      expect((await upload(caller, await workbook(GOOD))).statusCode).toBe(403);
    }
  });
});

describe('export', () => {
  it('is the template with the rules and instructions in the user language; importing it changes nothing', async () => {
    const before = await rules();
    const res = await s.mate({ method: 'GET', url: `${URL}export/`, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, help] = book.worksheets;
    expect(sheet.name).toBe('Reglas de tiempo libre');
    expect(help.name).toBe('Instrucciones');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.getRow(2).getCell(12).value).toBe('1-5: 75; 6+: 150');
    expect(help.getRow(2).getCell(2).text).toContain('cualquier naviera');

    const again = await upload(s.std, res.rawPayload, '?mode=replace');
    expect(again.json()).toEqual({ mode: 'replace', created: 0, updated: 2, deleted: 0, total: 2 });
    const after = await rules();
    const stable = (list: Array<Record<string, unknown>>) => list.map(({ modified_at: _m, ...rest }) => rest);
    expect(stable(after)).toEqual(stable(before));
  });

  it('replace deletes the rules missing from the file; company B never sees A', async () => {
    const res = await upload(s.std, await workbook([GOOD[1]]), '?mode=replace');
    expect(res.json()).toMatchObject({ created: 0, updated: 1, deleted: 1, total: 1 });
    const outsider = await s.outsider({ method: 'GET', url: `${URL}export/` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(outsider.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].actualRowCount).toBe(1);
  });
});
