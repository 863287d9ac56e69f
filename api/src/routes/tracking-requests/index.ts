// /api/tracking-requests/: list, detail, create, PATCH, set_client_code, transition, retry and the
// shipments of a request (spec sections 3, 4, 5 and 7). Company-scoped: another company's id is a 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, MESSAGES, notFound, permissionDenied } from '../../lib/errors';
import { countRows, paginate } from '../../lib/pagination';
import { errors, Paged, idWriteErrors } from '../../lib/schemas';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { loadThresholds } from '../../services/health';
import { ShipmentSchema } from '../../services/shipments/schema';
import {
  changeRequest,
  CLIENT_CODE_MAX,
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
  ListQuerySchema,
  StatusAnswerSchema,
  TrackingRequestCreateSchema,
  TrackingRequestPatchSchema,
  TrackingRequestSchema,
  TransitionSchema,
} from './schema';

const idParams = Type.Object({ id: Type.String({ description: 'Tracking request id' }) });
const security = [{ token: [] }];
const tags = ['tracking-requests'];

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

export const trackingRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);
  await app.register(trackingRequestExportRoutes);

  const detail = async (request: FastifyRequest, id: number) => {
    const { user, profile } = caller(request);
    const out = await loadRequest(app.db, profile.company_id, id, await loadThresholds(app.db, user.id));
    if (!out) throw notFound();
    return out;
  };

  app.get(
    '/tracking-requests/',
    {
      schema: {
        tags,
        summary: "The company's tracking requests (paged by 30)",
        description:
          'Filters combine with AND; repeated keys (status, shipments_health, carrier_id, project_id, code_type) ' +
          'with OR. Dates are yyyy-MM-dd (UTC days, both ends included). Ordering: id, status, code_type, ' +
          'code_value, client_code, project, project_id, carrier, carrier_id, shipments_count, ' +
          'contractual_eta_pod, contractual_eta_dlv, last_update, created_at, modified_at (prefix - for ' +
          'descending; default -created_at). Bad values: 400 `{param: [message]}`.',
        security,
        querystring: ListQuerySchema,
        response: {
          200: Paged(TrackingRequestSchema, 'TrackingRequestPage'),
          ...errors[400](),
          ...errors[401],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      const thresholds = await loadThresholds(app.db, user.id);
      const { conditions, order } = listQuery(request.query, thresholds);
      const base = filteredRequests(app.db, profile.company_id, conditions);
      return paginate(request, await countRows(base), (limit, offset) =>
        requestPage(app.db, profile.company_id, thresholds, base, order, limit, offset),
      );
    },
  );

  app.get(
    '/tracking-requests/:id/',
    {
      schema: {
        tags,
        summary: 'One tracking request',
        security,
        params: idParams,
        response: { 200: TrackingRequestSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request) => detail(request, parseId(request.params.id)),
  );

  app.post(
    '/tracking-requests/',
    {
      preValidation: mustWrite,
      validatorCompiler: anyObject,
      schema: {
        tags,
        summary: 'Create a tracking request',
        description:
          "Rules (spec section 5), all reported at once: carrier_id, code_type and code_value are required ('This " +
          "field is required.'); the code type must be one the carrier supports; for b_id / m_bl with a carrier " +
          'whose quality note says container number submission is needed, `container` (or a container_filter ' +
          "entry) is required: 'Required input: Container.'; container numbers must match ^[A-Z]{4}\\d{6}-?\\d$ " +
          "('Container numbers feature 4 uppercase letters followed by 7 digits.') and have the right ISO 6346 " +
          'check digit. A request with the same carrier, code type and code value that is not archived or ' +
          'cancelled is a duplicate (400 on code_value). The company cap (max_tracking_requests, counting new, ' +
          'ongoing and pending requests) is checked under a lock of the company row: 400 non_field_errors. ' +
          'Limited users: 403. The new request is polled at once.',
        security,
        body: TrackingRequestCreateSchema,
        response: { 201: TrackingRequestSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const id = await createRequest(app.db, profile.company_id, user.id, request.body);
      return reply.code(201).send(await detail(request, id));
    },
  );

  /** Applies the PATCH-able fields of `body` (all or nothing) and answers the request. */
  const applyChanges = async (request: FastifyRequest, body: Record<string, unknown>) => {
    const id = parseId((request.params as { id: string }).id);
    await changeRequest(app.db, caller(request).profile.company_id, id, body);
    return detail(request, id);
  };

  app.patch(
    '/tracking-requests/:id/',
    {
      preValidation: ownAndWritable,
      validatorCompiler: anyObject,
      schema: {
        tags,
        summary: 'Change client_code, project_id or a contractual date',
        description:
          "Other fields: 'This field cannot be changed.'. Only while the status is invalid, new or ongoing " +
          "('This field cannot be changed while the request is …'). Unknown project: 'Invalid pk'. A new " +
          'project or client code is copied to the shipments that still carry the old one. Limited users: 403.',
        security,
        params: idParams,
        body: TrackingRequestPatchSchema,
        response: {
          200: TrackingRequestSchema,
          ...idWriteErrors(),
        },
      },
    },
    async (request) => applyChanges(request, request.body as Record<string, unknown>),
  );

  app.post(
    '/tracking-requests/:id/set_client_code/',
    {
      preValidation: ownAndWritable,
      validatorCompiler: anyObject,
      schema: {
        tags,
        summary: 'Set the client code',
        description: 'Same rules as PATCH with client_code. An empty string clears it. Limited users: 403.',
        security,
        params: idParams,
        body: Type.Object(
          { client_code: Type.String({ maxLength: CLIENT_CODE_MAX }) },
          { title: 'SetClientCode' },
        ),
        response: {
          200: TrackingRequestSchema,
          ...idWriteErrors(),
        },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      if (!('client_code' in body)) throw badRequest({ client_code: [MESSAGES.required] });
      return applyChanges(request, { client_code: body.client_code });
    },
  );

  app.post(
    '/tracking-requests/:id/transition/',
    {
      preValidation: ownAndWritable,
      validatorCompiler: anyObject,
      schema: {
        tags,
        summary: 'Archive or cancel: ask for pending_archiving or pending_cancelling',
        description:
          'Only from new or ongoing; pending_archiving needs the archivable flag, pending_cancelling the ' +
          'cancellable flag (otherwise 400 on status). The engine then archives or cancels the request. ' +
          'Answers the new status. Limited users: 403.',
        security,
        params: idParams,
        body: TransitionSchema,
        response: {
          200: StatusAnswerSchema,
          ...idWriteErrors(),
        },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      return { status: await transitionRequest(app.db, parseId(request.params.id), body.status) };
    },
  );

  app.post(
    '/tracking-requests/:id/retry/',
    {
      preValidation: ownAndWritable,
      validatorCompiler: anyObject,
      schema: {
        tags,
        summary: 'Retry an invalid request',
        description:
          'Only from invalid (otherwise 400 on status). The request goes back to new and is polled at once; ' +
          'it takes a place under the company cap again (400 non_field_errors when full). Answers the new ' +
          'status. Limited users: 403.',
        security,
        params: idParams,
        response: {
          200: StatusAnswerSchema,
          ...idWriteErrors(),
        },
      },
    },
    async (request) => {
      const { profile } = caller(request);
      return { status: await retryRequest(app.db, profile.company_id, parseId(request.params.id)) };
    },
  );

  app.get(
    '/tracking-requests/:id/shipments/',
    {
      schema: {
        tags,
        summary: 'The shipments of a tracking request (paged by 30)',
        description: 'Shipment objects as in GET shipments/{id}/, health by your thresholds; order by id.',
        security,
        params: idParams,
        querystring: Type.Object({
          page: Type.Optional(Type.String({ description: 'Page number, from 1' })),
          exclude_hidden: Type.Optional(
            Type.String({ description: 'true / 1: leave out hidden shipments (default: show all)' }),
          ),
        }),
        response: {
          200: Paged(ShipmentSchema, 'TrackingRequestShipmentPage'),
          ...errors[400](),
          ...errors[401],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      const own = await findOwn(request, request.params.id);
      const raw = request.query.exclude_hidden ?? '';
      const excludeHidden = raw === '' ? false : parseBoolean(raw);
      if (excludeHidden === null) throw badRequest({ exclude_hidden: [QUERY_MESSAGES.boolean] });
      const thresholds = await loadThresholds(app.db, user.id);
      const shipments = requestShipments(app.db, profile.company_id, thresholds, own.id, excludeHidden);
      return paginate(request, await shipments.count(), shipments.page);
    },
  );
};
