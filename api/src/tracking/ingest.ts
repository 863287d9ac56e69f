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
  /** Events per INSERT (default 1000). */
  chunkSize?: number;
  /** Called inside the transaction after each chunk (crash-injection tests). */
  afterChunk?: (chunkIndex: number) => Promise<void> | void;
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
    const size = batch.chunkSize ?? CHUNK;
    for (let i = 0; i < unique.length; i += size) {
      const chunk = unique.slice(i, i + size);
      // One statement per chunk, arrays as parameters (a handful of parameters however big the
      // chunk): events already stored are skipped before their JSON is even parsed, and every event
      // of the chunk, new or already known (another request may have brought it), is linked to the
      // tracking request.
      const col = <T>(f: (e: DcsaEvent) => T) => chunk.map(f);
      const ids = col((e) => e.eventID);
      const link = batch.trackingRequestId
        ? sql`, linked AS (
            INSERT INTO tracking_request_events (tracking_request_id, carrier_event_id)
            SELECT ${batch.trackingRequestId}::int, id FROM ins
            UNION ALL
            SELECT ${batch.trackingRequestId}::int, ce.id FROM carrier_events ce
            WHERE ce.carrier_id = ${batch.carrierId} AND ce.event_id = ANY(${ids}::text[])
            ON CONFLICT DO NOTHING)`
        : sql``;
      const result = await sql<{ inserted: string }>`
        WITH input AS (
          SELECT * FROM unnest(
            ${ids}::text[], ${col((e) => e.eventType)}::text[], ${col((e) => e.eventClassifierCode)}::text[],
            ${col(typeCode)}::text[], ${col((e) => e.eventDateTime)}::timestamptz[],
            ${col((e) => e.eventCreatedDateTime)}::timestamptz[],
            ${col((e) => (e.eventType === 'EQUIPMENT' ? (e.equipmentReference ?? null) : null))}::text[],
            ${col(locode)}::text[], ${col((e) => JSON.stringify(e))}::text[]
          ) AS t(event_id, event_type, event_classifier, type_code, event_datetime, event_created_at,
                 equipment_reference, un_location_code, raw)
        ), ins AS (
          INSERT INTO carrier_events (carrier_id, event_id, event_type, event_classifier, type_code,
            event_datetime, event_created_at, equipment_reference, un_location_code, raw, source)
          SELECT ${batch.carrierId}, i.event_id, i.event_type, i.event_classifier, i.type_code, i.event_datetime,
            i.event_created_at, i.equipment_reference, i.un_location_code, i.raw::jsonb, ${batch.source}
          FROM input i
          WHERE NOT EXISTS (
            SELECT 1 FROM carrier_events ce WHERE ce.carrier_id = ${batch.carrierId} AND ce.event_id = i.event_id)
          ON CONFLICT (carrier_id, event_id) DO NOTHING
          RETURNING id
        )${link}
        SELECT count(*) AS inserted FROM ins`.execute(trx);
      inserted += Number(result.rows[0]?.inserted ?? 0);
      await batch.afterChunk?.(i / size);
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
