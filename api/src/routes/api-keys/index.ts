// /api/api-keys/: the company's API keys. Managers with write permission only (others 403):
// list, create (the key is in the answer of the create call and nowhere else), change the rate limit or the
// expiry, take a key over (it then acts for the caller) and revoke (at once). The rules and SQL are
// services/api-keys/keys.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/errors';
import { requireAuth, requireManager } from '../../plugins/auth';
import {
  changeApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  takeOverApiKey,
} from '../../services/api-keys/keys';
import { parseId } from '../../lib/query-params';
import { changeRoute, createRoute, listRoute, revokeRoute, takeOverRoute } from './schema';

export { ApiKeySchema } from './schema';

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get('/api-keys/', { schema: listRoute }, async (request) => {
    const { profile } = requireManager(request);
    return listApiKeys(app.db, profile.company_id);
  });

  app.post('/api-keys/', { schema: createRoute }, async (request, reply) => {
    const { user, profile } = requireManager(request);
    return reply.code(201).send(await createApiKey(app.db, profile.company_id, user.id, request.body));
  });

  app.patch('/api-keys/:id/', { schema: changeRoute }, async (request) => {
    const { profile } = requireManager(request);
    return changeApiKey(app.db, profile.company_id, parseId(request.params.id), request.body);
  });

  app.post('/api-keys/:id/take_over/', { schema: takeOverRoute }, async (request) => {
    const { user, profile } = requireManager(request);
    return takeOverApiKey(app.db, profile.company_id, user.id, parseId(request.params.id));
  });

  app.delete('/api-keys/:id/', { schema: revokeRoute }, async (request, reply) => {
    const { user, profile } = requireManager(request);
    const found = await revokeApiKey(app.db, profile.company_id, user.id, parseId(request.params.id));
    if (!found) throw notFound();
    return reply.code(204).send(null);
  });
};
