// A list page kept from an earlier data version is served again, without reading its ids, when the log of
// changes (migration 0044, unchangedSince in list-cache.ts) shows that no write its snapshot did not see touched
// its rows or a shipment sorting at or before its last row. Every answer must still equal a plain query, also
// when a write was in progress while the page was checked and commits afterwards.
import { sql } from 'kysely';
import pg from 'pg';
import {
  startTestApp,
  seedTenant,
  signIn,
  testDatabaseUrl,
  type Caller,
  type TestContext,
  type Tenant,
} from '../helpers/app';
import { listCacheStats, unchangedSince } from '../../src/services/shipments/list-cache';
import { profileBuildsSettled } from '../../src/services/health-profiles';

jest.setTimeout(90_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);
/** The carrier of this file's shipments: 80 with an ETA a day apart (the newest first in -eta order). */
const CARRIER = 3;
let ids: string[] = [];

async function list(query: string): Promise<{ count: number; ids: string[]; body: string }> {
  const res = await std({ method: 'GET', url: `/api/shipments/?${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ count: number; results: Array<{ id: number }> }>();
  return { count: body.count, ids: body.results.map((r) => String(r.id)), body: res.body };
}

/** The carrier's visible shipments by a plain query, ETA descending, page 1. */
async function plain(): Promise<{ count: number; ids: string[] }> {
  const base = sql`company_id = ${t.companyId} AND NOT hidden AND carrier_id = ${CARRIER}`;
  const { rows: c } = await sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE ${base}`.execute(
    ctx.handle.db,
  );
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments WHERE ${base}
    ORDER BY eta DESC NULLS LAST, id DESC LIMIT 30`.execute(ctx.handle.db);
  return { count: Number(c[0].n), ids: rows.map((r) => String(r.id)) };
}

/** Moves a shipment's ETA with its plan, so that it stays on track. */
const setEta = (id: string, eta: Date) =>
  ctx.handle.db
    .updateTable('shipments')
    .set({ eta, pod_vessel_arrival_planned_initial: eta, modified_at: new Date() })
    .where(sql`id`, '=', id)
    .execute();

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  const request = await ctx.handle.db
    .insertInto('tracking_requests')
    .values({
      company_id: t.companyId,
      carrier_id: CARRIER,
      code_type: 'b_id',
      code_value: `CL${t.companyId}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await ctx.handle.db
    .insertInto('shipments')
    .values(
      Array.from({ length: 80 }, (_, i) => ({
        company_id: t.companyId,
        tracking_request_id: request.id,
        carrier_id: CARRIER,
        container_number: `TGHU${String(2_000_000 + i).slice(-7)}`,
        eta: days(i - 40),
        pod_vessel_arrival_planned_initial: days(i - 40),
      })),
    )
    .returning('id')
    .execute();
  // Newest ETA first, as the list sorts them.
  ids = rows.map((r) => String(r.id)).reverse();
});

afterAll(async () => {
  await profileBuildsSettled();
  await ctx.close();
});

describe.each([
  ['a carrier, its count kept under the selection version', `carrier=${CARRIER}&ordering=-eta`],
  ['a carrier tab, its count read with the check', `carrier=${CARRIER}&health=ontrack&ordering=-eta`],
])('a kept page of %s', (_, q) => {
  beforeAll(async () => {
    await list(q);
    await profileBuildsSettled();
  });

  it('is served from the log after a write past its last row, and rebuilt after one before it', async () => {
    const first = await list(q);
    expect(first).toMatchObject(await plain());
    // The oldest ETA moves by an hour: it still sorts after page 1's last row.
    await setEta(ids[79], new Date(days(-40).getTime() + 3_600_000));
    listCacheStats(true);
    const again = await list(q);
    expect(listCacheStats(true)).toMatchObject({ unchanged: 1, revalidated: 0, misses: 0 });
    expect(again.body).toBe(first.body);
    expect(again).toMatchObject(await plain());

    // The same shipment moved to the front: the page is read again.
    await setEta(ids[79], days(100));
    const moved = await list(q);
    expect(listCacheStats(true)).toMatchObject({ unchanged: 0 });
    expect(moved.ids[0]).toBe(ids[79]);
    expect(moved).toMatchObject(await plain());
    await setEta(ids[79], days(-40));
    expect(await list(q)).toMatchObject(await plain());
  });

  it('is rebuilt after a write to one of its rows', async () => {
    await list(q);
    const onPage = (await plain()).ids[4];
    await ctx.handle.db
      .updateTable('shipments')
      .set({ client_code: `LOG${q.length}` })
      .where(sql`id`, '=', onPage)
      .execute();
    listCacheStats(true);
    const res = await std({ method: 'GET', url: `/api/shipments/?${q}` });
    expect(listCacheStats(true)).toMatchObject({ unchanged: 0 });
    const row = res.json<{ results: Array<{ id: number; client_code: string }> }>().results[4];
    expect([String(row.id), row.client_code]).toEqual([onPage, `LOG${q.length}`]);
  });

  it('is revalidated instead when the log was trimmed past its snapshot', async () => {
    await list(q);
    await sql`UPDATE shipment_changes_horizon SET horizon = pg_current_xact_id()::text::bigint + 1`.execute(
      ctx.handle.db,
    );
    await setEta(ids[79], new Date(days(-40).getTime() + 7_200_000));
    listCacheStats(true);
    expect(await list(q)).toMatchObject(await plain());
    expect(listCacheStats(true)).toMatchObject({ unchanged: 0, revalidated: 1 });
  });
});

describe('the log', () => {
  it('does not vouch for a page against a write in progress at its snapshot, once that write commits', async () => {
    const db = ctx.handle.db;
    const page = await plain();
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      // A write moving a shipment past page 1's end to the front, left open while the page's snapshot is taken.
      await other.query('BEGIN');
      await other.query(
        'UPDATE shipments SET eta = $1, pod_vessel_arrival_planned_initial = $1 WHERE id = $2',
        [days(200), ids[70]],
      );
      const { rows } = await sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`.execute(db);
      const candidate = {
        results: Buffer.from('[]'),
        expires: Infinity,
        ids: page.ids,
        snapshot: rows[0].s,
        lastEta: days(40 - 30).toISOString(),
        readAt: Date.now(),
      };
      const check = () =>
        unchangedSince(db, candidate, { companyId: t.companyId, carriers: [CARRIER], desc: true });
      expect(await check()).toMatchObject({ unchanged: true });
      await other.query('COMMIT');
      expect(await check()).toMatchObject({ unchanged: false });
      // A write past the end, committed after the snapshot, leaves the page as it was.
      const fresh = await sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`.execute(db);
      await setEta(ids[79], new Date(days(-40).getTime() + 60_000));
      const later = { ...candidate, snapshot: fresh.rows[0].s };
      expect(
        await unchangedSince(db, later, { companyId: t.companyId, carriers: [CARRIER], desc: true }),
      ).toMatchObject({ unchanged: true });
      // Checked against every carrier of the company, or in ascending order, the same write counts.
      expect(
        await unchangedSince(db, later, { companyId: t.companyId, carriers: [], desc: true }),
      ).toMatchObject({
        unchanged: true,
      });
      expect(
        await unchangedSince(db, later, { companyId: t.companyId, carriers: [CARRIER], desc: false }),
      ).toMatchObject({ unchanged: false });
    } finally {
      await other.end();
      await setEta(ids[70], days(30));
      await setEta(ids[79], days(-40));
    }
  });

  it('keeps one row per side of a write, and the trim drops what is older than ten minutes', async () => {
    const db = ctx.handle.db;
    // Only this company's rows: other test files write beside this one.
    await sql`DELETE FROM shipment_changes WHERE company_id = ${t.companyId}`.execute(db);
    await setEta(ids[10], days(31));
    const { rows } = await sql<{ eta: Date; carrier_id: number }>`SELECT eta, carrier_id FROM shipment_changes
      WHERE shipment_id = ${ids[10]} ORDER BY eta`.execute(db);
    expect(rows.map((r) => r.eta.getTime())).toEqual([days(29).getTime(), days(31).getTime()]);
    expect(rows.map((r) => r.carrier_id)).toEqual([CARRIER, CARRIER]);
    await sql`UPDATE shipment_changes SET at = at - interval '11 minutes'
      WHERE company_id = ${t.companyId}`.execute(db);
    const before = await sql<{ h: string }>`SELECT horizon AS h FROM shipment_changes_horizon`.execute(db);
    await sql`SELECT shipment_changes_trim()`.execute(db);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM shipment_changes
      WHERE company_id = ${t.companyId}`.execute(db);
    const after = await sql<{ h: string }>`SELECT horizon AS h FROM shipment_changes_horizon`.execute(db);
    expect(Number(left.rows[0].n)).toBe(0);
    expect(BigInt(after.rows[0].h)).toBeGreaterThan(BigInt(before.rows[0].h));
    await setEta(ids[10], days(29));
  });
});
