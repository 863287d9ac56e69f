// Date filters at the edges of the supported calendar (1900-01-01 to 9998-12-31): a day in the year 9999 (whose
// next day, the end of an inclusive "before", has five year digits and made PostgreSQL fail: a 500), year 0 and
// years JavaScript reads as 19xx. Every BI metric (client and internal) and every other list that takes those
// filters answers the field's message ('Invalid date'), and still answers the first and last supported days.
import { INVALID_DATE } from '@portal/shared-api/domain';
import { METRICS } from '../../src/services/bi/catalogue';
import { startTestApp, seedTenant, signIn, type TestContext, type Caller } from '../helpers/app';

jest.setTimeout(120_000);

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await startTestApp({ logger: { level: 'error' } });
  const t = await seedTenant(ctx);
  await ctx.handle.db
    .updateTable('users')
    .set({ is_superuser: true })
    .where('id', '=', t.standard.id)
    .execute();
  admin = await signIn(ctx, t.standard);
});

afterAll(async () => {
  await ctx?.close();
});

/** Out of the supported calendar: each must be the field's message. */
const OUT_OF_RANGE = [
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '0099-01-01',
  '1899-12-31',
];

describe('BI metrics with dates out of range', () => {
  const cases = METRICS.flatMap((m) =>
    ['created_at_range_after', 'created_at_range_before'].flatMap((field) =>
      OUT_OF_RANGE.map((value) => [m.metric, field, value] as const),
    ),
  );
  it.each(cases)('%s ?%s=%s is a 400 with the field message', async (metric, field, value) => {
    const res = await admin({
      method: 'GET',
      url: `/api/bi/${metric}/?${field}=${encodeURIComponent(value)}`,
    });
    expect([res.statusCode, res.json()]).toEqual([400, { [field]: [INVALID_DATE] }]);
  });

  it.each(METRICS.map((m) => m.metric))('%s export with a date in 9999 is a 400', async (metric) => {
    const res = await admin({
      method: 'GET',
      url: `/api/bi/${metric}/export/?created_at_range_before=9999-12-31`,
    });
    expect([res.statusCode, res.json()]).toEqual([400, { created_at_range_before: [INVALID_DATE] }]);
  });

  it.each(METRICS.map((m) => m.metric))('%s still answers the last supported day', async (metric) => {
    const res = await admin({
      method: 'GET',
      url: `/api/bi/${metric}/?created_at_range_after=1900-01-01&created_at_range_before=9998-12-31`,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('other lists with date filters out of range', () => {
  const lists: [string, string][] = [
    ['/api/shipments/', 'eta_before'],
    ['/api/shipments/', 'created_at_after'],
    ['/api/shipments/coordinates/', 'atd_before'],
    ['/api/tracking-requests/', 'created_at_before'],
    ['/api/tracking-requests/', 'last_update_after'],
    ['/api/tracking-requests/export/', 'created_at_before'],
  ];
  const cases = [
    ...lists.flatMap(([url, field]) =>
      ['9999-12-31', '0000-01-01T00:00:00Z', '0099-01-01'].map((v) => [url, field, v] as const),
    ),
    // days only (yyyy-MM-dd)
    ...['9999-12-31', '0099-01-01', '1899-12-31'].map(
      (v) => ['/api/rejected-events/', 'received_before', v] as const,
    ),
  ];
  it.each(cases)('%s ?%s=%s is a 400 with the field message', async (url, field, value) => {
    const res = await admin({ method: 'GET', url: `${url}?${field}=${encodeURIComponent(value)}` });
    expect([res.statusCode, res.json()]).toEqual([400, { [field]: [INVALID_DATE] }]);
  });
});

describe('other lists at the edges of the supported calendar', () => {
  it.each([
    '/api/shipments/?created_at_after=1900-01-01&eta_before=9998-12-31',
    '/api/shipments/?eta_before=9998-12-31T23:59:59Z',
    '/api/tracking-requests/?created_at_after=1900-01-01&created_at_before=9998-12-31',
    '/api/rejected-events/?received_after=1900-01-01&received_before=9998-12-31',
  ])('%s answers 200', async (url) => {
    const res = await admin({ method: 'GET', url });
    expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
  });
});
