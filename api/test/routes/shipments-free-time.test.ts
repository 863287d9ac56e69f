// Demurrage and detention in the shipment list, detail, dashboard counts and map info window: the two filters
// (free_time_ends_within, over_free_time), the ordering by the last free day (nulls last), the columns and the
// free_time object, tenancy, the answer cache keyed by the day, and the plan (the partial index is used).
import { CompiledQuery, sql } from 'kysely';
import { addDays } from '../../src/tracking/free-time/dates';
import { todayUtc } from '../../src/tracking/free-time/view';
import { listShipments } from '../../src/services/shipments/list';
import { countQuery, shipmentPageQuery } from '../../src/services/shipments/list-query';
import { parseShipmentFilters, shipmentConditions } from '../../src/services/shipments/filters';
import { mapPointDetails } from '../../src/services/map-points';
import type { HealthThresholds } from '../../src/services/health';
import { insertRequest, startTenantApp, type Caller, type TenantApp } from '../helpers/app';

jest.setTimeout(120_000);

let env: TenantApp;
const THRESHOLDS: HealthThresholds = {
  days_of_delay: 1,
  days_in_advance: -1,
  attention_required_event_codes: [],
  max_days: {},
  pod_warning_risk: null,
};
const today = todayUtc();
const day = (n: number) => addDays(today, n);
let containers = 0;

/** A stored snapshot (tracking/free-time/stored.ts) with demurrage running since `started` to `lfd`. */
function snapshot(lfd: string, started: string | null, stopped: string | null = null) {
  const clock = (over: { lfd: string | null; started_on: string | null; stopped_on: string | null }) => ({
    ...over,
    lfd_source: 'rule',
    estimated: over.started_on === null,
    free_days: 5,
    estimated_stop: null,
    tiers: [{ from_day: 1, to_day: null, rate: 100 }],
  });
  return {
    v: 1,
    mode: 'separate',
    currency: 'EUR',
    day_count: 'calendar',
    rule_id: null,
    demurrage: clock({ lfd, started_on: started, stopped_on: stopped }),
    // a stopped demurrage means the container left full: detention ran, and is closed too
    detention: clock(
      stopped === null
        ? { lfd: null, started_on: null, stopped_on: null }
        : { lfd: addDays(stopped, 7), started_on: stopped, stopped_on: addDays(stopped, 5) },
    ),
  };
}

interface Seed {
  /** Days from today to the running clock's last free day; null: no clock runs. */
  lfdIn: number | null;
  hidden?: boolean;
  company?: number;
}

async function insert(requestId: number, rows: Seed[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const db = env.ctx.handle.db;
  const out = await db
    .insertInto('shipments')
    .values(
      rows.map((r) => ({
        company_id: r.company ?? env.t.companyId,
        tracking_request_id: requestId,
        carrier_id: 1,
        container_number: `FTMU${String(1_000_000 + containers++).slice(-7)}`,
        hidden: r.hidden ?? false,
        free_time_lfd: r.lfdIn === null ? null : day(r.lfdIn),
      })) as never,
    )
    .returning(['id', 'company_id'])
    .execute();
  await db
    .insertInto('shipment_free_time')
    .values(
      rows.map((r, i) => {
        const lfd = r.lfdIn === null ? null : day(r.lfdIn);
        return {
          shipment_id: out[i].id,
          company_id: out[i].company_id,
          free_time: JSON.stringify(
            lfd ? snapshot(lfd, day(r.lfdIn! - 5)) : snapshot(day(-30), day(-35), day(-31)),
          ),
          currency: 'EUR',
          computed_on: day(0),
        };
      }),
    )
    .execute();
  return out.map((r) => String(r.id));
}

async function list(caller: Caller, query: string) {
  const res = await caller({ method: 'GET', url: `/api/shipments/?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number; results: Array<Record<string, unknown> & { id: number }> }>();
}

/** The visible shipments of the company whose running clock's last free day is within [from, to] days. */
async function plainIds(from: number | null, to: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM shipments
    WHERE company_id = ${env.t.companyId} AND NOT hidden AND free_time_lfd <= ${day(to)}::date
      AND (${from === null} OR free_time_lfd >= ${from === null ? today : day(from)}::date)
    ORDER BY id DESC`.execute(env.ctx.handle.db);
  return rows.map((r) => String(r.id));
}

let requestId: number;
let otherRequestId: number;

beforeAll(async () => {
  env = await startTenantApp();
  requestId = await insertRequest(env.ctx, {
    company_id: env.t.companyId,
    code_value: `FT${env.t.companyId}`,
  });
  otherRequestId = await insertRequest(env.ctx, {
    company_id: env.t.otherCompanyId,
    code_value: `FT${env.t.otherCompanyId}`,
  });
  // -10 .. 10 days, a hidden one over, three without a running clock; the other company has its own over one.
  await insert(requestId, [
    ...[-10, -3, -1, 0, 1, 2, 3, 4, 7, 10].map((lfdIn) => ({ lfdIn })),
    { lfdIn: -2, hidden: true },
    { lfdIn: null },
    { lfdIn: null },
    { lfdIn: null },
  ]);
  await insert(otherRequestId, [
    { lfdIn: -4, company: env.t.otherCompanyId },
    { lfdIn: 1, company: env.t.otherCompanyId },
  ]);
});

afterAll(async () => {
  await env.ctx.close();
});

const ids = (body: { results: Array<{ id: number }> }) => body.results.map((r) => String(r.id));

describe('filters', () => {
  it('over_free_time=true: a running clock past its last free day, hidden ones left out', async () => {
    const body = await list(env.std, 'over_free_time=true');
    expect(body.count).toBe(3);
    expect(ids(body)).toEqual(await plainIds(null, -1));
    expect(body.results.every((r) => (r.free_time_days_left as number) < 0)).toBe(true);
  });

  it('free_time_ends_within=N: last free day today..today+N; false over filters nothing', async () => {
    expect(ids(await list(env.std, 'free_time_ends_within=3'))).toEqual(await plainIds(0, 3));
    expect((await list(env.std, 'free_time_ends_within=0')).count).toBe(1);
    expect((await list(env.std, 'free_time_ends_within=60')).count).toBe(7);
    expect((await list(env.std, 'over_free_time=false')).count).toBe(13);
  });

  it('both together: over, or ending within N', async () => {
    const body = await list(env.std, 'over_free_time=true&free_time_ends_within=2');
    expect(ids(body)).toEqual(await plainIds(null, 2));
    expect(body.count).toBe(6);
  });

  it('bad values answer 400 {field: [messages]}', async () => {
    const bad = async (query: string) => {
      const res = await env.std({ method: 'GET', url: `/api/shipments/?${query}` });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await bad('free_time_ends_within=61')).toEqual({
      free_time_ends_within: ['Ensure this value is less than or equal to 60.'],
    });
    expect(await bad('free_time_ends_within=-1')).toEqual({
      free_time_ends_within: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(await bad('free_time_ends_within=soon&over_free_time=maybe')).toEqual({
      free_time_ends_within: ['A valid integer is required.'],
      over_free_time: ['Must be a valid boolean.'],
    });
  });

  it("tenancy: never another company's containers, in the list or the counts", async () => {
    const mine = await list(env.std, 'over_free_time=true&free_time_ends_within=60');
    const theirs = await list(env.outsider, 'over_free_time=true&free_time_ends_within=60');
    expect(theirs.count).toBe(2);
    expect(ids(theirs).some((id) => ids(mine).includes(id))).toBe(false);
    const stats = (await env.outsider({ method: 'GET', url: '/api/shipments/stats/' })).json();
    expect(stats).toMatchObject({ over_free_time_count: 1, free_time_ending_count: 1 });
  });
});

describe('ordering by the last free day', () => {
  it('ascending and descending, rows without a running clock last, days_left as an alias', async () => {
    const { rows } = await sql<{ id: string; lfd: string | null }>`
      SELECT id, to_char(free_time_lfd, 'YYYY-MM-DD') AS lfd FROM shipments
      WHERE company_id = ${env.t.companyId} AND NOT hidden`.execute(env.ctx.handle.db);
    const byLfd = (desc: boolean) =>
      [...rows]
        .sort((a, b) => {
          if (a.lfd === null || b.lfd === null)
            return a.lfd === b.lfd ? Number(b.id) - Number(a.id) : a.lfd ? -1 : 1;
          return (
            (desc ? b.lfd.localeCompare(a.lfd) : a.lfd.localeCompare(b.lfd)) || Number(b.id) - Number(a.id)
          );
        })
        .map((r) => r.id);
    expect(ids(await list(env.std, 'ordering=free_time_lfd'))).toEqual(byLfd(false));
    expect(ids(await list(env.std, 'ordering=-free_time_lfd'))).toEqual(byLfd(true));
    expect(ids(await list(env.std, 'ordering=free_time_days_left'))).toEqual(byLfd(false));
  });

  it('the split read over many matches gives the same pages as the filter-then-sort read', async () => {
    const companyId = env.t.companyId;
    const thresholds = THRESHOLDS;
    for (const ordering of ['free_time_lfd', '-free_time_lfd']) {
      const filters = parseShipmentFilters({ ordering });
      const conditions = shipmentConditions(filters, thresholds, new Date(), companyId);
      const read = async (count: number, offset: number) =>
        (
          await shipmentPageQuery(
            env.ctx.handle.db,
            companyId,
            thresholds,
            filters,
            conditions,
            count,
            4,
            offset,
          ).execute()
        ).map((r) => String(r.id));
      for (const offset of [0, 4, 8, 12])
        expect(await read(1_000_000, offset)).toEqual(await read(13, offset));
    }
  });
});

describe('columns, the free_time object and the detail', () => {
  it('list rows carry the clocks; free_time only when fields asks for it', async () => {
    const plain = await list(env.std, 'over_free_time=true&ordering=free_time_lfd');
    const first = plain.results[0];
    expect(first).toMatchObject({
      free_time_lfd: day(-10),
      free_time_days_left: -10,
      free_time_state: 'over',
      demurrage_lfd: day(-10),
      detention_lfd: null,
      demurrage_cost: 1000,
      detention_cost: null, // detention has not started: no cost yet, not 0
      free_time_currency: 'EUR',
    });
    expect(first).not.toHaveProperty('free_time');
    const asked = await list(env.std, 'over_free_time=true&ordering=free_time_lfd&fields=id,free_time');
    expect(Object.keys(asked.results[0])).toEqual(['id', 'free_time']);
    expect(asked.results[0].free_time).toMatchObject({ state: 'over', days_left: -10, currency: 'EUR' });
  });

  it('the detail has the whole view; a container without a clock has nulls', async () => {
    const over = (await list(env.std, 'over_free_time=true')).results[0];
    const detail = (await env.std({ method: 'GET', url: `/api/shipments/${over.id}/` })).json();
    expect(detail.free_time).toMatchObject({
      mode: 'separate',
      state: 'over',
      demurrage: { state: 'over', lfd_source: 'rule' },
      detention: { state: 'not_started' },
    });
    const closed = (await list(env.std, 'ordering=free_time_lfd')).results.at(-1)!;
    expect(closed).toMatchObject({
      free_time_lfd: null,
      free_time_days_left: null,
      free_time_state: 'closed',
    });
  });
});

describe('dashboard counts and the map', () => {
  it("counts equal the list's with the user's warning days", async () => {
    await env.ctx.handle.db
      .updateTable('user_profiles')
      .set({ free_time_warning_days: 2 })
      .where('id', '=', env.t.colleague.id)
      .execute();
    const { signIn } = await import('../helpers/app');
    const mate = await signIn(env.ctx, env.t.colleague);
    const stats = (await mate({ method: 'GET', url: '/api/shipments/stats/' })).json();
    expect(stats).toMatchObject({
      free_time_warning_days: 2,
      over_free_time_count: 3,
      free_time_ending_count: 3,
    });
    expect((await list(mate, 'free_time_ends_within=2')).count).toBe(stats.free_time_ending_count);
    const std = (await env.std({ method: 'GET', url: '/api/shipments/stats/' })).json();
    expect(std).toMatchObject({ free_time_warning_days: 3, free_time_ending_count: 4 });
  });

  it('the info window gets the running clock (over first) and nothing for closed ones', async () => {
    const [over] = ids(await list(env.std, 'over_free_time=true&ordering=free_time_lfd'));
    const closed = ids(await list(env.std, 'ordering=free_time_lfd')).at(-1)!;
    const other = ids(await list(env.outsider, 'over_free_time=true'));
    const thresholds = THRESHOLDS;
    const details = await mapPointDetails(env.ctx.handle.db, env.t.companyId, thresholds, [
      Number(over),
      Number(closed),
      Number(other[0]),
    ]);
    expect(details.map((d) => [d.id, d.free_time])).toEqual([
      [Number(over), { clock: 'demurrage', state: 'over', lfd: day(-10), days_left: -10 }],
      [Number(closed), null],
    ]);
  });
});

describe('the answer cache and the plan', () => {
  it('keys pages by the day: the same data version answers other days left tomorrow', async () => {
    const caller = { companyId: env.t.companyId, thresholds: THRESHOLDS, lang: 'en' as const };
    const query = { ordering: 'free_time_lfd', fields: 'id,free_time_days_left' };
    const now = new Date();
    const first = JSON.parse(String((await listShipments(env.ctx.handle.db, caller, query, 1, now)).results));
    const again = await listShipments(env.ctx.handle.db, caller, query, 1, now);
    expect(JSON.parse(String(again.results))).toEqual(first);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const next = JSON.parse(
      String((await listShipments(env.ctx.handle.db, caller, query, 1, tomorrow)).results),
    );
    expect(next[0].free_time_days_left).toBe(first[0].free_time_days_left - 1);
  });

  it('the filters and the ordering read the index (company_id, free_time_lfd, id)', async () => {
    const db = env.ctx.handle.db;
    // A few thousand containers, most without a running clock, so that a plan by the index is the cheap one.
    const many: Seed[] = Array.from({ length: 4000 }, (_, i) => ({
      lfdIn: i % 20 === 0 ? (i % 90) - 45 : null,
    }));
    await insert(requestId, many);
    await sql`ANALYZE shipments`.execute(db);
    const thresholds = THRESHOLDS;
    const plan = async (q: { sql: string; parameters: readonly unknown[] }) => {
      const explained = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${q.sql}`, [...q.parameters]),
      );
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (const query of [{ over_free_time: 'true' }, { free_time_ends_within: '7' }]) {
      const filters = parseShipmentFilters(query);
      const conditions = shipmentConditions(filters, thresholds, new Date(), env.t.companyId);
      expect(await plan(countQuery(thresholds, env.t.companyId, filters, conditions).compile(db))).toMatch(
        /shipments_company_free_time_lfd_idx/,
      );
      const page = shipmentPageQuery(db, env.t.companyId, thresholds, filters, conditions, 100, 30, 0);
      expect(await plan(page.compile())).toMatch(/shipments_company_free_time_lfd_idx/);
    }
    const sorted = parseShipmentFilters({ ordering: 'free_time_lfd' });
    const conditions = shipmentConditions(sorted, thresholds, new Date(), env.t.companyId);
    const page = shipmentPageQuery(db, env.t.companyId, thresholds, sorted, conditions, 1_000_000, 30, 0);
    expect(await plan(page.compile())).toMatch(/shipments_company_free_time_lfd_idx/);
  });
});
