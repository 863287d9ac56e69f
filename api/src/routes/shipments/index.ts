// /api/shipments/: the list with its filters and 22 orderings, the map points, the dashboard counts, the
// detail and the one-field PATCH. Health follows the caller's own thresholds everywhere.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizePayload, requestLang } from '../../i18n';
import { ErrorCollector, notFound } from '../../lib/errors';
import { pageLinks, pageNumber } from '../../lib/pagination';
import { errors, idWriteErrors } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import { thresholdsOf, type HealthThresholds } from '../../services/health';
import { parseShipmentFilters, resolveSearch, shipmentConditions } from '../../services/shipments/filters';
import { listShipments, shipmentStats, type ListCaller } from '../../services/shipments/list';
import { compactMapPoints, wantsCompact } from '../../services/map-points';
import { hasProjectsTable, selectShipments, serializeShipments } from '../../services/shipments/serializer';
import { plannedRoute, shipmentPorts } from '../../services/planned-route';
import { shipmentActionRoutes } from './actions';
import {
  alertEvents,
  idIs,
  isCompanyProject,
  mapPointsJson,
  mapPointsWhere,
  shipmentDateChanges,
  shipmentTimeline,
  updateShipment,
} from '../../services/shipments';
import { findShipmentRef, parseId, requireWrite } from './lookup';
import { freeTimeRuleSummary } from '../../services/shipments/free-time-fields';
import type { FreeTimeView } from '../../tracking/free-time/view';
import {
  DateChangeSchema,
  IdParams,
  CompactMapPointsSchema,
  MapPointSchema,
  MapQuery,
  ShipmentDetailSchema,
  ShipmentListQuery,
  ShipmentPage,
  ShipmentPatchSchema,
  StatsSchema,
  TimelineEventSchema,
} from './schema';

/**
 * Sends shipments as JSON text: JSON.stringify is about ten times faster than the serializer Fastify compiles
 * from the large shipment schema (which stays in the route for the documentation).
 */
function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  // Sent as text, so past the preSerialization hook: server texts put into the user's language here (src/i18n).
  const localized = localizePayload(body, requestLang(reply.request));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(localized));
}

/** A page whose results are already JSON text (in the caller's language): `{count, next, previous, results}`. */
function sendPage(
  reply: FastifyReply,
  count: number,
  links: { next: string | null; previous: string | null },
  results: string,
): FastifyReply {
  const head = JSON.stringify({ count, next: links.next, previous: links.previous });
  return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"results":${results}}`);
}

/** The caller's thresholds (from the profile already loaded by requireAuth). */
const thresholdsFor = (request: FastifyRequest): HealthThresholds => thresholdsOf(caller(request).profile);

/** The list's caller: company, thresholds and language of the request. */
const listCaller = (request: FastifyRequest): ListCaller => ({
  companyId: caller(request).profile.company_id,
  thresholds: thresholdsFor(request),
  lang: requestLang(request),
});

type TimelineEvent = Static<typeof TimelineEventSchema>;
type DateChange = Static<typeof DateChangeSchema>;

export const shipmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/shipments/',
    {
      schema: {
        tags: ['shipments'],
        summary: "Shipments of the caller's company: filters, ordering, pages of 30",
        description:
          'Hidden shipments are left out unless exclude_hidden=false. Bad filter values answer 400 ' +
          "`{field: [messages]}` ('Invalid date' for dates, 'A valid integer is required.' for day numbers, " +
          "'Select a valid choice. X is not one of the available choices.' for status / health / carrier). " +
          "health is computed with the caller's thresholds (see GET shipments/stats/).",
        security: [{ token: [] }],
        querystring: ShipmentListQuery,
        response: { 200: ShipmentPage, ...errors[400](), ...errors[401], ...errors[404] },
      },
    },
    async (request, reply) => {
      const list = await listShipments(app.db, listCaller(request), request.query, pageNumber(request));
      return sendPage(reply, list.count, pageLinks(request, list.count), list.results);
    },
  );

  app.get(
    '/shipments/coordinates/',
    {
      schema: {
        tags: ['shipments'],
        summary: 'Map points: last position of the active shipments matching the filters',
        description:
          'Active (lifecycle active), visible shipments with a last position; filters as the list ' +
          '(search, health, pol_loc, pod_loc; status and carrier too). Not paged.',
        security: [{ token: [] }],
        querystring: MapQuery,
        response: {
          200: Type.Union([Type.Array(MapPointSchema), CompactMapPointsSchema]),
          ...errors[400](),
          ...errors[401],
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const filters = parseShipmentFilters(request.query, now);
      filters.exclude_hidden = true;
      const thresholds = thresholdsFor(request);
      const companyId = caller(request).profile.company_id;
      await resolveSearch(app.db, filters);
      const conditions = shipmentConditions(filters, thresholds, now, companyId);
      const where = mapPointsWhere(companyId, conditions);
      if (wantsCompact(request.query.format)) {
        return reply
          .type('application/json; charset=utf-8')
          .send(await compactMapPoints(app.db, where, thresholds));
      }
      return reply
        .type('application/json; charset=utf-8')
        .send(await mapPointsJson(app.db, where, thresholds));
    },
  );

  app.get(
    '/shipments/stats/',
    {
      schema: {
        tags: ['shipments'],
        summary: 'Dashboard counts with the caller’s thresholds',
        description:
          'Visible shipments only. Each count equals the list count with the same filter: last_n_days=7, ' +
          'health=ontrack, health=delayed, health=alerted; free_time_ending_count: ' +
          "free_time_ends_within=<the caller's free_time_warning_days>; over_free_time_count: over_free_time=true.",
        security: [{ token: [] }],
        response: { 200: StatsSchema, ...errors[401] },
      },
    },
    async (request) =>
      shipmentStats(app.db, {
        ...listCaller(request),
        freeTimeWarningDays: caller(request).profile.free_time_warning_days,
      }),
  );

  app.get(
    '/shipments/:id/',
    {
      schema: {
        tags: ['shipments'],
        summary: 'One shipment with its timeline, alert events and date change history',
        security: [{ token: [] }],
        params: IdParams,
        response: { 200: ShipmentDetailSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const companyId = caller(request).profile.company_id;
      const row = await selectShipments(app.db, companyId, thresholdsFor(request))
        .where(idIs('shipments.id', id))
        .executeTakeFirst();
      if (!row) throw notFound();
      const [shipment] = await serializeShipments(app.db, [row], { companyId });
      const [events, alerts, changes, rule] = await Promise.all([
        timeline(id),
        alertEvents(app.db, { shipmentId: id }),
        dateChanges(id),
        freeTimeRuleSummary(app.db, companyId, (shipment.free_time as FreeTimeView | null)?.rule_id),
      ]);
      const planned_positions = plannedRoute(shipmentPorts(shipment as Parameters<typeof shipmentPorts>[0]));
      return sendJson(reply, {
        ...shipment,
        free_time_rule: rule,
        planned_positions,
        events,
        alerts,
        date_changes: changes,
      });
    },
  );

  app.patch(
    '/shipments/:id/',
    {
      preValidation: async (request) => {
        await findShipmentRef(request, request.params.id);
        requireWrite(request);
      },
      schema: {
        tags: ['shipments'],
        summary: 'Change client_code, project or hide',
        description:
          "project must be a project of the caller's company (or null). Limited users: 403. All or nothing.",
        security: [{ token: [] }],
        params: IdParams,
        body: ShipmentPatchSchema,
        response: {
          200: ShipmentDetailSchema,
          ...idWriteErrors(),
        },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const companyId = caller(request).profile.company_id;
      const problems = new ErrorCollector();
      const changes: { client_code?: string; project_id?: number | null; hidden?: boolean } = {};
      if ('client_code' in body) {
        const v = body.client_code;
        if (v === null) problems.add('client_code', 'This field may not be null.');
        else if (typeof v !== 'string') problems.add('client_code', 'Not a valid string.');
        else if (v.length > 150)
          problems.add('client_code', 'Ensure this field has no more than 150 characters.');
        else changes.client_code = v.trim();
      }
      const projectKey = 'project' in body ? 'project' : 'project_id' in body ? 'project_id' : null;
      if (projectKey) {
        const v = body[projectKey];
        if (v === null || v === '') changes.project_id = null;
        else if (typeof v !== 'number' || !Number.isInteger(v)) {
          problems.add(
            projectKey,
            `Incorrect type. Expected pk value, received ${Array.isArray(v) ? 'list' : typeof v === 'string' ? 'str' : typeof v}.`,
          );
        } else {
          const exists =
            v > 0 &&
            v < 2 ** 31 &&
            (await hasProjectsTable(app.db)) &&
            (await isCompanyProject(app.db, companyId, v));
          if (!exists) problems.add(projectKey, `Invalid pk "${v}" - object does not exist.`);
          else changes.project_id = v;
        }
      }
      const hideKey = 'hide' in body ? 'hide' : 'hidden' in body ? 'hidden' : null;
      if (hideKey) {
        const v = body[hideKey];
        if (typeof v !== 'boolean') problems.add(hideKey, 'Must be a valid boolean.');
        else changes.hidden = v;
      }
      if (!('client_code' in body) && !projectKey && !hideKey) {
        problems.add('non_field_errors', 'Send one of the fields client_code, project or hide.');
      }
      problems.throwIfAny();
      await updateShipment(app.db, companyId, id, changes);
      const row = await selectShipments(app.db, companyId, thresholdsFor(request))
        .where(idIs('shipments.id', id))
        .executeTakeFirstOrThrow();
      const [shipment] = await serializeShipments(app.db, [row], { companyId });
      const [events, alerts, history, rule] = await Promise.all([
        timeline(id),
        alertEvents(app.db, { shipmentId: id }),
        dateChanges(id),
        freeTimeRuleSummary(app.db, companyId, (shipment.free_time as FreeTimeView | null)?.rule_id),
      ]);
      const planned_positions = plannedRoute(shipmentPorts(shipment as Parameters<typeof shipmentPorts>[0]));
      return sendJson(reply, {
        ...shipment,
        free_time_rule: rule,
        planned_positions,
        events,
        alerts,
        date_changes: history,
      });
    },
  );

  await app.register(shipmentActionRoutes);

  const timeline = (id: string): Promise<TimelineEvent[]> => shipmentTimeline(app.db, id);
  const dateChanges = (id: string): Promise<DateChange[]> => shipmentDateChanges(app.db, id);
};
