// Health profiles (migration 0043, services/health-profiles): a count over an ETA range read from a profile's
// groups must equal counting the shipments, for any thresholds and filters, after any writes, and a profile built
// while writers run (each write in a transaction of several statements) must miss none of their changes and
// count none twice.
import { sql, type Kysely } from 'kysely';
import { startTestApp, seedTenant, signIn, type TestContext, type Tenant } from '../helpers/app';
import { DEFAULT_THRESHOLDS, loadThresholds, type HealthThresholds } from '../../src/services/health';
import {
  buildProfile,
  MAX_PROFILES_PER_COMPANY,
  profileBuildsSettled,
  profileKey,
  readyProfile,
} from '../../src/services/health-profiles';
import { countShipments } from '../../src/services/shipments/list-query';
import { parseShipmentFilters, shipmentConditions } from '../../src/services/shipments/filters';
import { configureListCache } from '../../src/services/shipments/list-cache';
import type { Database } from '../../src/db/types';

jest.setTimeout(120_000);

let ctx: TestContext;
let t: Tenant;
let db: Kysely<Database>;
const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);
let requestId: number;

/** Deterministic pseudo-random numbers (the same shipments at every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** `n` shipments of company `companyId` with every health input spread out (some null, some hidden). */
async function insertShipments(companyId: number, n: number, seed: number, tag: string): Promise<void> {
  const r = random(seed);
  await db
    .insertInto('shipments')
    .values(
      Array.from({ length: n }, (_, i) => {
        const eta = r() < 0.1 ? null : new Date(now + Math.round((r() * 240 - 120) * 24) * 3_600_000);
        const off = Math.round((r() * 8 - 4) * 24) * 3_600_000;
        return {
          company_id: companyId,
          tracking_request_id: requestId,
          carrier_id: 1 + Math.floor(r() * 3),
          container_number: `HPRU${tag}${String(i).padStart(5, '0')}`,
          eta,
          pod_vessel_arrival_planned_initial: eta && r() < 0.9 ? new Date(eta.getTime() - off) : null,
          alert_codes: r() < 0.2 ? [901 + Math.floor(r() * 8)] : [],
          days_in_tsp: r() < 0.3 ? String(Math.round(r() * 150) / 10) : null,
          discrepancy_eta_at_pod: r() < 0.3 ? String(Math.round(r() * 60) / 10) : null,
          pod_warning_risk: r() < 0.2 ? 1 + Math.floor(r() * 2) : null,
          hidden: r() < 0.08,
        };
      }),
    )
    .execute();
}

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  db = ctx.handle.db;
  const req = await db
    .insertInto('tracking_requests')
    .values({ company_id: t.companyId, carrier_id: 1, code_type: 'b_id', code_value: `HP${t.companyId}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  requestId = req.id;
  await insertShipments(t.companyId, 900, 7, 'A');
});

afterAll(async () => {
  await profileBuildsSettled();
  await ctx.close();
});

const THRESHOLDS: HealthThresholds[] = [
  DEFAULT_THRESHOLDS,
  {
    days_of_delay: 2,
    days_in_advance: -3,
    attention_required_event_codes: [907, 901, 904],
    max_days: { max_days_in_tsp: 7 },
    pod_warning_risk: null,
  },
  {
    days_of_delay: 1,
    days_in_advance: -1,
    attention_required_event_codes: [],
    max_days: { max_days_eta_pod_discrepancy: 3, max_days_in_tsp: 12 },
    pod_warning_risk: 2,
  },
];

/**
 * Query strings counted from a profile: ETA ranges whole, cut mid-week, open on either side, one week; carriers'
 * tabs without an ETA range (their shipments without an ETA counted too).
 */
function queries(): string[] {
  const iso = (d: Date) => d.toISOString();
  const date = (d: Date) => d.toISOString().slice(0, 10);
  return [
    `eta_after=${date(days(-60))}`,
    `eta_after=${iso(days(-50.3))}&health=delayed&carrier=2`,
    `eta_before=${date(days(30))}&health=alerted`,
    `eta_after=${iso(days(-100.7))}&eta_before=${iso(days(80.2))}&health=ontrack&carrier=1&carrier=3`,
    `eta_after=${iso(days(1.2))}&eta_before=${iso(days(3.4))}&health=delayed`,
    `eta_rel_min=-10&eta_rel_max=40&health=delayed&health=alerted`,
    `eta_after=${date(days(-30))}&exclude_hidden=false&health=delayed&carrier=1`,
    `eta_after=2000-01-03&health=ontrack`,
    `carrier=2&health=delayed`,
    `carrier=1`,
    `carrier=1&carrier=3&health=alerted&health=ontrack`,
    `carrier=3&exclude_hidden=false&health=ontrack`,
  ];
}

/** The count of `query` for `thresholds` with profile `profile` and without one (counting the shipments). */
async function bothCounts(thresholds: HealthThresholds, query: string, profile: number) {
  const parsed = parseShipmentFilters(queryParams(query), new Date(now));
  const conditions = shipmentConditions(parsed, thresholds, new Date(now), t.companyId);
  return {
    fromProfile: await countShipments(db, thresholds, t.companyId, parsed, conditions, profile),
    counted: await countShipments(db, thresholds, t.companyId, parsed, conditions),
  };
}

/** A query string as the route gives it to the filters' parser (repeated keys as arrays). */
function queryParams(query: string): Record<string, string[]> {
  const params: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) (params[k] ??= []).push(v);
  return params;
}

/** Builds (or finds) the company's profile of `thresholds` and returns its id once ready. */
async function profileOf(thresholds: HealthThresholds, companyId = t.companyId): Promise<number> {
  await readyProfile(db, companyId, thresholds);
  await profileBuildsSettled();
  const row = await db
    .selectFrom('health_profiles')
    .select(['id', 'ready'])
    .where('company_id', '=', companyId)
    .where('key', '=', profileKey(thresholds))
    .executeTakeFirstOrThrow();
  expect(row.ready).toBe(true);
  return row.id;
}

/** True when every group of the profile equals its recount from the shipments (zero groups left out). */
async function groupsExact(profile: number): Promise<{ kept: string[]; recounted: string[] }> {
  const { rows: kept } = await sql<{
    g: string;
  }>`SELECT concat_ws('|', carrier_id, eta_week, hidden, health, sum(n)) AS g
    FROM health_profile_counts WHERE profile_id = ${profile}
    GROUP BY carrier_id, eta_week, hidden, health HAVING sum(n) <> 0 ORDER BY 1`.execute(db);
  const { rows: recounted } = await sql<{
    g: string;
  }>`SELECT concat_ws('|', carrier_id, eta_week, hidden, health, n) AS g
    FROM health_profile_groups(${profile}) ORDER BY 1`.execute(db);
  return { kept: kept.map((r) => r.g), recounted: recounted.map((r) => r.g) };
}

describe('counts from a health profile', () => {
  it('equal counting the shipments, for every thresholds and filters', async () => {
    for (const thresholds of THRESHOLDS) {
      const profile = await profileOf(thresholds);
      const exact = await groupsExact(profile);
      expect(exact.kept).toEqual(exact.recounted);
      let nonZero = 0;
      for (const q of queries()) {
        const { fromProfile, counted } = await bothCounts(thresholds, q, profile);
        expect({ q, n: fromProfile }).toEqual({ q, n: counted });
        if (counted > 0) nonZero++;
      }
      expect(nonZero).toBeGreaterThanOrEqual(6);
    }
  });

  it('stay right through inserts, updates (ETA, plan, alerts, hidden, carrier, company) and deletes', async () => {
    const profiles = await Promise.all(THRESHOLDS.map((th) => profileOf(th)));
    await insertShipments(t.companyId, 120, 11, 'B');
    await sql`UPDATE shipments SET eta = eta + interval '9 days 5 hours'
      WHERE company_id = ${t.companyId} AND id % 5 = 0`.execute(db);
    await sql`UPDATE shipments SET pod_vessel_arrival_planned_initial = eta - interval '3 days', hidden = NOT hidden
      WHERE company_id = ${t.companyId} AND id % 7 = 1`.execute(db);
    await sql`UPDATE shipments SET alert_codes = '{904}', carrier_id = 3 - (carrier_id % 3)
      WHERE company_id = ${t.companyId} AND id % 11 = 2`.execute(db);
    await sql`UPDATE shipments SET company_id = ${t.otherCompanyId}
      WHERE company_id = ${t.companyId} AND id % 13 = 3`.execute(db);
    await sql`DELETE FROM shipments WHERE company_id = ${t.companyId} AND id % 17 = 4`.execute(db);
    for (const [i, thresholds] of THRESHOLDS.entries()) {
      const exact = await groupsExact(profiles[i]);
      expect(exact.kept).toEqual(exact.recounted);
      for (const q of queries()) {
        const { fromProfile, counted } = await bothCounts(thresholds, q, profiles[i]);
        expect({ q, n: fromProfile }).toEqual({ q, n: counted });
      }
      // Folded: one row per group of some shipment, the same sums.
      await sql`SELECT health_profile_counts_compact(${profiles[i]})`.execute(db);
      expect(await groupsExact(profiles[i])).toEqual(exact);
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM health_profile_counts
        WHERE profile_id = ${profiles[i]}`.execute(db);
      expect(Number(rows[0].n)).toBe(exact.recounted.length);
    }
  });

  it('are not used before the profile is built: the list counts the shipments meanwhile', async () => {
    const thresholds = { ...DEFAULT_THRESHOLDS, days_of_delay: 4 };
    // Another company, so that this one's limit does not interfere.
    const other = t.otherCompanyId;
    await insertShipments(other, 50, 3, 'C');
    expect(await readyProfile(db, other, thresholds)).toBeNull();
    const row = await db
      .selectFrom('health_profiles')
      .select(['id', 'ready'])
      .where('company_id', '=', other)
      .where('key', '=', profileKey(thresholds))
      .executeTakeFirstOrThrow();
    // Whatever the build's progress, a count given this profile id is exact (null from the profile: counted).
    const params = { eta_after: days(-40).toISOString(), health: ['delayed'] };
    const parsed = parseShipmentFilters(params, new Date(now));
    const conditions = shipmentConditions(parsed, thresholds, new Date(now), other);
    await sql`UPDATE health_profiles SET ready = false WHERE id = ${row.id}`.execute(db);
    const expected = await countShipments(db, thresholds, other, parsed, conditions);
    expect(expected).toBeGreaterThan(0);
    expect(await countShipments(db, thresholds, other, parsed, conditions, row.id)).toBe(expected);
    await profileBuildsSettled();
  });

  it('are added for at most MAX_PROFILES_PER_COMPANY threshold sets of a company', async () => {
    const tenant = await seedTenant(ctx);
    for (let d = 1; d <= MAX_PROFILES_PER_COMPANY + 3; d++) {
      await readyProfile(db, tenant.companyId, { ...DEFAULT_THRESHOLDS, days_of_delay: d });
    }
    await profileBuildsSettled();
    const { n } = await db
      .selectFrom('health_profiles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(MAX_PROFILES_PER_COMPANY);
    // One unused for over a week makes room for the next.
    await sql`UPDATE health_profiles SET last_used_at = now() - interval '8 days'
      WHERE company_id = ${tenant.companyId} AND key = ${profileKey({ ...DEFAULT_THRESHOLDS, days_of_delay: 1 })}`.execute(
      db,
    );
    await readyProfile(db, tenant.companyId, { ...DEFAULT_THRESHOLDS, days_of_delay: 30 });
    await profileBuildsSettled();
    const keys = await db
      .selectFrom('health_profiles')
      .select('days_of_delay')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(keys.map((k) => k.days_of_delay).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 30]);
  });
});

describe('a profile built while the engine writes', () => {
  it('misses no write and counts none twice', async () => {
    const tenant = await seedTenant(ctx);
    const req = await db
      .insertInto('tracking_requests')
      .values({
        company_id: tenant.companyId,
        carrier_id: 1,
        code_type: 'b_id',
        code_value: `HPW${tenant.companyId}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const saved = requestId;
    requestId = req.id;
    await insertShipments(tenant.companyId, 3_000, 5, 'W');
    requestId = saved;
    const { rows: ids } = await sql<{ id: string }>`SELECT id FROM shipments
      WHERE company_id = ${tenant.companyId}`.execute(db);
    let writing = true;
    let writes = 0;
    const r = random(99);
    // A write changes the shipment's groups in its first statement and commits a few milliseconds later, after a
    // second one (as the engine's do). Only that first statement changes groups: two transactions that each
    // changed groups in two statements could deadlock on the other count tables' rows (shipment_health_counts),
    // whatever the profiles. Inserts and deletes are writes of their own.
    const writer = async (w: number) => {
      let i = 0;
      while (writing) {
        const id = ids[Math.floor(r() * ids.length)].id;
        const hours = Math.round(r() * 400 - 200);
        const planned = Math.round(r() * 200 - 100);
        await db.transaction().execute(async (trx) => {
          await sql`UPDATE shipments SET eta = eta + make_interval(hours => ${hours}),
              pod_vessel_arrival_planned_initial = eta - make_interval(hours => ${planned}),
              hidden = (hidden <> ${i % 3 === 0})
            WHERE id = ${id}`.execute(trx);
          await sql`SELECT pg_sleep(${r() * 0.004})`.execute(trx);
          await sql`UPDATE shipments SET last_update = now() WHERE id = ${id}`.execute(trx);
        });
        if (i % 17 === 0) {
          await sql`INSERT INTO shipments (company_id, tracking_request_id, carrier_id, container_number, eta)
            VALUES (${tenant.companyId}, ${req.id}, 2, ${`HPXU${w}${i}`}, now())`.execute(db);
        }
        if (i % 29 === 0) {
          await sql`DELETE FROM shipments WHERE id = (SELECT max(id) FROM shipments
            WHERE company_id = ${tenant.companyId} AND container_number LIKE ${`HPXU${w}%`})`.execute(db);
        }
        i++;
        writes++;
      }
    };
    const writers = [0, 1, 2].map(writer);
    // Profiles added as a request adds them, each built at once, while three writers run, so that some writes
    // start before a profile is there and end after its build has taken its snapshot.
    const profiles: number[] = [];
    for (let d = 1; d <= 16; d++) {
      const token = `00000000-0000-4000-8000-${String(d).padStart(12, '0')}`;
      const row = await db
        .insertInto('health_profiles')
        .values({
          company_id: tenant.companyId,
          key: `test-${d}`,
          days_of_delay: d,
          days_in_advance: -d,
          codes: [],
          build_token: token,
          build_started_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      profiles.push(row.id);
      expect(await buildProfile(db, row.id, tenant.companyId, token)).toBe(true);
      // An earlier one folded meanwhile, as a process does now and then.
      await sql`SELECT health_profile_counts_compact(${profiles[Math.floor(r() * profiles.length)]})`.execute(
        db,
      );
    }
    writing = false;
    await Promise.all(writers);
    expect(writes).toBeGreaterThan(30);
    for (const id of profiles) {
      const exact = await groupsExact(id);
      expect(exact.kept).toEqual(exact.recounted);
    }
  });
});

describe('the list over an ETA range and a carrier tab', () => {
  it.each([
    [
      'an ETA range',
      3,
      `carrier=2&health=delayed&eta_after=${days(-90).toISOString().slice(0, 10)}&ordering=-eta`,
    ],
    ['a carrier tab', 4, 'carrier=1&health=delayed&ordering=eta&page=2'],
  ])('gives the counted number before and after the profile is built: %s', async (_, delay, q) => {
    configureListCache({ enabled: false });
    try {
      // Thresholds of their own, so that the first request finds no profile.
      await db
        .updateTable('user_profiles')
        .set({ days_of_delay: delay })
        .where('id', '=', t.standard.id)
        .execute();
      const std = await signIn(ctx, t.standard);
      const thresholds = await loadThresholds(db, t.standard.id);
      const parsed = parseShipmentFilters(queryParams(q), new Date());
      const expected = await countShipments(
        db,
        thresholds,
        t.companyId,
        parsed,
        shipmentConditions(parsed, thresholds, new Date(), t.companyId),
      );
      expect(expected).toBeGreaterThan(25);
      for (let i = 0; i < 3; i++) {
        const res = await std({ method: 'GET', url: `/api/shipments/?${q}` });
        expect(res.statusCode).toBe(200);
        expect(res.json<{ count: number }>().count).toBe(expected);
        await profileBuildsSettled();
      }
      const ready = await db
        .selectFrom('health_profiles')
        .select('ready')
        .where('company_id', '=', t.companyId)
        .where('key', '=', profileKey(thresholds))
        .executeTakeFirst();
      expect(ready?.ready).toBe(true);
    } finally {
      configureListCache('reset');
    }
  });
});

describe('the dashboard counts', () => {
  it('are the same from the profile as from the groups of every threshold, and follow writes', async () => {
    configureListCache({ enabled: false });
    try {
      const std = await signIn(ctx, t.colleague);
      // Thresholds of their own, so that the first call adds a profile.
      await db
        .updateTable('user_profiles')
        .set({ days_of_delay: 3, days_in_advance: -2, attention_required_event_codes: JSON.stringify([902]) })
        .where('id', '=', t.colleague.id)
        .execute();
      const thresholds = await loadThresholds(db, t.colleague.id);
      const stats = async () => {
        const res = await std({ method: 'GET', url: '/api/shipments/stats/' });
        expect(res.statusCode).toBe(200);
        return res.json<Record<string, number>>();
      };
      const before = await stats();
      await profileBuildsSettled();
      expect(await readyProfile(db, t.companyId, thresholds)).not.toBeNull();
      expect(await stats()).toEqual(before);
      expect(before.shipments_delayed_count).toBeGreaterThan(0);
      expect(before.shipments_with_incidents_count).toBeGreaterThan(0);
      await sql`UPDATE shipments SET alert_codes = '{902}' WHERE company_id = ${t.companyId} AND id % 9 = 5
        AND alert_codes = '{}' AND NOT hidden`.execute(db);
      const after = await stats();
      expect(after.shipments_with_incidents_count).toBeGreaterThan(before.shipments_with_incidents_count);
      await sql`UPDATE health_profiles SET ready = false WHERE company_id = ${t.companyId}`.execute(db);
      expect(await stats()).toEqual(after);
    } finally {
      configureListCache('reset');
    }
  });
});

describe('the write lock', () => {
  it('is at most 64 locks in a transaction, whatever the number of companies it writes', async () => {
    const { rows: companies } = await sql<{ id: number }>`INSERT INTO companies (name)
      SELECT 'Lock test ' || g || ' ' || ${String(now)} FROM generate_series(1, 150) g RETURNING id`.execute(
      db,
    );
    await sql`INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value)
      SELECT id, 1, 'b_id', 'LOCK' || id FROM unnest(${companies.map((c) => c.id)}::integer[]) id`.execute(
      db,
    );
    const locks = await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO shipments (company_id, tracking_request_id, carrier_id, container_number, eta)
        SELECT r.company_id, r.id, 1, 'LCKU' || r.company_id, now() FROM tracking_requests r
        WHERE r.company_id = ANY(${companies.map((c) => c.id)}::integer[])`.execute(trx);
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_locks
        WHERE locktype = 'advisory' AND classid = 20430 AND pid = pg_backend_pid()`.execute(trx);
      return Number(rows[0].n);
    });
    expect(locks).toBeGreaterThan(0);
    expect(locks).toBeLessThanOrEqual(64);
  });
});
