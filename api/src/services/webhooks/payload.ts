// The JSON body of a webhook delivery: the event (id, type, time, its own data) with the tracking request and the
// shipment summary an ERP needs (the event types are the domain's, domain/webhooks.ts). Built at the first attempt
// of a delivery and kept, so every retry sends the same bytes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { DEFAULT_THRESHOLDS, healthExpression, loadThresholds, type HealthThresholds } from '../health';
import { isoOrNull as iso } from '../../lib/dates';
import { TEST_EVENT_TYPE } from '@portal/shared-api/domain';

const loc = (locode: string | null, name: string | null) => (locode || name ? { locode, name } : null);

/** The shipment summary (also the items of GET /api/integration/changes/). */
export interface ShipmentSummary {
  id: string;
  container_number: string;
  booking_number: string | null;
  bl_number: string | null;
  client_code: string;
  carrier: { scac: string; name: string };
  pol: { locode: string | null; name: string | null } | null;
  pod: { locode: string | null; name: string | null } | null;
  dlv: { locode: string | null; name: string | null } | null;
  etd: string | null;
  atd: string | null;
  eta: string | null;
  ata: string | null;
  eta_dlv: string | null;
  status: string;
  lifecycle_status: string;
  request_status: string | null;
  health: 'ontrack' | 'delayed' | 'alerted';
  last_alert_code: number | null;
  last_update: string | null;
  modified_at: string;
}

/** The summaries of shipments `ids` of company `companyId`, with health by `thresholds`. */
export function summaryQuery(db: Kysely<Database>, thresholds: HealthThresholds) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('carriers as c', 'c.id', 's.carrier_id')
    .leftJoin('locations as pol', 'pol.id', 's.pol_loc_id')
    .leftJoin('locations as pod', 'pod.id', 's.pod_loc_id')
    .leftJoin('locations as dlv', 'dlv.id', 's.dlv_loc_id')
    .select([
      's.id',
      's.company_id',
      's.container_number',
      's.booking_number',
      's.bl_number',
      's.client_code',
      'c.scac',
      'c.short_name as carrier_name',
      'pol.locode as pol_locode',
      'pol.name as pol_name',
      'pod.locode as pod_locode',
      'pod.name as pod_name',
      'dlv.locode as dlv_locode',
      'dlv.name as dlv_name',
      's.etd',
      's.atd',
      's.eta',
      's.ata',
      's.delivery_planned_last',
      's.status_text',
      's.lifecycle_status',
      's.request_status',
      's.last_alert_code',
      's.last_update',
      's.modified_at',
      healthExpression(thresholds, 's').as('health'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

export function summaryOut(r: SummaryRow): ShipmentSummary {
  return {
    id: String(r.id),
    container_number: r.container_number,
    booking_number: r.booking_number,
    bl_number: r.bl_number,
    client_code: r.client_code,
    carrier: { scac: r.scac, name: r.carrier_name },
    pol: loc(r.pol_locode, r.pol_name),
    pod: loc(r.pod_locode, r.pod_name),
    dlv: loc(r.dlv_locode, r.dlv_name),
    etd: iso(r.etd),
    atd: iso(r.atd),
    eta: iso(r.eta),
    ata: iso(r.ata),
    eta_dlv: iso(r.delivery_planned_last),
    status: r.status_text,
    lifecycle_status: r.lifecycle_status,
    request_status: r.request_status,
    health: r.health,
    last_alert_code: r.last_alert_code,
    last_update: iso(r.last_update),
    modified_at: iso(r.modified_at)!,
  };
}

/** Thresholds of endpoint creators, kept a minute (health in payloads follows the creator's settings). */
const thresholdCache = new Map<number, { t: HealthThresholds; until: number }>();
async function thresholdsFor(db: Kysely<Database>, userId: number | null): Promise<HealthThresholds> {
  if (userId === null) return DEFAULT_THRESHOLDS;
  const hit = thresholdCache.get(userId);
  if (hit && hit.until > Date.now()) return hit.t;
  const t = await loadThresholds(db, userId);
  thresholdCache.set(userId, { t, until: Date.now() + 60_000 });
  if (thresholdCache.size > 1000) thresholdCache.delete(thresholdCache.keys().next().value as number);
  return t;
}

export interface EventRow {
  id: string;
  type: string;
  company_id: number;
  tracking_request_id: number | null;
  shipment_id: string | null;
  data: Record<string, unknown>;
  occurred_at: Date;
}

const requestQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('tracking_requests as r')
    .innerJoin('carriers as c', 'c.id', 'r.carrier_id')
    .select([
      'r.id',
      'r.company_id',
      'r.status',
      'r.code_type',
      'r.code_value',
      'r.client_code',
      'r.created_at',
      'c.scac',
      'c.short_name as carrier_name',
    ]);
type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['executeTakeFirstOrThrow']>>;

function bodyOf(event: EventRow, request: RequestRow | undefined, shipment: SummaryRow | undefined): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: iso(event.occurred_at),
    data: event.data,
    tracking_request: request
      ? {
          id: request.id,
          status: request.status,
          code_type: request.code_type,
          code_value: request.code_value,
          client_code: request.client_code,
          carrier: { scac: request.scac, name: request.carrier_name },
          created_at: iso(request.created_at),
        }
      : null,
    shipment: shipment ? summaryOut(shipment) : null,
  });
}

/**
 * The exact JSON bodies of events for one endpoint (two queries for all of them), by event id. The shipment
 * and request are read within the event's company only.
 */
export async function buildBodies(
  db: Kysely<Database>,
  events: EventRow[],
  endpointCreator: number | null,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (events.length === 0) return out;
  const thresholds = await thresholdsFor(db, endpointCreator);
  const shipmentIds = [...new Set(events.flatMap((e) => (e.shipment_id ? [String(e.shipment_id)] : [])))];
  const requestIds = [
    ...new Set(events.flatMap((e) => (e.tracking_request_id ? [e.tracking_request_id] : []))),
  ];
  const [shipments, requests] = await Promise.all([
    shipmentIds.length
      ? summaryQuery(db, thresholds)
          .where('s.id', 'in', shipmentIds as never[])
          .execute()
      : Promise.resolve([]),
    requestIds.length ? requestQuery(db).where('r.id', 'in', requestIds).execute() : Promise.resolve([]),
  ]);
  const shipmentById = new Map(shipments.map((s) => [String(s.id), s]));
  const requestById = new Map(requests.map((r) => [r.id, r]));
  for (const e of events) {
    const s = e.shipment_id ? shipmentById.get(String(e.shipment_id)) : undefined;
    const r = e.tracking_request_id ? requestById.get(e.tracking_request_id) : undefined;
    out.set(
      e.id,
      bodyOf(
        e,
        r && r.company_id === e.company_id ? r : undefined,
        s && s.company_id === e.company_id ? s : undefined,
      ),
    );
  }
  return out;
}

/** Inserts an event into the outbox and one delivery to `endpointId` (the test event). */
export async function emitTestEvent(
  db: Kysely<Database>,
  companyId: number,
  endpointId: number,
): Promise<{ eventId: string; deliveryId: string }> {
  return db.transaction().execute(async (trx) => {
    const ev = await trx
      .insertInto('webhook_events')
      .values({
        company_id: companyId,
        type: TEST_EVENT_TYPE,
        tracking_request_id: null,
        shipment_id: null,
        data: JSON.stringify({ message: 'This is a test event from the Container Tracking Portal.' }),
      })
      .returning(['id', 'seq'])
      .executeTakeFirstOrThrow();
    const d = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpointId,
        event_id: ev.id,
        seq: ev.seq,
        chain: `test:${endpointId}`,
        body: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`SELECT pg_notify('webhook_outbox', '')`.execute(trx);
    return { eventId: ev.id, deliveryId: String(d.id) };
  });
}
