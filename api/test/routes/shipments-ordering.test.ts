// The shipment list's ordering: POL / POD sort by what the lists show (the UN/LOCODE), and empty values go last
// whichever the direction (ATD, ATA, transit time, last alert…), so a descending sort starts with real values.
import { startTestApp, seedTenant, signIn, portIds } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { DEFAULT_THRESHOLDS } from '../../src/services/health';
import { parseShipmentFilters, shipmentConditions } from '../../src/services/shipments/filters';
import { SORT_AFTER_FILTER_MAX, shipmentPageQuery } from '../../src/services/shipments/list-query';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
const DAY = 86_400_000;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  const db = ctx.handle.db;
  const port = await portIds(ctx);
  const request = await db
    .insertInto('tracking_requests')
    .values({
      company_id: t.companyId,
      carrier_id: 1,
      code_type: 'b_id',
      code_value: `ORD${t.companyId}`,
      status: 'new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY);
  // Names sort Rotterdam < Shanghai < Singapore < Valencia; UN/LOCODEs CNSHA < ESVLC < NLRTM < SGSIN.
  const rows = [
    { key: 'vlc', pol: 'ESVLC', atd: day(3), ata: day(30), transit_time: 27, last_alert_code: 906 },
    { key: 'sha', pol: 'CNSHA', atd: null, ata: null, transit_time: null, last_alert_code: null },
    { key: 'rtm', pol: 'NLRTM', atd: day(1), ata: day(20), transit_time: 19, last_alert_code: 902 },
    { key: 'sin', pol: 'SGSIN', atd: null, ata: null, transit_time: null, last_alert_code: null },
  ];
  for (const r of rows) {
    const row = await db
      .insertInto('shipments')
      .values({
        company_id: t.companyId,
        tracking_request_id: request.id,
        carrier_id: 1,
        container_number: `MSCU${String(ids.count ?? 0).padStart(7, '0')}`,
        pol_loc_id: port[r.pol],
        pod_loc_id: port[r.pol],
        atd: r.atd,
        ata: r.ata,
        transit_time: r.transit_time,
        last_alert_code: r.last_alert_code,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[r.key] = Number(row.id);
    ids.count = (ids.count ?? 0) + 1;
  }
});

afterAll(() => ctx.close());

type Row = { id: number; pol_loc: { locode: string } | null; [k: string]: unknown };
const list = async (query: string): Promise<Row[]> => {
  const res = await std({ method: 'GET', url: `/api/shipments/?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().results as Row[];
};

describe('shipment ordering', () => {
  it.each(['pol_loc', 'pod_loc'])('sorts %s by the UN/LOCODE the list shows', async (field) => {
    const asc = await list(`ordering=${field}`);
    expect(asc.map((r) => r.pol_loc?.locode)).toEqual(['CNSHA', 'ESVLC', 'NLRTM', 'SGSIN']);
    const desc = await list(`ordering=-${field}`);
    expect(desc.map((r) => r.pol_loc?.locode)).toEqual(['SGSIN', 'NLRTM', 'ESVLC', 'CNSHA']);
  });

  it.each(['atd', 'ata', 'transit_time', 'last_alert_code'])(
    'puts empty %s last in both directions',
    async (field) => {
      const asc = (await list(`ordering=${field}`)).map((r) => r.id);
      expect(asc.slice(0, 2)).toEqual([ids.rtm, ids.vlc]);
      expect(asc.slice(2).sort()).toEqual([ids.sha, ids.sin].sort());
      const desc = (await list(`ordering=-${field}`)).map((r) => r.id);
      expect(desc.slice(0, 2)).toEqual([ids.vlc, ids.rtm]);
      expect(desc.slice(2).sort()).toEqual([ids.sha, ids.sin].sort());
    },
  );

  // Over SORT_AFTER_FILTER_MAX matches the page is read through the ordering index, by another query: the same
  // order must come out of it (here forced with a count above the limit).
  it.each(['atd', '-atd', 'transit_time', '-transit_time', '-pol_loc'])(
    'orders %s the same way when many shipments match',
    async (ordering) => {
      const filters = parseShipmentFilters({ ordering });
      const conditions = shipmentConditions(filters, DEFAULT_THRESHOLDS, new Date(), t.companyId);
      const pageOf = async (count: number, limit: number, offset: number) =>
        (
          await shipmentPageQuery(
            ctx.handle.db,
            t.companyId,
            DEFAULT_THRESHOLDS,
            filters,
            conditions,
            count,
            limit,
            offset,
          ).execute()
        ).map((r) => Number((r as { id: unknown }).id));
      const few = await pageOf(4, 30, 0);
      expect(few).toHaveLength(4);
      expect(await pageOf(SORT_AFTER_FILTER_MAX + 1, 30, 0)).toEqual(few);
      // and page by page
      expect([
        ...(await pageOf(SORT_AFTER_FILTER_MAX + 1, 3, 0)),
        ...(await pageOf(SORT_AFTER_FILTER_MAX + 1, 3, 3)),
      ]).toEqual(few);
      // one by one: pages holding only rows with a value come from the index walk alone, the others from the union
      const single = [];
      for (let offset = 0; offset < 4; offset++)
        single.push(...(await pageOf(SORT_AFTER_FILTER_MAX + 1, 1, offset)));
      expect(single).toEqual(few);
    },
  );
});
