// shipment_day_counts (migration 0041) is kept by the shipments triggers: after every kind of write it equals a
// plain count of the visible shipments per UTC creation day and per last free day, and the dashboard's counts
// read from it equal plain counts, the partial first day of the week included.
import { sql } from 'kysely';
import { startTestApp, seedTenant, signIn, type Caller, type TestContext, type Tenant } from '../helpers/app';
import { dashboardCounts, DEFAULT_THRESHOLDS } from '../../src/services/health';

jest.setTimeout(60_000);

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let std: Caller;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const dayOffset = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
let containers = 0;

async function insert(tenant: Tenant, rows: Array<{ created: Date; lfd?: string | null; hidden?: boolean }>) {
  const db = ctx.handle.db;
  const request = await db
    .insertInto('tracking_requests')
    .values({
      company_id: tenant.companyId,
      carrier_id: 1,
      code_type: 'b_id',
      code_value: `BKDAY${tenant.companyId}${containers}`,
      status: 'new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const out = await db
    .insertInto('shipments')
    .values(
      rows.map((r) => ({
        company_id: tenant.companyId,
        tracking_request_id: request.id,
        carrier_id: 1,
        container_number: `TGHU${String(2_000_000 + containers++).slice(-7)}`,
        created_at: r.created,
        free_time_lfd: r.lfd ?? null,
        hidden: r.hidden ?? false,
      })) as never,
    )
    .returning('id')
    .execute();
  return out.map((r) => String(r.id));
}

/** The table's rows for both companies against a plain count of the shipments, as text lines. */
async function kept(): Promise<{ table: string[]; plain: string[] }> {
  const companies = [a.companyId, b.companyId];
  const { rows: table } = await sql<{ line: string }>`
    SELECT concat_ws(' ', company_id, kind, day, n) AS line FROM shipment_day_counts
    WHERE company_id = ANY(${companies}::integer[]) AND n <> 0 ORDER BY 1`.execute(ctx.handle.db);
  const { rows: plain } = await sql<{ line: string }>`
    SELECT concat_ws(' ', company_id, kind, day, count(*)) AS line FROM (
      SELECT company_id, 'c' AS kind, (created_at AT TIME ZONE 'UTC')::date AS day FROM shipments WHERE NOT hidden
      UNION ALL
      SELECT company_id, 'f', free_time_lfd FROM shipments WHERE NOT hidden AND free_time_lfd IS NOT NULL
    ) s WHERE company_id = ANY(${companies}::integer[]) GROUP BY company_id, kind, day ORDER BY 1`.execute(
    ctx.handle.db,
  );
  return { table: table.map((r) => r.line), plain: plain.map((r) => r.line) };
}

async function expectKept(): Promise<void> {
  const { table, plain } = await kept();
  expect(plain.length).toBeGreaterThan(0);
  expect(table).toEqual(plain);
}

beforeAll(async () => {
  ctx = await startTestApp();
  a = await seedTenant(ctx);
  b = await seedTenant(ctx);
  std = await signIn(ctx, a.standard);
});

afterAll(() => ctx.close());

it('follows inserts, updates, moves between companies and deletes', async () => {
  const db = ctx.handle.db;
  const ids = await insert(a, [
    { created: ago(1 * HOUR), lfd: dayOffset(2) },
    { created: ago(3 * DAY), lfd: dayOffset(-4) },
    { created: ago(10 * DAY) },
    { created: ago(2 * DAY), hidden: true, lfd: dayOffset(1) },
  ]);
  await insert(b, [{ created: ago(5 * DAY), lfd: dayOffset(0) }]);
  await expectKept();

  await db
    .updateTable('shipments')
    .set({ hidden: true })
    .where(sql`id`, '=', ids[0])
    .execute();
  await db
    .updateTable('shipments')
    .set({ hidden: false })
    .where(sql`id`, '=', ids[3])
    .execute();
  await expectKept();
  await db
    .updateTable('shipments')
    .set({ free_time_lfd: dayOffset(6) } as never)
    .where(sql`id`, '=', ids[1])
    .execute();
  await db
    .updateTable('shipments')
    .set({ free_time_lfd: null } as never)
    .where(sql`id`, '=', ids[3])
    .execute();
  await expectKept();
  await db
    .updateTable('shipments')
    .set({ created_at: ago(20 * DAY) } as never)
    .where(sql`id`, '=', ids[2])
    .execute();
  // An update of nothing counted (the tracking engine's usual write) leaves the table as it is.
  await db
    .updateTable('shipments')
    .set({ eta: ago(-DAY) } as never)
    .where(sql`id`, '=', ids[1])
    .execute();
  await expectKept();
  await db
    .updateTable('shipments')
    .set({ company_id: b.companyId } as never)
    .where(sql`id`, '=', ids[1])
    .execute();
  await expectKept();
  await db
    .deleteFrom('shipments')
    .where(sql`id`, 'in', [ids[1], ids[2]])
    .execute();
  await expectKept();
});

it("gives the dashboard's week and free-time counts of plain counts, the week's first day in part", async () => {
  // Created just inside and just outside the last 7 days: the boundary falls within one UTC day.
  await insert(a, [
    { created: ago(7 * DAY - HOUR), lfd: dayOffset(-1) },
    { created: ago(7 * DAY + HOUR), lfd: dayOffset(3) },
    { created: ago(6 * DAY), lfd: dayOffset(0) },
  ]);
  const stats = (await std({ method: 'GET', url: '/api/shipments/stats/' })).json<Record<string, number>>();
  const { rows } = await sql<{ week: string; over: string; ending: string }>`
    SELECT count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS week,
           count(*) FILTER (WHERE free_time_lfd < current_date) AS over,
           count(*) FILTER (WHERE free_time_lfd >= current_date
             AND free_time_lfd <= current_date + ${stats.free_time_warning_days}::integer) AS ending
    FROM shipments WHERE company_id = ${a.companyId} AND NOT hidden`.execute(ctx.handle.db);
  expect(Number(rows[0].week)).toBeGreaterThan(1);
  expect([stats.shipments_last_week_count, stats.over_free_time_count, stats.free_time_ending_count]).toEqual(
    [Number(rows[0].week), Number(rows[0].over), Number(rows[0].ending)],
  );
});

it('gives when the oldest of the last days was created: exact on the first day, else the next day with some', async () => {
  const c = await seedTenant(ctx);
  const db = ctx.handle.db;
  const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
  const since = at('2031-03-10', '12:00:00');
  const counts = (from: Date) => dashboardCounts(db, DEFAULT_THRESHOLDS, c.companyId, from);
  // Before `since` on its own day (not counted), two days later at 10:00, and hidden on the day between.
  await insert(c, [
    { created: at('2031-03-10', '08:00:00') },
    { created: at('2031-03-12', '10:00:00') },
    { created: at('2031-03-12', '18:00:00') },
    { created: at('2031-03-11', '09:00:00'), hidden: true },
  ]);
  // since's own day has none after it: the start of the next day with some, before the real oldest (10:00).
  expect(await counts(since)).toMatchObject({ created: 2, oldestCreated: at('2031-03-12', '00:00:00') });
  // One on since's own day: that one, exactly.
  await insert(c, [{ created: at('2031-03-10', '15:30:00') }]);
  expect(await counts(since)).toMatchObject({ created: 3, oldestCreated: at('2031-03-10', '15:30:00') });
  expect(await counts(at('2031-03-12', '10:00:00'))).toMatchObject({
    created: 2,
    oldestCreated: at('2031-03-12', '10:00:00'),
  });
  expect(await counts(at('2031-03-13', '00:00:00'))).toMatchObject({ created: 0, oldestCreated: null });
});
