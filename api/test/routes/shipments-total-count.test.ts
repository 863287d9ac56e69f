// The plain list's count (visible shipments, no filter) is the sum of the company's creation days
// (shipment_day_counts, migration 0041), kept by triggers: it must stay the number of visible shipments through
// inserts, hiding, showing again and deleting.
import { sql } from 'kysely';
import { parseShipmentFilters, shipmentConditions } from '../../src/services/shipments/filters';
import { countQuery } from '../../src/services/shipments/list-query';
import { DEFAULT_THRESHOLDS } from '../../src/services/health';
import {
  insertRequest,
  startTestApp,
  seedTenant,
  signIn,
  type TestContext,
  type Tenant,
  type Caller,
} from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let requestId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  requestId = await insertRequest(ctx, { company_id: t.companyId, code_value: `TOT${t.companyId}` });
});

afterAll(() => ctx.close());

async function insert(from: number, n: number): Promise<void> {
  await ctx.handle.db
    .insertInto('shipments')
    .values(
      Array.from({ length: n }, (_, i) => ({
        company_id: t.companyId,
        tracking_request_id: requestId,
        carrier_id: 1 + (i % 3),
        container_number: `TOTU${String(from + i).padStart(7, '0')}`,
        created_at: new Date(Date.now() - ((from + i) % 40) * DAY),
        hidden: (from + i) % 7 === 0,
      })),
    )
    .execute();
}

/** The list's count and the number of the company's visible shipments, counted. */
async function counts(): Promise<[number, number]> {
  const res = await std({ method: 'GET', url: '/api/shipments/?ordering=-eta' });
  expect(res.statusCode).toBe(200);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM shipments
    WHERE company_id = ${t.companyId} AND NOT hidden`.execute(ctx.handle.db);
  return [res.json<{ count: number }>().count, Number(rows[0].n)];
}

it('is counted from the creation days, not from the shipments', () => {
  const filters = parseShipmentFilters({ ordering: '-eta' });
  const conditions = shipmentConditions(filters, DEFAULT_THRESHOLDS, new Date(), t.companyId);
  expect(countQuery(DEFAULT_THRESHOLDS, t.companyId, filters, conditions).compile(ctx.handle.db).sql).toMatch(
    /FROM shipment_day_counts/,
  );
});

it('stays the number of visible shipments through inserts, hiding, showing and deleting', async () => {
  await insert(0, 90);
  const [first, expected] = await counts();
  expect(expected).toBeGreaterThan(60);
  expect(first).toBe(expected);

  const db = ctx.handle.db;
  const company = t.companyId;
  // Chosen by the number in the container, not by id: ids depend on what other test files inserted meanwhile,
  // and the final number of visible shipments would then sometimes equal the first one.
  const n = sql`substring(container_number from 5)::int`;
  await sql`UPDATE shipments SET hidden = true WHERE company_id = ${company} AND ${n} % 5 = 0`.execute(db);
  let [listed, visible] = await counts();
  expect(listed).toBe(visible);
  await sql`UPDATE shipments SET hidden = false WHERE company_id = ${company} AND ${n} % 3 = 0`.execute(db);
  [listed, visible] = await counts();
  expect(listed).toBe(visible);
  await sql`DELETE FROM shipments WHERE company_id = ${company} AND ${n} % 4 = 1`.execute(db);
  await insert(90, 25);
  [listed, visible] = await counts();
  expect(listed).toBe(visible);
  expect([expected, visible]).toEqual([77, 76]);
});
