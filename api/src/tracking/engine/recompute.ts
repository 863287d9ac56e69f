// Recomputes the shipments of one tracking request from its stored events: groups them per
// container (grouping.ts), derives each shipment (tracking/derive) and saves it in one transaction
// per shipment (save-shipment.ts): vessels first, then the shipments row (upsert), the change
// history of its milestone dates (with the event that caused each change), its alert events (once
// per cause) and its event links. Then new → ongoing once shipments exist.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { DcsaEvent } from '../dcsa/types';
import { locodesOf, type DeriveEvent, type DeriveLocation } from '../derive';
import type { EngineDeps } from './deps';
import { groupByContainer } from './grouping';
import { markOngoingIfShipments } from './lifecycle';
import { saveShipment } from './save-shipment';

interface StoredEvent extends DeriveEvent {
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';
  equipment_reference: string | null;
}

export interface RecomputeResult {
  shipments: number;
  changed: number;
  alerts: number;
}

async function loadLocations(db: Kysely<Database>, locodes: string[]): Promise<Map<string, DeriveLocation>> {
  const map = new Map<string, DeriveLocation>();
  if (!locodes.length) return map;
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'locode', 'latitude', 'longitude', 'timezone'])
    .where('locode', 'in', [...new Set(locodes)])
    .execute();
  for (const r of rows) {
    if (!r.locode || r.latitude === null || r.longitude === null) continue;
    map.set(r.locode, {
      id: r.id,
      locode: r.locode,
      latitude: r.latitude,
      longitude: r.longitude,
      timezone: r.timezone,
    });
  }
  return map;
}

async function loadRequest(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('tracking_requests')
    .select([
      'id',
      'company_id',
      'carrier_id',
      'project_id',
      'status',
      'code_type',
      'code_value',
      'container_filter',
      'client_code',
      'contractual_eta_pod',
      'contractual_eta_dlv',
      sql<Date>`clock_timestamp()`.as('started_at'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The request's events, oldest published first. */
async function loadEvents(db: Kysely<Database>, id: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('tracking_request_events as tre')
    .innerJoin('carrier_events as ce', 'ce.id', 'tre.carrier_event_id')
    .select([
      'ce.id',
      'ce.event_type',
      'ce.equipment_reference',
      'ce.raw',
      'ce.event_created_at',
      sql<boolean>`ce.created_clamped_from IS NOT NULL`.as('clamped'),
    ])
    .where('tre.tracking_request_id', '=', id)
    .orderBy('ce.event_created_at')
    .orderBy('ce.id')
    .execute();
  // A creation time the carrier put ahead of our clock was clamped at ingestion: derivation
  // (ordering, "latest published" choices, no-update alerts) reads the clamped one.
  return rows.map((r) => ({
    id: String(r.id),
    event: r.clamped
      ? ({ ...(r.raw as object), eventCreatedDateTime: r.event_created_at.toISOString() } as DcsaEvent)
      : (r.raw as unknown as DcsaEvent),
    event_type: r.event_type,
    equipment_reference: r.equipment_reference,
  }));
}

export async function recomputeTrackingRequest(deps: EngineDeps, id: number): Promise<RecomputeResult> {
  const { db } = deps;
  const result: RecomputeResult = { shipments: 0, changed: 0, alerts: 0 };
  const request = await loadRequest(db, id);
  if (!request || request.status === 'invalid') return result;

  const events = await loadEvents(db, id);
  const groups = groupByContainer(request, events);
  // A shipment whose container is no longer named by any event (a retraction removed its only
  // equipment event) is derived again from what is left (the request's transport and shipment
  // events), instead of staying as last derived.
  const grouped = new Set(groups.map((g) => g.containerNumber));
  const orphans = await db
    .selectFrom('shipments')
    .select('container_number')
    .where('tracking_request_id', '=', id)
    .execute();
  for (const { container_number: containerNumber } of orphans) {
    if (grouped.has(containerNumber)) continue;
    groups.push({ containerNumber, events: events.filter((e) => e.event_type !== 'EQUIPMENT') });
  }
  const locations = await loadLocations(db, locodesOf(events));
  const now = new Date(deps.now());

  for (const group of groups) {
    const saved = await saveShipment(db, request, id, group, locations, now);
    result.alerts += saved.alerts;
    result.shipments++;
    if (saved.changed) result.changed++;
  }

  await markOngoingIfShipments(db, id);
  await db
    .updateTable('tracking_requests')
    .set({
      computed_at: request.started_at,
      ...(result.changed ? { last_update: sql<Date>`greatest(last_update, ${request.started_at})` } : {}),
    })
    .where('id', '=', id)
    .execute();
  return result;
}
