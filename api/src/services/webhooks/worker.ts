// The webhook delivery worker (issue 20), on pg-boss.
//
// - The outbox rows (webhook_events) and their deliveries are written by triggers in the transaction of the
//   change (migrations/0016_webhooks.sql). The delivery rows are the truth; jobs only say "work on chain C
//   of endpoint E".
// - The pump (every pumpIntervalMs) marks new deliveries as queued and, in the same transaction, queues one
//   job per chain on the `webhook-deliver` queue (policy `short`: at most one waiting job per chain; a job
//   left active by a dead worker never blocks the chain). A lease always starts at the chain's first pending
//   delivery, so however many jobs run for a chain, one worker sends it at a time, in order.
// - The sweep (every sweepIntervalMs) queues again every chain whose first pending delivery is due and not
//   leased: a worker that died mid-delivery, or a lost job, delays a delivery, it never loses one.
// - A job drains its chain strictly in order: it leases the due prefix of the chain's pending deliveries (up
//   to CLAIM_BATCH; leased_until), builds their bodies in two queries, signs and POSTs them one after the
//   other, and records the delivered ones in one statement. A failure (non-2xx, timeout, refused connection)
//   frees the rest of the lease, schedules the next attempt with exponential backoff (base × 2^(n-1), capped,
//   ±20 % jitter) and stops the chain until then, so later events of the same tracking request never overtake it. A
//   delivery is given up ('failed') once its event is older than retryWindowSeconds (72 h by default); the
//   chain then goes on.
// - The sweep also sends the API key expiry warnings (services/api-keys/expiry-notices.ts).
// - An endpoint whose attempts have all failed for disableAfterSeconds (72 h) is disabled; the managers of
//   the company get an e-mail (kept in disabled_notified_at, retried by the sweep until sent). Its pending
//   deliveries stay: enabling it again sends them.
// - The cleanup (at start, then every cleanupIntervalMs, 1 h) deletes delivered rows older than
//   deliveredRetentionDays (30) and the events left without deliveries, a bounded amount a run (cleanup.ts);
//   failed and pending deliveries stay in the log.
import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { bossDb } from '../../lib/boss-db';
import type { Mailer } from '../../mail';
import { buildBodies, type EventRow } from './payload';
import { postWebhook, type SendResult } from './sender';
import { signedHeaders } from './signing';
import { notifyDisabledEndpoints } from './notify';
import { notifyExpiringKeys } from '../api-keys/expiry-notices';
import { cleanupWebhookLog, WEBHOOK_CLEANUP_DEFAULTS, webhookRetentionDaysFromEnv } from './cleanup';

const WEBHOOK_QUEUE = 'webhook-deliver';
/** Deliveries of one chain leased at once (sent one after the other, in order). */
const CLAIM_BATCH = 20;

export interface WebhookWorkerOptions {
  /** Private and loopback addresses (and http://) allowed: development configuration. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** How long a delivery stays leased to the worker sending it (longer than timeoutMs). */
  leaseSeconds: number;
  pumpIntervalMs: number;
  sweepIntervalMs: number;
  /** Backoff: first retry after backoffBaseSeconds, doubling, at most backoffMaxSeconds apart. */
  backoffBaseSeconds: number;
  backoffMaxSeconds: number;
  /** Retries stop this long after the event (at least 24 h in production; default 72 h). */
  retryWindowSeconds: number;
  /** An endpoint failing for this long is disabled (default 72 h). */
  disableAfterSeconds: number;
  /** Delivered deliveries (and events left without any) are deleted this many days after delivery. */
  deliveredRetentionDays: number;
  /** Time between two cleanup runs. */
  cleanupIntervalMs: number;
  /** Parallel job loops and chains per loop. */
  loops: number;
  batchSize: number;
  mailer: Mailer | null;
  publicUrl?: string;
  schema: string;
  log: (message: string) => void;
}

export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<WebhookWorkerOptions> {
  const num = (name: string) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : undefined);
  const out: Partial<WebhookWorkerOptions> = {
    allowPrivate: webhookAllowPrivate(env),
    timeoutMs: num('WEBHOOK_TIMEOUT_MS'),
    retryWindowSeconds:
      num('WEBHOOK_RETRY_HOURS') !== undefined ? num('WEBHOOK_RETRY_HOURS')! * 3600 : undefined,
    disableAfterSeconds:
      num('WEBHOOK_DISABLE_AFTER_HOURS') !== undefined
        ? num('WEBHOOK_DISABLE_AFTER_HOURS')! * 3600
        : undefined,
    deliveredRetentionDays: webhookRetentionDaysFromEnv(env),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined && !Number.isNaN(v)));
}

/**
 * The address guard is on everywhere (development, tests, the demo, production): only the explicit
 * development opt-in WEBHOOK_ALLOW_PRIVATE_URLS=1 (or true) lets webhooks reach private and loopback
 * addresses over plain http, e.g. a receiver on the developer's own machine. Whoever starts a worker or the
 * API with it logs WEBHOOK_GUARD_OFF_NOTICE.
 */
export function webhookAllowPrivate(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.WEBHOOK_ALLOW_PRIVATE_URLS?.trim().toLowerCase();
  return v === '1' || v === 'true';
}

export const WEBHOOK_GUARD_OFF_NOTICE =
  'WEBHOOK_ALLOW_PRIVATE_URLS is on: webhooks may reach private and loopback addresses over http. ' +
  'Development only; never in production.';

const DEFAULT_WEBHOOK_OPTIONS: Omit<WebhookWorkerOptions, 'mailer' | 'log'> = {
  allowPrivate: false,
  timeoutMs: 10_000,
  leaseSeconds: 60,
  pumpIntervalMs: 200,
  sweepIntervalMs: 30_000,
  backoffBaseSeconds: 10,
  backoffMaxSeconds: 6 * 3600,
  retryWindowSeconds: 72 * 3600,
  disableAfterSeconds: 72 * 3600,
  deliveredRetentionDays: WEBHOOK_CLEANUP_DEFAULTS.deliveredDays,
  cleanupIntervalMs: 3_600_000,
  loops: 4,
  batchSize: 25,
  schema: 'pgboss',
};

export interface WebhookWorker {
  /** Queues the new deliveries now (the API calls it after a test event or a redelivery). */
  pump(): Promise<void>;
  stop(): Promise<void>;
}

interface Claimed extends EventRow {
  delivery_id: string;
  body: string | null;
  attempts: number;
  delivery_created_at: Date;
  url: string;
  secret: string;
  /** The secret before a rotation, while its grace period lasts (it signs too). */
  previous_secret: string | null;
  created_by: number | null;
}

/** Delay before attempt n+1 after n failed attempts (seconds). */
function backoffSeconds(failedAttempts: number, base: number, max: number, random = Math.random): number {
  const raw = Math.min(base * 2 ** Math.max(0, failedAttempts - 1), max);
  return raw * (0.8 + 0.4 * random());
}

export async function startWebhookWorker(
  db: Kysely<Database>,
  options: Partial<WebhookWorkerOptions> & Pick<WebhookWorkerOptions, 'log'>,
): Promise<WebhookWorker> {
  const o: WebhookWorkerOptions = { ...DEFAULT_WEBHOOK_OPTIONS, mailer: null, ...options };
  const boss = new PgBoss({
    db: bossDb(db),
    schema: o.schema,
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => o.log(`pg-boss (webhooks): ${err.message}`));
  await boss.start();
  const queue: PgBoss.Queue = {
    name: WEBHOOK_QUEUE,
    policy: 'short',
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: o.leaseSeconds * 2 + 60,
  };
  await boss.createQueue(WEBHOOK_QUEUE, queue);
  await boss.updateQueue(WEBHOOK_QUEUE, queue);

  type ChainJob = { endpointId: number; chain: string };
  const keyOf = (j: ChainJob) => `${j.endpointId}|${j.chain}`;
  const workerIds: string[] = [];
  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };

  /** Queues jobs for chains (through `through`, e.g. a transaction), optionally not before `at`. */
  const enqueue = async (jobs: ChainJob[], through: Kysely<Database> = db, at?: Date) => {
    if (jobs.length === 0) return;
    const unique = new Map(jobs.map((j) => [keyOf(j), j]));
    await boss.insert(
      [...unique.values()].map((j) => ({
        name: WEBHOOK_QUEUE,
        data: j,
        singletonKey: keyOf(j),
        ...(at ? { startAfter: at.toISOString() } : {}),
      })),
      { db: bossDb(through) } as never,
    );
  };

  let stopping = false;
  const pump = async () => {
    let more = true;
    while (more && !stopping) {
      more = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ endpoint_id: number; chain: string }>`
          UPDATE webhook_deliveries SET enqueued = true
          WHERE id IN (
            SELECT id FROM webhook_deliveries WHERE NOT enqueued ORDER BY id LIMIT 5000 FOR UPDATE SKIP LOCKED
          )
          RETURNING endpoint_id, chain`.execute(trx);
        await enqueue(
          rows.map((r) => ({ endpointId: r.endpoint_id, chain: r.chain })),
          trx,
        );
        return rows.length === 5000;
      });
      wake();
    }
  };

  const sweep = async () => {
    const { rows } = await sql<{ endpoint_id: number; chain: string }>`
      SELECT h.endpoint_id, h.chain FROM (
        SELECT DISTINCT ON (d.endpoint_id, d.chain) d.endpoint_id, d.chain, d.next_attempt_at, d.leased_until
        FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
        WHERE d.status = 'pending' AND d.enqueued
        ORDER BY d.endpoint_id, d.chain, d.seq, d.id
      ) h
      WHERE h.next_attempt_at <= now() AND (h.leased_until IS NULL OR h.leased_until < now())
      LIMIT 10000`.execute(db);
    await enqueue(rows.map((r) => ({ endpointId: r.endpoint_id, chain: r.chain })));
    if (rows.length) wake();
    await notifyDisabledEndpoints(db, o.mailer, o.publicUrl, o.log);
    await notifyExpiringKeys(db, o.mailer, o.publicUrl, o.log);
  };

  /**
   * Leases the longest due, unleased prefix (at most CLAIM_BATCH) of the chain's pending deliveries, in order.
   * Two workers on one chain cannot both lease a delivery (leased_until is checked again under the row lock).
   */
  const claim = async (job: ChainJob): Promise<Claimed[]> => {
    const { rows } = await sql<Claimed & { seq: string }>`
      WITH ordered AS (
        SELECT id, seq, (next_attempt_at <= now() AND (leased_until IS NULL OR leased_until < now())) AS ready,
               row_number() OVER (ORDER BY seq, id) AS rn
        FROM (
          SELECT id, seq, next_attempt_at, leased_until FROM webhook_deliveries
          WHERE endpoint_id = ${job.endpointId} AND chain = ${job.chain} AND status = 'pending'
          ORDER BY seq, id LIMIT ${CLAIM_BATCH}
        ) firsts
      ), prefix AS (
        SELECT o.id FROM ordered o
        WHERE NOT EXISTS (SELECT 1 FROM ordered p WHERE p.rn <= o.rn AND NOT p.ready)
      ), claimed AS (
        UPDATE webhook_deliveries d
        SET leased_until = now() + make_interval(secs => ${o.leaseSeconds}), last_attempt_at = now()
        FROM prefix
        WHERE d.id = prefix.id AND d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until < now())
          AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.enabled)
        RETURNING d.id, d.event_id, d.body, d.attempts, d.created_at, d.seq
      )
      SELECT c.id AS delivery_id, c.body, c.attempts, c.created_at AS delivery_created_at, c.seq,
             ev.id, ev.type, ev.company_id, ev.tracking_request_id, ev.shipment_id, ev.data, ev.occurred_at,
             e.url, e.secret, e.created_by,
             CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret
      FROM claimed c
      JOIN webhook_events ev ON ev.id = c.event_id
      JOIN webhook_endpoints e ON e.id = ${job.endpointId}
      ORDER BY c.seq, c.id`.execute(db);
    return rows;
  };

  /** When the chain's head can next be tried (null: nothing pending or endpoint disabled). */
  const nextTry = async (job: ChainJob): Promise<Date | null> => {
    const { rows } = await sql<{ at: Date }>`
      SELECT greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at)) AS at
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
      WHERE d.endpoint_id = ${job.endpointId} AND d.chain = ${job.chain} AND d.status = 'pending'
      ORDER BY d.seq, d.id LIMIT 1`.execute(db);
    return rows[0] ? new Date(rows[0].at) : null;
  };

  type Success = { id: string; code: number | null; ms: number; body: string };
  /** Records the delivered ones in one statement. */
  const recordSuccesses = async (job: ChainJob, done: Success[]) => {
    if (done.length === 0) return;
    await sql`
      WITH r AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(done)}::jsonb) AS x(id bigint, code integer, ms integer, body text)
      ), d AS (
        UPDATE webhook_deliveries w SET status = 'succeeded', delivered_at = now(), leased_until = NULL,
          attempts = w.attempts + 1, body = coalesce(w.body, r.body), last_status_code = r.code,
          last_latency_ms = r.ms, last_error = NULL
        FROM r WHERE w.id = r.id
      ), a AS (
        INSERT INTO webhook_attempts (delivery_id, status_code, latency_ms) SELECT id, code, ms FROM r
      )
      UPDATE webhook_endpoints SET failing_since = NULL
      WHERE id = ${job.endpointId} AND failing_since IS NOT NULL`.execute(db);
  };

  /** Records a failed attempt; true when the chain may go on (the delivery was given up). */
  const recordFailure = async (
    job: ChainJob,
    c: Claimed,
    body: string,
    result: SendResult,
  ): Promise<boolean> => {
    const delay = backoffSeconds(c.attempts + 1, o.backoffBaseSeconds, o.backoffMaxSeconds);
    const { rows } = await sql<{ status: string; failing_since: Date; disable: boolean }>`
      WITH d AS (
        UPDATE webhook_deliveries SET leased_until = NULL, attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${delay}),
          status = CASE WHEN created_at < now() - make_interval(secs => ${o.retryWindowSeconds})
                        THEN 'failed' ELSE 'pending' END,
          body = coalesce(body, ${body}), last_status_code = ${result.status},
          last_latency_ms = ${result.latencyMs}, last_error = ${result.error}
        WHERE id = ${c.delivery_id}
        RETURNING status
      ), a AS (
        INSERT INTO webhook_attempts (delivery_id, status_code, latency_ms, error)
        VALUES (${c.delivery_id}, ${result.status}, ${result.latencyMs}, ${result.error})
      ), e AS (
        UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now())
        WHERE id = ${job.endpointId}
        RETURNING failing_since
      )
      SELECT d.status, e.failing_since,
             e.failing_since < now() - make_interval(secs => ${o.disableAfterSeconds}) AS disable
      FROM d, e`.execute(db);
    const row = rows[0];
    if (row?.disable) {
      const disabled = await db
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: 'failing', disabled_at: sql`now()`, modified_at: sql`now()` })
        .where('id', '=', job.endpointId)
        .where('enabled', '=', true)
        .returning('id')
        .executeTakeFirst();
      if (disabled) {
        o.log(
          `Webhook endpoint ${job.endpointId} disabled: failing since ${new Date(row.failing_since).toISOString()}.`,
        );
        await notifyDisabledEndpoints(db, o.mailer, o.publicUrl, o.log).catch((err: Error) =>
          o.log(`Webhook disable notice not sent yet: ${err.message}`),
        );
      }
      return false;
    }
    return row?.status === 'failed';
  };

  /** Sends a leased batch in order; stops at the first failure. True when the chain may go on. */
  const sendBatch = async (job: ChainJob, batch: Claimed[]): Promise<boolean> => {
    const missing = batch.filter((c) => c.body === null);
    const built = await buildBodies(db, missing, batch[0].created_by);
    const done: Success[] = [];
    let goOn = true;
    let i = 0;
    try {
      for (; i < batch.length && !stopping; i += 1) {
        const c = batch[i];
        const body = c.body ?? built.get(c.id)!;
        const secrets = c.previous_secret ? [c.secret, c.previous_secret] : [c.secret];
        const headers = signedHeaders(secrets, c.id, c.type, body);
        const result = await postWebhook(c.url, headers, body, {
          timeoutMs: o.timeoutMs,
          allowPrivate: o.allowPrivate,
        });
        if (result.ok) {
          done.push({ id: c.delivery_id, code: result.status, ms: result.latencyMs, body });
          continue;
        }
        await recordSuccesses(job, done.splice(0));
        goOn = await recordFailure(job, c, body, result);
        i += 1;
        if (!goOn) break;
      }
    } finally {
      await recordSuccesses(job, done);
      // Leased but not tried (a failure stopped the chain, or the worker is stopping): free them now.
      const untried = batch.slice(i).map((c) => c.delivery_id);
      if (untried.length)
        await db
          .updateTable('webhook_deliveries')
          .set({ leased_until: null })
          .where('id', 'in', untried)
          .execute();
    }
    return goOn && !stopping;
  };

  const drain = async (job: ChainJob) => {
    for (let round = 0; round < 50 && !stopping; round += 1) {
      const batch = await claim(job);
      if (batch.length === 0) {
        const at = await nextTry(job);
        if (at) await enqueue([job], db, at);
        return;
      }
      const goOn = await sendBatch(job, batch);
      if (!goOn) {
        const at = await nextTry(job);
        if (at) await enqueue([job], db, at);
        return;
      }
    }
    // A long chain: let other chains have a turn.
    await enqueue([job]);
  };

  for (let i = 0; i < o.loops; i += 1) {
    workerIds.push(
      await boss.work<ChainJob>(
        WEBHOOK_QUEUE,
        { batchSize: o.batchSize, pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          await Promise.all(
            jobs.map((j) =>
              drain(j.data).catch((err: Error) => {
                o.log(`Webhook chain ${keyOf(j.data)}: ${err.message}`);
                throw err;
              }),
            ),
          );
        },
      ),
    );
  }

  let pumping: Promise<void> | null = null;
  const safePump = () => {
    if (!pumping)
      pumping = pump()
        .catch((err: Error) => o.log(`Webhook pump failed: ${err.message}`))
        .finally(() => {
          pumping = null;
        });
    return pumping;
  };
  const pumpTimer = setInterval(() => void safePump(), o.pumpIntervalMs);
  pumpTimer.unref();
  let sweeping = false;
  const sweepTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((err: Error) => o.log(`Webhook sweep failed: ${err.message}`))
      .finally(() => {
        sweeping = false;
      });
  }, o.sweepIntervalMs);
  sweepTimer.unref();
  await sweep().catch((err: Error) => o.log(`Webhook sweep failed: ${err.message}`));

  let cleaning: Promise<unknown> | null = null;
  const cleanup = () => {
    if (!cleaning && !stopping)
      cleaning = cleanupWebhookLog(db, { deliveredDays: o.deliveredRetentionDays })
        .catch((err: Error) => o.log(`Webhook log cleanup failed: ${err.message}`))
        .finally(() => {
          cleaning = null;
        });
  };
  const cleanupTimer = setInterval(cleanup, o.cleanupIntervalMs);
  cleanupTimer.unref();
  cleanup();

  return {
    pump: safePump,
    async stop() {
      stopping = true;
      clearInterval(pumpTimer);
      clearInterval(sweepTimer);
      clearInterval(cleanupTimer);
      await pumping;
      await cleaning;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    },
  };
}
