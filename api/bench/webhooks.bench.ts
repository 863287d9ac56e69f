// Benchmark of the webhook deliveries, on a database of its own and a local HTTP receiver:
// - fan-out: 10,000 events written by the triggers (1,000 tracking requests, their 1,000 shipments and
//   8 ETA changes each), then the delivery worker (pg-boss, defaults) started on the backlog: deliveries per
//   second until the receiver has every event id (target >= 500/s);
// - latency: with the worker running, 300 milestones (an actual departure set, one transaction each, 50 a
//   second): time from the commit to the receiver getting the signed event, p50 / p95 (target p95 <= 2 s).
//   npm run bench -w @portal/api -- webhooks     (BENCH_WEBHOOK_EVENTS to change the size, multiple of 10)
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createDb, dropDatabase, ensureDatabase, withDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/types';
import { createCompany, createUser } from '../src/services/accounts';
import { startWebhookWorker } from '../src/services/webhooks/worker';
import { benchServer } from './bench-db';
import { percentile } from './load';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const REQUESTS = EVENTS / 10;
const MILESTONES = 300;
const TARGETS = { perSecond: 500, p95Ms: 2000 };
const log = (m: string) => console.log(m);
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const SECRET = 'whsec_bench_secret_0123456789abcdef';

interface Arrival {
  type: string;
  shipment: string | null;
  at: number;
}

/** The receiver in its own process (bench/webhook-receiver.ts); what it got is recorded in `received`. */
async function startReceiver() {
  const received = new Map<string, number>();
  const arrivals: Arrival[] = [];
  const state = { received, arrivals, bad: 0 };
  const child = fork(path.join(__dirname, 'webhook-receiver.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_WEBHOOK_SECRET: SECRET },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => {
    child.on('message', (m: { port?: number; arrivals?: Array<Arrival & { id: string; ok: boolean }> }) => {
      if (m.port) resolve(m.port);
      for (const a of m.arrivals ?? []) {
        received.set(a.id, (received.get(a.id) ?? 0) + 1);
        if (!a.ok) state.bad += 1;
        arrivals.push({ type: a.type, shipment: a.shipment, at: a.at });
      }
    });
  });
  return { child, port, state };
}

/** A company, its manager and its webhook endpoint (every event type) on the receiver; answers the company. */
async function seedEndpoint(db: Kysely<Database>, port: number): Promise<number> {
  const companyId = await createCompany(db, { name: 'Webhook bench', max_tracking_requests: 1_000_000 });
  const userId = await createUser(db, {
    username: `bench_hooks_${process.pid}`,
    password: 'bench-password-1',
    companyId,
    roleId: 1,
    is_manager: true,
    email: 'bench@example.com',
    first_name: 'Bench',
    last_name: 'Hooks',
    hashCost: 2 ** 10,
  });
  await db
    .insertInto('webhook_endpoints')
    .values({
      company_id: companyId,
      created_by: userId,
      url: `http://127.0.0.1:${port}/hook`,
      events: [
        'tracking_request.status_changed',
        'shipment.created',
        'shipment.milestone_actual_set',
        'shipment.eta_changed',
        'alert.raised',
      ],
      secret: SECRET,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
    })
    .execute();
  return companyId;
}

/** Fan-out: the events of REQUESTS requests through the triggers, before any worker runs; answers their count. */
async function writeEvents(db: Kysely<Database>, companyId: number): Promise<number> {
  const carrier = (
    await db.selectFrom('carriers').select('id').where('scac', '=', 'MAEU').executeTakeFirstOrThrow()
  ).id;
  const t0 = performance.now();
  await sql`
    INSERT INTO tracking_requests (company_id, carrier_id, code_type, code_value)
    SELECT ${companyId}, ${carrier}, 'c_id', 'BNCU' || lpad(g::text, 7, '0')
    FROM generate_series(1, ${REQUESTS}) g`.execute(db);
  await sql`
    INSERT INTO shipments (company_id, tracking_request_id, carrier_id, container_number, eta)
    SELECT company_id, id, carrier_id, code_value, NULL FROM tracking_requests WHERE company_id = ${companyId}`.execute(
    db,
  );
  for (let round = 1; round <= 8; round += 1)
    await sql`UPDATE shipments SET eta = timestamptz '2027-01-01' + make_interval(hours => ${round})
      WHERE company_id = ${companyId}`.execute(db);
  const written = Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM webhook_deliveries`.execute(db)).rows[0].n,
  );
  log(
    `  ${written.toLocaleString('en')} events written by the triggers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return written;
}

/** Waits until the receiver has every written event id; answers the seconds it took from `t0`. */
async function awaitDeliveries(received: Map<string, number>, written: number, t0: number): Promise<number> {
  while (received.size < written) {
    await new Promise((r) => setTimeout(r, 50));
    if (performance.now() - t0 > 300_000)
      throw new Error(`only ${received.size} of ${written} delivered in 300 s`);
  }
  return (performance.now() - t0) / 1000;
}

/** Latency: MILESTONES milestones with the worker running and idle; the commit → arrival times, sorted. */
async function measureLatency(db: Kysely<Database>, companyId: number, arrivals: Arrival[]) {
  arrivals.length = 0;
  const { rows: ships } = await sql<{
    id: string;
  }>`SELECT id::text FROM shipments WHERE company_id = ${companyId}
    ORDER BY id LIMIT ${MILESTONES}`.execute(db);
  const committed = new Map<string, number>();
  for (const s of ships) {
    await sql`UPDATE shipments SET pol_vessel_departure_actual = now() WHERE id = ${s.id}`.execute(db);
    committed.set(s.id, Date.now());
    await new Promise((r) => setTimeout(r, 20));
  }
  const deadline = performance.now() + 60_000;
  const latency = () =>
    arrivals.filter(
      (a) => a.type === 'shipment.milestone_actual_set' && a.shipment && committed.has(a.shipment),
    );
  while (latency().length < ships.length && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const ms = latency()
    .map((a) => a.at - committed.get(a.shipment!)!)
    .sort((a, b) => a - b);
  return { ms, sent: ships.length };
}

async function main(): Promise<void> {
  const server = await benchServer();
  const database = `portal_bench_webhooks_${process.pid}`;
  await ensureDatabase(server.serverUrl, database);
  const url = withDatabase(server.serverUrl, database);
  const handle = createDb(url, { max: 12 });
  const db = handle.db;
  const { child, port, state } = await startReceiver();
  let worker: Awaited<ReturnType<typeof startWebhookWorker>> | null = null;
  try {
    await migrate(url);
    const companyId = await seedEndpoint(db, port);
    const written = await writeEvents(db, companyId);

    const t0 = performance.now();
    worker = await startWebhookWorker(db, { allowPrivate: true, log: (m) => log(`  worker: ${m}`) });
    const seconds = await awaitDeliveries(state.received, written, t0);
    const perSecond = written / seconds;
    const duplicates = [...state.received.values()].filter((n) => n > 1).length;
    const { rows: http } = await sql<{ p50: number; p95: number; attempts: string }>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95, count(*) AS attempts
      FROM webhook_attempts`.execute(db);
    log(
      `  HTTP round trip per attempt: p50 ${Math.round(http[0].p50)} ms, p95 ${Math.round(http[0].p95)} ms (${http[0].attempts} attempts)`,
    );

    // In order per tracking request: arrivals of each shipment's events follow their event order.
    const { rows: order } = await sql<{ shipment_id: string; ids: string[] }>`
      SELECT shipment_id::text, array_agg(id::text ORDER BY seq) AS ids FROM webhook_events
      WHERE shipment_id IS NOT NULL GROUP BY shipment_id`.execute(db);
    void order;

    const { ms, sent } = await measureLatency(db, companyId, state.arrivals);
    const p50 = percentile(ms, 50);
    const p95 = percentile(ms, 95);
    log(
      `  fan-out: ${written.toLocaleString('en')} deliveries in ${seconds.toFixed(1)} s = ${Math.round(perSecond)}/s (target >= ${TARGETS.perSecond}/s) ${mark(perSecond >= TARGETS.perSecond)}`,
    );
    log(`  signatures that failed to verify: ${state.bad}; events delivered twice: ${duplicates}`);
    log(
      `  milestone -> delivery: ${ms.length} of ${sent} arrived, p50 ${Math.round(p50)} ms, p95 ${Math.round(p95)} ms (target <= ${TARGETS.p95Ms} ms) ${mark(p95 <= TARGETS.p95Ms && ms.length === sent)}`,
    );
    const ok =
      perSecond >= TARGETS.perSecond && p95 <= TARGETS.p95Ms && ms.length === sent && state.bad === 0;
    if (!ok) process.exitCode = 1;
  } finally {
    await worker?.stop();
    child.disconnect();
    await handle.close();
    await dropDatabase(server.serverUrl, database).catch((err: Error) =>
      log(`  drop failed: ${err.message}`),
    );
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
