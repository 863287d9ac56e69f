// The shipments benchmark's data: 1,000,000 shipments for one company (BENCH_SHIPMENTS; plus 7 % more of three
// other companies that must never show) over a realistic spread of carriers, ports, dates, health and alerts,
// generated inside PostgreSQL with generate_series (no row-by-row inserts), in parts loaded side by side on one
// connection per core, with the indexes built after. The database is reused while its generator version
// matches; pending migrations are applied in place.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, ensureDatabase, dropDatabase, withDatabase } from '../src/db/connection';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate';
import { createCompany, createUser } from '../src/services/accounts';
import { seedReferenceData } from '../src/tracking/reference-data';

export const BENCH_SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const OTHER_COMPANIES = 3;
const OTHER_SHIPMENTS = Math.round(BENCH_SHIPMENTS * 0.07);

/** Bumped when the generated data changes; with our migration's hash it keys the reuse of the database. */
const GENERATOR_VERSION = 'shipments-v2';

export function dataVersion(): string {
  const migration = readFileSync(path.join(MIGRATIONS_DIR, '0005_shipments_api.sql'), 'utf8');
  const hash = createHash('sha256').update(migration).digest('hex').slice(0, 12);
  return `${GENERATOR_VERSION}:${BENCH_SHIPMENTS}:${hash}`;
}

export interface BenchData {
  companyId: number;
  userId: number;
  otherUserId: number;
}

// Origin ports (weights by repetition) and destination ports; NLRTM takes a fifth of the arrivals.
const POLS = [
  'CNSHA',
  'CNSHA',
  'CNSHA',
  'CNNGB',
  'CNNGB',
  'CNYTN',
  'CNYTN',
  'CNTAO',
  'KRPUS',
  'KRPUS',
  'SGSIN',
  'SGSIN',
  'HKHKG',
  'TWKHH',
  'VNSGN',
  'MYPKG',
  'INNSA',
  'JPTYO',
  'THLCH',
  'IDJKT',
  'ESVLC',
  'USLAX',
  'BRSSZ',
  'TRIST',
];
const PODS = [
  'NLRTM',
  'NLRTM',
  'NLRTM',
  'NLRTM',
  'BEANR',
  'BEANR',
  'DEHAM',
  'DEHAM',
  'ESVLC',
  'ESVLC',
  'ESALG',
  'ESBCN',
  'GBFXT',
  'FRLEH',
  'ITGOA',
  'GRPIR',
  'USLAX',
  'USNYC',
  'USSAV',
  'MXZLO',
];
const HUBS = ['SGSIN', 'MYPKG', 'LKCMB', 'AEJEA', 'MAPTM', 'ESALG', 'PAPTY', 'EGPSD'];

async function portIds(client: pg.Client, locodes: string[]): Promise<number[]> {
  const { rows } = await client.query<{ id: number; locode: string }>(
    'SELECT id, locode FROM locations WHERE locode = ANY($1)',
    [locodes],
  );
  const byCode = new Map(rows.map((r) => [r.locode, r.id]));
  return locodes.map((c) => byCode.get(c)).filter((id): id is number => id !== undefined);
}

/** SQL functions of the generator: a deterministic pseudo-random number and the journey's day offsets. */
const FUNCTIONS_SQL = `
  CREATE FUNCTION bench_rand(i bigint, k integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT (abs(hashint8(i * 1000 + k)::bigint) % 1000000)::float8 / 1000000 $$;
  -- Days from booking: departure, initially planned arrival, and the ETA (70% on plan, 15% 1-10 days
  -- late, 10% 1-5 days early, 5% 10-30 days late).
  CREATE FUNCTION bench_etd(q bigint) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT 2 + 8 * bench_rand(q, 1) $$;
  CREATE FUNCTION bench_plan(q bigint) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT bench_etd(q) + 15 + 35 * bench_rand(q, 2) $$;
  CREATE FUNCTION bench_eta(q bigint) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT bench_plan(q) + CASE WHEN bench_rand(q, 3) < 0.70 THEN (bench_rand(q, 4) - 0.5) * 0.8
                                    WHEN bench_rand(q, 3) < 0.85 THEN 1 + 9 * bench_rand(q, 4)
                                    WHEN bench_rand(q, 3) < 0.95 THEN -(1 + 4 * bench_rand(q, 4))
                                    ELSE 10 + 20 * bench_rand(q, 4) END $$;
`;

/** Shipments `from` to `to` (1-based, inclusive; `from` odd, so both containers of a request are in it). */
interface Part {
  from: number;
  to: number;
}

/**
 * The SQL statements that insert part `p` of the `count` shipments (ids from `firstId`) of one company, their
 * tracking requests (two containers per request, ids after `firstRequest`) and their alert events. Every value
 * depends on the shipment's number only, so the parts can be loaded in any order, side by side.
 */
function shipmentsSql(
  companyId: number,
  count: number,
  firstId: number,
  firstRequest: number,
  p: Part,
): string[] {
  const requests = Math.ceil(count / 2);
  const [firstQ, lastQ] = [(p.from + 1) / 2, Math.ceil(p.to / 2)];
  const requestsSql = `
  INSERT INTO tracking_requests (id, company_id, carrier_id, code_type, code_value, client_code, status,
                                 created_at, modified_at, last_update)
  SELECT ${firstRequest} + q, ${companyId}, carriers[1 + floor(bench_rand(q, 5) * array_length(carriers, 1))::int],
         'b_id', 'BK' || lpad((${firstRequest} + q)::text, 10, '0'), '',
         CASE WHEN bench_rand(q, 9) < 0.02 THEN 'invalid'
              WHEN created + bench_eta(q) * interval '1 day' > now() - interval '15 days'
                THEN (CASE WHEN bench_rand(q, 8) < 0.05 THEN 'new' ELSE 'ongoing' END)
              WHEN bench_rand(q, 8) < 0.04 THEN 'cancelled' ELSE 'archived' END,
         created, created, least(now(), created + bench_eta(q) * interval '1 day')
  FROM (SELECT q, now() - interval '1095 days' * (1 - q::float8 / ${requests}) - interval '1 hour' * bench_rand(q, 0) AS created,
               ARRAY[1,1,1,1,2,2,2,2,3,3,3,4,4,5,5,6,7,8,9,10] AS carriers
        FROM generate_series(${firstQ}, ${lastQ}) AS q) t`;

  const shipmentSql = `
  INSERT INTO shipments (
    id, company_id, tracking_request_id, carrier_id, request_status, status, status_text, lifecycle_status,
    container_number, container_type_str, container_type_iso, booking_number, bl_number, client_code, hidden,
    pol_loc_id, pod_loc_id, tsp1_loc_id, leg1_vessel_id, leg1_voyage, leg2_vessel_id, leg2_voyage, current_vessel_id,
    etd, atd, eta, ata, dtd, dta,
    pol_vessel_departure_planned_initial, pol_vessel_departure_planned_last, pol_vessel_departure_actual,
    pod_vessel_arrival_planned_initial, pod_vessel_arrival_planned_last, pod_vessel_arrival_actual,
    days_in_tsp, discrepancy_eta_at_pod, transit_time, transit_time_planned,
    last_coordinates, last_update, created_at, modified_at, free_time_lfd)
  SELECT
    ${firstId} + s.i - 1, ${companyId}, s.request_id, s.carrier_id, s.request_status,
    CASE WHEN s.completed THEN 12 WHEN s.eta < now() THEN 8 WHEN s.etd > now() THEN 4 ELSE 7 END,
    CASE WHEN s.completed THEN 'completed' WHEN s.eta < now() THEN 'in POD terminal'
         WHEN s.etd > now() THEN 'waiting for departure from POL' ELSE 'ocean transport to POD' END,
    CASE WHEN s.completed THEN 'completed' ELSE 'active' END,
    (ARRAY['MAEU','MSCU','CMAU','HLXU','COSU','ONEU','EGHU','YMLU','HDMU','ZIMU'])[s.carrier_id]
      || lpad(((${firstId} + s.i) % 10000000)::text, 7, '0'),
    CASE WHEN bench_rand(s.i, 11) < 0.6 THEN '40 High Cube' ELSE '20 Dry' END,
    CASE WHEN bench_rand(s.i, 11) < 0.6 THEN '45G1' ELSE '22G1' END,
    s.code_value,
    CASE WHEN bench_rand(s.q, 12) < 0.6
      THEN (ARRAY['MAEU','MSCU','CMDU','HLCU','COSU','ONEY','EGLV','YMLU','HDMU','ZIMU'])[s.carrier_id] || lpad(s.q::text, 9, '0') END,
    CASE WHEN bench_rand(s.q, 13) < 0.7 THEN 'CL-' || (floor(bench_rand(s.q, 14) * 500))::int ELSE '' END,
    bench_rand(s.i, 15) < 0.01,
    s.pol, s.pod, s.tsp,
    s.vessel, 'V' || (100 + floor(bench_rand(s.q, 16) * 900))::int || 'W',
    CASE WHEN s.tsp IS NOT NULL THEN s.vessel2 END,
    CASE WHEN s.tsp IS NOT NULL THEN 'V' || (100 + floor(bench_rand(s.q, 17) * 900))::int || 'E' END,
    CASE WHEN NOT s.completed AND s.etd < now() AND s.eta > now() THEN s.vessel END,
    s.etd, CASE WHEN s.etd < now() THEN s.etd END, s.eta, CASE WHEN s.eta < now() THEN s.eta END, s.etd, s.eta,
    s.etd, s.etd, CASE WHEN s.etd < now() THEN s.etd END,
    s.plan, s.eta, CASE WHEN s.eta < now() THEN s.eta END,
    s.tsp_days,
    CASE WHEN bench_rand(s.q, 18) < 0.3 THEN round((extract(epoch FROM s.eta - s.plan) / 86400)::numeric, 2) END,
    round((extract(epoch FROM s.eta - s.etd) / 86400)::numeric, 2),
    round((extract(epoch FROM s.plan - s.etd) / 86400)::numeric, 2),
    CASE WHEN NOT s.completed THEN jsonb_build_object(
      'lng', round((pl.longitude + (pd.longitude - pl.longitude) * s.progress)::numeric, 5),
      'lat', round((pl.latitude + (pd.latitude - pl.latitude) * s.progress)::numeric, 5)) END,
    least(now(), s.eta) - interval '1 hour' * (bench_rand(s.i, 19) * 48), s.created, s.created,
    -- In the POD terminal, demurrage runs: five free days from the arrival (over for most of the fortnight).
    CASE WHEN NOT s.completed AND s.eta < now() THEN (s.eta + interval '5 days')::date END
  FROM (
    SELECT t.*, t.eta < now() - interval '15 days' AS completed,
           greatest(0, least(1, extract(epoch FROM now() - t.etd) / nullif(extract(epoch FROM t.eta - t.etd), 0))) AS progress
    FROM (
      SELECT g.i, g.q, r.id AS request_id, r.carrier_id, r.status AS request_status, r.code_value, r.created_at AS created,
             r.created_at + bench_etd(g.q) * interval '1 day' AS etd,
             r.created_at + bench_plan(g.q) * interval '1 day' AS plan,
             r.created_at + bench_eta(g.q) * interval '1 day' AS eta,
             pols[1 + floor(bench_rand(g.q, 6) * array_length(pols, 1))::int] AS pol,
             pods[1 + floor(bench_rand(g.q, 7) * array_length(pods, 1))::int] AS pod,
             CASE WHEN bench_rand(g.q, 20) < 0.4 THEN hubs[1 + floor(bench_rand(g.q, 21) * array_length(hubs, 1))::int] END AS tsp,
             CASE WHEN bench_rand(g.q, 20) < 0.4 THEN round((1 + 12 * bench_rand(g.q, 22))::numeric, 2) END AS tsp_days,
             vessels[1 + floor(bench_rand(g.q, 23) * array_length(vessels, 1))::int] AS vessel,
             vessels[1 + floor(bench_rand(g.q, 24) * array_length(vessels, 1))::int] AS vessel2
      FROM (SELECT i, (i + 1) / 2 AS q, pols, pods, hubs, vessels
            FROM generate_series(${p.from}, ${p.to}) AS i, bench_ports) g
      JOIN tracking_requests r ON r.id = ${firstRequest} + g.q
      -- OFFSET 0 keeps each subquery's values computed once a row: merged into the outer query, every use of
      -- eta (a dozen) would call bench_eta again (twice the time of the whole load).
      OFFSET 0
    ) t
    OFFSET 0
  ) s
  JOIN locations pl ON pl.id = s.pol
  JOIN locations pd ON pd.id = s.pod`;

  // Alert events: 15% of the shipments have one, a third of those a second; a fifth are hidden.
  // Their shipments' alert_codes are set from the rows inserted, as the alert_events trigger would (bypassed with
  // the others: it looks every shipment up in alert_events, which has no index on shipment_id while loading).
  const alertsSql = `
  WITH ins AS (
  INSERT INTO alert_events (company_id, shipment_id, code, cause_key, details, walltime, hidden)
  SELECT ${companyId}, ${firstId} + g.i - 1, a.code, 'bench-' || a.n, jsonb_build_object('message', c.description),
         now() - interval '1 day' * (bench_rand(g.i, 30 + a.n) * 300), bench_rand(g.i, 40 + a.n) < 0.2
  FROM generate_series(${p.from}, ${p.to}) AS g(i)
  CROSS JOIN LATERAL (VALUES (1, 901 + floor(bench_rand(g.i, 31) * 7)::int),
                             (2, 901 + floor(bench_rand(g.i, 32) * 7)::int)) AS a(n, code)
  JOIN event_codes c ON c.code = a.code
  WHERE bench_rand(g.i, 33) < 0.15 AND (a.n = 1 OR bench_rand(g.i, 34) < 0.33)
  ON CONFLICT DO NOTHING
  RETURNING shipment_id, code, hidden)
  UPDATE shipments s SET alert_codes = c.codes
  FROM (SELECT shipment_id, array_agg(DISTINCT code ORDER BY code) AS codes FROM ins WHERE NOT hidden GROUP BY 1) c
  WHERE s.id = c.shipment_id`;
  return [requestsSql, shipmentSql, alertsSql];
}

/** The tables the benches write (their writers, the triggers of those writes) and then read. */
const WRITTEN_TABLES = [
  'shipments',
  'shipment_health_counts',
  'shipment_list_counts',
  'shipment_day_counts',
  'health_profile_counts',
  'shipment_data_changes',
  'bi_shipment_rollup',
  'alert_events',
  'tracking_requests',
];

/**
 * VACUUM ANALYZE of the tables earlier runs wrote: where autovacuum is off (or has not come by yet), their dead
 * rows and stale statistics would make each run slower than the one before, and figures of runs incomparable.
 */
async function vacuumBenchTables(url: string, log: (m: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = Date.now();
    for (const table of WRITTEN_TABLES)
      await client.query(`VACUUM ANALYZE ${client.escapeIdentifier(table)}`);
    log(`vacuumed ${WRITTEN_TABLES.length} tables in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** Shipments per loading transaction: small enough that the parts keep every core busy to the end. */
const LOAD_PART = 250_000;

/** 1..count in parts of at most `size` shipments (`size` even, so a request's two containers stay together). */
function parts(count: number, size: number): Part[] {
  const out: Part[] = [];
  for (let from = 1; from <= count; from += size) out.push({ from, to: Math.min(count, from + size - 1) });
  return out;
}

type Task = (client: pg.Client) => Promise<unknown>;

/**
 * Runs the tasks on one connection per core (BENCH_LOAD_WORKERS), each taking the next task when done: the
 * generation, the index builds and the rebuilds are each one statement that PostgreSQL runs on one core.
 */
async function sideBySide(url: string, tasks: Task[]): Promise<void> {
  const workers = Number(process.env.BENCH_LOAD_WORKERS ?? os.availableParallelism());
  let next = 0;
  const worker = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Several builds at once already use every core; parallel workers of each would only contend. No JIT: the
      // generator's statements are estimated at millions of rows whatever their part, and compiling their
      // expressions took about 15 s a statement.
      await client.query(
        "SET maintenance_work_mem = '2GB'; SET max_parallel_maintenance_workers = 0; SET jit = off",
      );
      while (next < tasks.length) await tasks[next++](client);
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, tasks.length)) }, worker));
}

/** Opens (or creates and fills) the benchmark database at `url`. */
export async function prepareBenchDatabase(serverUrl: string, database: string, log: (m: string) => void) {
  const url = withDatabase(serverUrl, database);
  const version = dataVersion();
  await ensureDatabase(serverUrl, database);
  let client = new pg.Client({ connectionString: url });
  await client.connect();
  const found = await client
    .query<{ value: string }>("SELECT value FROM bench_meta WHERE key = 'version'")
    .then((r) => r.rows[0]?.value ?? null)
    .catch(() => null);
  await client.end();
  if (found === version) {
    const { applied } = await migrate(url);
    if (applied.length) log(`applied pending migrations ${applied.join(', ')}`);
    log(`reusing ${database} (data version ${version})`);
    await vacuumBenchTables(url, log);
    return url;
  }
  log(`generating ${database} (data version ${version}; found ${found ?? 'none'}): this takes a few minutes`);
  await dropDatabase(serverUrl, database);
  await ensureDatabase(serverUrl, database);
  await migrate(url);
  const handle = createDb(url, { max: 2 });
  try {
    await seedReferenceData(handle.db);
    const companyId = await createCompany(handle.db, {
      name: 'Bench Logistics',
      max_tracking_requests: 10_000_000,
    });
    const others: number[] = [];
    for (let n = 1; n <= OTHER_COMPANIES; n++)
      others.push(await createCompany(handle.db, { name: `Other ${n}` }));
    const userId = await createUser(handle.db, {
      username: 'bench',
      password: 'bench-password',
      companyId,
      roleId: 1,
      hashCost: 2 ** 10,
    });
    const otherUserId = await createUser(handle.db, {
      username: 'bench-other',
      password: 'bench-password',
      companyId: others[0],
      roleId: 1,
      hashCost: 2 ** 10,
    });
    // The bench user's thresholds: 2 days late, 3 days early, three alert codes, 7 days in transshipment.
    await handle.db
      .updateTable('user_profiles')
      .set({
        days_of_delay: 2,
        days_in_advance: -3,
        attention_required_event_codes: JSON.stringify([901, 904, 907]),
        max_days_in_tsp: 7,
      })
      .where('id', '=', userId)
      .execute();
    await sql`INSERT INTO vessels (name) SELECT 'BENCH VESSEL ' || n FROM generate_series(1, 400) AS n`.execute(
      handle.db,
    );
    await handle.close();

    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(FUNCTIONS_SQL);
    const pols = await portIds(client, POLS);
    const pods = await portIds(client, PODS);
    const hubs = await portIds(client, HUBS);
    const vessels = (
      await client.query<{ id: number }>("SELECT id FROM vessels WHERE name LIKE 'BENCH VESSEL %'")
    ).rows.map((r) => r.id);
    await client.query(
      'CREATE UNLOGGED TABLE bench_ports (pols int[], pods int[], hubs int[], vessels int[])',
    );
    await client.query('INSERT INTO bench_ports VALUES ($1, $2, $3, $4)', [pols, pods, hubs, vessels]);

    // Drop the shipment indexes while loading (rebuilt after: much faster than maintaining them row by row).
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.tablename IN ('shipments', 'alert_events') AND i.schemaname = 'public'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const ix of indexes) await client.query(`DROP INDEX ${client.escapeIdentifier(ix.name)}`);
    const started = Date.now();
    let nextId = 1;
    let nextRequest = 0;
    const plan: Array<[number, number]> = [[companyId, BENCH_SHIPMENTS]];
    for (const other of others) plan.push([other, Math.round(OTHER_SHIPMENTS / OTHER_COMPANIES)]);
    const loads: Task[] = [];
    for (const [company, count] of plan) {
      for (const part of parts(count, LOAD_PART)) {
        const [requestsSql, shipmentSql, alertsSql] = shipmentsSql(company, count, nextId, nextRequest, part);
        // Triggers off: request_status is filled inline (same value the trigger would copy), alert_codes by
        // alertsSql, and the counts are rebuilt after.
        loads.push(async (c) => {
          await c.query('BEGIN');
          await c.query('SET LOCAL session_replication_role = replica');
          await c.query(requestsSql);
          await c.query(shipmentSql);
          await c.query(alertsSql);
          await c.query('COMMIT');
        });
      }
      nextId += count;
      nextRequest += Math.ceil(count / 2);
    }
    await sideBySide(url, loads);
    const total = plan.reduce((sum, [, count]) => sum + count, 0);
    log(`  ${total.toLocaleString('en')} shipments in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await client.query(`SELECT setval(pg_get_serial_sequence('tracking_requests', 'id'), ${nextRequest})`);
    await client.query(`SELECT setval(pg_get_serial_sequence('shipments', 'id'), ${nextId})`);
    const t1 = Date.now();
    await sideBySide(
      url,
      indexes.map((ix) => (c) => c.query(ix.def)),
    );
    log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    const t2 = Date.now();
    // The counts and the BI rollup (migration 0012) are kept by triggers that the bulk load bypasses.
    await sideBySide(
      url,
      [
        'shipment_list_counts_rebuild',
        'bi_shipment_rollup_rebuild',
        'shipment_health_counts_rebuild',
        'shipment_day_counts_rebuild',
        'health_profile_counts_rebuild',
      ].map((fn) => (c) => c.query(`SELECT ${fn}()`)),
    );
    log(`  counts and rollup rebuilt in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    await client.query('CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)');
    await client.query(
      `INSERT INTO bench_meta VALUES ('version', $1), ('company', $2), ('user', $3), ('other_user', $4)`,
      [version, String(companyId), String(userId), String(otherUserId)],
    );
    await client.end();
    // The rebuilds above leave as many dead rows as they wrote (shipment_list_counts: nearly one per live row).
    await vacuumBenchTables(url, log);
    log(`generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  return url;
}

/** The ids recorded by the generator. */
export async function benchData(url: string): Promise<BenchData> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; value: string }>('SELECT key, value FROM bench_meta');
    const meta = new Map(rows.map((r) => [r.key, Number(r.value)]));
    return {
      companyId: meta.get('company')!,
      userId: meta.get('user')!,
      otherUserId: meta.get('other_user')!,
    };
  } finally {
    await client.end();
  }
}
