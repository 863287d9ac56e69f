// /api/webhooks/ and /api/webhooks/{id}/: a company's endpoints (list, create, detail, rotate the secret, change,
// delete, send a test event), for managers with write permission.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireManager } from '../../plugins/auth';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  endpointOut,
  findEndpoint,
  listEndpoints,
  rotateSecret,
} from '../../services/webhooks/endpoints';
import { emitTestEvent } from '../../services/webhooks/payload';
import { parseId } from '../../lib/query-params';
import {
  changeEndpointRoute,
  createEndpointRoute,
  deleteEndpointRoute,
  endpointDetailRoute,
  listEndpointsRoute,
  rotateSecretRoute,
  testEventRoute,
} from './schema';

export interface WebhookRouteOptions {
  /** Private and loopback URLs allowed (development). */
  allowPrivate: boolean;
  /** Wakes the delivery worker of this process, if it runs one. */
  kick: () => void;
}

export const endpointRoutes: FastifyPluginAsyncTypebox<WebhookRouteOptions> = async (
  app,
  { allowPrivate, kick },
) => {
  const db = app.db;
  /** The caller's endpoint `rawId` (404 for a malformed, unknown or another company's id). */
  const ownEndpoint = (companyId: number, rawId: string) => findEndpoint(db, companyId, parseId(rawId));

  app.get('/webhooks/', { schema: listEndpointsRoute }, async (request) => {
    const { profile } = requireManager(request);
    return (await listEndpoints(db, profile.company_id)).map(endpointOut);
  });

  app.post('/webhooks/', { schema: createEndpointRoute }, async (request, reply) => {
    const { user, profile } = requireManager(request);
    const id = await createEndpoint(db, profile.company_id, user.id, request.body, allowPrivate);
    const row = await findEndpoint(db, profile.company_id, id);
    return reply.code(201).send({ ...endpointOut(row), secret: row.secret });
  });

  app.get('/webhooks/:id/', { schema: endpointDetailRoute }, async (request) => {
    const { profile } = requireManager(request);
    return endpointOut(await ownEndpoint(profile.company_id, request.params.id));
  });

  app.post('/webhooks/:id/rotate_secret/', { schema: rotateSecretRoute }, async (request) => {
    const { profile } = requireManager(request);
    const current = await ownEndpoint(profile.company_id, request.params.id);
    const secret = await rotateSecret(db, current, request.body ?? {});
    const row = await ownEndpoint(profile.company_id, request.params.id);
    return { secret, previous_secret_expires_at: endpointOut(row).previous_secret_expires_at };
  });

  app.patch('/webhooks/:id/', { schema: changeEndpointRoute }, async (request) => {
    const { profile } = requireManager(request);
    const current = await ownEndpoint(profile.company_id, request.params.id);
    const enabling = await changeEndpoint(db, current, request.body, allowPrivate);
    if (enabling) kick();
    return endpointOut(await ownEndpoint(profile.company_id, request.params.id));
  });

  app.delete('/webhooks/:id/', { schema: deleteEndpointRoute }, async (request, reply) => {
    const { profile } = requireManager(request);
    const current = await ownEndpoint(profile.company_id, request.params.id);
    await deleteEndpoint(db, current.id);
    return reply.code(204).send(null);
  });

  app.post('/webhooks/:id/test/', { schema: testEventRoute }, async (request, reply) => {
    const { profile } = requireManager(request);
    const current = await ownEndpoint(profile.company_id, request.params.id);
    const { eventId, deliveryId } = await emitTestEvent(db, profile.company_id, current.id);
    kick();
    return reply.code(202).send({ event_id: eventId, delivery_id: deliveryId });
  });
};
