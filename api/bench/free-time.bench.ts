// Benchmark of the free-time recompute after a rule change: a company with 100,000 containers (BENCH_FREE_TIME
// _CONTAINERS) beside the million-shipment bench data (bench-db.ts), its rules changed, every container's clocks
// recomputed in the background by the worker `npm start` runs (batches of 2,000, one short transaction each)
// while a client keeps reading the company's shipment list over HTTP. Targets: the recompute within 30 s, every
// read answered (p95 printed against the list's 250 ms "still answering" mark). A miss exits with 1.
//   npm run bench -w @portal/api -- free-time
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/connection';
import type { Database } from '../src/db/types';
import { hashToken, newToken } from '../src/lib/tokens';
import { createCompany, createUser } from '../src/services/accounts';
import { requestFreeTimeRecompute, startFreeTimeWorker } from '../src/tracking/free-time';
import { benchDatabase } from './bench-db';
import { describe, httpGetter, percentile, type LoadResult } from './load';

const CONTAINERS = Number(process.env.BENCH_FREE_TIME_CONTAINERS ?? 100_000);
const TARGET_SECONDS = 30;
const READ_P95_MS = 250;
const THINK_MS = 100;
const COMPANY = `Free time bench ${CONTAINERS}`;
const PODS = ['NLRTM', 'DEHAM', 'BEANR', 'ESVLC', 'GBFXT', 'USLAX', 'SAJED', 'AEJEA', 'SGSIN', 'BRSSZ'];
const log = (m: string) => console.log(m);

/** The bench company with its containers (created once, reused): discharged from 55 days ago to 15 days ahead. */
async function benchCompany(db: Kysely<Database>): Promise<{ companyId: number; userId: number }> {
  const found = await db.selectFrom('companies').select('id').where('name', '=', COMPANY).executeTakeFirst();
  if (found) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', `free-time-bench-${CONTAINERS}`)
      .executeTakeFirstOrThrow();
    return { companyId: found.id, userId: user.id };
  }
  log(`creating ${CONTAINERS.toLocaleString('en')} containers of "${COMPANY}"…`);
  const companyId = await createCompany(db, { name: COMPANY, max_tracking_requests: 10_000_000 });
  const userId = await createUser(db, {
    username: `free-time-bench-${CONTAINERS}`,
    password: 'bench-password',
    companyId,
    roleId: 1,
    is_manager: true,
    hashCost: 2 ** 10,
  });
  await sql`
    INSERT INTO tracking_requests (id, company_id, carrier_id, code_type, code_value, client_code, status)
    SELECT m.first + q, ${companyId}, 1 + q % 10, 'b_id', 'FTBK' || lpad(q::text, 9, '0'), '', 'ongoing'
    FROM generate_series(1, ${Math.ceil(CONTAINERS / 2)}) AS q,
      (SELECT coalesce(max(id), 0) AS first FROM tracking_requests) m`.execute(db);
  await sql`
    INSERT INTO shipments (id, company_id, tracking_request_id, carrier_id, container_number, container_type_iso,
      pod_loc_id, eta, pod_discharge_actual, pod_discharge_planned_last, pod_departure_actual,
      pod_departure_planned_last, empty_return_actual, empty_return_planned_last)
    SELECT m.first + i, ${companyId}, r.id, r.carrier_id, 'FTBU' || lpad(i::text, 7, '0'),
      (ARRAY['45G1', '22G1', '42G1', '45R1', 'L5G1'])[1 + i % 5], p.ids[1 + (i / 7) % array_length(p.ids, 1)],
      d.discharge, CASE WHEN d.discharge < now() THEN d.discharge END,
      CASE WHEN d.discharge >= now() THEN d.discharge END,
      CASE WHEN d.gate_out < now() THEN d.gate_out END, CASE WHEN d.gate_out >= now() THEN d.gate_out END,
      CASE WHEN d.empty_return < now() THEN d.empty_return END,
      CASE WHEN d.empty_return >= now() THEN d.empty_return END
    FROM generate_series(1, ${CONTAINERS}) AS i
    CROSS JOIN (SELECT coalesce(max(id), 0) AS first FROM shipments) m
    CROSS JOIN (SELECT array_agg(id ORDER BY locode) AS ids FROM locations WHERE locode = ANY(${PODS})) p
    JOIN tracking_requests r ON r.company_id = ${companyId} AND r.code_value = 'FTBK' || lpad(((i + 1) / 2)::text, 9, '0')
    CROSS JOIN LATERAL (SELECT now() - make_interval(days => (abs(hashint4(i)) % 70) - 15) AS discharge) d0
    CROSS JOIN LATERAL (SELECT d0.discharge,
      d0.discharge + make_interval(days => 1 + abs(hashint4(i * 3)) % 12) AS gate_out) d1
    CROSS JOIN LATERAL (SELECT d1.discharge, d1.gate_out,
      d1.gate_out + make_interval(days => 2 + abs(hashint4(i * 5)) % 20) AS empty_return) d`.execute(db);
  // As autovacuum would soon after such a load: the planner's statistics know the new company.
  await sql`ANALYZE shipments`.execute(db);
  return { companyId, userId };
}

const tiers = (...rates: number[]) =>
  JSON.stringify(
    rates.map((rate, n) => ({
      from_day: 1 + n * 5,
      to_day: n === rates.length - 1 ? null : 5 + n * 5,
      rate,
    })),
  );

/** A default rule and more specific ones (carrier, port, type, a combined one), replaced on every run. */
async function writeRules(db: Kysely<Database>, companyId: number): Promise<number> {
  await db.deleteFrom('free_time_rules').where('company_id', '=', companyId).execute();
  const [rotterdam, valencia] = ['NLRTM', 'ESVLC'];
  const { rows } = await sql<{ id: number }>`
    INSERT INTO free_time_rules (company_id, carrier_id, pod_locode, container_type, mode, demurrage_free_days,
      detention_free_days, combined_free_days, day_count, demurrage_tiers, detention_tiers, combined_tiers, currency)
    VALUES
      (${companyId}, NULL, NULL, NULL, 'separate', 5, 7, NULL, 'calendar', ${tiers(75, 120, 180)},
        ${tiers(50, 90)}, '[]', 'EUR'),
      (${companyId}, 1, NULL, NULL, 'separate', 7, 10, NULL, 'calendar', ${tiers(80, 140)}, ${tiers(60)}, '[]', 'USD'),
      (${companyId}, NULL, ${rotterdam}, NULL, 'separate', 4, 6, NULL, 'working', ${tiers(90, 150)}, ${tiers(55)},
        '[]', 'EUR'),
      (${companyId}, NULL, NULL, '40RF', 'separate', 3, 5, NULL, 'calendar', ${tiers(150, 250)}, ${tiers(100)},
        '[]', 'EUR'),
      (${companyId}, 2, ${valencia}, NULL, 'combined', NULL, NULL, 14, 'calendar', '[]', '[]', ${tiers(95, 160)},
        'EUR')
    RETURNING id`.execute(db);
  return rows[0].id;
}

/** Requests the recompute and waits for the worker to finish it; the seconds it took. */
async function recompute(db: Kysely<Database>, companyId: number): Promise<number> {
  const t0 = performance.now();
  await requestFreeTimeRecompute(db, companyId);
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const row = await db
      .selectFrom('free_time_recomputes')
      .select(['done_at'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (row?.done_at) return (performance.now() - t0) / 1000;
  }
}

/** Two clients read the list (a pause of THINK_MS between reads) until `until` resolves; every latency. */
async function readWhile(get: (p: string) => Promise<number>, until: Promise<unknown>): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  const paths = ['/shipments/?ordering=-eta', '/shipments/?status=ongoing&carrier=2&ordering=-eta'];
  const client = async (n: number) => {
    for (let k = n; !done; k++) {
      const t0 = performance.now();
      try {
        await get(paths[k % paths.length]);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
      // People browsing, not a saturating loop: a read every ~100 ms per client.
      await new Promise((r) => setTimeout(r, THINK_MS));
    }
  };
  await Promise.all([client(0), client(1)]);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => percentile(latencies, q);
  const max = latencies[latencies.length - 1] ?? NaN;
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: p(50),
    p95: p(95),
    p99: p(99),
    max,
    errors,
  };
}

async function main(): Promise<void> {
  const { url, stop } = await benchDatabase(log);
  const handle = createDb(url, { max: 10 });
  const db = handle.db;
  const { companyId, userId } = await benchCompany(db);
  const total = await sql<{ n: string; all: string }>`
    SELECT count(*) FILTER (WHERE company_id = ${companyId}) AS n, count(*) AS all FROM shipments`.execute(
    db,
  );
  log(
    `${Number(total.rows[0].n).toLocaleString('en')} containers of "${COMPANY}", ` +
      `${Number(total.rows[0].all).toLocaleString('en')} shipments in the table`,
  );
  const app = await buildApp({ db });
  const worker = startFreeTimeWorker({ db, pollMs: 250, log: () => {} });
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ key_hash: hashToken(token), user_id: userId })
    .execute();
  let ok = false;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const http = httpGetter(base, token, 2);
    const defaultRule = await writeRules(db, companyId);
    const first = await recompute(db, companyId);
    log(`rules written, first computation: ${first.toFixed(1)} s`);

    const idle = readWhile(http.get, new Promise((r) => setTimeout(r, 3000)));
    const before = await idle;
    log(`list reads, idle:               ${describe(before)}`);

    await sql`UPDATE free_time_rules SET demurrage_free_days = 6, demurrage_tiers = ${tiers(70, 110, 170)}::jsonb
      WHERE id = ${defaultRule}`.execute(db);
    const running = recompute(db, companyId);
    const during = await readWhile(http.get, running);
    const seconds = await running;
    http.close();
    log(`list reads, during recompute:   ${describe(during)}`);

    const check = await sql<{ computed: string; stale: string }>`
      SELECT count(*) AS computed,
        count(*) FILTER (WHERE rule_id = ${defaultRule} AND free_time->'demurrage'->>'lfd_source' = 'rule'
          AND (free_time->'demurrage'->>'free_days')::int <> 6) AS stale
      FROM shipment_free_time WHERE company_id = ${companyId}`.execute(db);
    const computed = Number(check.rows[0].computed);
    const stale = Number(check.rows[0].stale);
    const rate = Math.round(computed / seconds);
    const fast = seconds <= TARGET_SECONDS;
    const answered = during.errors === 0 && during.requests > 0 && during.p95 <= READ_P95_MS;
    log(
      `recompute after a rule change: ${computed.toLocaleString('en')} containers in ${seconds.toFixed(1)} s ` +
        `(${rate.toLocaleString('en')}/s; target ≤ ${TARGET_SECONDS} s) ${fast ? '✓' : '✗'}`,
    );
    log(
      `lists kept answering: ${during.requests} reads, ${during.errors} errors, p95 ${during.p95.toFixed(1)} ms ` +
        `(mark ≤ ${READ_P95_MS} ms) ${answered ? '✓' : '✗'}`,
    );
    log(`containers left on the old rule: ${stale} ${stale === 0 ? '✓' : '✗'}`);
    ok = fast && answered && stale === 0 && computed === Number(total.rows[0].n);
  } finally {
    await worker.stop();
    await app.close();
    await handle.close();
    await stop();
  }
  if (!ok) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
