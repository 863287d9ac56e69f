// /api/tracking-requests/: list, detail, create, PATCH, set_client_code, transition, retry and the
// shipments of a request (spec sections 3, 4, 5 and 7). Company-scoped: another company's id is a 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, MESSAGES, notFound, permissionDenied } from '../../lib/errors';
import { countRows, paginate } from '../../lib/pagination';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { loadThresholds } from '../../services/health';
import {
  changeRequest,
  createRequest,
  filteredRequests,
  findOwnRequest,
  listQuery,
  loadRequest,
  requestPage,
  requestShipments,
  retryRequest,
  transitionRequest,
} from '../../services/tracking-requests';
import { trackingRequestExportRoutes } from './export';
import { parseBoolean, parseId, QUERY_MESSAGES } from '../../lib/query-params';
import {
  createRoute,
  detailRoute,
  listRoute,
  patchRoute,
  retryRoute,
  setClientCodeRoute,
  shipmentsRoute,
  transitionRoute,
} from './schema';

/** Bodies are checked by the service (every message at once); only an object is required here. */
const anyObject = () => (value: unknown) =>
  value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))
    ? { value: value ?? {} }
    : { error: new ApiError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] }) };

/** The caller's request `rawId` (404 for a malformed, unknown or another company's id). */
const findOwn = (request: FastifyRequest, rawId: unknown) =>
  findOwnRequest(request.server.db, caller(request).profile.company_id, parseId(rawId));

/** preValidation of write calls: tenancy (404) before permission (403) before the body (400). */
async function ownAndWritable(request: FastifyRequest) {
  await findOwn(request, (request.params as { id: string }).id);
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

async function mustWrite(request: FastifyRequest) {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

/** The options of the calls that change a request: its tenancy and permission first, the body checked after. */
const changeCall = { preValidation: ownAndWritable, validatorCompiler: anyObject };

/** The caller's request `id` as answered by GET tracking-requests/{id}/. */
async function detail(request: FastifyRequest, id: number) {
  const { db } = request.server;
  const { user, profile } = caller(request);
  const out = await loadRequest(db, profile.company_id, id, await loadThresholds(db, user.id));
  if (!out) throw notFound();
  return out;
}

/** Applies the PATCH-able fields of `body` (all or nothing) and answers the request. */
async function applyChanges(request: FastifyRequest, body: Record<string, unknown>) {
  const id = parseId((request.params as { id: string }).id);
  await changeRequest(request.server.db, caller(request).profile.company_id, id, body);
  return detail(request, id);
}

export const trackingRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);
  await app.register(trackingRequestExportRoutes);

  app.get('/tracking-requests/', { schema: listRoute }, async (request) => {
    const { user, profile } = caller(request);
    const thresholds = await loadThresholds(app.db, user.id);
    const { conditions, order } = listQuery(request.query, thresholds);
    const base = filteredRequests(app.db, profile.company_id, conditions);
    return paginate(request, await countRows(base), (limit, offset) =>
      requestPage(app.db, profile.company_id, thresholds, base, order, limit, offset),
    );
  });

  app.get('/tracking-requests/:id/', { schema: detailRoute }, async (request) =>
    detail(request, parseId(request.params.id)),
  );

  app.post(
    '/tracking-requests/',
    { preValidation: mustWrite, validatorCompiler: anyObject, schema: createRoute },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const id = await createRequest(app.db, profile.company_id, user.id, request.body);
      return reply.code(201).send(await detail(request, id));
    },
  );

  app.patch('/tracking-requests/:id/', { ...changeCall, schema: patchRoute }, async (request) =>
    applyChanges(request, request.body as Record<string, unknown>),
  );

  app.post(
    '/tracking-requests/:id/set_client_code/',
    { ...changeCall, schema: setClientCodeRoute },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      if (!('client_code' in body)) throw badRequest({ client_code: [MESSAGES.required] });
      return applyChanges(request, { client_code: body.client_code });
    },
  );

  app.post(
    '/tracking-requests/:id/transition/',
    { ...changeCall, schema: transitionRoute },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      return { status: await transitionRequest(app.db, parseId(request.params.id), body.status) };
    },
  );

  app.post('/tracking-requests/:id/retry/', { ...changeCall, schema: retryRoute }, async (request) => {
    const { profile } = caller(request);
    return { status: await retryRequest(app.db, profile.company_id, parseId(request.params.id)) };
  });

  app.get('/tracking-requests/:id/shipments/', { schema: shipmentsRoute }, async (request) => {
    const { user, profile } = caller(request);
    const own = await findOwn(request, request.params.id);
    const raw = request.query.exclude_hidden ?? '';
    const excludeHidden = raw === '' ? false : parseBoolean(raw);
    if (excludeHidden === null) throw badRequest({ exclude_hidden: [QUERY_MESSAGES.boolean] });
    const thresholds = await loadThresholds(app.db, user.id);
    const shipments = requestShipments(app.db, profile.company_id, thresholds, own.id, excludeHidden);
    return paginate(request, await shipments.count(), shipments.page);
  });
};
