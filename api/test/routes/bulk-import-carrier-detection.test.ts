// Bulk upload with empty carrier cells: filled from the number when exactly one carrier matches (the
// company's overrides included) and reported row by row; a row whose number names none or several refuses the
// file (all or nothing) with the carrier message on that row. The template says the carrier may be left empty.
import ExcelJS from 'exceljs';
import { iso6346CheckDigit } from '../../src/tracking/containers';
import {
  carrierId,
  countRequests,
  startTenantApp,
  type Caller,
  type TestContext,
  type Tenant,
} from '../helpers/app';

jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;

const URL_BULK = '/api/upload/bulk-import-tracking-requests/bulk';
const HEADER = 'carrier,code_type,code_value';
const container = (owner: string, n: number) => {
  const first = `${owner}${String(n).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};

function upload(csv: string) {
  const boundary = '----portal-test-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return std({
    method: 'PUT',
    url: URL_BULK,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

beforeAll(async () => {
  ({ ctx, t, std } = await startTenantApp({ maxTrackingRequests: 100 }));
});
afterAll(() => ctx.close());

it('fills empty carrier cells from the number and says which rows were filled', async () => {
  const hapag = await carrierId(ctx, 'HLCU');
  await ctx.handle.db
    .insertInto('carrier_prefix_overrides')
    .values({ company_id: t.companyId, kind: 'container', prefix: 'GESU', carrier_id: hapag })
    .execute();
  const rows = [
    HEADER,
    `,c_id,${container('MSKU', 401)}`,
    `MSCU,c_id,${container('MSCU', 402)}`,
    `,m_bl,MEDUAB1234567`,
    `,c_id,${container('GESU', 403)}`,
  ];
  const res = await upload(rows.join('\r\n'));
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({
    imported: 4,
    carriers_filled: [
      { row: 2, carrier: 'MAEU' },
      { row: 4, carrier: 'MSCU' },
      { row: 5, carrier: 'HLCU' },
    ],
  });
  const made = await ctx.handle.db
    .selectFrom('tracking_requests as r')
    .innerJoin('carriers as c', 'c.id', 'r.carrier_id')
    .select(['r.code_value', 'c.scac'])
    .where('r.id', 'in', res.json().ids as number[])
    .orderBy('r.id')
    .execute();
  expect(made.map((r) => r.scac)).toEqual(['MAEU', 'MSCU', 'MSCU', 'HLCU']);
});

it('refuses the whole file when an empty carrier cell cannot be filled, saying why on its row', async () => {
  const before = await countRequests(ctx, t.companyId);
  const res = await upload(
    [HEADER, `,c_id,${container('MSKU', 404)}`, `,c_id,${container('TGHU', 405)}`].join('\n'),
  );
  expect(res.statusCode).toBe(400);
  expect(res.json()['row 3']).toEqual(['carrier: No carrier recognised from this number: pick one.']);
  expect(res.json()['row 2']).toBeUndefined();
  expect(await countRequests(ctx, t.companyId)).toBe(before);
});

it('has a template that says the carrier may be left empty, not that it is required', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/upload/bulk-import-tracking-requests/template',
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const help = new Map<string, string>();
  wb.getWorksheet('Instructions')?.eachRow((row) => help.set(row.getCell(1).text, row.getCell(2).text));
  expect(help.get('carrier')).toMatch(/may be left empty when the number names the carrier/i);
  expect(help.get('carrier')).not.toMatch(/required/i);
  // The columns that stay required still say so.
  expect(help.get('code_value')).toMatch(/^Required\./);
});
