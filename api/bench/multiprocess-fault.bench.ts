// Many processes, one truth: 3 API processes and 2 engine workers on one throwaway database, behind the portal's
// /api/ balancer (shared-ui/build/api-balancer.mjs, in this process), under MP_USERS (200) simulated users for
// MP_SECONDS (45 s). One API process is SIGKILLed at 1/3 of the run and one worker at 1/2, each started again a
// second later (as `npm start`'s supervisor would). Checked afterwards:
// - reads: no error at all (the balancer sends a read that met the dead process to another one);
// - writes (create a project, create a tracking request) with an Idempotency-Key, sent again with the same key
//   when no answer came: every acknowledged write stored exactly once, none stored twice;
// - scheduled reports (MP_REPORTS templates due now, mailed through a slow SMTP sink so that sends are in flight
//   at the kill): each run sent, each mail accepted once;
// - webhooks (one endpoint per company, the engine's events): every delivery delivered, at least once, and per
//   tracking request in order;
// - polls: every tracking request created during the run polled.
//
//   npx tsx bench/multiprocess-fault.bench.ts        (from api/; part of `npm run bench`)
//
// Database server: MP_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL, else postgres://postgres@127.0.0.1:5432.
// Bounded: MP_USERS clients, each stopping at its deadline, every wait capped; loopback only. Exit code 1 on a miss.
import { sql, type Kysely } from 'kysely';
import { createDb, dropDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/types';
import { createUser } from '../src/services/accounts';
import { iso6346CheckDigit } from '../src/tracking/containers';
import {
  orderOf,
  Proc,
  sleep,
  startBalancer,
  startSmtpSink,
  startWebhookReceiver,
  waitHealthy,
} from './multiprocess-cluster';
import { freePorts, runUsers, type LoadStats } from './multiprocess-load';
import { seedCarrierAndCompanies, throwawayDatabase } from './throwaway-db';

const USERS = Math.min(Number(process.env.MP_USERS || 200), 500);
const SECONDS = Math.min(Number(process.env.MP_SECONDS || 45), 600);
const REPORTS = Math.min(Number(process.env.MP_REPORTS || 30), 200);
const EVENTS = ['tracking_request.status_changed', 'shipment.created', 'shipment.milestone_actual_set'];

/** A company's webhook endpoint on the receiver, and one shipment, so that every report has a row to send. */
async function seedCompany(
  db: Kysely<Database>,
  i: number,
  company: { id: number; managerId: number; carrierId: number },
  receiverUrl: string,
) {
  await db
    .insertInto('webhook_endpoints')
    .values({
      company_id: company.id,
      created_by: company.managerId,
      url: receiverUrl,
      events: EVENTS,
      secret: 'c2VjcmV0',
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
    })
    .execute();
  const request = await db
    .insertInto('tracking_requests')
    .values({
      company_id: company.id,
      carrier_id: company.carrierId,
      code_type: 'c_id',
      code_value: `MPSEED${i}`,
      warnings: '[]',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('shipments')
    .values({
      company_id: company.id,
      tracking_request_id: request.id,
      carrier_id: company.carrierId,
      container_number: `MSCU100000${i}`,
      lifecycle_status: 'active',
    } as never)
    .execute();
}

async function seed(db: Kysely<Database>, receiverUrl: string) {
  const { carrierId, companies } = await seedCarrierAndCompanies(db, 'MP');
  const users: Array<{ id: number; username: string; password: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const username = `mp${i}`;
    const password = `mp-password-${i}`;
    const id = await createUser(db, {
      username,
      password,
      companyId: companies[i % 2],
      roleId: 1,
      is_manager: i < 2,
      email: `${username}@example.com`,
      hashCost: 2 ** 10,
    });
    users.push({ id, username, password });
  }
  for (const [i, companyId] of companies.entries())
    await seedCompany(db, i, { id: companyId, managerId: users[i].id, carrierId }, receiverUrl);
  for (let i = 0; i < REPORTS; i++) {
    await db
      .insertInto('export_templates')
      .values({
        company_id: companies[i % 2],
        user_id: users[i].id,
        name: `MP report ${i}`,
        send_email: 'daily',
        columns: ['container_number'],
        filters: '{}',
        schedule_since: new Date(Date.now() - 7 * 86_400_000),
      } as never)
      .execute();
  }
  await sql`UPDATE user_profiles SET email_language = 'en'`.execute(db);
  return { carrierId, users };
}

/** Polls `check` until it is true or `ms` passed; answers whether it became true. */
async function until(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(500);
  }
  return check();
}

type Result = [boolean, string];

/** Every acknowledged create (project, tracking request) stored exactly once. */
async function verifyWrites(db: Kysely<Database>, stats: LoadStats): Promise<Result[]> {
  const projects = await sql<{
    name: string;
    n: number;
  }>`SELECT name, count(*)::int AS n FROM projects WHERE name LIKE 'mp-%' GROUP BY name`.execute(db);
  const requests = await sql<{
    code: string;
    n: number;
  }>`SELECT code_value AS code, count(*)::int AS n FROM tracking_requests WHERE code_value LIKE 'MPU%' GROUP BY code_value`.execute(
    db,
  );
  const stored = (rows: Array<{ n: number }>) => ({ twice: rows.filter((r) => r.n > 1).length });
  const pNames = new Map(projects.rows.map((r) => [r.name, r.n]));
  const rCodes = new Map(requests.rows.map((r) => [r.code, r.n]));
  const lostP = [...stats.projects].filter((n) => pNames.get(n) !== 1).length;
  const lostR = [...stats.codes].filter((c) => rCodes.get(c) !== 1).length;
  return [
    [
      lostP === 0 && stored(projects.rows).twice === 0,
      `projects: ${stats.projects.size} acknowledged, ${lostP} not stored exactly once, ${stored(projects.rows).twice} stored twice (${stats.writeRetries} write retries, ${stats.replays} replayed answers)`,
    ],
    [
      lostR === 0 && stored(requests.rows).twice === 0,
      `tracking requests: ${stats.codes.size} acknowledged, ${lostR} not stored exactly once, ${stored(requests.rows).twice} stored twice`,
    ],
  ];
}

/** Each scheduled report run sent, each mail accepted once. */
async function verifyReports(
  db: Kysely<Database>,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
): Promise<Result> {
  // A run whose sender was killed is taken over when its lease ends (120 s).
  await until(
    200_000,
    async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM report_runs WHERE status = 'pending'`.execute(
          db,
        )
      ).rows[0].n === 0,
  );
  const runs = await sql<{
    status: string;
    n: number;
  }>`SELECT status, count(*)::int AS n FROM report_runs WHERE kind = 'template' GROUP BY status`.execute(db);
  const sent = runs.rows.find((r) => r.status === 'sent')?.n ?? 0;
  if (process.env.MP_VERBOSE)
    console.log(
      runs.rows,
      smtp.accepted.map((m) => m.subject),
    );
  const perReport = new Map<string, number>();
  for (const m of smtp.accepted)
    if (/MP report \d+/.test(m.subject))
      perReport.set(
        /MP report \d+/.exec(m.subject)![0],
        (perReport.get(/MP report \d+/.exec(m.subject)![0]) ?? 0) + 1,
      );
  const twice = [...perReport.values()].filter((n) => n > 1).length;
  return [
    sent === REPORTS && perReport.size === REPORTS && twice === 0,
    `scheduled reports: ${REPORTS} due, ${sent} runs sent, ${perReport.size} mails accepted, ${twice} sent twice (${smtp.refused()} sends cut by a kill)`,
  ];
}

/** Every webhook delivery delivered (at least once), in order per chain. */
async function verifyWebhooks(db: Kysely<Database>, arrivals: string[]): Promise<Result> {
  await until(
    120_000,
    async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`.execute(db)
      ).rows[0].n === 0,
  );
  const deliveries = await sql<{
    event_id: string;
    seq: number;
    chain: string;
    status: string;
  }>`SELECT event_id::text, seq::int AS seq, chain, status FROM webhook_deliveries`.execute(db);
  const received = new Set(arrivals);
  const undelivered = deliveries.rows.filter(
    (d) => d.status !== 'succeeded' || !received.has(d.event_id),
  ).length;
  const seqOf = new Map(deliveries.rows.map((d) => [d.event_id, { seq: d.seq, chain: d.chain }]));
  const chains = new Map<string, number[]>();
  for (const id of arrivals) {
    const d = seqOf.get(id);
    if (d) chains.set(d.chain, [...(chains.get(d.chain) ?? []), d.seq]);
  }
  let outOfOrder = 0;
  let repeats = 0;
  for (const seqs of chains.values()) {
    const o = orderOf(seqs);
    outOfOrder += o.outOfOrder;
    repeats += o.repeats;
  }
  return [
    deliveries.rows.length > 0 && undelivered === 0 && outOfOrder === 0,
    `webhooks: ${deliveries.rows.length} deliveries on ${chains.size} chains, ${undelivered} not delivered, ${outOfOrder} out of order, ${repeats} delivered again`,
  ];
}

/** Every tracking request created during the run polled. */
async function verifyPolls(db: Kysely<Database>, stats: LoadStats): Promise<Result> {
  const codes = [...stats.codes];
  const unpolledCount = async () =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM tracking_requests WHERE code_value = ANY(${codes}) AND last_polled_at IS NULL`.execute(
        db,
      )
    ).rows[0].n;
  await until(120_000, async () => (await unpolledCount()) === 0);
  const unpolled = await unpolledCount();
  return [
    unpolled === 0,
    `polls: ${codes.length} tracking requests created during the run, ${unpolled} never polled`,
  ];
}

async function verify(
  db: Kysely<Database>,
  stats: LoadStats,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
  arrivals: string[],
): Promise<Result[]> {
  const reads: Result = [
    stats.readErrors.length === 0,
    `reads: ${stats.reads} answered, ${stats.readErrors.length} errors ${stats.readErrors.slice(0, 3).join('; ')}`,
  ];
  return [
    reads,
    ...(await verifyWrites(db, stats)),
    await verifyReports(db, smtp),
    await verifyWebhooks(db, arrivals),
    await verifyPolls(db, stats),
  ];
}

/** 3 API processes and 2 workers on the database (not started yet). */
function cluster(url: string, ports: number[], smtpPort: number) {
  const apiEnv = (port: number) => ({
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    ENGINE_WORKERS: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    REPORTS_HOUR: '0',
    WEBHOOK_ALLOW_PRIVATE_URLS: '1',
    ETA_ALERTS: '0',
  });
  const apis = ports.map((port, i) => new Proc(`api${i + 1}`, 'src/server.ts', apiEnv(port)));
  // A killed worker's poll lease ends after 15 s here (300 s by default), so its polls come back within the wait.
  const workerEnv = {
    DATABASE_URL: url,
    ENGINE_PUSH: '0',
    ENGINE_TICK_MS: '1000',
    ENGINE_POLL_LEASE_SECONDS: '15',
    ENGINE_JOB_EXPIRE_SECONDS: '20',
    ENGINE_POLL_INTERVAL_SECONDS: '30',
    ENGINE_WORKER_POLL_SECONDS: '0.5',
  };
  const workers = [1, 2].map((i) => new Proc(`worker${i}`, 'src/worker.ts', workerEnv));
  return { apis, workers };
}

/** SIGKILL the second API at 1/3 of the run and the first worker at 1/2, each started again 1 s later. */
async function faults(apis: Proc[], workers: Proc[]): Promise<void> {
  await sleep((SECONDS * 1000) / 3);
  await apis[1].kill();
  console.log(
    `  SIGKILL ${apis[1].name} at ${((SECONDS * 1000) / 3 / 1000).toFixed(0)} s; started again 1 s later`,
  );
  await sleep(1000);
  apis[1].start();
  await sleep((SECONDS * 1000) / 6 - 1000);
  await workers[0].kill();
  console.log(`  SIGKILL ${workers[0].name} at ${(SECONDS / 2).toFixed(0)} s; started again 1 s later`);
  await sleep(1000);
  workers[0].start();
}

function logLoad(stats: LoadStats, took: number): void {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  console.log(
    `  load: ${USERS} users, ${stats.latencies.length} requests in ${took.toFixed(1)} s (${(stats.latencies.length / took).toFixed(0)} req/s), p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`,
  );
}

async function main() {
  const { serverUrl, dbName, url } = await throwawayDatabase('MP_DATABASE_URL', 'portal_mp');
  const handle = createDb(url, { max: 4 });
  const smtp = await startSmtpSink(Number(process.env.MP_SMTP_DELAY_MS || 2500));
  const receiver = await startWebhookReceiver();
  const procs: Proc[] = [];
  let failed = false;
  try {
    await migrate(url);
    const { carrierId, users } = await seed(handle.db, receiver.url);
    const ports = await freePorts(3);
    const { apis, workers } = cluster(url, ports, smtp.port);
    procs.push(...apis, ...workers);
    const t0 = Date.now();
    for (const p of procs) p.start();
    await Promise.all(ports.map((port) => waitHealthy(`http://127.0.0.1:${port}`)));
    console.log(`  3 API and 2 worker processes up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const balancer = await startBalancer(ports.map((p) => `http://127.0.0.1:${p}`));
    const started = Date.now();
    const [stats] = await Promise.all([
      runUsers({ base: balancer.url, users, seconds: SECONDS, carrierId, code: nextCode }),
      faults(apis, workers),
    ]);
    logLoad(stats, (Date.now() - started) / 1000);
    for (const [ok, text] of await verify(handle.db, stats, smtp, receiver.arrivals)) {
      console.log(`  ${ok ? 'ok  ' : 'MISS'} ${text}`);
      if (!ok) failed = true;
    }
    await balancer.app.close();
  } finally {
    await Promise.all(procs.map((p) => p.kill('SIGTERM')));
    await handle.close();
    await smtp.stop();
    await receiver.stop();
    await dropDatabase(serverUrl, dbName).catch(() => undefined);
  }
  if (failed) process.exit(1);
}

let seq = 0;
const runTag = Date.now() % 1_000_000;
/** A container number unique to this run (MPU + 6 digits + check digit). */
function nextCode(): string {
  seq += 1;
  const first10 = `MPUU${String((runTag + seq * 7919) % 1_000_000).padStart(6, '0')}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
