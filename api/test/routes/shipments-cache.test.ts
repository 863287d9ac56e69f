// The shipments list and the dashboard counts reuse what they computed under the company's data version
// (services/shipments-cache.ts, migration 0017): every answer must still equal a plain query run right after any
// kind of write (API or straight SQL, as the tracking engine writes). Also the user's POD time-of-arrival warning
// risk in health (migration 0018).
import { sql } from 'kysely';
import { startTestApp, seedTenant, type TestContext, type Tenant, signIn, type Caller } from '../helpers/app';
import { daysExpiry, listCacheStats } from '../../src/services/shipments/list-cache';
import { daysFrom } from '../../src/services/shipments/serializer';
import { profileBuildsSettled } from '../../src/services/health-profiles';

jest.setTimeout(90_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let requestId: number;
const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);
let containers = 0;

async function insertShipments(
  rows: Array<{ eta: Date | null; carrier?: number; plannedInitial?: Date | null }>,
): Promise<string[]> {
  const out = await ctx.handle.db
    .insertInto('shipments')
    .values(
      rows.map((r) => ({
        company_id: t.companyId,
        tracking_request_id: requestId,
        carrier_id: r.carrier ?? 1,
        container_number: `MSCU${String(1_000_000 + containers++).slice(-7)}`,
        eta: r.eta,
        pod_vessel_arrival_planned_initial: r.plannedInitial === undefined ? r.eta : r.plannedInitial,
      })) as never,
    )
    .returning('id')
    .execute();
  return out.map((r) => String(r.id));
}

/** The list's answer for `query` (count and the ids of the page). */
async function list(query: string): Promise<{ count: number; ids: string[] }> {
  const res = await std({ method: 'GET', url: `/api/shipments/?${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ count: number; results: Array<{ id: number }> }>();
  return { count: body.count, ids: body.results.map((r) => String(r.id)) };
}

/** The same by a plain query: visible shipments of the company matching `where`, ordered by ETA descending. */
async function plain(where = sql`true`, page = 1): Promise<{ count: number; ids: string[] }> {
  const base = sql`shipments.company_id = ${t.companyId} AND NOT shipments.hidden AND ${where}`;
  const { rows: c } = await sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE ${base}`.execute(
    ctx.handle.db,
  );
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments WHERE ${base}
    ORDER BY eta DESC NULLS LAST, id DESC LIMIT 30 OFFSET ${(page - 1) * 30}`.execute(ctx.handle.db);
  return { count: Number(c[0].n), ids: rows.map((r) => String(r.id)) };
}

/** Asks twice (the second answer may come from the cache) and compares both with the plain query. */
async function expectSame(query: string, where = sql`true`, page = 1): Promise<void> {
  const expected = await plain(where, page);
  const q = `${query}${page > 1 ? `&page=${page}` : ''}`;
  expect(await list(q)).toEqual(expected);
  expect(await list(q)).toEqual(expected);
}

const stats = async () => (await std({ method: 'GET', url: '/api/shipments/stats/' })).json();

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  requestId = (
    await ctx.handle.db
      .insertInto('tracking_requests')
      .values({
        company_id: t.companyId,
        carrier_id: 1,
        code_type: 'b_id',
        code_value: `BK${t.companyId}CACHE`,
        status: 'new',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // 70 shipments: ETAs one day apart (every fifth without one), carriers 1 and 2 in turn.
  await insertShipments(
    Array.from({ length: 70 }, (_, i) => ({ eta: i % 5 === 4 ? null : days(i - 35), carrier: 1 + (i % 2) })),
  );
});

afterAll(async () => {
  await ctx.close();
});

describe('answers reused under the data version', () => {
  it('counts and pages equal a plain query right after each kind of write', async () => {
    const db = ctx.handle.db;
    await expectSame('ordering=-eta');
    await expectSame('ordering=-eta', sql`true`, 2);
    await expectSame('ordering=-eta', sql`true`, 3);
    await expectSame('carrier=2&ordering=-eta', sql`carrier_id = 2`);

    // A new shipment written straight to the table (as the tracking engine does): first on page 1.
    const [fresh] = await insertShipments([{ eta: days(400), carrier: 2 }]);
    const page1 = await list('ordering=-eta');
    expect(page1.ids[0]).toBe(fresh);
    await expectSame('ordering=-eta');
    await expectSame('ordering=-eta', sql`true`, 3);
    await expectSame('carrier=2&ordering=-eta', sql`carrier_id = 2`);

    // Hidden through the API.
    const hide = await std({ method: 'PATCH', url: `/api/shipments/${fresh}/`, payload: { hide: true } });
    expect(hide.statusCode).toBe(200);
    expect((await list('ordering=-eta')).ids).not.toContain(fresh);
    await expectSame('ordering=-eta');
    await expectSame('carrier=2&ordering=-eta', sql`carrier_id = 2`);

    // An ETA and a carrier changed straight in the table: the order and the carrier filter follow.
    const last = (await plain(sql`true`, 3)).ids.at(-1)!;
    await db
      .updateTable('shipments')
      .set({ eta: days(500), carrier_id: 2 })
      .where(sql`id`, '=', last)
      .execute();
    expect((await list('ordering=-eta')).ids[0]).toBe(last);
    await expectSame('ordering=-eta');
    await expectSame('ordering=-eta', sql`true`, 2);
    await expectSame('carrier=2&ordering=-eta', sql`carrier_id = 2`);

    // Deleted.
    await db
      .deleteFrom('shipments')
      .where(sql`id`, '=', last)
      .execute();
    await expectSame('ordering=-eta');
    await expectSame('carrier=2&ordering=-eta', sql`carrier_id = 2`);

    // The tracking request's status (copied to the shipments by a trigger): the status filter follows.
    await expectSame('status=ongoing&ordering=-eta', sql`request_status = 'ongoing'`);
    await db
      .updateTable('tracking_requests')
      .set({ status: 'ongoing' })
      .where('id', '=', requestId)
      .execute();
    const ongoing = await list('status=ongoing&ordering=-eta');
    expect(ongoing.count).toBeGreaterThan(60);
    await expectSame('status=ongoing&ordering=-eta', sql`request_status = 'ongoing'`);
  });

  it("one carrier's pages read by walking its ETA index equal a plain query, with health and ETA range", async () => {
    // One carrier sorted by ETA (and only health / an ETA range besides) is read in index order, however many
    // shipments match; every page must still be the plain query's.
    const after = days(-20);
    for (const page of [1, 2]) {
      await expectSame('carrier=2&ordering=-eta', sql`carrier_id = 2`, page);
      await expectSame('carrier=1&health=ontrack&ordering=-eta', sql`carrier_id = 1`, page);
    }
    await expectSame(
      `carrier=1&eta_after=${after.toISOString().slice(0, 10)}&ordering=-eta`,
      sql`carrier_id = 1 AND eta >= ${new Date(after.toISOString().slice(0, 10))}`,
    );
  });

  it("a write to one carrier's shipment keeps the other carriers' pages and refreshes its own", async () => {
    // Each carrier's list is reused under that carrier's data version (migration 0037).
    const byEta = (carrier: number) => sql`carrier_id = ${carrier}`;
    await expectSame('carrier=1&ordering=-eta', byEta(1));
    await expectSame('carrier=2&ordering=-eta', byEta(2));
    const [moved] = (await plain(byEta(1), 2)).ids;
    await ctx.handle.db
      .updateTable('shipments')
      .set({ eta: days(600) })
      .where(sql`id`, '=', moved)
      .execute();

    listCacheStats(true);
    await expectSame('carrier=2&ordering=-eta', byEta(2));
    expect(listCacheStats(true)).toEqual({ hits: 2, joined: 0, unchanged: 0, revalidated: 0, misses: 0 });

    const first = await list('carrier=1&ordering=-eta');
    expect(first.ids[0]).toBe(moved);
    expect(first).toEqual(await plain(byEta(1)));
    expect(listCacheStats(true)).toEqual({ hits: 0, joined: 0, unchanged: 0, revalidated: 0, misses: 1 });
    // The company's whole list follows the write too.
    expect((await list('ordering=-eta')).ids[0]).toBe(moved);
    await expectSame('ordering=-eta');
  });

  // Every shipment here is on track: with health=ontrack the count moves with the data version, and once the
  // profile is built it is read from there, with the page's ids in the same statement.
  it.each([
    ['as the first request leaves it', false, 'carrier=1&ordering=-eta'],
    ['counted from the health profile', true, 'carrier=1&health=ontrack&ordering=-eta'],
  ])(
    "a write to a shipment of another page keeps this page's rows (revalidated), one on it rebuilds it: %s",
    async (_, built, q) => {
      // After a write to the carrier's shipments the page's ids and their row versions are read again: the same
      // ids at the same versions serve the page's JSON without reading and serializing its rows again.
      const carrier = sql`carrier_id = 1`;
      await expectSame(q, carrier);
      if (built) {
        await profileBuildsSettled();
        await ctx.handle.db
          .updateTable('shipments')
          .set({ client_code: 'BUILT' })
          // This company's only: other test files' shipments share the database and carrier 1.
          .where('company_id', '=', t.companyId)
          .where('carrier_id', '=', 1)
          .execute();
        await expectSame(q, carrier);
      }
      const far = (await plain(carrier, 2)).ids.at(-1);
      const onPage = (await plain(carrier)).ids[5];
      expect(far && onPage).toBeTruthy();
      const before = await std({ method: 'GET', url: `/api/shipments/?${q}` });

      // A client code is a column of the row only: the page's order and count stay.
      await ctx.handle.db
        .updateTable('shipments')
        .set({ client_code: 'ELSEWHERE' })
        .where(sql`id`, '=', far)
        .execute();
      listCacheStats(true);
      const again = await std({ method: 'GET', url: `/api/shipments/?${q}` });
      expect(listCacheStats(true)).toEqual({ hits: 0, joined: 0, unchanged: 0, revalidated: 1, misses: 0 });
      expect(again.body).toBe(before.body);

      await ctx.handle.db
        .updateTable('shipments')
        .set({ client_code: 'ONPAGE' })
        .where(sql`id`, '=', onPage)
        .execute();
      const rebuilt = await std({ method: 'GET', url: `/api/shipments/?${q}` });
      expect(listCacheStats(true)).toEqual({ hits: 0, joined: 0, unchanged: 0, revalidated: 0, misses: 1 });
      const row = rebuilt.json<{ results: Array<{ id: number; client_code: string }> }>().results[5];
      expect([String(row.id), row.client_code]).toEqual([onPage, 'ONPAGE']);
      await expectSame(q, carrier);
    },
  );

  it('a change other than a shipment write (a port renamed) rebuilds the pages instead of revalidating', async () => {
    const carrier = sql`carrier_id = 1`;
    const q = 'carrier=1&ordering=-eta';
    const db = ctx.handle.db;
    const port = await db
      .insertInto('locations')
      .values({ name: 'Port before', locode: null, display: 'Port before' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = (await plain(carrier)).ids[0];
    await db
      .updateTable('shipments')
      .set({ pod_loc_id: port.id } as never)
      .where(sql`id`, '=', first)
      .execute();
    await expectSame(q, carrier);
    await db
      .updateTable('locations')
      .set({ name: 'Port after', display: 'Port after' })
      .where('id', '=', port.id)
      .execute();
    listCacheStats(true);
    const res = await std({ method: 'GET', url: `/api/shipments/?${q}` });
    expect(listCacheStats(true)).toEqual({ hits: 0, joined: 0, unchanged: 0, revalidated: 0, misses: 1 });
    const row = res.json<{ results: Array<{ pod_loc: { name: string } | null }> }>().results[0];
    expect(row.pod_loc?.name).toBe('Port after');
  });

  it("a search's count outlives writes to columns no search reads and follows each write to one it reads", async () => {
    // Counts of search-only lists are reused under the selection version (migration 0038), which only inserts,
    // deletes and changes of the searched (or selected-by) columns move.
    const db = ctx.handle.db;
    const tag = `selv${t.companyId}x`;
    const query = `search=${tag.toUpperCase()}&ordering=-eta`;
    const version = async () =>
      (await sql<{ v: string }>`SELECT shipments_selection_version(${t.companyId})::text AS v`.execute(db))
        .rows[0].v;
    const ids = await insertShipments(Array.from({ length: 10 }, (_, i) => ({ eta: days(i + 1) })));
    const port = (
      await db
        .insertInto('locations')
        .values({ name: `Port ${tag}`, locode: null, display: `Port ${tag}` } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const vessel = (
      await db
        .insertInto('vessels')
        .values({ name: `Vessel ${tag}`, imo: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const expectFound = async (found: string[]) => {
      await expectSame(query, sql`shipments.id IN (${sql.join(found.length ? found : ['0'])})`);
      expect((await list(query)).count).toBe(found.length);
    };
    await expectFound([]);

    // Each searched column, one shipment at a time; the text in another case than the search's.
    const sets: Array<Record<string, unknown>> = [
      { booking_number: `BK-${tag.toUpperCase()}` },
      { bl_number: `bl${tag}` },
      { client_code: tag.toUpperCase() },
      { container_number: tag.toUpperCase().slice(0, 11) },
      { pol_loc_id: port },
      { pod_loc_id: port },
      { leg3_vessel_id: vessel },
      { current_vessel_id: vessel },
    ];
    const found: string[] = [];
    for (const [i, set] of sets.entries()) {
      await db
        .updateTable('shipments')
        .set(set as never)
        .where(sql`id`, '=', ids[i])
        .execute();
      found.push(ids[i]);
      await expectFound(found);
    }

    // The engine's usual write (an ETA) keeps the selection version: the count is reused, the page follows.
    const before = await version();
    await db
      .updateTable('shipments')
      .set({ eta: days(900), status_text: 'moved' })
      .where(sql`id`, '=', found[2])
      .execute();
    expect(await version()).toBe(before);
    expect((await list(query)).ids[0]).toBe(found[2]);
    await expectFound(found);

    // Hidden, moved to another carrier's list, deleted: the count follows each.
    await db
      .updateTable('shipments')
      .set({ hidden: true })
      .where(sql`id`, '=', found[0])
      .execute();
    await expectFound(found.slice(1));
    await expectSame(`${query}&carrier=2`, sql`false`);
    await db
      .updateTable('shipments')
      .set({ carrier_id: 2 })
      .where(sql`id`, '=', found[1])
      .execute();
    await expectSame(`${query}&carrier=2`, sql`shipments.id = ${found[1]}`);
    await db
      .deleteFrom('shipments')
      .where(sql`id`, '=', found[3])
      .execute();
    await expectFound([found[1], found[2], ...found.slice(4)]);

    // A port renamed away from the search (a global change): its shipments leave the count.
    await db
      .updateTable('locations')
      .set({ name: 'Elsewhere', display: 'Elsewhere' })
      .where('id', '=', port)
      .execute();
    await expectFound([found[1], found[2], ...found.slice(6)]);

    await db
      .deleteFrom('shipments')
      .where(sql`id`, 'in', ids)
      .execute();
    await db.deleteFrom('locations').where('id', '=', port).execute();
    await db.deleteFrom('vessels').where('id', '=', vessel).execute();
  });

  it('health counts, tabs and stats follow alert events and the thresholds', async () => {
    const db = ctx.handle.db;
    // Late by 3 days against the initial plan: delayed with the default 1 day of delay.
    const [late] = await insertShipments([{ eta: days(3), plannedInitial: days(0) }]);
    const delayed = sql`coalesce(eta_delta_days > 1 OR eta_delta_days < -1, false)`;
    await expectSame('health=delayed&ordering=-eta', delayed);
    const before = await stats();
    expect(before.shipments_delayed_count).toBe((await plain(delayed)).count);
    expect((await list('health=delayed&ordering=-eta')).ids).toContain(late);

    // An alert event with one of the user's codes (the alert_events trigger updates the shipment): alerted.
    await db
      .updateTable('user_profiles')
      .set({ attention_required_event_codes: JSON.stringify([901]) })
      .where('id', '=', t.standard.id)
      .execute();
    const code = await db.selectFrom('event_codes').select('code').where('code', '=', 901).executeTakeFirst();
    expect(code).toBeDefined();
    await db
      .insertInto('alert_events')
      .values({
        company_id: t.companyId,
        shipment_id: late,
        code: 901,
        cause_key: `cache-test-${late}`,
        details: JSON.stringify({ message: 'test' }),
        walltime: new Date(),
      })
      .execute();
    const alerted = sql`alert_codes && ARRAY[901]`;
    await expectSame('health=alerted&ordering=-eta', alerted);
    await expectSame('health=delayed&ordering=-eta', sql`NOT (${alerted}) AND ${delayed}`);
    const after = await stats();
    expect(after.shipments_with_incidents_count).toBe(before.shipments_with_incidents_count + 1);
    expect(after.shipments_delayed_count).toBe(before.shipments_delayed_count - 1);

    // Thresholds are part of the key: 5 days of delay and the shipment is on track again for this user.
    await db
      .updateTable('user_profiles')
      .set({ attention_required_event_codes: JSON.stringify([]), days_of_delay: 5 })
      .where('id', '=', t.standard.id)
      .execute();
    const ontrack = sql`NOT coalesce(eta_delta_days > 5 OR eta_delta_days < -1, false)`;
    await expectSame('health=ontrack&ordering=-eta', ontrack);
    expect((await list('health=ontrack&ordering=-eta')).ids).toContain(late);
    expect((await stats()).shipments_on_track_count).toBe((await plain(ontrack)).count);
    await db.updateTable('user_profiles').set({ days_of_delay: 1 }).where('id', '=', t.standard.id).execute();
  });

  it('the last-week count equals a plain count after a shipment is created', async () => {
    const weekCount = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE company_id = ${t.companyId}
            AND NOT hidden AND created_at >= now() - interval '7 days'`.execute(ctx.handle.db)
        ).rows[0].n,
      );
    expect((await stats()).shipments_last_week_count).toBe(await weekCount());
    await insertShipments([{ eta: days(1) }]);
    expect((await stats()).shipments_last_week_count).toBe(await weekCount());
  });
});

describe('POD time-of-arrival warning risk in health', () => {
  it("makes shipments whose warning reaches the user's risk need attention, in lists, counts and detail", async () => {
    const db = ctx.handle.db;
    const [low, high, none] = await insertShipments([{ eta: days(2) }, { eta: days(2) }, { eta: days(2) }]);
    const warn = (risk: number) => JSON.stringify({ risk, risk_description: 'test', conclusion: 'test' });
    await db
      .updateTable('shipments')
      .set({ pod_timeofarrival_warning: warn(1) } as never)
      .where(sql`id`, '=', low)
      .execute();
    await db
      .updateTable('shipments')
      .set({ pod_timeofarrival_warning: warn(2) } as never)
      .where(sql`id`, '=', high)
      .execute();
    await db
      .updateTable('shipments')
      .set({ pod_timeofarrival_warning: warn(0) } as never)
      .where(sql`id`, '=', none)
      .execute();
    const kept = await db
      .selectFrom('shipments')
      .select(['id', 'pod_warning_risk'])
      .where(sql`id`, 'in', [low, high, none])
      .orderBy('id')
      .execute();
    expect(kept.map((r) => r.pod_warning_risk)).toEqual([1, 2, 0]);

    const setRisk = (risk: number | null) =>
      db
        .updateTable('user_profiles')
        .set({ pod_timeofarrival_warning_risk: risk })
        .where('id', '=', t.standard.id)
        .execute();
    const alertedIds = async () => (await list('health=alerted&ordering=-eta')).ids;
    const health = async (id: string) =>
      (await std({ method: 'GET', url: `/api/shipments/${id}/` })).json<{ health: string }>().health;

    await setRisk(null);
    let ids = await alertedIds();
    expect(ids).not.toContain(low);
    expect(ids).not.toContain(high);
    const base = (await stats()).shipments_with_incidents_count;

    await setRisk(2); // High: only the high-risk warning
    ids = await alertedIds();
    expect(ids).toContain(high);
    expect(ids).not.toContain(low);
    expect(ids).not.toContain(none);
    expect(await health(high)).toBe('alerted');
    expect(await health(low)).not.toBe('alerted');
    expect((await stats()).shipments_with_incidents_count).toBe(base + 1);
    await expectSame('health=alerted&ordering=-eta', sql`pod_warning_risk >= 2`);

    await setRisk(1); // Low: low and high
    ids = await alertedIds();
    expect(ids).toEqual(expect.arrayContaining([low, high]));
    expect(ids).not.toContain(none);
    expect((await stats()).shipments_with_incidents_count).toBe(base + 2);
    expect((await list('health=alerted')).count).toBe(base + 2);

    // The warning goes away: so does the attention.
    await db
      .updateTable('shipments')
      .set({ pod_timeofarrival_warning: null } as never)
      .where(sql`id`, '=', high)
      .execute();
    expect(await alertedIds()).not.toContain(high);
    expect((await stats()).shipments_with_incidents_count).toBe(base + 1);
    await setRisk(null);
  });
});

describe('daysExpiry', () => {
  it('is the instant a dtd / dta would round to another day, for dates ahead and behind', () => {
    const at = Date.now();
    for (const offset of [2.3, 0.2, -0.2, -3.7, 10.4, -10.6]) {
      const date = new Date(at + offset * DAY);
      const value = (daysFrom(date, new Date(at)) ?? NaN) + 0; // + 0: -0 is 0 in JSON
      const expires = daysExpiry([{ dta: value, dta_date: date.toISOString() }]);
      expect(expires).toBeGreaterThan(at);
      expect((daysFrom(date, new Date(expires - 1)) ?? NaN) + 0).toBe(value);
      expect((daysFrom(date, new Date(expires + 1)) ?? NaN) + 0).toBe(value - 1);
    }
    expect(daysExpiry([{ dtd: null, dtd_date: null }])).toBe(Infinity);
  });
});
