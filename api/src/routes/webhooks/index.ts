// Webhooks: /api/webhooks/ (endpoints: list, create, detail, change, delete, send a test event),
// /api/webhooks/{id}/deliveries/ (the delivery log, one delivery with its attempts, manual redelivery) for
// managers with write permission; and /api/integration/changes/ (shipments changed since a time) for any
// user of the company or an API key. The delivery worker runs with the API unless WEBHOOK_WORKER=0 (or under
// jest unless a test asks for it); more workers: `tsx src/services/webhooks/worker-cli.ts`.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, Paged, PageQuerySchema } from '../../lib/schemas';
import { paginate } from '../../lib/pagination';
import { mailerFromConfig, type Mailer } from '../../mail';
import { caller, requireAuth, requireManager } from '../../plugins/auth';
import { thresholdsOf } from '../../services/health';
import {
  changeEndpoint,
  changesSince,
  createEndpoint,
  deleteEndpoint,
  deliveryDetail,
  deliveryLog,
  endpointOut,
  findEndpoint,
  listEndpoints,
  redeliver,
  rotateSecret,
} from '../../services/webhooks/endpoints';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';
import { emitTestEvent } from '../../services/webhooks/payload';
import { REPLAY_WINDOW_SECONDS } from '../../services/webhooks/signing';
import {
  startWebhookWorker,
  WEBHOOK_GUARD_OFF_NOTICE,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from '../../services/webhooks/worker';
import { parseId } from '../../lib/query-params';
import {
  ChangesSchema,
  DeliveryDetailSchema,
  DeliverySchema,
  EndpointCreateBody,
  EndpointPatchBody,
  EndpointSchema,
  EndpointWithSecretSchema,
  RotateSecretAnswer,
  RotateSecretBody,
  TestEventAnswer,
} from './schema';

export interface WebhookPluginOptions {
  /** Start the delivery worker in this process (default: yes, except under jest; WEBHOOK_WORKER=0: no). */
  worker?: boolean;
  /** Private and loopback URLs allowed (development). Default: WEBHOOK_ALLOW_PRIVATE_URLS (config.ts). */
  allowPrivateUrls?: boolean;
  /** Worker settings (tests use short backoffs); the mailer for disable notices (default from SMTP_URL). */
  settings?: Partial<WebhookWorkerOptions>;
  mailer?: Mailer | null;
}

export { MAX_ENDPOINTS, WEBHOOK_MESSAGES } from '../../services/webhooks/endpoints';

export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookPluginOptions> = async (app, opts) => {
  const db = app.db;
  const env = app.config.env;
  const allowPrivate = opts.allowPrivateUrls ?? env.webhooks.allowPrivate;
  if (allowPrivate) app.log.warn(WEBHOOK_GUARD_OFF_NOTICE);
  const runWorker = opts.worker ?? env.webhooks.worker;
  let worker: WebhookWorker | null = null;
  if (runWorker) {
    worker = await startWebhookWorker(db, {
      ...env.webhooks.settings,
      allowPrivate,
      mailer: opts.mailer === undefined ? mailerFromConfig(env.mail) : opts.mailer,
      publicUrl: app.config.publicUrl,
      log: (m) => app.log.warn(m),
      ...opts.settings,
    });
    app.addHook('onClose', async () => worker?.stop());
  }
  const kick = () => void worker?.pump();

  app.addHook('onRequest', requireAuth);

  /** The caller's endpoint `rawId` (404 for a malformed, unknown or another company's id). */
  const ownEndpoint = (companyId: number, rawId: string) => findEndpoint(db, companyId, parseId(rawId));

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
      return (await listEndpoints(db, profile.company_id)).map(endpointOut);
    },
  );

  app.post(
    '/webhooks/',
    {
      schema: {
        tags: tag,
        summary: 'Register a webhook endpoint',
        description:
          'The URL must be https:// and reach a public address (private, loopback and link-local addresses are ' +
          'refused in every spelling, unless the server was started with the development opt-in ' +
          'WEBHOOK_ALLOW_PRIVATE_URLS=1). Without `secret` one is generated. The answer holds the secret used to ' +
          'sign each delivery, once: no other call shows it (see the Webhook-Signature header in the guide).',
        security,
        body: EndpointCreateBody,
        response: { 201: EndpointWithSecretSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const { user, profile } = requireManager(request);
      const id = await createEndpoint(db, profile.company_id, user.id, request.body, allowPrivate);
      const row = await findEndpoint(db, profile.company_id, id);
      return reply.code(201).send({ ...endpointOut(row), secret: row.secret });
    },
  );

  app.get(
    '/webhooks/:id/',
    {
      schema: {
        tags: tag,
        summary: 'One webhook endpoint (never its secret: it is shown once, at creation and at rotation)',
        security,
        params: Type.Object({ id: Type.String() }),
        response: { 200: EndpointSchema, ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      return endpointOut(await ownEndpoint(profile.company_id, request.params.id));
    },
  );

  app.post(
    '/webhooks/:id/rotate_secret/',
    {
      schema: {
        tags: tag,
        summary: 'Rotate the signing secret (the new one is in the answer, once)',
        description:
          'The new secret (generated unless given) signs from now on; the previous one keeps signing for ' +
          '`grace_hours` (default 24), so each delivery carries two signatures ' +
          '(`Webhook-Signature: v1=<new>, v1=<previous>`) until the receiver has switched. `grace_hours: 0` ' +
          'stops the previous secret at once (a leaked secret).',
        security,
        params: Type.Object({ id: Type.String() }),
        body: RotateSecretBody,
        response: {
          200: RotateSecretAnswer,
          ...errors[400](),
          ...errors[401],
          ...errors[403],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      const current = await ownEndpoint(profile.company_id, request.params.id);
      const secret = await rotateSecret(db, current, request.body ?? {});
      const row = await ownEndpoint(profile.company_id, request.params.id);
      return { secret, previous_secret_expires_at: endpointOut(row).previous_secret_expires_at };
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
      const current = await ownEndpoint(profile.company_id, request.params.id);
      const enabling = await changeEndpoint(db, current, request.body, allowPrivate);
      if (enabling) kick();
      return endpointOut(await ownEndpoint(profile.company_id, request.params.id));
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
      const current = await ownEndpoint(profile.company_id, request.params.id);
      await deleteEndpoint(db, current.id);
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
      const current = await ownEndpoint(profile.company_id, request.params.id);
      const { eventId, deliveryId } = await emitTestEvent(db, profile.company_id, current.id);
      kick();
      return reply.code(202).send({ event_id: eventId, delivery_id: deliveryId });
    },
  );

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
      const endpoint = await ownEndpoint(profile.company_id, request.params.id);
      const log = deliveryLog(db, endpoint.id, request.query.status);
      return paginate(request, await log.count(), log.page);
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
      const endpoint = await ownEndpoint(profile.company_id, request.params.id);
      return deliveryDetail(db, endpoint.id, parseId(request.params.deliveryId));
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
      const endpoint = await ownEndpoint(profile.company_id, request.params.id);
      const out = await redeliver(db, endpoint.id, parseId(request.params.deliveryId));
      kick();
      return reply.code(201).send(out);
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
      return changesSince(
        db,
        profile.company_id,
        thresholdsOf(profile),
        request.query.since,
        request.query.after_id ?? '0',
      );
    },
  );
};

export { TEST_EVENT_TYPE };
