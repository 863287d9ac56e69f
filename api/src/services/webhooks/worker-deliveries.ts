// The webhook worker's reads and writes of one chain's deliveries: lease the due prefix, find when the
// chain can next be tried, record the delivered ones, record a failed attempt (backoff, give up, disable
// the endpoint).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { EventRow } from './payload';
import type { SendResult } from './sender';
import { notifyDisabledEndpoints } from './notify';
import type { ChainJob } from './worker-queue';
import type { WebhookWorkerOptions } from './worker-options';

/** Deliveries of one chain leased at once (sent one after the other, in order). */
const CLAIM_BATCH = 20;

export interface Claimed extends EventRow {
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

export type Success = { id: string; code: number | null; ms: number; body: string };

/** Delay before attempt n+1 after n failed attempts (seconds): base × 2^(n-1), capped, ±20 % jitter. */
export function backoffSeconds(
  failedAttempts: number,
  base: number,
  max: number,
  random = Math.random,
): number {
  const raw = Math.min(base * 2 ** Math.max(0, failedAttempts - 1), max);
  return raw * (0.8 + 0.4 * random());
}

/**
 * Leases the longest due, unleased prefix (at most CLAIM_BATCH) of the chain's pending deliveries, in order.
 * Two workers on one chain cannot both lease a delivery (leased_until is checked again under the row lock).
 */
export async function claimChain(
  db: Kysely<Database>,
  job: ChainJob,
  leaseSeconds: number,
): Promise<Claimed[]> {
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
      SET leased_until = now() + make_interval(secs => ${leaseSeconds}), last_attempt_at = now()
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
}

/** When the chain's head can next be tried (null: nothing pending or endpoint disabled). */
export async function nextTry(db: Kysely<Database>, job: ChainJob): Promise<Date | null> {
  const { rows } = await sql<{ at: Date }>`
    SELECT greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at)) AS at
    FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
    WHERE d.endpoint_id = ${job.endpointId} AND d.chain = ${job.chain} AND d.status = 'pending'
    ORDER BY d.seq, d.id LIMIT 1`.execute(db);
  return rows[0] ? new Date(rows[0].at) : null;
}

/** Records the delivered ones in one statement. */
export async function recordSuccesses(db: Kysely<Database>, job: ChainJob, done: Success[]): Promise<void> {
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
}

type FailureOptions = Pick<
  WebhookWorkerOptions,
  'backoffBaseSeconds' | 'backoffMaxSeconds' | 'retryWindowSeconds' | 'disableAfterSeconds'
>;

/** Records the failed attempt: backoff, given up past the retry window, the endpoint failing since when. */
async function recordFailedAttempt(
  db: Kysely<Database>,
  o: FailureOptions,
  job: ChainJob,
  c: Claimed,
  body: string,
  result: SendResult,
) {
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
  return rows[0];
}

/** Disables an endpoint failing for too long (once) and tries to tell the company's managers now. */
async function disableFailingEndpoint(
  db: Kysely<Database>,
  o: Pick<WebhookWorkerOptions, 'mailer' | 'publicUrl' | 'log'>,
  endpointId: number,
  failingSince: Date,
) {
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: 'failing', disabled_at: sql`now()`, modified_at: sql`now()` })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (!disabled) return;
  o.log(`Webhook endpoint ${endpointId} disabled: failing since ${new Date(failingSince).toISOString()}.`);
  await notifyDisabledEndpoints(db, o.mailer, o.publicUrl, o.log).catch((err: Error) =>
    o.log(`Webhook disable notice not sent yet: ${err.message}`),
  );
}

/** Records a failed attempt; true when the chain may go on (the delivery was given up). */
export async function recordFailure(
  db: Kysely<Database>,
  o: WebhookWorkerOptions,
  job: ChainJob,
  c: Claimed,
  body: string,
  result: SendResult,
): Promise<boolean> {
  const row = await recordFailedAttempt(db, o, job, c, body, result);
  if (row?.disable) {
    await disableFailingEndpoint(db, o, job.endpointId, row.failing_since);
    return false;
  }
  return row?.status === 'failed';
}
