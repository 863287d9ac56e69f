// /api/webhooks/{id}/deliveries/: an endpoint's delivery log, one delivery with its attempts, manual redelivery.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paginate } from '../../lib/pagination';
import { parseId } from '../../lib/query-params';
import { requireManager } from '../../plugins/auth';
import { deliveryDetail, deliveryLog, findEndpoint, redeliver } from '../../services/webhooks/endpoints';
import type { WebhookRouteOptions } from './endpoint-routes';
import { deliveryDetailRoute, deliveryLogRoute, redeliverRoute } from './schema';

export const deliveryRoutes: FastifyPluginAsyncTypebox<WebhookRouteOptions> = async (app, { kick }) => {
  const db = app.db;
  const ownEndpoint = (companyId: number, rawId: string) => findEndpoint(db, companyId, parseId(rawId));

  app.get('/webhooks/:id/deliveries/', { schema: deliveryLogRoute }, async (request) => {
    const { profile } = requireManager(request);
    const endpoint = await ownEndpoint(profile.company_id, request.params.id);
    const log = deliveryLog(db, endpoint.id, request.query.status);
    return paginate(request, await log.count(), log.page);
  });

  app.get('/webhooks/:id/deliveries/:deliveryId/', { schema: deliveryDetailRoute }, async (request) => {
    const { profile } = requireManager(request);
    const endpoint = await ownEndpoint(profile.company_id, request.params.id);
    return deliveryDetail(db, endpoint.id, parseId(request.params.deliveryId));
  });

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver/',
    { schema: redeliverRoute },
    async (request, reply) => {
      const { profile } = requireManager(request);
      const endpoint = await ownEndpoint(profile.company_id, request.params.id);
      const out = await redeliver(db, endpoint.id, parseId(request.params.deliveryId));
      kick();
      return reply.code(201).send(out);
    },
  );
};
