// Recomputes the shipments of one tracking request from its stored events: groups them per
// container (grouping.ts), derives each shipment (tracking/derive) and saves it in one transaction
// per shipment: vessels first, then the shipments row (upsert), the change history of its
// milestone dates (with the event that caused each change), its alert events (once per cause)
// and its event links. Then new → ongoing once shipments exist.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { DcsaEvent } from '../dcsa/types';
import {
  deriveShipment,
  detectAlerts,
  locodesOf,
  milestoneChanges,
  vesselsOf,
  type DeriveEvent,
  type DeriveLocation,
  type DeriveVessel,
  type PodTimeOfArrivalWarning,
} from '../derive';
import { queueEtaChanges } from '../../services/eta-alerts/queue';
import { applyFreeTime, todayUtc } from '../free-time';
import type { EngineDeps } from './deps';
import { groupByContainer } from './grouping';
import { markOngoingIfShipments } from './lifecycle';

interface StoredEvent extends DeriveEvent {
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';
  equipment_reference: string | null;
}

export interface RecomputeResult {
  shipments: number;
  changed: number;
  alerts: number;
}

async function upsertVessels(
  trx: Transaction<Database>,
  vessels: Array<{ name: string; imo: string }>,
): Promise<Map<string, DeriveVessel>> {
  const map = new Map<string, DeriveVessel>();
  const unique = [
    ...new Map(vessels.filter((v) => /^[0-9]{7}$/.test(v.imo)).map((v) => [v.imo, v])).values(),
  ];
  if (!unique.length) return map;
  // Sorted, so concurrent recomputes lock vessel rows in the same order.
  unique.sort((a, b) => (a.imo < b.imo ? -1 : 1));
  const rows = await trx
    .insertInto('vessels')
    .values(unique.map((v) => ({ name: v.name, imo: v.imo })))
    .onConflict((oc) =>
      oc
        .column('imo')
        .doUpdateSet({ name: sql`excluded.name` })
        .where(sql`vessels.name`, '<>', sql`excluded.name`),
    )
    .returning(['id', 'name', 'imo'])
    .execute();
  const missing = unique.filter((v) => !rows.some((r) => r.imo === v.imo)).map((v) => v.imo);
  const existing = missing.length
    ? await trx.selectFrom('vessels').select(['id', 'name', 'imo']).where('imo', 'in', missing).execute()
    : [];
  for (const r of [...rows, ...existing]) if (r.imo) map.set(r.imo, { id: r.id, name: r.name, imo: r.imo });
  return map;
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

export async function recomputeTrackingRequest(deps: EngineDeps, id: number): Promise<RecomputeResult> {
  const { db } = deps;
  const result: RecomputeResult = { shipments: 0, changed: 0, alerts: 0 };
  const request = await db
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
  if (!request || request.status === 'invalid') return result;

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
  const events: StoredEvent[] = rows.map((r) => ({
    id: String(r.id),
    event: r.clamped
      ? ({ ...(r.raw as object), eventCreatedDateTime: r.event_created_at.toISOString() } as DcsaEvent)
      : (r.raw as unknown as DcsaEvent),
    event_type: r.event_type,
    equipment_reference: r.equipment_reference,
  }));
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
    const changed = await db.transaction().execute(async (trx) => {
      const vessels = await upsertVessels(trx, vesselsOf(group.events));
      const previous = await trx
        .selectFrom('shipments')
        .selectAll()
        .where('tracking_request_id', '=', id)
        .where('container_number', '=', group.containerNumber)
        .forUpdate()
        .executeTakeFirst();
      const ctx = {
        containerNumber: group.containerNumber,
        contractualEtaPod: request.contractual_eta_pod ? new Date(request.contractual_eta_pod) : null,
        contractualEtaDlv: request.contractual_eta_dlv ? new Date(request.contractual_eta_dlv) : null,
        locations,
        vessels,
        previousWarning: (previous?.pod_timeofarrival_warning ?? null) as PodTimeOfArrivalWarning | null,
        now,
      };
      const derived = deriveShipment(group.events, ctx);
      const columns = { ...derived.columns, modified_at: sql<Date>`now()` };
      const saved = await trx
        .insertInto('shipments')
        .values({
          ...columns,
          company_id: request.company_id,
          tracking_request_id: id,
          carrier_id: request.carrier_id,
          project_id: request.project_id,
          client_code: request.client_code,
          container_number: group.containerNumber,
        })
        .onConflict((oc) => oc.columns(['tracking_request_id', 'container_number']).doUpdateSet(columns))
        .returning('id')
        .executeTakeFirstOrThrow();
      const shipmentId = String(saved.id);
      // Demurrage and detention follow the dates just saved.
      await applyFreeTime(trx, [shipmentId], { today: todayUtc(now) });

      const changes = milestoneChanges(previous ?? null, derived);
      if (changes.length) {
        await trx
          .insertInto('milestone_date_changes')
          .values(
            changes.map((c) => ({
              shipment_id: shipmentId,
              field: c.column,
              old_value: c.old,
              new_value: c.new,
              carrier_event_id: c.eventId,
            })),
          )
          .execute();
        // Arrival moves beyond a user's threshold are queued for the ETA-change e-mails.
        await queueEtaChanges(trx, request.company_id, shipmentId, changes);
      }

      const causes = detectAlerts(previous ?? null, derived, group.events, ctx);
      if (causes.length) {
        const inserted = await trx
          .insertInto('alert_events')
          .values(
            causes.map((a) => ({
              company_id: request.company_id,
              shipment_id: shipmentId,
              code: a.code,
              cause_key: a.causeKey,
              details: JSON.stringify({ message: a.message }),
              walltime: a.walltime,
            })),
          )
          .onConflict((oc) => oc.columns(['shipment_id', 'code', 'cause_key']).doNothing())
          .returning('id')
          .execute();
        result.alerts += inserted.length;
      }
      // The latest visible alert summarises the shipment's alert state.
      await sql`
        UPDATE shipments s SET
          is_alerted = a.id IS NOT NULL,
          last_alert_code = a.code,
          last_alert_message = a.details->>'message'
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT id, code, details FROM alert_events
          WHERE shipment_id = ${shipmentId} AND NOT hidden
          ORDER BY walltime DESC, id DESC LIMIT 1
        ) a ON true
        WHERE s.id = ${shipmentId}`.execute(trx);

      await sql`
        INSERT INTO shipment_events (shipment_id, carrier_event_id)
        SELECT ${shipmentId}, unnest(${group.events.map((e) => e.id)}::bigint[])
        ON CONFLICT DO NOTHING`.execute(trx);
      return changes.length > 0 || !previous;
    });
    result.shipments++;
    if (changed) result.changed++;
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
