// /api/tracking-requests/: list, detail, create, PATCH, set_client_code, transition, retry and the
// shipments of a request (spec sections 3, 4, 5 and 7). Company-scoped: another company's id is a 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { TrackingRequestStatus } from '../../db/types';
import { ApiError, badRequest, ErrorCollector, MESSAGES, notFound, permissionDenied } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors, Paged, idWriteErrors } from '../../lib/schemas';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { loadThresholds } from '../../services/health';
import { selectShipments, serializeShipments, ShipmentSchema } from '../../services/shipment-serializer';
import {
  checkDate,
  checkNewRequest,
  checkProject,
  CLIENT_CODE_MAX,
  EDITABLE_STATUSES,
  existingRequests,
  insertRequests,
  keyOf,
  loadRefs,
  lockCompanyForAdding,
  STATUS_LABELS,
  TR_MESSAGES,
  TRANSITION_FROM,
  type RequestInput,
} from '../../services/tracking-requests';
import { enqueueTrackingRequest } from '../../tracking/engine/enqueue';
import {
  isArchivable,
  isCancellable,
  resetForRetry,
  type ShipmentLifecycle,
} from '../../tracking/engine/lifecycle';
import { trackingRequestExportRoutes } from './export';
import { parseId } from '../../lib/query-params';
import {
  ListQuerySchema,
  StatusAnswerSchema,
  TrackingRequestCreateSchema,
  TrackingRequestPatchSchema,
  TrackingRequestSchema,
  TransitionSchema,
} from './schema';
import {
  listConditions,
  listOrder,
  loadRequest,
  selectRequests,
  serializeRequests,
  withColumns,
  type RequestRow,
} from './serialize';

const PATCHABLE = ['client_code', 'project_id', 'contractual_eta_pod', 'contractual_eta_dlv'] as const;

const idParams = Type.Object({ id: Type.String({ description: 'Tracking request id' }) });
const security = [{ token: [] }];
const tags = ['tracking-requests'];

/** Bodies are checked by the service (every message at once); only an object is required here. */
const anyObject = () => (value: unknown) =>
  value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))
    ? { value: value ?? {} }
    : { error: new ApiError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] }) };

/** Id, status and company check of `id`: 404 for another company's or an unknown id. */
async function findOwn(request: FastifyRequest, rawId: unknown) {
  const id = parseId(rawId);
  const row = await request.server.db
    .selectFrom('tracking_requests')
    .select(['id', 'status', 'client_code', 'project_id'])
    .where('id', '=', id)
    .where('company_id', '=', caller(request).profile.company_id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** preValidation of write calls: tenancy (404) before permission (403) before the body (400). */
async function ownAndWritable(request: FastifyRequest) {
  await findOwn(request, (request.params as { id: string }).id);
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

async function mustWrite(request: FastifyRequest) {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

const notEditable = (status: TrackingRequestStatus) =>
  `This field cannot be changed while the request is ${STATUS_LABELS[status].toLowerCase()}.`;

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
      // Every bad parameter in one answer.
      const problems: Record<string, string[]> = {};
      const attempt = <T>(fn: () => T): T | undefined => {
        try {
          return fn();
        } catch (err) {
          if (!(err instanceof ApiError) || err.statusCode !== 400) throw err;
          Object.assign(problems, err.body);
          return undefined;
        }
      };
      const conditions = attempt(() => listConditions(request.query as Record<string, unknown>, thresholds));
      const order = attempt(() => listOrder(request.query.ordering));
      if (!conditions || !order) throw badRequest(problems);
      let base = selectRequests(app.db, profile.company_id);
      for (const c of conditions) base = base.where(c);
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return paginate(request, Number(count), async (limit, offset) => {
        const rows = await withColumns(base).orderBy(order).limit(limit).offset(offset).execute();
        return serializeRequests(app.db, profile.company_id, thresholds, rows as RequestRow[]);
      });
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
      const refs = await loadRefs(app.db, profile.company_id);
      const checked = checkNewRequest(request.body as RequestInput, refs);
      if (!checked.ok) throw badRequest(checked.errors);
      const value = checked.value;
      const id = await app.db.transaction().execute(async (trx) => {
        await lockCompanyForAdding(trx, profile.company_id, 1);
        const existing = (await existingRequests(trx, profile.company_id, [value])).get(keyOf(value));
        if (existing !== undefined)
          throw badRequest({ code_value: [TR_MESSAGES.duplicate(existing, value.code_type)] });
        const [newId] = await insertRequests(trx, profile.company_id, user.id, [value]);
        return newId;
      });
      await enqueueTrackingRequest(app.db, id);
      return reply.code(201).send(await detail(request, id));
    },
  );

  /** Applies PATCH-able fields (after the checks); keeps the shipments' copies in step. */
  const applyChanges = async (request: FastifyRequest, body: Record<string, unknown>) => {
    const { profile } = caller(request);
    const current = await findOwn(request, (request.params as { id: string }).id);
    const problems = new ErrorCollector();
    const keys = Object.keys(body);
    for (const key of keys) {
      if (!(PATCHABLE as readonly string[]).includes(key)) problems.add(key, MESSAGES.cannotChange);
    }
    if (keys.length === 0) problems.add('non_field_errors', 'Send the field to change.');
    problems.throwIfAny();
    if (!(EDITABLE_STATUSES as readonly string[]).includes(current.status)) {
      const msg = notEditable(current.status);
      throw badRequest(Object.fromEntries(keys.map((k) => [k, [msg]])));
    }
    const errs: Record<string, string[]> = {};
    const changes: {
      client_code?: string;
      project_id?: number | null;
      contractual_eta_pod?: string | null;
      contractual_eta_dlv?: string | null;
    } = {};
    if ('client_code' in body) {
      const v = body.client_code;
      if (v === null || v === undefined) changes.client_code = '';
      else if (typeof v !== 'string') errs.client_code = [TR_MESSAGES.notString];
      else if (v.trim().length > CLIENT_CODE_MAX) errs.client_code = [TR_MESSAGES.tooLong(CLIENT_CODE_MAX)];
      else changes.client_code = v.trim();
    }
    if ('project_id' in body) {
      const refs = await loadRefs(app.db, profile.company_id);
      changes.project_id = checkProject(body.project_id, refs, errs);
    }
    for (const f of ['contractual_eta_pod', 'contractual_eta_dlv'] as const) {
      if (f in body) changes[f] = checkDate(f, body[f], errs);
    }
    if (Object.keys(errs).length) throw badRequest(errs);
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tracking_requests')
        .set({ ...changes, modified_at: sql`now()` })
        .where('id', '=', current.id)
        .execute();
      if ('project_id' in changes && changes.project_id !== current.project_id) {
        await trx
          .updateTable('shipments')
          .set({ project_id: changes.project_id })
          .where('tracking_request_id', '=', current.id)
          .execute();
      }
      if (changes.client_code !== undefined && changes.client_code !== current.client_code) {
        // Shipments that still carry the request's client code follow it; edited ones keep theirs.
        await trx
          .updateTable('shipments')
          .set({ client_code: changes.client_code })
          .where('tracking_request_id', '=', current.id)
          .where('client_code', '=', current.client_code)
          .execute();
      }
    });
    return detail(request, current.id);
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
      const target = body.status;
      if (target === undefined || target === null || target === '')
        throw badRequest({ status: [MESSAGES.required] });
      if (target !== 'pending_archiving' && target !== 'pending_cancelling') {
        throw badRequest({ status: [`"${String(target)}" is not a valid choice.`] });
      }
      const id = parseId(request.params.id);
      const status = await app.db.transaction().execute(async (trx) => {
        // Lock the request so the engine and another click see one state.
        const row = await trx
          .selectFrom('tracking_requests')
          .select(['id', 'status'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const verb = target === 'pending_archiving' ? 'archived' : 'cancelled';
        if (!(TRANSITION_FROM as readonly string[]).includes(row.status)) {
          throw badRequest({
            status: [`A request that is ${STATUS_LABELS[row.status].toLowerCase()} cannot be ${verb}.`],
          });
        }
        const lifecycles = (
          await trx
            .selectFrom('shipments')
            .select('lifecycle_status')
            .where('tracking_request_id', '=', id)
            .execute()
        ).map((s) => s.lifecycle_status as ShipmentLifecycle);
        const input = { status: row.status, shipmentLifecycles: lifecycles };
        if (target === 'pending_archiving' && !isArchivable(input)) {
          throw badRequest({
            status: ['This request cannot be archived yet: some of its shipments are still being tracked.'],
          });
        }
        if (target === 'pending_cancelling' && !isCancellable(input)) {
          throw badRequest({
            status: [
              'This request cannot be cancelled: all its shipments have finished; archive it instead.',
            ],
          });
        }
        await trx
          .updateTable('tracking_requests')
          .set({ status: target, modified_at: sql`now()` })
          .where('id', '=', id)
          .execute();
        return target;
      });
      await enqueueTrackingRequest(app.db, id);
      return { status };
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
      const id = parseId(request.params.id);
      await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('tracking_requests')
          .select(['status'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.status !== 'invalid') {
          throw badRequest({
            status: [
              `Only an invalid request can be retried; this one is ${STATUS_LABELS[row.status].toLowerCase()}.`,
            ],
          });
        }
        await lockCompanyForAdding(trx, profile.company_id, 1);
        if (!(await resetForRetry(trx, id))) {
          throw badRequest({ status: ['Only an invalid request can be retried.'] });
        }
      });
      await enqueueTrackingRequest(app.db, id);
      const after = await findOwn(request, String(id));
      return { status: after.status };
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
      const raw = String(request.query.exclude_hidden ?? '').toLowerCase();
      if (!['', 'true', 'false', '1', '0'].includes(raw)) {
        throw badRequest({ exclude_hidden: ['Must be a valid boolean.'] });
      }
      const excludeHidden = raw === 'true' || raw === '1';
      const thresholds = await loadThresholds(app.db, user.id);
      let base = app.db
        .selectFrom('shipments')
        .where('company_id', '=', profile.company_id)
        .where('tracking_request_id', '=', own.id);
      if (excludeHidden) base = base.where('hidden', '=', false);
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return paginate(request, Number(count), async (limit, offset) => {
        let q = selectShipments(app.db, profile.company_id, thresholds).where(
          'shipments.tracking_request_id',
          '=',
          own.id,
        );
        if (excludeHidden) q = q.where('shipments.hidden', '=', false);
        const rows = await q.orderBy('shipments.id').limit(limit).offset(offset).execute();
        return serializeShipments(app.db, rows);
      });
    },
  );
};
