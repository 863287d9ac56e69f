// Benchmark: ingestion throughput (events per second) of the tracking engine's ingest step, and
// its idempotence (the same events again add nothing). `npx tsx api/bench/ingest.bench.ts`
// Database: DATABASE_URL as is (migrated here); else a throwaway database on
// postgres://postgres@127.0.0.1:5432 (dropped at the end); else an embedded PostgreSQL in a
// temporary folder. EVENTS (default 50000) events in batches of BATCH (default 1000), as the
// engine ingests them: one transaction per batch, linked to a tracking request. PROFILES (default 2) health
// profiles of the company are kept by the writes, as its users' would be.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDb, dropDatabase, ensureDatabase, withDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/types';
import { createCompany } from '../src/services/accounts';
import { DEFAULT_THRESHOLDS, type HealthThresholds } from '../src/services/health';
import { profileBuildsSettled, readyProfile } from '../src/services/health-profiles';
import type { DcsaEvent } from '../src/tracking/dcsa/types';
import { ingestBatch } from '../src/tracking/ingest';
import { generateJourney } from '../src/tracking/simulator/journey';

const EVENTS = Number(process.env.EVENTS ?? 50_000);
const BATCH = Number(process.env.BATCH ?? 1000);
const TARGET = 5000;
/** Health profiles of the ingesting company (migration 0043): the defaults, then sets of thresholds of users. */
const PROFILES = Number(process.env.PROFILES ?? 2);
const PROFILE_THRESHOLDS: HealthThresholds[] = Array.from({ length: 8 }, (_, i) => ({
  ...DEFAULT_THRESHOLDS,
  days_of_delay: 1 + i,
  attention_required_event_codes: i ? [901, 904, 907] : [],
  max_days: i ? { max_days_in_tsp: 7 + i } : {},
}));

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function database(): Promise<{ url: string; cleanup: () => Promise<void>; where: string }> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, cleanup: () => Promise.resolve(), where: 'DATABASE_URL' };
  }
  const name = `portal_bench_ingest_${Date.now()}`;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await answers(local)) {
    await ensureDatabase(local, name);
    return {
      url: withDatabase(local, name),
      cleanup: () => dropDatabase(local, name),
      where: `throwaway database ${name} on 127.0.0.1:5432`,
    };
  }
  const { startEmbeddedPostgres } = await import('../src/db/embedded');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-pg-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const pgEmbedded = await startEmbeddedPostgres({ dataDir, port, database: name });
  return {
    url: pgEmbedded.url,
    cleanup: async () => {
      await pgEmbedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    where: `embedded PostgreSQL (${dataDir})`,
  };
}

/** CPU seconds (user + system) of a local process from /proc (Linux; null when not readable). */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

/** Realistic events: a few simulated journeys, copied with fresh event ids and containers. */
function makeEvents(count: number): DcsaEvent[] {
  const templates = Array.from({ length: 6 }, (_, i) =>
    generateJourney({ carrierScac: 'MAEU', seed: `bench-ingest:${i}`, epoch: Date.UTC(2025, 0, 1) }),
  ).flatMap((j) => j.events.map((e) => e.event));
  const out: DcsaEvent[] = [];
  for (let i = 0; out.length < count; i++) {
    const t = templates[i % templates.length];
    const copy = { ...t, eventID: randomUUID() } as DcsaEvent;
    if (copy.eventType === 'EQUIPMENT')
      copy.equipmentReference = `MSKU${String(i % 1_000_000).padStart(7, '0')}`;
    out.push(copy);
  }
  return out;
}

/** The carrier and a tracking request (of a new company) the events are ingested for. */
async function ingestTarget(db: Kysely<Database>): Promise<{ carrierId: number; requestId: number }> {
  const carrier = await db
    .selectFrom('carriers')
    .select('id')
    .where('scac', '=', 'MAEU')
    .executeTakeFirstOrThrow();
  const company = await createCompany(db, { name: `Bench ${Date.now()}`, max_tracking_requests: 10 });
  // As in operation, the company's users count with health profiles, whose counts every write keeps.
  for (const t of PROFILE_THRESHOLDS.slice(0, PROFILES)) await readyProfile(db, company, t);
  await profileBuildsSettled();
  const request = await db
    .insertInto('tracking_requests')
    .values({
      company_id: company,
      carrier_id: carrier.id,
      code_type: 'b_id',
      code_value: `BENCH${Date.now() % 1e9}`,
      warnings: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { carrierId: carrier.id, requestId: request.id };
}

interface RunResult {
  rate: number;
  cpuRate: number | null;
  inserted: number;
}

/** A run of every batch through ingestBatch, timed (wall clock, and CPU of this process + its server process). */
async function ingestRunner(db: Kysely<Database>, target: { carrierId: number; requestId: number }) {
  const events = makeEvents(EVENTS);
  const batches: DcsaEvent[][] = [];
  for (let i = 0; i < events.length; i += BATCH) batches.push(events.slice(i, i + BATCH));

  const backend = Number(
    (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0].pid,
  );
  const cpu = () => {
    const server = processCpuSeconds(backend);
    const usage = process.cpuUsage();
    return server === null ? null : server + (usage.user + usage.system) / 1e6;
  };
  const run = async (label: string, raw: boolean): Promise<RunResult> => {
    const t0 = performance.now();
    const c0 = cpu();
    let inserted = 0;
    for (const batch of batches) {
      const res = await ingestBatch(db, {
        carrierId: target.carrierId,
        trackingRequestId: target.requestId,
        source: 'poll',
        ...(raw ? { raw: batch } : { events: batch }),
      });
      inserted += res.inserted;
    }
    const seconds = (performance.now() - t0) / 1000;
    const c1 = cpu();
    const cpuSeconds = c0 === null || c1 === null ? null : c1 - c0;
    const rate = events.length / seconds;
    const cpuRate = cpuSeconds ? events.length / cpuSeconds : null;
    console.log(
      `${label.padEnd(46)} ${events.length} events in ${seconds.toFixed(2)} s = ${Math.round(rate)} events/s` +
        (cpuRate
          ? `; ${cpuSeconds?.toFixed(2)} CPU s (client + server) = ${Math.round(cpuRate)} events per CPU second`
          : '') +
        `; inserted ${inserted}`,
    );
    return { rate, cpuRate, inserted };
  };
  return { run, events: events.length };
}

/** The carrier events stored and the events linked to the request. */
async function storedCounts(db: Kysely<Database>, target: { carrierId: number; requestId: number }) {
  const stored = Number(
    (
      await db
        .selectFrom('carrier_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('carrier_id', '=', target.carrierId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const linked = Number(
    (
      await db
        .selectFrom('tracking_request_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tracking_request_id', '=', target.requestId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { stored, linked };
}

/** The RESULT line; answers whether the run met its targets. */
function report(first: RunResult, again: RunResult, rawAgain: RunResult, idempotent: boolean): boolean {
  // On a shared, loaded machine the wall clock understates what one core does: the CPU time
  // of this process plus its database server process is the one-core figure.
  const oneCore = first.cpuRate ?? first.rate;
  console.log(
    `RESULT ingestion: ${Math.round(first.rate)} events/s wall clock (load average ${loadavg()[0].toFixed(1)}), ` +
      `${first.cpuRate ? `${Math.round(first.cpuRate)} events per CPU second (one core)` : 'CPU time not measurable'}; ` +
      `target >= ${TARGET}: ${oneCore >= TARGET ? 'PASS' : 'FAIL'}; ` +
      `idempotent: ${idempotent ? 'yes' : 'NO'} (re-ingest inserted ${again.inserted} + ${rawAgain.inserted})`,
  );
  return idempotent && oneCore >= TARGET;
}

async function main(): Promise<void> {
  const started = performance.now();
  const db0 = await database();
  console.log(`Database: ${db0.where}`);
  // One connection: its server process is the one doing the database side of the work.
  const handle = createDb(db0.url, { max: 1 });
  try {
    await migrate(db0.url);
    const db = handle.db;
    const target = await ingestTarget(db);
    const { run, events } = await ingestRunner(db, target);
    const first = await run('ingest (validated events, as the engine does)', false);
    const again = await run('same events again (idempotence)', false);
    const rawAgain = await run('same events again, raw (validation + insert)', true);
    const { stored, linked } = await storedCounts(db, target);
    const idempotent = again.inserted === 0 && rawAgain.inserted === 0 && linked === events;
    console.log(`stored carrier events ${stored}, linked to the request ${linked}`);
    const passed = report(first, again, rawAgain, idempotent);
    console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (!passed) process.exitCode = 1;
  } finally {
    await handle.close();
    await db0.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
