// The BI rollup (bi_shipment_rollup, kept by the statement-level triggers of migrations 0012 and 0031) equals what
// bi_shipment_rollup_rebuild() computes from scratch after every kind of write the engine and the portal make:
// multi-row inserts, updates of columns the facts read and of columns they do not, hiding and showing, moves
// between carriers, ports, months and companies, id changes and deletes. Updates of columns the facts do not read
// leave the rollup rows untouched (no new row versions, no row locks for other writers to wait on).
import pg from 'pg';
import { testDatabaseUrl } from '../helpers/app';
import { LEAD_BOUNDS } from '../../src/services/bi/catalogue';

jest.setTimeout(60_000);

let writer: pg.Client;
let checker: pg.Client;
let companies: number[];
let ports: number[];

const ZERO_ROW = `n = 0 AND arrived = 0 AND punct_n = 0 AND on_time = 0 AND delay_sum = 0 AND transit_n = 0
  AND transit_sum = 0 AND transit_planned_n = 0 AND transit_planned_sum = 0 AND rolled = 0 AND vessel_changes = 0
  AND dwell = '{0,0,0,0,0,0}' AND pred_n = '{0,0,0,0,0,0}' AND pred_err = '{0,0,0,0,0,0}'`;

/**
 * The rows of the live rollup and of a rebuild from scratch that differ, for this file's companies. The rebuild
 * runs in the checker's own session into a temporary table of the same name, which shadows the shared one for the
 * function's unqualified name, so other test files writing shipments at the same time are neither blocked nor
 * counted; live and rebuilt rows are read in one snapshot. Live groups left at all zeros (every shipment of them
 * gone) are what a rebuild leaves out; numeric comparison ignores the scale (0 = 0.0000).
 */
async function differences(): Promise<{ side: string; [column: string]: unknown }[]> {
  await checker.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  try {
    await checker.query(
      'CREATE TEMP TABLE bi_shipment_rollup (LIKE public.bi_shipment_rollup INCLUDING ALL)',
    );
    await checker.query('SELECT bi_shipment_rollup_rebuild()');
    const { rows: counts } = await checker.query<{ live: string; rebuilt: string }>(
      `SELECT (SELECT count(*) FROM public.bi_shipment_rollup WHERE company_id = ANY ($1) AND NOT (${ZERO_ROW})) AS live,
              (SELECT count(*) FROM pg_temp.bi_shipment_rollup WHERE company_id = ANY ($1)) AS rebuilt`,
      [companies],
    );
    // A check over no rows would pass whatever the triggers did.
    expect(Number(counts[0].rebuilt)).toBeGreaterThan(0);
    const { rows } = await checker.query(
      `WITH live AS (SELECT * FROM public.bi_shipment_rollup WHERE company_id = ANY ($1) AND NOT (${ZERO_ROW})),
            rebuilt AS (SELECT * FROM pg_temp.bi_shipment_rollup WHERE company_id = ANY ($1))
       SELECT 'live only' AS side, * FROM (SELECT * FROM live EXCEPT ALL SELECT * FROM rebuilt) a
       UNION ALL
       SELECT 'rebuild only', * FROM (SELECT * FROM rebuilt EXCEPT ALL SELECT * FROM live) b
       ORDER BY 2, 3, 7, 4, 5, 6, 1`,
      [companies],
    );
    return rows;
  } finally {
    await checker.query('ROLLBACK');
  }
}

/** Row versions of this file's rollup rows: a rewrite of a row, even to the same values, changes its ctid. */
async function rollupVersions(): Promise<string[]> {
  const { rows } = await writer.query<{ v: string }>(
    `SELECT ctid::text || ':' || xmin::text AS v FROM bi_shipment_rollup WHERE company_id = ANY ($1) ORDER BY 1`,
    [companies],
  );
  return rows.map((r) => r.v);
}

async function ids(where: string): Promise<string[]> {
  const { rows } = await writer.query<{ id: string }>(
    `SELECT id FROM shipments WHERE company_id = ANY ($1) AND (${where}) ORDER BY id`,
    [companies],
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  writer = new pg.Client({ connectionString: testDatabaseUrl(), options: '-c TimeZone=UTC' });
  checker = new pg.Client({ connectionString: testDatabaseUrl(), options: '-c TimeZone=UTC' });
  await Promise.all([writer.connect(), checker.connect()]);
  const tag = `${Date.now()}_${process.pid}`;
  const { rows: made } = await writer.query<{ id: number }>(
    `INSERT INTO companies (name) VALUES ($1), ($2) RETURNING id`,
    [`BI rollup A ${tag}`, `BI rollup B ${tag}`],
  );
  companies = made.map((r) => r.id).sort((a, b) => a - b);
  const { rows: locs } = await writer.query<{ id: number }>('SELECT id FROM locations ORDER BY id LIMIT 3');
  ports = locs.map((r) => r.id);
  expect(ports).toHaveLength(3);
  await writer.query(
    `INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value)
     SELECT c, 1, 'b_id', 'BIROLLUP' || c FROM unnest($1::int[]) c`,
    [companies],
  );
});

afterAll(async () => {
  await Promise.all([writer?.end(), checker?.end()]);
});

it('buckets days as catalogue.ts names them: [0,1) [1,3) [3,5) [5,7) [7,14) [14,∞) and [0,1) [1,3) [3,7) [7,14) [14,30) [30,∞)', async () => {
  const days = [null, -0.01, 0, 0.99, 1, 2.99, 3, 4.5, 5, 6.99, 7, 13.99, 14, 29.99, 30, 400];
  const { rows } = await writer.query<{ dwell: number | null; lead: number | null }>(
    `SELECT bi_day_bucket(d, '{1,3,5,7,14}') AS dwell, bi_day_bucket(d, $2::numeric[]) AS lead
     FROM unnest($1::numeric[]) WITH ORDINALITY AS u(d, i) ORDER BY i`,
    [days, LEAD_BOUNDS],
  );
  expect(rows.map((r) => r.dwell)).toEqual([null, null, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5]);
  expect(rows.map((r) => r.lead)).toEqual([null, null, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5]);
});

it('stays equal to a rebuild through inserts, relevant and irrelevant updates, and deletes', async () => {
  const [a, b] = companies;
  const [p1, p2, p3] = ports;
  // One multi-row insert covering every part of a fact: arrivals on time and late, transit times, alerts 901 and
  // 904, dwell and prediction buckets, missing ports, hidden rows, two carriers, months and days.
  await writer.query(
    `INSERT INTO shipments (company_id, tracking_request_id, carrier_id, container_number, pol_loc_id, pod_loc_id,
       created_at, pod_vessel_arrival_planned_initial, ata, transit_time, transit_time_planned, alert_codes,
       storage_days_at_pod, pod_vslarrival_prediction, hidden)
     SELECT c.company_id, (SELECT id FROM tracking_requests WHERE company_id = c.company_id LIMIT 1), c.carrier_id,
            'BIRU' || lpad(c.k::text, 7, '0'), c.pol, c.pod, c.created_at, c.planned, c.ata, c.tt, c.ttp, c.alerts,
            c.dwell, c.pred, c.hidden
     FROM (VALUES
       (1, $1::int, 1, $3::int, $4::int, timestamptz '2025-01-10 08:00Z', timestamptz '2025-02-10 00:00Z',
        timestamptz '2025-02-10 12:00Z', 20.5, 19.0, '{901}'::int[], 2.0,
        '{"created": "2025-02-08T12:00:00Z", "predicted": "2025-02-11T12:00:00Z"}'::jsonb, false),
       (2, $1, 1, $3, $4, '2025-01-20 08:00Z', '2025-02-20 00:00Z', '2025-02-24 00:00Z', 30, 25, '{904,901}', 10,
        NULL, false),
       (3, $1, 2, $5, $4, '2025-01-31 23:30Z', '2025-03-01 00:00Z', NULL, NULL, 15, '{}', NULL,
        '{"created": "2025-02-01T00:00:00Z", "predicted": "2025-03-02T00:00:00Z"}', false),
       (4, $1, 2, NULL, NULL, '2025-02-01 00:10Z', NULL, '2025-03-10 00:00Z', NULL, NULL, '{}', 0.5, NULL, false),
       (5, $1, 1, $3, $4, '2025-02-15 10:00Z', '2025-03-15 00:00Z', '2025-03-14 00:00Z', 28, 28, '{}', 40,
        '{"created": "2024-12-01T00:00:00Z", "predicted": "2025-03-14T06:00:00Z"}', true),
       (6, $2, 1, $3, $5, '2025-01-10 09:00Z', NULL, NULL, NULL, 22, '{901}', NULL, NULL, false),
       (7, $2, 2, $4, $5, '2025-02-02 09:00Z', '2025-03-02 00:00Z', '2025-03-01 00:00Z', 27, 26, '{}', 6.99,
        '{"created": "2025-02-27T00:00:00Z", "predicted": "2025-03-01T00:00:00Z"}', false)
     ) AS c(k, company_id, carrier_id, pol, pod, created_at, planned, ata, tt, ttp, alerts, dwell, pred, hidden)`,
    [a, b, p1, p2, p3],
  );
  await writer.query(
    `INSERT INTO shipments (company_id, tracking_request_id, carrier_id, container_number, pol_loc_id, pod_loc_id,
       created_at, ata, storage_days_at_pod)
     VALUES ($1, (SELECT id FROM tracking_requests WHERE company_id = $1 LIMIT 1), 1, 'BIRU0000008', $2, $3,
             '2025-01-15 00:00Z', '2025-02-16 00:00Z', 3)`,
    [a, p1, p2],
  );
  expect(await differences()).toEqual([]);

  // Columns no fact reads, one row and several at once: nothing in the rollup is rewritten.
  const before = await rollupVersions();
  const [first] = await ids('true');
  await writer.query(`UPDATE shipments SET pol_arrival_detected = now(), status_text = 'x' WHERE id = $1`, [
    first,
  ]);
  await writer.query(
    `UPDATE shipments SET positions = '[{"lat": 1, "lng": 2}]', eta = now(), weight = 12.5, status = 7
     WHERE company_id = ANY ($1)`,
    [companies],
  );
  // Same values written again into read columns: the facts do not change either.
  await writer.query(
    'UPDATE shipments SET ata = ata, alert_codes = alert_codes WHERE company_id = ANY ($1)',
    [companies],
  );
  expect(await rollupVersions()).toEqual(before);
  expect(await differences()).toEqual([]);

  // Single-row updates of columns each part of the fact reads.
  const [s1, s2, s3, s4, s5, s6, s7, s8] = await ids('true');
  const steps: [string, unknown[]][] = [
    [`UPDATE shipments SET ata = ata + interval '3 days' WHERE id = $1`, [s1]],
    [`UPDATE shipments SET ata = '2025-03-01 00:00Z', transit_time = 29 WHERE id = $1`, [s3]],
    [`UPDATE shipments SET storage_days_at_pod = 15 WHERE id = $1`, [s2]],
    [`UPDATE shipments SET alert_codes = '{904}' WHERE id = $1`, [s1]],
    [
      `UPDATE shipments SET pod_vslarrival_prediction = '{"created": "2025-02-28T00:00:00Z"}' WHERE id = $1`,
      [s7],
    ],
    [`UPDATE shipments SET transit_time_planned = NULL WHERE id = $1`, [s6]],
    [`UPDATE shipments SET pod_vessel_arrival_planned_initial = ata - interval '2 days' WHERE id = $1`, [s8]],
    [`UPDATE shipments SET carrier_id = 2 WHERE id = $1`, [s2]],
    [`UPDATE shipments SET pol_loc_id = NULL WHERE id = $1`, [s1]],
    [`UPDATE shipments SET created_at = '2025-03-03 03:00Z' WHERE id = $1`, [s4]],
    [`UPDATE shipments SET hidden = true WHERE id = $1`, [s3]],
    [`UPDATE shipments SET hidden = false, ata = NULL WHERE id = $1`, [s5]],
    [`UPDATE shipments SET company_id = $2 WHERE id = $1`, [s8, b]],
  ];
  for (const [text, values] of steps) {
    await writer.query(text, values);
    expect({ step: text, diff: await differences() }).toEqual({ step: text, diff: [] });
  }

  // One statement mixing rows whose facts change, rows whose facts do not, and rows that get hidden or shown.
  await writer.query(
    `UPDATE shipments SET
       storage_days_at_pod = CASE WHEN id = ANY ($2::bigint[]) THEN coalesce(storage_days_at_pod, 0) + 4
                                  ELSE storage_days_at_pod END,
       hidden = CASE WHEN id = $3 THEN NOT hidden ELSE hidden END,
       status_text = 'batch'
     WHERE company_id = ANY ($1)`,
    [companies, [s1, s2, s6], s3],
  );
  expect(await differences()).toEqual([]);
  await writer.query(
    `UPDATE shipments SET hidden = NOT hidden, carrier_id = 3 - carrier_id WHERE id = ANY ($1::bigint[])`,
    [[s4, s5, s7]],
  );
  expect(await differences()).toEqual([]);

  // A changed id (not done by the portal): the old and the new version of the row no longer share an id, and
  // their facts differ too.
  await writer.query(
    `UPDATE shipments SET id = id + 1000000000, storage_days_at_pod = 1, hidden = (id = $2)
     WHERE id = ANY ($1::bigint[])`,
    [[s2, s6], s6],
  );
  expect(await differences()).toEqual([]);

  // Deletes: one row, then several including a hidden one; the groups they leave empty are all zeros.
  await writer.query('DELETE FROM shipments WHERE id = $1', [s1]);
  expect(await differences()).toEqual([]);
  await writer.query('DELETE FROM shipments WHERE company_id = $1 AND id <> $2', [a, s7]);
  expect(await differences()).toEqual([]);
  const { rows: left } = await writer.query<{ n: string }>(
    'SELECT count(*) AS n FROM shipments WHERE company_id = ANY ($1)',
    [companies],
  );
  expect(Number(left[0].n)).toBeGreaterThan(0);
});
