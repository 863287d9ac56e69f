// Fault test: the carrier times out, answers 5xx, garbage and events that break the schema, sends
// duplicates and events out of order; then a worker process (src/worker.ts) is killed with
// SIGKILL in the middle of an ingestion and started again. Afterwards every shipment equals the
// one a clean run (another database, no faults) derives from the same carrier data.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDb, dropDatabase, ensureDatabase, withDatabase } from '../../../src/db/connection';
import { migrate } from '../../../src/db/migrate';
import type { Database } from '../../../src/db/types';
import { createCompany } from '../../../src/services/accounts';
import { startEngine } from '../../../src/tracking/engine/engine';
import { seedReferenceData } from '../../../src/tracking/reference-data';
import type { Journey } from '../../../src/tracking/simulator/journey';
import { testDatabaseUrl } from '../../helpers/app';
import { DAY, startHarness, uniqueContainer, uniqueReference, type Harness } from './helpers';

jest.setTimeout(480_000); // a loaded 2-core machine: worker processes start slowly

const API_DIR = path.resolve(__dirname, '../../..');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { carrierTimeoutMs: 1000, retryBaseSeconds: 0 } });
});
afterAll(async () => {
  await h?.close();
});

interface Spec {
  scac: string;
  type: 'c_id' | 'b_id' | 'm_bl';
  ref: string;
}

/** Three references whose bookings start within 10 days of each other. */
function pickSpecs(): { specs: Spec[]; journeys: Journey[] } {
  for (;;) {
    const specs: Spec[] = [
      { scac: 'MAEU', type: 'c_id', ref: uniqueContainer('FLT') },
      { scac: 'MSCU', type: 'b_id', ref: uniqueReference('FB') },
      { scac: 'HLCU', type: 'm_bl', ref: uniqueReference('FL') },
    ];
    const journeys = specs.map((s) => h.sim.journeyFor(s.scac, s.type, s.ref)!);
    const starts = journeys.map((j) => j.events[0].createdAt);
    if (Math.max(...starts) - Math.min(...starts) < 10 * DAY) return { specs, journeys };
  }
}

function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
} {
  let out = '';
  // node itself runs the worker (tsx as a loader), so the signal reaches the worker process.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, output: () => out, exited };
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const BOOKKEEPING = new Set([
  'id',
  'company_id',
  'tracking_request_id',
  'carrier_id',
  'project_id',
  'created_at',
  'modified_at',
]);

/** Shipments keyed by reference and container, ids replaced by what they stand for (IMO, UN/LOCODE). */
async function snapshot(
  db: Kysely<Database>,
  companyId: number,
): Promise<Record<string, Record<string, unknown>>> {
  const vessels = new Map(
    (await db.selectFrom('vessels').select(['id', 'imo']).execute()).map((v) => [v.id, v.imo]),
  );
  const locations = new Map(
    (await db.selectFrom('locations').select(['id', 'locode', 'name']).execute()).map((l) => [
      l.id,
      l.locode ?? l.name,
    ]),
  );
  const rows = await db
    .selectFrom('shipments as s')
    .innerJoin('tracking_requests as tr', 'tr.id', 's.tracking_request_id')
    .selectAll('s')
    .select('tr.code_value')
    .where('s.company_id', '=', companyId)
    .execute();
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v instanceof Date) return v.toISOString();
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k !== 'created' && k !== 'modified')
          .map(([k, x]) => [k, strip(x)]),
      );
    }
    return v;
  };
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const r = row as unknown as Record<string, unknown>;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (BOOKKEEPING.has(k)) continue;
      if (k === 'vessel_ids')
        clean[k] = (v as Array<number | null>).map((x) => (x === null ? null : vessels.get(x)));
      else if (k.endsWith('_vessel_id') || k === 'current_vessel_id')
        clean[k] = v === null ? null : vessels.get(v as number);
      else if (k.endsWith('_loc_id') || k === 'current_vessel_nextport_id')
        clean[k] = v === null ? null : locations.get(v as number);
      else clean[k] = strip(v);
    }
    out[`${r.code_value as string}/${r.container_number as string}`] = clean;
  }
  return out;
}

test('timeouts, 5xx, garbage and a worker killed mid-ingest leave every shipment as a clean run has it', async () => {
  const db = h.ctx.handle.db;
  const { specs, journeys } = pickSpecs();
  const start = Math.max(...journeys.map((j) => j.events[0].createdAt)) + 3_600_000;
  const end = Math.max(...journeys.map((j) => j.events[j.events.length - 1].createdAt)) + DAY;
  h.clock.now = start;
  const ids: number[] = [];
  for (const s of specs) ids.push(await h.createRequest(s.scac, s.type, s.ref));

  // Phase A, in-process engine: every fault, one step of simulated time each.
  const faults = ['timeout', '5xx', 'malformed', 'wrong-schema', 'duplicates', 'out-of-order'] as const;
  for (const kind of faults) {
    h.clock.now += DAY;
    h.sim.setFault('*', { kind });
    await h.settle();
    h.sim.setFault('*', null);
    if (kind === 'timeout' || kind === '5xx' || kind === 'malformed') {
      const rows = await db
        .selectFrom('tracking_requests')
        .select(['poll_failures', 'last_poll_error'])
        .where('id', 'in', ids)
        .execute();
      expect(rows.every((r) => r.poll_failures > 0 && r.last_poll_error)).toBe(true);
    }
    await h.settle(); // and a clean answer
  }
  expect(
    Number(
      (
        await db
          .selectFrom('rejected_events')
          .select(sql<string>`count(*)`.as('n'))
          .where('tracking_request_id', 'in', ids)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  ).toBeGreaterThan(0);

  // Phase B, a worker process: the rest of the journeys arrive at once, in chunks of 5 events,
  // and the worker kills itself (SIGKILL) after the first chunk of a batch, inside its transaction.
  h.clock.now = end;
  const schema = `pgboss_child_${randomBytes(3).toString('hex')}`;
  const env = {
    DATABASE_URL: testDatabaseUrl(),
    SIMULATOR_URL: h.simUrl,
    ENGINE_COMPANY_IDS: String(h.tenant.companyId),
    ENGINE_SCHEMA: schema,
    ENGINE_NOW: new Date(end).toISOString(),
    ENGINE_TICK_MS: '300',
    ENGINE_POLL_INTERVAL_SECONDS: '2',
    ENGINE_RETRY_BASE_SECONDS: '1',
    ENGINE_JOB_EXPIRE_SECONDS: '8', // a crashed job is retried after this; long enough for a slow job on a loaded machine
    // A poll claimed by the killed worker is claimed again after its lease (300 s by default, longer than this test).
    ENGINE_POLL_LEASE_SECONDS: '10',
    ENGINE_MAINTENANCE_SECONDS: '1',
    ENGINE_WORKER_POLL_SECONDS: '0.5',
    ENGINE_PUSH: '0',
    ENGINE_INGEST_CHUNK: '5',
  };
  const crashing = startWorker({ ...env, ENGINE_CRASH_MID_INGEST: '1' });
  let timer: NodeJS.Timeout | undefined;
  const signal = await Promise.race([
    crashing.exited,
    new Promise((r) => (timer = setTimeout(() => r('no crash'), 180_000))),
  ]);
  clearTimeout(timer);
  if (signal !== 'SIGKILL') crashing.child.kill('SIGKILL');
  expect({
    signal,
    output: crashing.output().includes('Crash injection') ? 'crashed mid-ingest' : crashing.output(),
  }).toEqual({
    signal: 'SIGKILL',
    output: 'crashed mid-ingest',
  });

  const worker = startWorker(env);
  try {
    const expected = journeys.reduce(
      (n, j, i) => n + (specs[i].type === 'c_id' ? 1 : j.containers.length),
      0,
    );
    await until(
      async () => {
        const done = await db
          .selectFrom('shipments')
          .select(sql<string>`count(*)`.as('n'))
          .where('tracking_request_id', 'in', ids)
          .where('status_text', '=', 'completed')
          .executeTakeFirstOrThrow();
        // Ingestion and derivation done (polls go on: each finds nothing new).
        const busy = await sql<{ n: string }>`
          SELECT count(*) AS n FROM ${sql.table(`${schema}.job`)}
          WHERE state < 'completed' AND name IN ('tracking-ingest', 'tracking-recompute')`.execute(db);
        const stale = await db
          .selectFrom('tracking_requests')
          .select('id')
          .where('id', 'in', ids)
          .where(sql<boolean>`computed_at IS NULL OR last_update > computed_at`)
          .execute();
        return Number(done.n) === expected && Number(busy.rows[0].n) === 0 && stale.length === 0;
      },
      240_000,
      'the restarted worker to finish',
    );
  } catch (err) {
    // Say where it stood.
    const requests = await db
      .selectFrom('tracking_requests')
      .select([
        'id',
        'status',
        'poll_failures',
        'last_poll_error',
        'last_update',
        'computed_at',
        'last_event_created_at',
      ])
      .where('id', 'in', ids)
      .execute();
    const states = await db
      .selectFrom('shipments')
      .select(['tracking_request_id', 'container_number', 'status_text'])
      .where('tracking_request_id', 'in', ids)
      .execute();
    throw new Error(
      `${(err as Error).message}\n${JSON.stringify({ requests, states })}\n${worker.output().slice(-3000)}`,
    );
  } finally {
    worker.child.kill('SIGTERM'); // graceful: running jobs finish first
    await worker.exited;
  }

  // The clean run: another database, the same carrier data, no faults, one engine.
  const cleanName = `portal_clean_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await ensureDatabase(testDatabaseUrl(), cleanName);
  const cleanUrl = withDatabase(testDatabaseUrl(), cleanName);
  const clean = createDb(cleanUrl, { max: 4 });
  try {
    await migrate(cleanUrl);
    await seedReferenceData(clean.db);
    const companyId = await createCompany(clean.db, { name: 'Clean run', max_tracking_requests: 100 });
    for (const s of specs) {
      const carrier = await clean.db
        .selectFrom('carriers')
        .select('id')
        .where('scac', '=', s.scac)
        .executeTakeFirstOrThrow();
      await clean.db
        .insertInto('tracking_requests')
        .values({
          company_id: companyId,
          carrier_id: carrier.id,
          code_type: s.type,
          code_value: s.ref,
          warnings: '[]',
        })
        .execute();
    }
    const engine = await startEngine({
      db: clean.db,
      databaseUrl: cleanUrl,
      simulatorBaseUrl: `${h.simUrl}/carriers`,
      now: () => end,
      log: () => undefined,
      config: { tickMs: 0, pollIntervalSeconds: 0, carrierTimeoutMs: 10_000 },
    });
    try {
      for (let i = 0; i < 2; i++) {
        await engine.tick();
        await until(async () => (await engine.pending()) === 0, 60_000, 'the clean run');
      }
    } finally {
      await engine.stop();
    }
    const faulty = await snapshot(db, h.tenant.companyId);
    const reference = await snapshot(clean.db, companyId);
    expect(Object.keys(reference).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(faulty).sort()).toEqual(Object.keys(reference).sort());
    for (const key of Object.keys(reference))
      expect({ key, ...faulty[key] }).toEqual({ key, ...reference[key] });

    // The same events, each once, and no request left behind.
    const eventCount = async (d: Kysely<Database>, company: number) =>
      Number(
        (
          await d
            .selectFrom('tracking_request_events as tre')
            .innerJoin('tracking_requests as tr', 'tr.id', 'tre.tracking_request_id')
            .select(sql<string>`count(*)`.as('n'))
            .where('tr.company_id', '=', company)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await eventCount(db, h.tenant.companyId)).toBe(await eventCount(clean.db, companyId));
  } finally {
    await clean.close();
    await dropDatabase(testDatabaseUrl(), cleanName);
  }
});
