// The 'delayed' tab states that a delayed shipment is more than a day off its initial plan (true whenever the
// user's thresholds are at least a day), so that one carrier's delayed shipments are read from the partial
// indexes of off-plan shipments (migration 0042). The answers must stay those of the definition itself, for
// shipments right at the edges (exactly one day off, a day and a half, early and late) and for any thresholds.
import { sql } from 'kysely';
import { startTestApp, seedTenant, signIn, type TestContext, type Tenant, type Caller } from '../helpers/app';
import { DEFAULT_THRESHOLDS, healthFilter, type HealthThresholds } from '../../src/services/health';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);
// ETA minus the initial plan, in days: on plan, within a day, exactly a day, just over, well over, both ways.
const DELTAS = [0, 0.5, 1, 1.5, 2, 2.5, 3.5, 10, -0.5, -1, -1.5, -3, -3.5, -6];

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  const db = ctx.handle.db;
  const request = await db
    .insertInto('tracking_requests')
    .values({ company_id: t.companyId, carrier_id: 1, code_type: 'b_id', code_value: `OFF${t.companyId}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('shipments')
    .values(
      Array.from({ length: 140 }, (_, i) => {
        const eta = days((i % 50) - 20);
        const delta = DELTAS[i % DELTAS.length];
        return {
          company_id: t.companyId,
          tracking_request_id: request.id,
          carrier_id: 1 + (i % 2),
          container_number: `OFPU${String(i).padStart(7, '0')}`,
          eta,
          pod_vessel_arrival_planned_initial: i % 17 === 5 ? null : new Date(eta.getTime() - delta * DAY),
          last_update: days(-(i % 30)),
          days_in_tsp: i % 11 === 0 ? 9 : null,
          hidden: i % 29 === 0,
        };
      }),
    )
    .execute();
});

afterAll(() => ctx.close());

/** The delayed visible shipments of carrier 1 with an ETA from `after`, by the definition (no index hint). */
async function delayedByDefinition(th: HealthThresholds, after: Date): Promise<string[]> {
  const late = th.days_of_delay;
  const early = th.days_in_advance;
  const tsp = th.max_days.max_days_in_tsp ?? null;
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments
    WHERE company_id = ${t.companyId} AND carrier_id = 1 AND NOT hidden AND eta >= ${after}
      AND NOT coalesce(days_in_tsp > ${tsp}, false)
      AND coalesce(eta_delta_days > ${late} OR eta_delta_days < ${early}, false)
    ORDER BY eta DESC, id DESC`.execute(ctx.handle.db);
  return rows.map((r) => String(r.id));
}

it("the carrier's delayed tab over an ETA range is the definition's, edges included", async () => {
  const after = days(-10);
  const res = await std({
    method: 'GET',
    url: `/api/shipments/?health=delayed&carrier=1&eta_after=${after.toISOString().slice(0, 10)}&ordering=-eta`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ count: number; results: Array<{ id: number }> }>();
  const dayStart = new Date(`${after.toISOString().slice(0, 10)}T00:00:00Z`);
  const expected = await delayedByDefinition(DEFAULT_THRESHOLDS, dayStart);
  expect(expected.length).toBeGreaterThan(10);
  expect(body.count).toBe(expected.length);
  expect(body.results.map((r) => String(r.id))).toEqual(expected.slice(0, 30));
});

it.each<[string, Partial<HealthThresholds>]>([
  ['the defaults', {}],
  [
    '2 days late, 3 early, 7 days in transshipment',
    { days_of_delay: 2, days_in_advance: -3, max_days: { max_days_in_tsp: 7 } },
  ],
  // Below the profile's minimum: nothing is implied, the filter is the definition alone.
  ['half a day either way', { days_of_delay: 0, days_in_advance: 0 }],
])('healthFilter keeps the definition for %s', async (_, change) => {
  const th = { ...DEFAULT_THRESHOLDS, ...change };
  const after = days(-30);
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments
    WHERE company_id = ${t.companyId} AND carrier_id = 1 AND NOT hidden AND eta >= ${after}
      AND ${healthFilter(th, ['delayed'])}
    ORDER BY eta DESC, id DESC`.execute(ctx.handle.db);
  const expected = await delayedByDefinition(th, after);
  expect(expected.length).toBeGreaterThan(5);
  expect(rows.map((r) => String(r.id))).toEqual(expected);
});

it('lets PostgreSQL read the partial index of off-plan shipments for a carrier', async () => {
  // Without the other indexes (dropped in a transaction that is then rolled back), the planner can use a partial
  // one (of ETA or of last update) only if the statement's conditions imply its predicate. Leaving any other index
  // in place made the choice depend on the statistics of a table the other test files are writing meanwhile.
  let plan = '';
  const rollback = new Error('rollback');
  const done = ctx.handle.db.transaction().execute(async (trx) => {
    const { rows: others } = await sql<{ name: string }>`SELECT i.indexrelid::regclass::text AS name
      FROM pg_index i WHERE i.indrelid = 'shipments'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        AND i.indexrelid::regclass::text NOT LIKE '%off_plan_idx'`.execute(trx);
    expect(others.map((o) => o.name)).toContain('shipments_company_carrier_eta_idx');
    for (const { name } of others) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) FROM shipments
      WHERE company_id = ${t.companyId} AND carrier_id = 1 AND eta >= ${days(-10)}
        AND ${healthFilter(DEFAULT_THRESHOLDS, ['delayed'])}`.execute(trx);
    plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    throw rollback;
  });
  await expect(done).rejects.toBe(rollback);
  expect(plan).toMatch(/using shipments_company_carrier_(eta|last_update)_off_plan_idx/);
});
