// A list page kept from an earlier data version is served again, without reading its ids, when the log of
// changes (migrations 0044, 0045; unchangedSince in list-cache.ts) shows that no write its snapshot did not see
// touched its rows, took a place within its ETA span, or changed whether a shipment is in the list before it.
// Every answer must still equal a plain query, also when a write was in progress while the page was checked and
// commits afterwards, and under a run of random writes.
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
import { profileBuildsSettled, readyProfile } from '../../src/services/health-profiles';
import { loadThresholds, type HealthThresholds } from '../../src/services/health';
import {
  logSideCondition,
  parseShipmentFilters,
  shipmentConditions,
  shipmentOrderBy,
} from '../../src/services/shipments/filters';

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
let thresholds: HealthThresholds;

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

/**
 * Waits until the caller's health profile is ready: only then does a carrier tab's count read it, in the log's
 * check. Its build runs in the background and may have to be asked again (the process notes "not ready" for two
 * seconds), so this asks until it is, within ten seconds.
 */
async function profileReady(): Promise<void> {
  for (let tries = 0; tries < 40; tries++) {
    await profileBuildsSettled();
    if ((await readyProfile(ctx.handle.db, t.companyId, thresholds)) !== null) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the health profile was not ready within ten seconds');
}

/** Page `page` of the list of `query` (no page in it) by a plain query with the list's conditions, no cache. */
async function plainOf(query: string, page: number): Promise<{ count: number; ids: string[] }> {
  const filters = parseShipmentFilters(Object.fromEntries(new URLSearchParams(query)));
  const where = sql.join(
    [sql`company_id = ${t.companyId}`, ...shipmentConditions(filters, thresholds, new Date(), t.companyId)],
    sql` AND `,
  );
  const db = ctx.handle.db;
  const { rows: c } = await sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE ${where}`.execute(
    db,
  );
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments WHERE ${where}
    ORDER BY ${sql.join(shipmentOrderBy(filters, thresholds))} LIMIT 30 OFFSET ${(page - 1) * 30}`.execute(
    db,
  );
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
  thresholds = await loadThresholds(ctx.handle.db, t.standard.id);
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
    await profileReady();
    // A write and a read: the page is then kept as read with the profile ready, with the snapshot its ids were
    // read in, whatever the first read could use.
    await setEta(ids[79], days(-40));
    await list(q);
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

/** What unchangedSince needs of the list `query` (no page in it). */
function loggedList(query: string, carriers: number[] = [CARRIER]) {
  const filters = parseShipmentFilters(Object.fromEntries(new URLSearchParams(query)));
  return {
    companyId: t.companyId,
    carriers,
    desc: filters.ordering[0]?.desc ?? true,
    sides: {
      o: logSideCondition(filters, thresholds, 'c', 'o'),
      n: logSideCondition(filters, thresholds, 'c', 'n'),
    },
    compares: true,
  };
}

/** Hides or shows a shipment (a column the log compares between the sides, not one of a side). */
const setHidden = (id: string, hidden: boolean) =>
  ctx.handle.db
    .updateTable('shipments')
    .set({ hidden })
    .where(sql`id`, '=', id)
    .execute();

/** Moves a shipment's ETA away from its plan by `days`, which makes it delayed beyond a few days. */
const delay = (id: string, eta: Date, days: number) =>
  ctx.handle.db
    .updateTable('shipments')
    .set({ eta: new Date(eta.getTime() + days * DAY), pod_vessel_arrival_planned_initial: eta })
    .where(sql`id`, '=', id)
    .execute();

describe('a kept deep page', () => {
  const q = `carrier=${CARRIER}&ordering=-eta`;
  const onPage2 = async () => {
    listCacheStats(true);
    const res = await list(`${q}&page=2`);
    expect(res).toMatchObject(await plainOf(q, 2));
    return { res, stats: listCacheStats(true) };
  };

  it('is served after a write that leaves a shipment before it, and rebuilt when one leaves that place', async () => {
    const { res: first } = await onPage2();
    // ids[5] sorts before page 2 (rows 31–60) and stays there an hour later.
    await setEta(ids[5], new Date(days(34).getTime() + 3_600_000));
    const kept = await onPage2();
    expect(kept.stats).toMatchObject({ unchanged: 1, misses: 0 });
    expect(kept.res.body).toBe(first.body);
    // Hidden, it leaves the list before the page: every row of page 2 moves up by one.
    await setHidden(ids[5], true);
    const hidden = await onPage2();
    expect(hidden.stats).toMatchObject({ unchanged: 0 });
    expect(hidden.res.ids[0]).toBe(ids[31]);
    await setHidden(ids[5], false);
    expect((await onPage2()).res.ids[0]).toBe(ids[30]);
    // Moved past the page's end, it leaves the place before the page too.
    await setEta(ids[5], days(-100));
    const moved = await onPage2();
    expect(moved.stats).toMatchObject({ unchanged: 0 });
    expect(moved.res.ids[0]).toBe(ids[31]);
    await setEta(ids[5], days(34));
    expect((await onPage2()).res.ids[0]).toBe(ids[30]);
  });

  it('of a health tab is rebuilt when a shipment before it changes health, not when one outside it moves', async () => {
    const tab = `carrier=${CARRIER}&health=ontrack&ordering=-eta`;
    const page2 = async () => {
      listCacheStats(true);
      const res = await list(`${tab}&page=2`);
      expect(res).toMatchObject(await plainOf(tab, 2));
      return { res, stats: listCacheStats(true) };
    };
    await page2();
    // Delayed, ids[6] leaves the on-track tab before page 2.
    await delay(ids[6], days(33), 10);
    const left = await page2();
    expect(left.stats).toMatchObject({ unchanged: 0 });
    expect(left.res.ids[0]).toBe(ids[31]);
    // Still delayed, a day later: not in the tab on either side, the page is as it was.
    await delay(ids[6], days(33), 11);
    const again = await page2();
    expect(again.stats).toMatchObject({ unchanged: 1 });
    expect(again.res.body).toBe(left.res.body);
    await setEta(ids[6], days(33));
    expect((await page2()).res.ids[0]).toBe(ids[30]);
  });

  it('equals a plain query through a run of random writes and reads', async () => {
    // A small deterministic generator: the run is the same each time.
    let seed = 20_261_129;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const lists = [q, `carrier=${CARRIER}&ordering=eta`, `carrier=${CARRIER}&health=ontrack&ordering=-eta`];
    lists.push(`carrier=${CARRIER}&health=delayed&ordering=eta`, 'ordering=-eta');
    const writes = [
      (id: string, i: number) => setEta(id, new Date(days(i - 40).getTime() + (random(5) - 2) * 3_600_000)),
      (id: string, i: number) => setEta(id, days(random(120) - 60 + i / 100)),
      (id: string, i: number) => delay(id, days(i - 40), 5 + random(5)),
      (id: string) => setHidden(id, random(2) === 0),
      (id: string) =>
        ctx.handle.db
          .updateTable('shipments')
          .set({ client_code: `R${random(1000)}` })
          .where(sql`id`, '=', id)
          .execute(),
    ];
    const originals = ids.map((_, i) => 79 - i);
    let unchanged = 0;
    try {
      for (let step = 0; step < 40; step++) {
        const i = random(80);
        await writes[random(writes.length)](ids[i], originals[i]);
        for (let read = 0; read < 3; read++) {
          const list_ = lists[random(lists.length)];
          const page = 1 + random(2);
          listCacheStats(true);
          const res = await list(`${list_}&page=${page}`);
          unchanged += listCacheStats(true).unchanged;
          expect({ step, ...res }).toMatchObject({ step, ...(await plainOf(list_, page)) });
        }
      }
    } finally {
      for (const [i, id] of ids.entries()) {
        await ctx.handle.db
          .updateTable('shipments')
          .set({
            eta: days(originals[i] - 40),
            pod_vessel_arrival_planned_initial: days(originals[i] - 40),
            hidden: false,
          })
          .where(sql`id`, '=', id)
          .execute();
      }
    }
    // The log answered some of them: else this run would not have checked it.
    expect(unchanged).toBeGreaterThan(0);
  });
});

/** Page 1 of the carrier in -eta order (ETAs from days(39) to days(10)) as kept now, under the current snapshot. */
async function keptPage1(pageIds: string[]) {
  const { rows } = await sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`.execute(ctx.handle.db);
  return {
    results: Buffer.from('[]'),
    expires: Infinity,
    ids: pageIds,
    snapshot: rows[0].s,
    firstEta: days(39).toISOString(),
    lastEta: days(10).toISOString(),
    readAt: Date.now(),
  };
}

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
      const candidate = await keptPage1(page.ids);
      const desc = loggedList(`carrier=${CARRIER}&ordering=-eta`);
      expect(await unchangedSince(db, candidate, desc)).toMatchObject({ unchanged: true });
      await other.query('COMMIT');
      expect(await unchangedSince(db, candidate, desc)).toMatchObject({ unchanged: false });
      // A write past the end, committed after the snapshot, leaves the page as it was, checked against the
      // carrier or against every carrier of the company.
      const fresh = await sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`.execute(db);
      await setEta(ids[79], new Date(days(-40).getTime() + 60_000));
      const later = { ...candidate, snapshot: fresh.rows[0].s };
      expect(await unchangedSince(db, later, desc)).toMatchObject({ unchanged: true });
      const all = loggedList('ordering=-eta', []);
      expect(await unchangedSince(db, later, all)).toMatchObject({ unchanged: true });
      // In ascending order the same write is before that span, and moved within that place: unchanged too, but
      // not when the list also filters by a column the log does not compare (either side may then be in it).
      const asc = loggedList(`carrier=${CARRIER}&ordering=eta`);
      const ascending = { ...later, firstEta: days(-30).toISOString(), lastEta: days(-1).toISOString() };
      expect(await unchangedSince(db, ascending, asc)).toMatchObject({ unchanged: true });
      expect(await unchangedSince(db, ascending, { ...asc, compares: false })).toMatchObject({
        unchanged: false,
      });
    } finally {
      await other.end();
      await setEta(ids[70], days(30));
      await setEta(ids[79], days(-40));
    }
  });

  it('leaves a page with more changes since its snapshot than it reads to be revalidated', async () => {
    const db = ctx.handle.db;
    const page = await plain();
    const candidate = await keptPage1(page.ids);
    // Two writes past the page's end: neither touches it.
    await setEta(ids[78], new Date(days(-39).getTime() + 60_000));
    await setEta(ids[79], new Date(days(-40).getTime() + 60_000));
    const desc = loggedList(`carrier=${CARRIER}&ordering=-eta`);
    try {
      expect(await unchangedSince(db, candidate, { ...desc, scanMax: 2 })).toMatchObject({ unchanged: true });
      expect(await unchangedSince(db, candidate, { ...desc, scanMax: 1 })).toBeNull();
    } finally {
      await setEta(ids[78], days(-39));
      await setEta(ids[79], days(-40));
    }
  });

  it('keeps both sides of a write in one row, and the trim drops what is older than ten minutes', async () => {
    const db = ctx.handle.db;
    // Only this company's rows: other test files write beside this one.
    await sql`DELETE FROM shipment_changes WHERE company_id = ${t.companyId}`.execute(db);
    await setEta(ids[10], days(31));
    await setHidden(ids[10], true);
    await setHidden(ids[10], false);
    const { rows } = await sql<{ o_eta: Date; n_eta: Date; carrier_id: number; rest_same: boolean }>`
      SELECT o_eta, n_eta, carrier_id, rest_same FROM shipment_changes
      WHERE shipment_id = ${ids[10]} ORDER BY xid`.execute(db);
    expect(rows.map((r) => [r.o_eta.getTime(), r.n_eta.getTime(), r.carrier_id, r.rest_same])).toEqual([
      [days(29).getTime(), days(31).getTime(), CARRIER, true],
      [days(31).getTime(), days(31).getTime(), CARRIER, false],
      [days(31).getTime(), days(31).getTime(), CARRIER, false],
    ]);
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
