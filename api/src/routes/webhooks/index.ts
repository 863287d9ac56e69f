// Webhooks (issue 20): /api/webhooks/ (endpoints: list, create, detail, change, delete, send a test event),
// /api/webhooks/{id}/deliveries/ (the delivery log, one delivery with its attempts, manual redelivery) for
// managers with write permission; and /api/integration/changes/ (shipments changed since a time) for any
// user of the company or an API key. The delivery worker runs with the API unless WEBHOOK_WORKER=0 (or under
// jest unless a test asks for it); more workers: `tsx src/services/webhooks/worker-cli.ts`.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ErrorCollector, notFound } from '../../lib/errors';
import { errors, Paged, PageQuerySchema } from '../../lib/schemas';
import { paginate } from '../../lib/pagination';
import { mailerFromEnv, type Mailer } from '../../mail';
import { caller, requireAuth } from '../../plugins/auth';
import { thresholdsOf } from '../../services/health';
import {
  emitTestEvent,
  summaryOut,
  summaryQuery,
  WEBHOOK_EVENT_TYPES,
  TEST_EVENT_TYPE,
} from '../../services/webhooks/payload';
import { newWebhookSecret, REPLAY_WINDOW_SECONDS } from '../../services/webhooks/signing';
import { checkWebhookUrl } from '../../services/webhooks/url-safety';
import {
  startWebhookWorker,
  webhookAllowPrivate,
  webhookSettingsFromEnv,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from '../../services/webhooks/worker';
import { requireManager } from '../api-keys';
import { parseId } from '../../lib/query-params';
import {
  ChangesSchema,
  DeliveryDetailSchema,
  DeliverySchema,
  EndpointCreateBody,
  EndpointPatchBody,
  EndpointSchema,
  EndpointWithSecretSchema,
  TestEventAnswer,
} from './schema';

export interface WebhookPluginOptions {
  /** Start the delivery worker in this process (default: yes, except under jest; WEBHOOK_WORKER=0: no). */
  worker?: boolean;
  /** Private and loopback URLs allowed (development). Default: webhookAllowPrivate() from the environment. */
  allowPrivateUrls?: boolean;
  /** Worker settings (tests use short backoffs); the mailer for disable notices (default from SMTP_URL). */
  settings?: Partial<WebhookWorkerOptions>;
  mailer?: Mailer | null;
}

export const MAX_ENDPOINTS = 10;
export const WEBHOOK_MESSAGES = {
  tooMany: `A company can have at most ${MAX_ENDPOINTS} webhook endpoints.`,
  blank: 'This field may not be blank.',
  invalidSince: 'Enter a valid date and time (ISO 8601), e.g. 2026-11-24T08:00:00Z.',
  duplicateUrl: 'An endpoint with this URL already exists.',
} as const;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookPluginOptions> = async (app, opts) => {
  const db = app.db;
  const allowPrivate = opts.allowPrivateUrls ?? webhookAllowPrivate();
  const runWorker =
    opts.worker ??
    (process.env.WEBHOOK_WORKER !== '0' &&
      process.env.WEBHOOK_WORKER !== 'false' &&
      process.env.NODE_ENV !== 'test');
  let worker: WebhookWorker | null = null;
  if (runWorker) {
    worker = await startWebhookWorker(db, {
      ...webhookSettingsFromEnv(),
      allowPrivate,
      mailer: opts.mailer === undefined ? mailerFromEnv() : opts.mailer,
      publicUrl: app.config.publicUrl,
      log: (m) => app.log.warn(m),
      ...opts.settings,
    });
    app.addHook('onClose', async () => worker?.stop());
  }
  const kick = () => void worker?.pump();

  app.addHook('onRequest', requireAuth);

  const endpointSelect = (companyId: number) =>
    db
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
        'u.username as created_by',
      ])
      .where('w.company_id', '=', companyId);
  type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpointSelect>['executeTakeFirstOrThrow']>>;
  const endpointOut = ({ secret: _secret, ...r }: EndpointRow) => ({
    ...r,
    disabled_at: iso(r.disabled_at),
    failing_since: iso(r.failing_since),
    created_at: iso(r.created_at)!,
    modified_at: iso(r.modified_at)!,
  });
  const findEndpoint = async (companyId: number, rawId: string) => {
    const row = await endpointSelect(companyId).where('w.id', '=', parseId(rawId)).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  const checkUrl = async (problems: ErrorCollector, url: string) => {
    const trimmed = url.trim();
    if (!trimmed) return problems.add('url', WEBHOOK_MESSAGES.blank);
    const problem = await checkWebhookUrl(trimmed, allowPrivate);
    if (problem) problems.add('url', problem);
  };

  const tag = ['integration'];
  const security = [{ token: [] }];

  app.get(
    '/webhooks/',
    {
      schema: {
        tags: tag,
        summary: "The company's webhook endpoints",
        description: 'Managers with write permission only.',
        security,
        response: { 200: Type.Array(EndpointSchema), ...errors[401], ...errors[403] },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      const rows = await endpointSelect(profile.company_id).orderBy('w.id').execute();
      return rows.map(endpointOut);
    },
  );

  app.post(
    '/webhooks/',
    {
      schema: {
        tags: tag,
        summary: 'Register a webhook endpoint',
        description:
          'The URL must be https:// and reach a public address (private and loopback addresses are refused ' +
          'unless the server runs in development configuration). Without `secret` one is generated. The answer ' +
          'holds the secret used to sign each delivery (see the Webhook-Signature header in the integration guide).',
        security,
        body: EndpointCreateBody,
        response: { 201: EndpointWithSecretSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const { user, profile } = requireManager(request);
      const body = request.body;
      const problems = new ErrorCollector();
      await checkUrl(problems, body.url);
      problems.throwIfAny();
      const id = await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(20160, ${profile.company_id})`.execute(trx);
        const existing = await trx
          .selectFrom('webhook_endpoints')
          .select(['url'])
          .where('company_id', '=', profile.company_id)
          .execute();
        if (existing.length >= MAX_ENDPOINTS) problems.add('non_field_errors', WEBHOOK_MESSAGES.tooMany);
        if (existing.some((e) => e.url === body.url.trim()))
          problems.add('url', WEBHOOK_MESSAGES.duplicateUrl);
        problems.throwIfAny();
        const row = await trx
          .insertInto('webhook_endpoints')
          .values({
            company_id: profile.company_id,
            created_by: user.id,
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
      const row = await findEndpoint(profile.company_id, String(id));
      return reply.code(201).send({ ...endpointOut(row), secret: row.secret });
    },
  );

  app.get(
    '/webhooks/:id/',
    {
      schema: {
        tags: tag,
        summary: 'One webhook endpoint, with its secret',
        security,
        params: Type.Object({ id: Type.String() }),
        response: { 200: EndpointWithSecretSchema, ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      const row = await findEndpoint(profile.company_id, request.params.id);
      return { ...endpointOut(row), secret: row.secret };
    },
  );

  app.patch(
    '/webhooks/:id/',
    {
      schema: {
        tags: tag,
        summary: 'Change a webhook endpoint; enable or disable it',
        description:
          'Enabling an endpoint (also one the worker disabled after failing for days) sends its pending ' +
          'deliveries in order.',
        security,
        params: Type.Object({ id: Type.String() }),
        body: EndpointPatchBody,
        response: { 200: EndpointSchema, ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      const current = await findEndpoint(profile.company_id, request.params.id);
      const body = request.body;
      const problems = new ErrorCollector();
      if (body.url !== undefined) await checkUrl(problems, body.url);
      problems.throwIfAny();
      const enabling = body.enabled === true && !current.enabled;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_endpoints')
          .set({
            ...(body.url !== undefined ? { url: body.url.trim() } : {}),
            ...(body.description !== undefined ? { description: body.description.trim() } : {}),
            ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
            ...(body.secret !== undefined ? { secret: body.secret } : {}),
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
      if (enabling) kick();
      return endpointOut(await findEndpoint(profile.company_id, request.params.id));
    },
  );

  app.delete(
    '/webhooks/:id/',
    {
      schema: {
        tags: tag,
        summary: 'Delete a webhook endpoint and its delivery log',
        security,
        params: Type.Object({ id: Type.String() }),
        response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request, reply) => {
      const { profile } = requireManager(request);
      const current = await findEndpoint(profile.company_id, request.params.id);
      await db.deleteFrom('webhook_endpoints').where('id', '=', current.id).execute();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/test/',
    {
      schema: {
        tags: tag,
        summary: 'Send a test event (type webhook.test) to this endpoint',
        security,
        params: Type.Object({ id: Type.String() }),
        response: { 202: TestEventAnswer, ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request, reply) => {
      const { profile } = requireManager(request);
      const current = await findEndpoint(profile.company_id, request.params.id);
      const { eventId, deliveryId } = await emitTestEvent(db, profile.company_id, current.id);
      kick();
      return reply.code(202).send({ event_id: eventId, delivery_id: deliveryId });
    },
  );

  const deliverySelect = (endpointId: number) =>
    db
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
  type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliverySelect>['executeTakeFirstOrThrow']>>;
  const deliveryOut = (r: DeliveryRow) => ({
    ...r,
    id: String(r.id),
    shipment_id: r.shipment_id === null ? null : String(r.shipment_id),
    last_attempt_at: iso(r.last_attempt_at),
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    delivered_at: iso(r.delivered_at),
    created_at: iso(r.created_at)!,
  });

  app.get(
    '/webhooks/:id/deliveries/',
    {
      schema: {
        tags: tag,
        summary: 'Delivery log of an endpoint (newest first, 30 a page)',
        description:
          'status: pending (being sent or waiting for its next attempt), succeeded, failed (given up).',
        security,
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Intersect([
          PageQuerySchema,
          Type.Object({
            status: Type.Optional(
              Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
            ),
          }),
        ]),
        response: {
          200: Paged(DeliverySchema, 'DeliveryPage'),
          ...errors[401],
          ...errors[403],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      const endpoint = await findEndpoint(profile.company_id, request.params.id);
      const status = request.query.status;
      let count = db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('endpoint_id', '=', endpoint.id);
      if (status) count = count.where('status', '=', status);
      const n = Number((await count.executeTakeFirstOrThrow()).n);
      return paginate(request, n, async (limit, offset) => {
        let q = deliverySelect(endpoint.id);
        if (status) q = q.where('d.status', '=', status);
        const rows = await q.orderBy('d.id', 'desc').limit(limit).offset(offset).execute();
        return rows.map(deliveryOut);
      });
    },
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId/',
    {
      schema: {
        tags: tag,
        summary: 'One delivery: its body as sent and every attempt',
        security,
        params: Type.Object({ id: Type.String(), deliveryId: Type.String() }),
        response: { 200: DeliveryDetailSchema, ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      const endpoint = await findEndpoint(profile.company_id, request.params.id);
      const deliveryId = parseId(request.params.deliveryId);
      const row = await deliverySelect(endpoint.id)
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
        attempt_log: attempts.map((a) => ({ ...a, attempted_at: iso(a.attempted_at)! })),
      };
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver/',
    {
      schema: {
        tags: tag,
        summary: 'Send a delivered or failed event again (same event id)',
        security,
        params: Type.Object({ id: Type.String(), deliveryId: Type.String() }),
        response: { 201: DeliverySchema, ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request, reply) => {
      const { profile } = requireManager(request);
      const endpoint = await findEndpoint(profile.company_id, request.params.id);
      const original = await db
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'seq', 'chain', 'body'])
        .where('id', '=', String(parseId(request.params.deliveryId)))
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirst();
      if (!original) throw notFound();
      const row = await db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          event_id: original.event_id,
          seq: original.seq,
          chain: original.chain,
          body: original.body,
          manual: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      kick();
      const out = await deliverySelect(endpoint.id)
        .where('d.id', '=', String(row.id))
        .executeTakeFirstOrThrow();
      return reply.code(201).send(deliveryOut(out));
    },
  );

  app.get(
    '/webhooks/event-types/',
    {
      schema: {
        tags: tag,
        summary: 'The event types an endpoint can ask for',
        description: `Signatures: HMAC-SHA256, replay window ${REPLAY_WINDOW_SECONDS} s (see the integration guide).`,
        security,
        response: { 200: Type.Array(Type.String()), ...errors[401], ...errors[403] },
      },
    },
    async (request) => {
      requireManager(request);
      return [...WEBHOOK_EVENT_TYPES];
    },
  );

  // For any user of the company and for API keys (read): shipments changed since a time.
  app.get(
    '/integration/changes/',
    {
      schema: {
        tags: tag,
        summary: 'Shipments changed since a time (oldest change first, 100 a page)',
        description:
          'Pass the `next_since` and `next_after_id` of one answer as `since` and `after_id` of the next call ' +
          'to walk every change once; an empty `results` means you are up to date. health follows the ' +
          "caller's thresholds (for an API key: those of the manager who created it).",
        security,
        querystring: Type.Object({
          since: Type.String({ maxLength: 40, description: 'ISO 8601 date-time, e.g. 2026-11-24T08:00:00Z' }),
          after_id: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9]{1,19}$' })),
        }),
        response: { 200: ChangesSchema, ...errors[400](), ...errors[401] },
      },
    },
    async (request) => {
      const { profile } = caller(request);
      const since = new Date(request.query.since);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(request.query.since) || Number.isNaN(since.getTime())) {
        const problems = new ErrorCollector();
        problems.add('since', WEBHOOK_MESSAGES.invalidSince);
        problems.throwIfAny();
      }
      const afterId = request.query.after_id ?? '0';
      const thresholds = thresholdsOf(profile);
      // The cursor is (modified_at to the millisecond, id): what the answer can show exactly.
      const rows = await summaryQuery(db, thresholds)
        .where('s.company_id', '=', profile.company_id)
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
    },
  );
};

export { TEST_EVENT_TYPE };
