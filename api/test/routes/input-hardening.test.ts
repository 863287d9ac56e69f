// The security review's findings on input: bounded input everywhere, database refusals as field errors, the
// XLSX decompression bomb, pagination links from configuration, CSV formula escaping, router errors in the API's
// shape, canonical ids, and Edit User for the write role only.
import { deflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { buildApp } from '../../src/app';
import { csvCell } from '../../src/lib/csv';
import { ErrorCollector } from '../../src/lib/errors';
import { databaseFieldErrors } from '../../src/plugins/errors';
import { checkJsonValue } from '../../src/plugins/input-limits';
import { checkZipDirectory } from '../../src/lib/xlsx-read';
import { createCompany, createUser } from '../../src/services/accounts';
import { as, login, seedTenant, startTestApp, TEST_HASH_COST, signIn } from '../helpers/app';
import type { Tenant, TestContext, Caller } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
});
afterAll(() => ctx.close());

describe('finding 2: linear checks', () => {
  it('ErrorCollector keeps each message once per field, in linear time', () => {
    const errors = new ErrorCollector();
    // 200,000 distinct messages: with a list search per add this is 2·10^10 comparisons.
    const started = process.hrtime.bigint();
    for (let i = 0; i < 200_000; i++) errors.add('users', `Invalid pk "${i}" - object does not exist.`);
    for (let i = 0; i < 1000; i++) errors.add('users', 'Invalid pk "7" - object does not exist.');
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(errors.errors.users).toHaveLength(200_000);
    // Not a timing test of the machine: quadratic would take minutes, linear takes well under a second.
    expect(ms).toBeLessThan(10_000);
  });

  it('container_filter: at most 200 containers, duplicates removed, a field error beyond', async () => {
    const res = await std({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: {
        carrier_id: 1,
        code_type: 'b_id',
        code_value: 'BOOKING1',
        container_filter: Array.from({ length: 1001 }, () => 'MSCU1234565'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().container_filter).toEqual(['Ensure this field has no more than 1000 elements.']);
    const list201 = await std({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: {
        carrier_id: 1,
        code_type: 'b_id',
        code_value: 'BOOKING1',
        container_filter: Array.from({ length: 201 }, () => 'MSCU1234565'),
      },
    });
    expect(list201.statusCode).toBe(400);
    expect(list201.json().container_filter).toEqual(['Ensure this field has no more than 200 elements.']);
  });

  it('any list over 1000 items is refused before a route checks it item by item', async () => {
    const res = await std({
      method: 'PATCH',
      url: `/api/user-profiles/${t.standard.id}/`,
      payload: { attention_required_event_codes: Array.from({ length: 20_000 }, (_, i) => i + 1) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      attention_required_event_codes: ['Ensure this field has no more than 1000 elements.'],
    });
  });
});

describe('finding 7: bounded input, database refusals as field errors', () => {
  it('a NUL byte in a text is a field error, not a 500', async () => {
    const res = await std({
      method: 'PATCH',
      url: '/api/rest-auth/user/',
      payload: { first_name: 'A\u0000B' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
    const query = await std({ method: 'GET', url: '/api/tracking-requests/?search=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ search: ['Null characters are not allowed.'] });
  });

  it('integers beyond int4 are refused, so nothing unreadable is stored', async () => {
    const res = await std({
      method: 'PATCH',
      url: `/api/user-profiles/${t.standard.id}/`,
      payload: { attention_required_event_codes: [2147483648] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      attention_required_event_codes: ['Ensure this value is less than or equal to 2147483647.'],
    });
    expect((await std({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(200);
  });

  it('relative day filters stay within a century', async () => {
    const res = await std({ method: 'GET', url: '/api/shipments/?eta_rel_min=-9999999&dta=9999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      eta_rel_min: ['Ensure this value is greater than or equal to -36500.'],
      dta: ['Ensure this value is less than or equal to 36500.'],
    });
  });

  it('JSON nested 10,000 deep is refused with a field error (20 levels at most)', async () => {
    // Written as text: JSON.stringify itself cannot nest that deep.
    const deep = `${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}`;
    const res = await std({
      method: 'POST',
      url: '/api/shipments/1/attachment/',
      payload: `{"sf_data":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ sf_data: ['Ensure this value is nested no more than 20 levels deep.'] });
    const errors = new ErrorCollector();
    checkJsonValue({ ok: [[[{ fine: 1 }]]] }, errors);
    expect(errors.empty).toBe(true);
  });

  it('maps database constraint violations to 400 field errors', async () => {
    // A route of a test app that writes without checking first, as two concurrent creates would.
    const app = await buildApp({ db: ctx.handle.db, passwordHashCost: TEST_HASH_COST });
    app.post('/dup', async () => {
      await sql`INSERT INTO users (username, password) VALUES (${t.standard.username}, 'x')`.execute(
        ctx.handle.db,
      );
      return {};
    });
    app.post('/fk', async () => {
      await sql`INSERT INTO user_profiles (id, company_id) VALUES (${t.standard.id + 100000}, 1)`.execute(
        ctx.handle.db,
      );
      return {};
    });
    app.post('/check', async () => {
      await sql`UPDATE user_profiles SET days_of_delay = 0 WHERE id = ${t.standard.id}`.execute(
        ctx.handle.db,
      );
      return {};
    });
    app.post('/range', async () => {
      await sql`SELECT ${'99999999999'}::int4`.execute(ctx.handle.db);
      return {};
    });
    await app.ready();
    try {
      const dup = await app.inject({ method: 'POST', url: '/dup' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toEqual({ username: ['An object with this value already exists.'] });
      const fk = await app.inject({ method: 'POST', url: '/fk' });
      expect(fk.statusCode).toBe(400);
      expect(fk.json()).toEqual({ id: [`Invalid pk "${t.standard.id + 100000}" - object does not exist.`] });
      const check = await app.inject({ method: 'POST', url: '/check' });
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual({ days_of_delay: ['Invalid value.'] });
      const range = await app.inject({ method: 'POST', url: '/range' });
      expect(range.statusCode).toBe(400);
      expect(range.json()).toEqual({ non_field_errors: ['A number is out of range.'] });
    } finally {
      await app.close();
    }
    expect(databaseFieldErrors({ code: 'ECONNRESET' })).toBeNull();
  });
});

/** A zip of one stored-deflate entry, written by hand (declared sizes are the true ones). */
function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const compressed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

function uploadFile(content: Buffer, name: string) {
  const boundary = '----hardening';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return std({
    method: 'PUT',
    url: '/api/upload/bulk-import-tracking-requests/bulk',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('finding 4: XLSX decompression bomb', () => {
  it('a small upload that would inflate to 100 MB is refused before anything is inflated', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(100 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => checkZipDirectory(bomb)).toThrow('tooLarge');
    const res = await uploadFile(bomb, 'bomb.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toMatch(/^The workbook is too large once unpacked/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('a zip of thousands of entries is refused', () => {
    const many = zipOf(
      Array.from({ length: 500 }, (_, i) => ({ name: `f${i}.xml`, data: Buffer.from('x') })),
    );
    expect(() => checkZipDirectory(many)).toThrow('tooLarge');
  });

  it('a sheet of 21,000 rows stops being read at the row limit', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Tracking requests');
    sheet.addRow(['carrier', 'code_type', 'code_value']);
    for (let i = 0; i < 21_000; i++) sheet.addRow(['MAEU', 'b_id', `B${i}`]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await uploadFile(file, 'rows.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      file: ['The file has more than 20000 rows; at most 20000 can be imported at once.'],
    });
  });
});

describe('finding 8: pagination links', () => {
  it('are built on PUBLIC_URL, never on the Host header', async () => {
    // A company of 31 users: two pages of profiles.
    const companyId = await createCompany(ctx.handle.db, { name: `Paged ${t.companyId}` });
    await sql`
      WITH u AS (
        INSERT INTO users (username, password)
        SELECT 'paged-' || ${companyId} || '-' || g, 'x' FROM generate_series(1, 30) g RETURNING id)
      INSERT INTO user_profiles (id, company_id) SELECT id, ${companyId} FROM u`.execute(ctx.handle.db);
    const username = `paged-login-${companyId}`;
    await createUser(ctx.handle.db, {
      username,
      password: 'pw-paged-1',
      companyId,
      roleId: 1,
      hashCost: TEST_HASH_COST,
    });
    const app = await buildApp({
      db: ctx.handle.db,
      passwordHashCost: TEST_HASH_COST,
      publicUrl: 'https://portal.example.com/',
    });
    await app.ready();
    try {
      const token = await login(app, username, 'pw-paged-1');
      const res = await app.inject({
        method: 'GET',
        url: '/api/user-profiles/',
        headers: {
          authorization: `Token ${token}`,
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(31);
      expect(res.json().next).toBe('https://portal.example.com/api/user-profiles/?page=2');
      const second = await app.inject({
        method: 'GET',
        url: '/api/user-profiles/?page=2',
        headers: { authorization: `Token ${token}`, host: 'evil.example' },
      });
      expect(second.json().previous).toBe('https://portal.example.com/api/user-profiles/');
    } finally {
      await app.close();
    }
  });

  it('behind an untrusted client, X-Forwarded-Host is not believed', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-codes/',
      remoteAddress: '10.99.0.1',
      headers: { 'x-forwarded-host': 'evil.example', authorization: (await tokenHeader()).authorization },
    });
    expect(res.body).not.toContain('evil.example');
  });
});

async function tokenHeader() {
  return { authorization: `Token ${await login(ctx.app, t.standard.username, t.standard.password)}` };
}

describe('finding 9: CSV formula escaping', () => {
  it('escapes cells that a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('MSCU1234565')).toBe('MSCU1234565');
    expect(csvCell(null)).toBe('');
  });

  it('the tracking request CSV export escapes a client code', async () => {
    const created = await std({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { carrier_id: 1, code_type: 'c_id', code_value: 'MSCU1234566', client_code: '=1+2' },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    const res = await std({
      method: 'GET',
      url: '/api/tracking-requests/export/?format=csv&columns=client_code',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"'=1+2"`);
    expect(res.body).not.toMatch(/(^|,|\n)=1\+2/);
  });
});

describe('finding 10', () => {
  it('router errors come in the API error shape', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/%E0%A4%A/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'Malformed URL.' });
    const long = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${'9'.repeat(200)}/` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'URL too long.' });
  });

  it('an id with leading zeros, a sign or spaces is not the same object (404)', async () => {
    const url = (id: string) => `/api/user-profiles/${id}/`;
    expect((await std({ method: 'GET', url: url(String(t.standard.id)) })).statusCode).toBe(200);
    for (const id of [`0${t.standard.id}`, `%20${t.standard.id}`, `+${t.standard.id}`, '99999999999']) {
      const res = await std({ method: 'GET', url: url(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('CORS: no wildcard; only the configured origins', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/token/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the limited user cannot change its own first and last name (Edit User needs write permission)', async () => {
    const lim = as(ctx.app, await login(ctx.app, t.limited.username, t.limited.password));
    const res = await lim({
      method: 'PATCH',
      url: '/api/rest-auth/user/',
      payload: { first_name: 'Changed' },
    });
    expect(res.statusCode).toBe(403);
    const stored = await ctx.handle.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', t.limited.id)
      .executeTakeFirstOrThrow();
    expect(stored.first_name).toBe('First');
    expect((await lim({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(200);
  });
});
