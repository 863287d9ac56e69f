// One carrier's list of one request status sorted by ETA or last update (a carrier's "ongoing" tab) is read by
// walking an index in the list's order (migration 0039) rather than by filtering then sorting: every page, with or
// without a health filter, must still be the plain query's, empty values last and ties broken by id descending.
// The count of one of a carrier's tabs (status, health) also keeps those of its other tabs: each must still be
// the plain query's, right after writes to that carrier's shipments or another's.
import { sql, type RawBuilder } from 'kysely';
import { startTestApp, seedTenant, signIn, type TestContext, type Tenant, type Caller } from '../helpers/app';
import { healthFilter, loadThresholds, type Health } from '../../src/services/health';
import { configureListCache } from '../../src/services/shipments/list-cache';
import { countWithPageIds } from '../../src/services/shipments/list-query';
import { parseShipmentFilters, shipmentConditions } from '../../src/services/shipments/filters';
import { createDb } from '../../src/db/connection';
import { testDatabaseUrl } from '../helpers/app';

jest.setTimeout(90_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  const db = ctx.handle.db;
  const requests: number[] = [];
  for (const status of ['ongoing', 'new'] as const) {
    const r = await db
      .insertInto('tracking_requests')
      .values({
        company_id: t.companyId,
        carrier_id: 1,
        code_type: 'b_id',
        code_value: `WALK${t.companyId}${status}`,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    requests.push(r.id);
  }
  // 320 shipments: both carriers and both statuses in turn; ETAs and last updates in pairs (ties), every seventh
  // without an ETA, every fifth without a last update, every third late on its plan (delayed), a few hidden.
  await db
    .insertInto('shipments')
    .values(
      Array.from({ length: 320 }, (_, i) => {
        const eta = i % 7 === 3 ? null : days((Math.floor(i / 2) % 90) - 40);
        return {
          company_id: t.companyId,
          tracking_request_id: requests[Math.floor(i / 2) % 2],
          carrier_id: 1 + (i % 2),
          container_number: `WLKU${String(i).padStart(7, '0')}`,
          eta,
          pod_vessel_arrival_planned_initial: eta && i % 3 === 0 ? new Date(eta.getTime() - 6 * DAY) : eta,
          last_update: i % 5 === 1 ? null : days(-(Math.floor(i / 4) % 50)),
          hidden: i % 23 === 0,
        };
      }),
    )
    .execute();
});

afterAll(() => ctx.close());

/** The list's answer for `query` (count and the ids of the page). */
async function list(query: string): Promise<{ count: number; ids: string[] }> {
  const res = await std({ method: 'GET', url: `/api/shipments/?${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ count: number; results: Array<{ id: number }> }>();
  return { count: body.count, ids: body.results.map((r) => String(r.id)) };
}

/** The same by a plain query on the visible shipments of the company matching `where`, in `order`. */
async function plain(where: RawBuilder<unknown>, order: string, page: number) {
  const base = sql`company_id = ${t.companyId} AND NOT hidden AND ${where}`;
  const db = ctx.handle.db;
  const { rows: c } = await sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE ${base}`.execute(db);
  const desc = order.startsWith('-');
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments WHERE ${base}
    ORDER BY ${sql.ref(desc ? order.slice(1) : order)} ${sql.raw(desc ? 'DESC' : 'ASC')} NULLS LAST, id DESC
    LIMIT 30 OFFSET ${(page - 1) * 30}`.execute(db);
  return { count: Number(c[0].n), ids: rows.map((r) => String(r.id)) };
}

describe('one carrier and one status, read in index order', () => {
  it.each(['eta', '-eta', 'last_update', '-last_update'])(
    'pages sorted by %s equal a plain query, with and without health',
    async (order) => {
      const thresholds = await loadThresholds(ctx.handle.db, t.standard.id);
      for (const carrier of [1, 2]) {
        for (const health of [null, 'delayed', 'ontrack'] as Array<Health | null>) {
          const where = sql.join(
            [
              sql`carrier_id = ${carrier}`,
              sql`request_status = 'ongoing'`,
              health ? healthFilter(thresholds, [health]) : sql`true`,
            ],
            sql` AND `,
          );
          for (const page of [1, 2, 3]) {
            const expected = await plain(where, order, page);
            if (page === 1) expect(expected.count).toBeGreaterThan(health ? 5 : 60);
            if (expected.ids.length === 0) break;
            const q = `carrier=${carrier}&status=ongoing&ordering=${order}${health ? `&health=${health}` : ''}`;
            expect(await list(`${q}&page=${page}`)).toEqual(expected);
          }
        }
      }
    },
  );

  it('pages equal a plain query with the answer cache off too (count and ids then read in one statement)', async () => {
    const thresholds = await loadThresholds(ctx.handle.db, t.standard.id);
    configureListCache({ enabled: false });
    try {
      for (const order of ['-eta', 'last_update']) {
        for (const health of [null, 'delayed'] as Array<Health | null>) {
          const where = sql.join(
            [sql`carrier_id = 2`, health ? healthFilter(thresholds, [health]) : sql`true`],
            sql` AND `,
          );
          for (const page of [1, 2, 3, 4, 5, 6]) {
            const expected = await plain(where, order, page);
            if (expected.ids.length === 0) break;
            const q = `carrier=2&ordering=${order}${health ? `&health=${health}` : ''}&page=${page}`;
            expect(await list(q)).toEqual(expected);
          }
        }
      }
    } finally {
      configureListCache('reset');
    }
  });

  it("reads page 1's count and ids as one prepared statement, the same at every run, other pages unnamed", async () => {
    // One session, so that its prepared statements are those of these runs.
    const handle = createDb(testDatabaseUrl(), { max: 1 });
    try {
      const thresholds = await loadThresholds(handle.db, t.standard.id);
      const filters = parseShipmentFilters({ carrier: '2', health: 'delayed', ordering: '-eta' });
      const conditions = shipmentConditions(filters, thresholds, new Date(), t.companyId);
      const at = (page: number) =>
        countWithPageIds(handle.db, {
          companyId: t.companyId,
          thresholds,
          filters,
          conditions,
          limit: 30,
          offset: (page - 1) * 30,
        });
      const named = async () =>
        (
          await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(handle.db)
        ).rows
          .map((r) => r.statement)
          .filter((text) => /^SELECT \/\* prepared \*\/ \(/.test(text));
      const expected = await plain(
        sql`carrier_id = 2 AND ${healthFilter(thresholds, ['delayed'])}`,
        '-eta',
        1,
      );
      // More runs than PostgreSQL makes custom plans before it may keep a generic one.
      for (let run = 0; run < 8; run++) {
        expect(await at(1)).toEqual({
          count: expected.count,
          ids: expected.ids,
          valuesOnly: true,
          snapshot: expect.any(String),
        });
      }
      expect(await named()).toHaveLength(1);
      expect((await at(2))?.count).toBe(expected.count);
      expect(await named()).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('two statuses, and a status of no carrier, still equal a plain query', async () => {
    for (const page of [1, 2]) {
      expect(await list(`carrier=1&status=ongoing,new&ordering=-eta&page=${page}`)).toEqual(
        await plain(sql`carrier_id = 1 AND request_status IN ('ongoing', 'new')`, '-eta', page),
      );
      expect(await list(`status=new&ordering=last_update&page=${page}`)).toEqual(
        await plain(sql`request_status = 'new'`, 'last_update', page),
      );
    }
  });
});

describe('the plain list', () => {
  it('reads count and ids in one statement, and its pages equal a plain query with the answer cache off', async () => {
    const thresholds = await loadThresholds(ctx.handle.db, t.standard.id);
    const filters = parseShipmentFilters({ ordering: '-eta' });
    const conditions = shipmentConditions(filters, thresholds, new Date(), t.companyId);
    const window = { companyId: t.companyId, thresholds, filters, conditions, limit: 30 };
    const first = await plain(sql`true`, '-eta', 1);
    expect(await countWithPageIds(ctx.handle.db, { ...window, offset: 0 })).toEqual({
      count: first.count,
      ids: first.ids,
      valuesOnly: true,
      snapshot: expect.stringMatching(/^\d+:\d+:/),
    });
    // With the rows' versions (to revalidate a kept page), each id's xmin, from the same statement.
    for (const offset of [0, 30]) {
      const both = await countWithPageIds(ctx.handle.db, { ...window, offset, rowVersions: true });
      const { rows } = await sql<{
        id: string;
        v: string;
      }>`SELECT id::text AS id, xmin::text AS v FROM shipments
        WHERE id = ANY(${both?.ids ?? []}::bigint[])`.execute(ctx.handle.db);
      expect(both?.ids.length).toBe(30);
      expect(both?.rowVersions).toEqual(new Map(rows.map((r) => [r.id, r.v])));
    }
    configureListCache({ enabled: false });
    try {
      for (const order of ['-eta', 'eta', '-last_update', 'id']) {
        for (let page = 1; ; page++) {
          const expected = await plain(sql`true`, order, page);
          if (expected.ids.length === 0) break;
          expect(await list(`ordering=${order}&page=${page}`)).toEqual(expected);
        }
      }
    } finally {
      configureListCache('reset');
    }
  });
});

describe("the counts of a carrier's tabs, kept together", () => {
  const tabs = ['', 'status=ongoing']
    .flatMap((status) => ['', 'health=ontrack', 'health=delayed', 'health=alerted'].map((h) => [status, h]))
    .filter(([status, health]) => status || health);

  /** Every tab of `carrier` (one request each) against the plain query's count. */
  async function expectTabs(carrier: number): Promise<void> {
    const thresholds = await loadThresholds(ctx.handle.db, t.standard.id);
    for (const [status, health] of tabs) {
      const where = sql.join(
        [
          sql`carrier_id = ${carrier}`,
          status ? sql`request_status = 'ongoing'` : sql`true`,
          health ? healthFilter(thresholds, [health.slice('health='.length) as Health]) : sql`true`,
        ],
        sql` AND `,
      );
      const q = [`carrier=${carrier}`, status, health, 'ordering=-eta'].filter(Boolean).join('&');
      expect({ q, count: (await list(q)).count }).toEqual({
        q,
        count: (await plain(where, '-eta', 1)).count,
      });
    }
  }

  it("are each the plain query's, after writes to the carrier's shipments and to another carrier's", async () => {
    const db = ctx.handle.db;
    await expectTabs(1);
    await expectTabs(2);
    // An ongoing shipment of carrier 1 made late on its plan (delayed), one of carrier 2 hidden.
    const pickOne = async (carrier: number) =>
      (
        await sql<{ id: string }>`SELECT id FROM shipments WHERE company_id = ${t.companyId}
          AND carrier_id = ${carrier} AND request_status = 'ongoing' AND NOT hidden AND eta IS NOT NULL
          AND eta = pod_vessel_arrival_planned_initial ORDER BY id LIMIT 1`.execute(db)
      ).rows[0].id;
    const late = await pickOne(1);
    await sql`UPDATE shipments SET eta = eta + interval '20 days' WHERE id = ${late}`.execute(db);
    await expectTabs(1);
    const hidden = await pickOne(2);
    await sql`UPDATE shipments SET hidden = true WHERE id = ${hidden}`.execute(db);
    await expectTabs(1);
    await expectTabs(2);
    // The same tabs in another order after one more write: a tab first counted as a sibling is still fresh.
    await sql`UPDATE shipments SET eta = eta - interval '20 days' WHERE id = ${late}`.execute(db);
    for (const [status, health] of [...tabs].reverse()) {
      const q = [`carrier=1`, status, health].filter(Boolean).join('&');
      const again = [`carrier=1`, status, health, 'ordering=eta'].filter(Boolean).join('&');
      expect((await list(again)).count).toBe((await list(q)).count);
    }
    await expectTabs(1);
  });
});
