// Webhook endpoints and their delivery log for the API: the company's endpoints (create under a
// per-company lock, change, enable / disable, delete), the deliveries with their attempts, a manual
// redelivery, and the shipments changed since a time (GET integration/changes/).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ErrorCollector, notFound } from '../../lib/errors';
import type { HealthThresholds } from '../health';
import { summaryOut, summaryQuery } from './payload';
import { newWebhookSecret, SECRET_GRACE_HOURS } from './signing';
import { publicDeliveryError } from './sender';
import { checkWebhookUrl } from './url-safety';
import { isoOrNull as iso } from '../../lib/dates';

export const MAX_ENDPOINTS = 10;
/** The refusals of the webhook calls (translated by src/i18n/catalogue.ts). */
export const WEBHOOK_MESSAGES = {
  tooMany: `A company can have at most ${MAX_ENDPOINTS} webhook endpoints.`,
  blank: 'This field may not be blank.',
  invalidSince: 'Enter a valid date and time (ISO 8601), e.g. 2026-11-24T08:00:00Z.',
  duplicateUrl: 'An endpoint with this URL already exists.',
} as const;

function endpointSelect(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('webhook_endpoints as w')
    .leftJoin('users as u', 'u.id', 'w.created_by')
    .select([
      'w.id',
      'w.url',
      'w.description',
      'w.events',
      'w.enabled',
      'w.disabled_reason',
      'w.disabled_at',
      'w.failing_since',
      'w.created_at',
      'w.modified_at',
      'w.secret',
      'w.secret_rotated_at',
      sql<Date | null>`CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret_expires_at END`.as(
        'previous_secret_expires_at',
      ),
      'u.username as created_by',
    ])
    .where('w.company_id', '=', companyId);
}
export type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpointSelect>['executeTakeFirstOrThrow']>>;

/** An endpoint as the API answers it: never its secret (shown once, by the create and rotate calls). */
export const endpointOut = ({ secret: _secret, ...r }: EndpointRow) => ({
  ...r,
  secret_rotated_at: iso(r.secret_rotated_at),
  previous_secret_expires_at: iso(r.previous_secret_expires_at),
  disabled_at: iso(r.disabled_at),
  failing_since: iso(r.failing_since),
  created_at: iso(r.created_at)!,
  modified_at: iso(r.modified_at)!,
});

/** Endpoint `id` of the company (404 otherwise). */
export async function findEndpoint(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<EndpointRow> {
  const row = await endpointSelect(db, companyId).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The company's endpoints by id. */
export function listEndpoints(db: Kysely<Database>, companyId: number): Promise<EndpointRow[]> {
  return endpointSelect(db, companyId).orderBy('w.id').execute();
}

/** Adds the problem of a webhook URL (blank, not https, private address…) to `problems`. */
async function checkEndpointUrl(problems: ErrorCollector, url: string, allowPrivate: boolean) {
  const trimmed = url.trim();
  if (!trimmed) return problems.add('url', WEBHOOK_MESSAGES.blank);
  const problem = await checkWebhookUrl(trimmed, allowPrivate);
  if (problem) problems.add('url', problem);
}

export interface EndpointInput {
  url: string;
  description?: string;
  events: string[];
  secret?: string;
}

/**
 * Registers an endpoint: the URL checked, at most MAX_ENDPOINTS a company and no URL twice (checked under a
 * per-company lock, so two calls at once cannot both pass). Returns its id; 400 with every problem otherwise.
 */
export async function createEndpoint(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  body: EndpointInput,
  allowPrivate: boolean,
): Promise<number> {
  const problems = new ErrorCollector();
  await checkEndpointUrl(problems, body.url, allowPrivate);
  problems.throwIfAny();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20160, ${companyId})`.execute(trx);
    const existing = await trx
      .selectFrom('webhook_endpoints')
      .select(['url'])
      .where('company_id', '=', companyId)
      .execute();
    if (existing.length >= MAX_ENDPOINTS) problems.add('non_field_errors', WEBHOOK_MESSAGES.tooMany);
    if (existing.some((e) => e.url === body.url.trim())) problems.add('url', WEBHOOK_MESSAGES.duplicateUrl);
    problems.throwIfAny();
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        company_id: companyId,
        created_by: userId,
        url: body.url.trim(),
        description: body.description?.trim() ?? '',
        events: [...new Set(body.events)],
        secret: body.secret ?? newWebhookSecret(),
        disabled_reason: null,
        disabled_at: null,
        failing_since: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Changes an endpoint; enabling one (also one the worker disabled) makes its waiting deliveries due at once.
 * Returns whether it was enabled by this change (the caller then wakes the worker).
 */
export async function changeEndpoint(
  db: Kysely<Database>,
  current: EndpointRow,
  body: Partial<EndpointInput> & { enabled?: boolean },
  allowPrivate: boolean,
): Promise<boolean> {
  const problems = new ErrorCollector();
  if (body.url !== undefined) await checkEndpointUrl(problems, body.url, allowPrivate);
  problems.throwIfAny();
  const enabling = body.enabled === true && !current.enabled;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(body.url !== undefined ? { url: body.url.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(body.secret !== undefined && body.secret !== current.secret
          ? rotation(current.secret, body.secret, SECRET_GRACE_HOURS)
          : {}),
        ...(body.enabled === true
          ? {
              enabled: true,
              disabled_reason: null,
              disabled_at: null,
              disabled_notified_at: null,
              failing_since: null,
            }
          : {}),
        ...(body.enabled === false && current.enabled
          ? { enabled: false, disabled_reason: 'manual', disabled_at: sql`now()` }
          : {}),
        modified_at: sql`now()`,
      })
      .where('id', '=', current.id)
      .execute();
    if (enabling) {
      // Its waiting deliveries go out again at once, in order.
      await trx
        .updateTable('webhook_deliveries')
        .set({ enqueued: false, next_attempt_at: sql`now()` })
        .where('endpoint_id', '=', current.id)
        .where('status', '=', 'pending')
        .execute();
    }
  });
  return enabling;
}

/** The columns of a rotation: the new secret signs from now on, the old one too for `graceHours`. */
function rotation(oldSecret: string, newSecret: string, graceHours: number) {
  return {
    secret: newSecret,
    previous_secret: graceHours > 0 ? oldSecret : null,
    previous_secret_expires_at:
      graceHours > 0 ? sql<Date>`now() + make_interval(hours => ${graceHours})` : null,
    secret_rotated_at: sql<Date>`now()`,
  };
}

/**
 * Gives an endpoint a new secret (generated unless given) and returns it: the one time it is shown. The previous
 * secret keeps signing for `graceHours` (0: it stops at once, for a secret that leaked).
 */
export async function rotateSecret(
  db: Kysely<Database>,
  current: EndpointRow,
  input: { secret?: string; grace_hours?: number },
): Promise<string> {
  const secret = input.secret ?? newWebhookSecret();
  await db
    .updateTable('webhook_endpoints')
    .set({
      ...rotation(current.secret, secret, input.grace_hours ?? SECRET_GRACE_HOURS),
      modified_at: sql`now()`,
    })
    .where('id', '=', current.id)
    .execute();
  return secret;
}

/** Deletes an endpoint and its delivery log. */
export async function deleteEndpoint(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

function deliverySelect(db: Kysely<Database>, endpointId: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type as event_type',
      'e.shipment_id',
      'e.tracking_request_id',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_latency_ms',
      'd.last_error',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.delivered_at',
      'd.manual',
      'd.created_at',
    ])
    .where('d.endpoint_id', '=', endpointId);
}
type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliverySelect>['executeTakeFirstOrThrow']>>;

const deliveryOut = (r: DeliveryRow) => ({
  ...r,
  last_error: publicDeliveryError(r.last_error),
  id: String(r.id),
  shipment_id: r.shipment_id === null ? null : String(r.shipment_id),
  last_attempt_at: iso(r.last_attempt_at),
  next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
  delivered_at: iso(r.delivered_at),
  created_at: iso(r.created_at)!,
});

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** The delivery log of an endpoint (newest first), optionally of one status: its count and a page. */
export function deliveryLog(db: Kysely<Database>, endpointId: number, status?: DeliveryStatus) {
  return {
    count: async (): Promise<number> => {
      let count = db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('endpoint_id', '=', endpointId);
      if (status) count = count.where('status', '=', status);
      return Number((await count.executeTakeFirstOrThrow()).n);
    },
    page: async (limit: number, offset: number) => {
      let q = deliverySelect(db, endpointId);
      if (status) q = q.where('d.status', '=', status);
      const rows = await q.orderBy('d.id', 'desc').limit(limit).offset(offset).execute();
      return rows.map(deliveryOut);
    },
  };
}

/** One delivery of the endpoint with its body and its last 100 attempts (404 otherwise). */
export async function deliveryDetail(db: Kysely<Database>, endpointId: number, deliveryId: number) {
  const row = await deliverySelect(db, endpointId)
    .select('d.body')
    .where('d.id', '=', String(deliveryId))
    .executeTakeFirst();
  if (!row) throw notFound();
  const attempts = await db
    .selectFrom('webhook_attempts')
    .select(['attempted_at', 'status_code', 'latency_ms', 'error'])
    .where('delivery_id', '=', String(deliveryId))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return {
    ...deliveryOut(row),
    body: row.body,
    attempt_log: attempts.map((a) => ({
      ...a,
      error: publicDeliveryError(a.error),
      attempted_at: iso(a.attempted_at)!,
    })),
  };
}

/** A new (manual) delivery of the same event and body as delivery `deliveryId` of the endpoint (404 otherwise). */
export async function redeliver(db: Kysely<Database>, endpointId: number, deliveryId: number) {
  const original = await db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'seq', 'chain', 'body'])
    .where('id', '=', String(deliveryId))
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  if (!original) throw notFound();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpointId,
      event_id: original.event_id,
      seq: original.seq,
      chain: original.chain,
      body: original.body,
      manual: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return deliveryOut(
    await deliverySelect(db, endpointId).where('d.id', '=', String(row.id)).executeTakeFirstOrThrow(),
  );
}

/**
 * The company's shipments changed since `rawSince` (ISO 8601 date-time; 400 otherwise) after shipment
 * `afterId`, oldest change first, 100 at most, with the cursor of the next call.
 */
export async function changesSince(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  rawSince: string,
  afterId: string,
) {
  const since = new Date(rawSince);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(rawSince) || Number.isNaN(since.getTime())) {
    const problems = new ErrorCollector();
    problems.add('since', WEBHOOK_MESSAGES.invalidSince);
    problems.throwIfAny();
  }
  // The cursor is (modified_at to the millisecond, id): what the answer can show exactly.
  const rows = await summaryQuery(db, thresholds)
    .where('s.company_id', '=', companyId)
    .where('s.modified_at', '>=', since)
    .where(
      sql<boolean>`(date_trunc('milliseconds', s.modified_at), s.id) > (${since}::timestamptz, ${afterId}::bigint)`,
    )
    .orderBy(sql`date_trunc('milliseconds', s.modified_at)`)
    .orderBy('s.id')
    .limit(100)
    .execute();
  const results = rows.map(summaryOut);
  const last = results[results.length - 1];
  return {
    results,
    next_since: last ? last.modified_at : since.toISOString(),
    next_after_id: last ? last.id : afterId,
  };
}
