// Saves one derived shipment of a tracking request, in its own transaction: vessels first, then
// the shipments row (upsert) and its free time, the change history of its milestone dates (with
// the event that caused each change, arrival moves queued for the ETA-change e-mails), its alert
// events (once per cause) and alert summary, and its event links. recompute.ts derives and calls it.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import {
  deriveShipment,
  detectAlerts,
  milestoneChanges,
  vesselsOf,
  type DeriveEvent,
  type DeriveLocation,
  type DeriveVessel,
  type PodTimeOfArrivalWarning,
} from '../derive';
import { queueEtaChanges } from '../../services/eta-alerts/queue';
import { applyFreeTime, todayUtc } from '../free-time';
import { transactionRetryingDeadlocks } from '../../lib/transactions';

/** The tracking request columns a recompute reads. */
export type RecomputedRequest = Pick<
  Selectable<Database['tracking_requests']>,
  'company_id' | 'carrier_id' | 'project_id' | 'client_code' | 'contractual_eta_pod' | 'contractual_eta_dlv'
>;

/** One container's events of the request, to derive as one shipment. */
export interface ShipmentGroup {
  containerNumber: string;
  events: DeriveEvent[];
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

type Derived = ReturnType<typeof deriveShipment>;
type Changes = ReturnType<typeof milestoneChanges>;
type Causes = ReturnType<typeof detectAlerts>;

/** The shipments row of a derivation, inserted or updated; returns its id. */
async function upsertShipment(
  trx: Transaction<Database>,
  request: RecomputedRequest,
  trackingRequestId: number,
  containerNumber: string,
  derived: Derived,
): Promise<string> {
  const columns = { ...derived.columns, modified_at: sql<Date>`now()` };
  const saved = await trx
    .insertInto('shipments')
    .values({
      ...columns,
      company_id: request.company_id,
      tracking_request_id: trackingRequestId,
      carrier_id: request.carrier_id,
      project_id: request.project_id,
      client_code: request.client_code,
      container_number: containerNumber,
    })
    .onConflict((oc) => oc.columns(['tracking_request_id', 'container_number']).doUpdateSet(columns))
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(saved.id);
}

/** The change history of the milestone dates; arrival moves are queued for the ETA-change e-mails. */
async function recordChanges(
  trx: Transaction<Database>,
  companyId: number,
  shipmentId: string,
  changes: Changes,
): Promise<void> {
  if (!changes.length) return;
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
  await queueEtaChanges(trx, companyId, shipmentId, changes);
}

/** The alert events (once per cause) and the shipment's alert summary; returns the alerts inserted. */
async function recordAlerts(
  trx: Transaction<Database>,
  companyId: number,
  shipmentId: string,
  causes: Causes,
): Promise<number> {
  let count = 0;
  if (causes.length) {
    const inserted = await trx
      .insertInto('alert_events')
      .values(
        causes.map((a) => ({
          company_id: companyId,
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
    count = inserted.length;
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
  return count;
}

/**
 * Derives and saves one shipment in one transaction; `changed` when it is new or a milestone date
 * moved, with the alerts inserted.
 */
export async function saveShipment(
  db: Kysely<Database>,
  request: RecomputedRequest,
  trackingRequestId: number,
  group: ShipmentGroup,
  locations: Map<string, DeriveLocation>,
  now: Date,
): Promise<{ changed: boolean; alerts: number }> {
  // Recomputes run side by side in several worker processes, and their saves of one company's shipments can
  // deadlock on the counts the triggers keep: the one PostgreSQL aborts is saved again.
  return transactionRetryingDeadlocks(db, async (trx) => {
    const vessels = await upsertVessels(trx, vesselsOf(group.events));
    const previous = await trx
      .selectFrom('shipments')
      .selectAll()
      .where('tracking_request_id', '=', trackingRequestId)
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
    const shipmentId = await upsertShipment(trx, request, trackingRequestId, group.containerNumber, derived);
    // Demurrage and detention follow the dates just saved.
    await applyFreeTime(trx, [shipmentId], { today: todayUtc(now) });

    const changes = milestoneChanges(previous ?? null, derived);
    await recordChanges(trx, request.company_id, shipmentId, changes);
    const alerts = await recordAlerts(
      trx,
      request.company_id,
      shipmentId,
      detectAlerts(previous ?? null, derived, group.events, ctx),
    );

    await sql`
      INSERT INTO shipment_events (shipment_id, carrier_event_id)
      SELECT ${shipmentId}, unnest(${group.events.map((e) => e.id)}::bigint[])
      ON CONFLICT DO NOTHING`.execute(trx);
    return { changed: changes.length > 0 || !previous, alerts };
  });
}
