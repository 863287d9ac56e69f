// /api/shipments/: the list with its filters and 22 orderings, the map points, the dashboard counts, the
// detail and the one-field PATCH. Health follows the caller's own thresholds everywhere.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizePayload, requestLang } from '../../i18n';
import { notFound } from '../../lib/errors';
import { pageLinks, pageNumber } from '../../lib/pagination';
import { caller, requireAuth } from '../../plugins/auth';
import { thresholdsOf, type HealthThresholds } from '../../services/health';
import { parseShipmentFilters, resolveSearch, shipmentConditions } from '../../services/shipments/filters';
import { listShipments, shipmentStats, type ListCaller } from '../../services/shipments/list';
import { compactMapPoints, wantsCompact } from '../../services/map-points';
import { selectShipments, serializeShipments } from '../../services/shipments/serializer';
import { plannedRoute, shipmentPorts } from '../../services/planned-route';
import { shipmentActionRoutes } from './actions';
import {
  alertEvents,
  idIs,
  mapPointsJson,
  mapPointsWhere,
  shipmentDateChanges,
  shipmentTimeline,
  updateShipment,
} from '../../services/shipments';
import { findShipmentRef, parseId, requireWrite } from './lookup';
import { shipmentChanges } from './shipment-patch';
import { freeTimeRuleSummary } from '../../services/shipments/free-time-fields';
import type { FreeTimeView } from '../../tracking/free-time/view';
import { coordinatesRoute, detailRoute, listRoute, MapQuery, patchRoute, statsRoute } from './schema';

/**
 * Sends shipments as JSON text: JSON.stringify is about ten times faster than the serializer Fastify compiles
 * from the large shipment schema (which stays in the route for the documentation).
 */
function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  // Sent as text, so past the preSerialization hook: server texts put into the user's language here (src/i18n).
  const localized = localizePayload(body, requestLang(reply.request));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(localized));
}

/** A page whose results are already UTF-8 JSON (in the caller's language): `{count, next, previous, results}`. */
function sendPage(
  reply: FastifyReply,
  count: number,
  links: { next: string | null; previous: string | null },
  results: Buffer,
): FastifyReply {
  const head = JSON.stringify({ count, next: links.next, previous: links.previous });
  const body = Buffer.concat([Buffer.from(`${head.slice(0, -1)},"results":`), results, CLOSE_BRACE]);
  return reply.type('application/json; charset=utf-8').send(body);
}
const CLOSE_BRACE = Buffer.from('}');

/** The caller's thresholds (from the profile already loaded by requireAuth). */
const thresholdsFor = (request: FastifyRequest): HealthThresholds => thresholdsOf(caller(request).profile);

/** The list's caller: company, thresholds and language of the request. */
const listCaller = (request: FastifyRequest): ListCaller => ({
  companyId: caller(request).profile.company_id,
  thresholds: thresholdsFor(request),
  lang: requestLang(request),
});

/** The caller's shipment `id` as the list serializes it (one row of selectShipments). */
const selectOne = (request: FastifyRequest, id: string) =>
  selectShipments(request.server.db, caller(request).profile.company_id, thresholdsFor(request)).where(
    idIs('shipments.id', id),
  );
type ShipmentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectOne>['executeTakeFirst']>>>;

/** GET shipments/{id}/'s answer: the shipment with its rule, planned route, timeline, alerts and date changes. */
async function shipmentDetail(request: FastifyRequest, id: string, row: ShipmentRow) {
  const { db } = request.server;
  const companyId = caller(request).profile.company_id;
  const [shipment] = await serializeShipments(db, [row], { companyId });
  const [events, alerts, changes, rule] = await Promise.all([
    shipmentTimeline(db, id),
    alertEvents(db, { shipmentId: id }),
    shipmentDateChanges(db, id),
    freeTimeRuleSummary(db, companyId, (shipment.free_time as FreeTimeView | null)?.rule_id),
  ]);
  const planned_positions = plannedRoute(shipmentPorts(shipment as Parameters<typeof shipmentPorts>[0]));
  return { ...shipment, free_time_rule: rule, planned_positions, events, alerts, date_changes: changes };
}

/** GET shipments/coordinates/: the map points of the active shipments matching the list's filters. */
async function mapPoints(request: FastifyRequest, query: Static<typeof MapQuery>) {
  const { db } = request.server;
  const now = new Date();
  const filters = parseShipmentFilters(query, now);
  filters.exclude_hidden = true;
  const thresholds = thresholdsFor(request);
  const companyId = caller(request).profile.company_id;
  await resolveSearch(db, filters);
  const where = mapPointsWhere(companyId, shipmentConditions(filters, thresholds, now, companyId));
  return wantsCompact(query.format)
    ? compactMapPoints(db, where, thresholds)
    : mapPointsJson(db, where, thresholds);
}

export const shipmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get('/shipments/', { schema: listRoute }, async (request, reply) => {
    const list = await listShipments(app.db, listCaller(request), request.query, pageNumber(request));
    return sendPage(reply, list.count, pageLinks(request, list.count), list.results);
  });

  app.get('/shipments/coordinates/', { schema: coordinatesRoute }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await mapPoints(request, request.query)),
  );

  app.get('/shipments/stats/', { schema: statsRoute }, async (request) =>
    shipmentStats(app.db, {
      ...listCaller(request),
      freeTimeWarningDays: caller(request).profile.free_time_warning_days,
    }),
  );

  app.get('/shipments/:id/', { schema: detailRoute }, async (request, reply) => {
    const id = parseId(request.params.id);
    const row = await selectOne(request, id).executeTakeFirst();
    if (!row) throw notFound();
    return sendJson(reply, await shipmentDetail(request, id, row));
  });

  const preValidation = async (request: FastifyRequest) => {
    await findShipmentRef(request, (request.params as { id: string }).id);
    requireWrite(request);
  };
  app.patch('/shipments/:id/', { preValidation, schema: patchRoute }, async (request, reply) => {
    const id = parseId(request.params.id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const companyId = caller(request).profile.company_id;
    await updateShipment(app.db, companyId, id, await shipmentChanges(app.db, companyId, body));
    const row = await selectOne(request, id).executeTakeFirstOrThrow();
    return sendJson(reply, await shipmentDetail(request, id, row));
  });

  await app.register(shipmentActionRoutes);
};
