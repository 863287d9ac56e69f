// Webhooks: /api/webhooks/ (endpoints: list, create, detail, change, delete, send a test event),
// /api/webhooks/{id}/deliveries/ (the delivery log, one delivery with its attempts, manual redelivery) for
// managers with write permission; and /api/integration/changes/ (shipments changed since a time) for any
// user of the company or an API key. The delivery worker runs with the API unless WEBHOOK_WORKER=0 (or under
// jest unless a test asks for it); more workers: `tsx src/services/webhooks/worker-cli.ts`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mailerFromConfig, type Mailer } from '../../mail';
import { caller, requireAuth, requireManager } from '../../plugins/auth';
import { thresholdsOf } from '../../services/health';
import { changesSince } from '../../services/webhooks/endpoints';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';
import {
  startWebhookWorker,
  WEBHOOK_GUARD_OFF_NOTICE,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from '../../services/webhooks/worker';
import { deliveryRoutes } from './delivery-routes';
import { endpointRoutes } from './endpoint-routes';
import { changesRoute, eventTypesRoute } from './schema';

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

  // Awaited, so that their routes come first in the OpenAPI document, as they are listed in the guide.
  await app.register(endpointRoutes, { allowPrivate, kick });
  await app.register(deliveryRoutes, { allowPrivate, kick });

  app.get('/webhooks/event-types/', { schema: eventTypesRoute }, async (request) => {
    requireManager(request);
    return [...WEBHOOK_EVENT_TYPES];
  });

  // For any user of the company and for API keys (read): shipments changed since a time.
  app.get('/integration/changes/', { schema: changesRoute }, async (request) => {
    const { profile } = caller(request);
    const { since, after_id: afterId } = request.query;
    return changesSince(db, profile.company_id, thresholdsOf(profile), since, afterId ?? '0');
  });
};

export { TEST_EVENT_TYPE };
