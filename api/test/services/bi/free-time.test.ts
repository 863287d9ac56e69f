// BI demurrage_detention_cost: the cost and days over free time of clocks built by the engine's own code, summed
// per month, carrier, POD and currency (never euros with dollars), for the caller's company only, hidden
// shipments left out, the page's carrier filter applied; the answer matches the OpenAPI document and exports.
import ExcelJS from 'exceljs';
import { Value } from '@sinclair/typebox/value';
import { BiMetricResultSchema } from '../../../src/routes/bi/schema';
import { addDays } from '../../../src/tracking/free-time/dates';
import { todayUtc } from '../../../src/tracking/free-time/view';
import { insertRequest, portIds, seedTenant, signIn, startTestApp } from '../../helpers/app';
import type { Caller, Tenant, TestContext } from '../../helpers/app';
import { insertFreeTimeShipment, insertRule, type FreeTimeShipment } from '../../helpers/free-time';

jest.setTimeout(90_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let outsider: Caller;
const today = todayUtc();
const month = (daysFromToday: number) => addDays(today, daysFromToday).slice(0, 7);
const URL = '/api/bi/demurrage_detention_cost/';

type Row = Record<string, string | number | null>;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  [std, outsider] = await Promise.all([signIn(ctx, t.standard), signIn(ctx, t.outsider)]);
  const ports = await portIds(ctx, ['ESVLC', 'NLRTM']);
  // Maersk (1): 5 free days of demurrage (days 1–3 over at 100, then 200), 7 of detention (50 a day), in euros.
  const eur = await insertRule(ctx, {
    company_id: t.companyId,
    mode: 'separate',
    currency: 'EUR',
    demurrage_free_days: 5,
    detention_free_days: 7,
    demurrage_tiers: [
      { from_day: 1, to_day: 3, rate: 100 },
      { from_day: 4, to_day: null, rate: 200 },
    ],
    detention_tiers: [{ from_day: 1, to_day: null, rate: 50 }],
  });
  // MSC (2): one combined free time of 10 days, 80 dollars a day over.
  const usd = await insertRule(ctx, {
    company_id: t.companyId,
    carrier_id: 2,
    mode: 'combined',
    currency: 'USD',
    combined_free_days: 10,
    combined_tiers: [{ from_day: 1, to_day: null, rate: 80 }],
  });
  const other = await insertRule(ctx, {
    ...{ company_id: t.otherCompanyId },
    mode: 'combined',
    currency: 'EUR',
    combined_free_days: 1,
    combined_tiers: [{ from_day: 1, to_day: null, rate: 1000 }],
  });
  const request = await insertRequest(ctx, {
    company_id: t.companyId,
    code_value: 'BKFT1',
    status: 'ongoing',
  });
  const otherRequest = await insertRequest(ctx, {
    company_id: t.otherCompanyId,
    code_value: 'BKFT2',
    status: 'ongoing',
  });
  const vlc = { pod_loc_id: ports.ESVLC, pod_locode: 'ESVLC' };
  const base = { company_id: t.companyId, tracking_request_id: request, carrier_id: 1, rule: eur, ...vlc };
  const shipments: FreeTimeShipment[] = [
    // demurrage D-20..D-16 free, gate-out D-10: 6 days over = 3×100 + 3×200; detention D-10..D-4 free, back D-2:
    // 2 days over = 100
    { ...base, container_number: 'FTAU0000001', discharge: -20, gateOut: -10, emptyReturn: -2 },
    // discharged D-8, still in the terminal: 4 days over = 3×100 + 200 (running, up to today)
    { ...base, container_number: 'FTAU0000002', discharge: -8 },
    // inside its free time: not listed
    { ...base, container_number: 'FTAU0000003', discharge: -2 },
    // hidden: not listed
    { ...base, container_number: 'FTAU0000004', discharge: -30, hidden: true },
    // MSC at Rotterdam, combined D-15..D-6 free: 6 days over = 480 dollars
    {
      ...base,
      carrier_id: 2,
      rule: usd,
      pod_loc_id: ports.NLRTM,
      pod_locode: 'NLRTM',
      container_number: 'FTAU0000005',
      discharge: -15,
    },
    // no rule, a last free day the carrier sent (D-3): 3 days over, no cost and no currency
    { ...base, rule: null, container_number: 'FTAU0000006', discharge: -10, carrierDemurrageLfd: -3 },
    // another company's container, far over: never in this company's numbers
    {
      ...base,
      company_id: t.otherCompanyId,
      tracking_request_id: otherRequest,
      rule: other,
      container_number: 'FTAU0000007',
      discharge: -40,
    },
  ];
  for (const s of shipments) await insertFreeTimeShipment(ctx, s, today);
});

afterAll(async () => {
  await ctx?.close();
});

const page = async (caller: Caller, query = '') => {
  const res = await caller({ method: 'GET', url: `${URL}${query}`, headers: { 'accept-language': 'en' } });
  expect(res.statusCode).toBe(200);
  return res.json<{
    kind: string;
    count: number;
    results: Row[];
    columns: { key: string; type: string }[];
  }>();
};

/** The rows' sums per currency (a row never holds two). */
function byCurrency(rows: Row[]) {
  const out: Record<
    string,
    { demurrage: number; detention: number; total: number; days: number; n: number }
  > = {};
  for (const r of rows) {
    const key = String(r.currency);
    out[key] ??= { demurrage: 0, detention: 0, total: 0, days: 0, n: 0 };
    out[key].demurrage += Number(r.demurrage);
    out[key].detention += Number(r.detention);
    out[key].total += Number(r.total);
    out[key].days += Number(r.days_over);
    out[key].n += Number(r.containers);
  }
  return out;
}

describe('demurrage and detention cost', () => {
  it('sums cost and days over per month, carrier, POD and currency for the caller’s company', async () => {
    const body = await page(std);
    expect([...Value.Errors(BiMetricResultSchema, body)]).toEqual([]);
    expect(body.kind).toBe('table');
    expect(body.columns.filter((c) => c.type === 'money').map((c) => c.key)).toEqual([
      'demurrage',
      'detention',
      'total',
    ]);
    const sums = byCurrency(body.results);
    expect(Object.keys(sums).sort()).toEqual(['EUR', 'USD', 'null']);
    // container 1 counts in the month of each of its clocks (twice when they fall in one month)
    expect(sums.EUR).toMatchObject({ demurrage: 900 + 500, detention: 100, total: 1500, days: 6 + 2 + 4 });
    expect(sums.USD).toEqual({ demurrage: 480, detention: 0, total: 480, days: 6, n: 1 });
    expect(sums.null).toEqual({ demurrage: 0, detention: 0, total: 0, days: 3, n: 1 });
    const usd = body.results.find((r) => r.currency === 'USD')!;
    expect(usd).toMatchObject({ carrier: 'MSC', pod: 'NLRTM', month: month(-5), containers: 1 });
    // the detention of container 1 lands in the month of its first charged day (D-3)
    const detention = body.results.find((r) => r.currency === 'EUR' && Number(r.detention) > 0)!;
    expect(detention).toMatchObject({ carrier: 'Maersk', pod: 'ESVLC', month: month(-3) });
    // most recent month first
    const months = body.results.map((r) => String(r.month));
    expect(months).toEqual([...months].sort().reverse());
    expect(body.count).toBe(body.results.length);
    // pages of 30: the next page is empty, with the same count
    const next = await page(std, '?page=1');
    expect(next).toMatchObject({ count: body.count, results: [] });
  });

  it('applies the carrier filter, and another company sees only its own containers', async () => {
    const msc = await page(std, '?carrier=2');
    expect(msc.results.map((r) => r.currency)).toEqual(['USD']);
    const theirs = await page(outsider);
    expect(theirs.results).toHaveLength(1);
    // one free day, D-40, still in the terminal: 40 days over at 1,000
    expect(theirs.results[0]).toMatchObject({ currency: 'EUR', days_over: 40, total: 40_000 });
  });

  it('exports the rows with the amounts as numbers', async () => {
    const res = await std({ method: 'GET', url: `${URL}export/?lang=es&columns=currency&columns=total` });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Moneda', 'Total']);
    const totals = new Map<string, number>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const [, currency, total] = row.values as [unknown, string | undefined, number];
      const key = currency ?? '';
      totals.set(key, (totals.get(key) ?? 0) + total);
    });
    expect(Object.fromEntries(totals)).toEqual({ EUR: 1500, USD: 480, '': 0 });
  });
});
