// Idempotent ingestion of carrier events. One batch = one transaction: valid events are stored
// once per carrier (ON CONFLICT DO NOTHING on (carrier_id, event_id)) and linked to the tracking
// request; invalid ones are set aside with their reasons (once per payload fingerprint). Either
// all of it is written or nothing is. Arrival order does not matter: events are stored as
// received and derivation orders them by time.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { RejectedPayload } from './dcsa/connector';
import type { DcsaEvent } from './dcsa/types';
import { validateEvent } from './dcsa/validate';

export interface IngestBatch {
  carrierId: number;
  trackingRequestId?: number | null;
  source: 'poll' | 'push';
  /** Already validated events... */
  events?: DcsaEvent[];
  /** ...and already rejected ones (from the connector)... */
  rejected?: RejectedPayload[];
  /** ...or raw payloads still to validate. */
  raw?: unknown[];
}

export interface IngestResult {
  inserted: number;
  duplicates: number;
  rejected: number;
}

const CHUNK = 1000;

function typeCode(e: DcsaEvent): string {
  if (e.eventType === 'TRANSPORT') return e.transportEventTypeCode;
  if (e.eventType === 'EQUIPMENT') return e.equipmentEventTypeCode;
  return e.shipmentEventTypeCode;
}

function locode(e: DcsaEvent): string | null {
  if (e.eventType === 'SHIPMENT') return null;
  const fromLocation = e.eventType === 'EQUIPMENT' ? e.eventLocation?.UNLocationCode : undefined;
  return fromLocation ?? e.transportCall?.UNLocationCode ?? e.transportCall?.location?.UNLocationCode ?? null;
}

export function fingerprint(raw: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(raw) ?? 'undefined')
    .digest('hex');
}

export async function ingestBatch(db: Kysely<Database>, batch: IngestBatch): Promise<IngestResult> {
  const valid = [...(batch.events ?? [])];
  const rejected = [...(batch.rejected ?? [])];
  for (const raw of batch.raw ?? []) {
    const checked = validateEvent(raw);
    if (checked.ok) valid.push(checked.event);
    else rejected.push({ raw, reasons: checked.reasons });
  }
  // The same eventID twice in one batch counts once.
  const unique = [...new Map(valid.map((e) => [e.eventID, e])).values()];

  return db.transaction().execute(async (trx) => {
    let inserted = 0;
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      const rows = await trx
        .insertInto('carrier_events')
        .values(
          chunk.map((e) => ({
            carrier_id: batch.carrierId,
            event_id: e.eventID,
            event_type: e.eventType,
            event_classifier: e.eventClassifierCode,
            type_code: typeCode(e),
            event_datetime: e.eventDateTime,
            event_created_at: e.eventCreatedDateTime,
            equipment_reference: e.eventType === 'EQUIPMENT' ? (e.equipmentReference ?? null) : null,
            un_location_code: locode(e),
            raw: JSON.stringify(e),
            source: batch.source,
          })),
        )
        .onConflict((oc) => oc.columns(['carrier_id', 'event_id']).doNothing())
        .returning('id')
        .execute();
      inserted += rows.length;
      if (batch.trackingRequestId) {
        // Link every event of the chunk, new or already known (another request may have brought it).
        await sql`
          INSERT INTO tracking_request_events (tracking_request_id, carrier_event_id)
          SELECT ${batch.trackingRequestId}, id FROM carrier_events
          WHERE carrier_id = ${batch.carrierId} AND event_id = ANY(${chunk.map((e) => e.eventID)}::text[])
          ON CONFLICT DO NOTHING`.execute(trx);
      }
    }

    let rejectedCount = 0;
    if (rejected.length) {
      const rows = await trx
        .insertInto('rejected_events')
        .values(
          rejected.map((r) => ({
            carrier_id: batch.carrierId,
            tracking_request_id: batch.trackingRequestId ?? null,
            raw: r.raw === undefined ? null : JSON.stringify(r.raw),
            raw_text: null,
            reasons: JSON.stringify(r.reasons),
            fingerprint: fingerprint(r.raw),
            source: batch.source,
          })),
        )
        .onConflict((oc) => oc.expression(sql`(coalesce(carrier_id, 0)), fingerprint`).doNothing())
        .returning('id')
        .execute();
      rejectedCount = rows.length;
    }

    if (batch.trackingRequestId && unique.length) {
      const latest = unique.reduce((a, e) =>
        Date.parse(e.eventCreatedDateTime) > Date.parse(a.eventCreatedDateTime) ? e : a,
      ).eventCreatedDateTime;
      await trx
        .updateTable('tracking_requests')
        .set({
          last_event_created_at: sql`greatest(last_event_created_at, ${latest}::timestamptz)`,
          last_update: inserted > 0 ? sql`now()` : sql`last_update`,
        })
        .where('id', '=', batch.trackingRequestId)
        .execute();
    }
    return {
      inserted,
      duplicates: unique.length - inserted + (valid.length - unique.length),
      rejected: rejectedCount,
    };
  });
}
