// Ingestion step: storage. Valid events go in by chunks (one statement each, linked to the tracking
// request); a chunk PostgreSQL refuses goes event by event inside savepoints, the bad ones set aside
// as unstorable. A known eventID with the same content is a duplicate, with another content a new
// version (carrier_event_versions holds the others). A carrier clock ahead of ours is not trusted.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { DcsaEvent } from '../dcsa/types';
import { canonicalJson } from '../dcsa/validate';
import { CHUNK, type Candidate, type Incoming, type IngestBatch, type SetAside } from './types';

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

/** Runs `work` inside a savepoint: on error the transaction goes back to before it and the error is returned. */
export async function isolated<T>(
  trx: Transaction<Database>,
  name: string,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: Error }> {
  await sql.raw(`SAVEPOINT ${name}`).execute(trx);
  try {
    const value = await work();
    await sql.raw(`RELEASE SAVEPOINT ${name}`).execute(trx);
    return { ok: true, value };
  } catch (err) {
    await sql.raw(`ROLLBACK TO SAVEPOINT ${name}`).execute(trx);
    return { ok: false, error: err as Error };
  }
}

/** Inserts the events not stored yet, links all of them; returns the number inserted. */
async function insertChunk(
  trx: Transaction<Database>,
  batch: IngestBatch,
  chunk: Incoming[],
): Promise<number> {
  const col = <T>(f: (e: Incoming) => T) => chunk.map(f);
  const ids = col((e) => e.event.eventID);
  // One statement per chunk, arrays as parameters (a handful of parameters however big the
  // chunk): events already stored are skipped before their JSON is even parsed, and every event
  // of the chunk, new or already known (another request may have brought it), is linked to the
  // tracking request.
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
        ${ids}::text[], ${col((e) => e.event.eventType)}::text[], ${col((e) => e.event.eventClassifierCode)}::text[],
        ${col((e) => typeCode(e.event))}::text[], ${col((e) => e.event.eventDateTime)}::timestamptz[],
        ${col((e) => e.created)}::timestamptz[], ${col((e) => e.clampedFrom)}::timestamptz[],
        ${col((e) => (e.event.eventType === 'EQUIPMENT' ? (e.event.equipmentReference ?? null) : null))}::text[],
        ${col((e) => locode(e.event))}::text[], ${col((e) => e.json)}::text[]
      ) AS t(event_id, event_type, event_classifier, type_code, event_datetime, event_created_at,
             created_clamped_from, equipment_reference, un_location_code, raw)
    ), ins AS (
      INSERT INTO carrier_events (carrier_id, event_id, event_type, event_classifier, type_code,
        event_datetime, event_created_at, created_clamped_from, equipment_reference, un_location_code,
        raw, source)
      SELECT ${batch.carrierId}, i.event_id, i.event_type, i.event_classifier, i.type_code, i.event_datetime,
        i.event_created_at, i.created_clamped_from, i.equipment_reference, i.un_location_code,
        i.raw::jsonb, ${batch.source}
      FROM input i
      WHERE NOT EXISTS (
        SELECT 1 FROM carrier_events ce WHERE ce.carrier_id = ${batch.carrierId} AND ce.event_id = i.event_id)
      ON CONFLICT (carrier_id, event_id) DO NOTHING
      RETURNING id
    )${link}
    SELECT count(*) AS inserted FROM ins`.execute(trx);
  return Number(result.rows[0]?.inserted ?? 0);
}

/** Stored events of the chunk whose content differs from what came now. */
async function conflicts(
  trx: Transaction<Database>,
  carrierId: number,
  chunk: Incoming[],
): Promise<Array<{ id: string; event_id: string }>> {
  const result = await sql<{ id: string; event_id: string }>`
    SELECT ce.id, ce.event_id
    FROM unnest(${chunk.map((e) => e.event.eventID)}::text[], ${chunk.map((e) => e.json)}::text[]) AS i(event_id, raw)
    JOIN carrier_events ce ON ce.carrier_id = ${carrierId} AND ce.event_id = i.event_id
    WHERE ce.raw <> i.raw::jsonb`.execute(trx);
  return result.rows;
}

type VersionOutcome = 'duplicate' | 'current' | 'older';

/**
 * A content for an eventID already stored with another content: a duplicate when this content was
 * seen before (current or in the history); else a new version, which replaces the stored one when
 * it was published at the same time or later (eventCreatedDateTime), and goes to the history when
 * it is an older publication received late.
 */
async function recordVersion(
  trx: Transaction<Database>,
  batch: IngestBatch,
  carrierEventId: string,
  incoming: Incoming,
): Promise<VersionOutcome> {
  const current = await sql<{
    raw: unknown;
    event_created_at: Date;
    version: number;
    source: string;
    received_at: Date;
    seen: boolean;
    next: number;
  }>`
    SELECT ce.raw, ce.event_created_at, ce.version, ce.source, ce.received_at,
      ce.raw = ${incoming.json}::jsonb
        OR EXISTS (SELECT 1 FROM carrier_event_versions v
                   WHERE v.carrier_event_id = ce.id AND v.raw = ${incoming.json}::jsonb) AS seen,
      greatest(ce.version, (SELECT max(version) FROM carrier_event_versions v WHERE v.carrier_event_id = ce.id)) + 1 AS next
    FROM carrier_events ce WHERE ce.id = ${carrierEventId} FOR UPDATE`.execute(trx);
  const row = current.rows[0];
  if (!row || row.seen) return 'duplicate';
  if (Date.parse(incoming.created) >= row.event_created_at.getTime()) {
    await sql`
      INSERT INTO carrier_event_versions (carrier_event_id, version, raw, event_created_at, source, received_at)
      SELECT id, version, raw, event_created_at, source, received_at FROM carrier_events WHERE id = ${carrierEventId}`.execute(
      trx,
    );
    const e = incoming.event;
    await sql`
      UPDATE carrier_events SET
        raw = ${incoming.json}::jsonb, version = ${row.next},
        event_type = ${e.eventType}, event_classifier = ${e.eventClassifierCode}, type_code = ${typeCode(e)},
        event_datetime = ${e.eventDateTime}::timestamptz, event_created_at = ${incoming.created}::timestamptz,
        created_clamped_from = ${incoming.clampedFrom}::timestamptz,
        equipment_reference = ${e.eventType === 'EQUIPMENT' ? (e.equipmentReference ?? null) : null},
        un_location_code = ${locode(e)}, source = ${batch.source}, received_at = now()
      WHERE id = ${carrierEventId}`.execute(trx);
    return 'current';
  }
  await sql`
    INSERT INTO carrier_event_versions (carrier_event_id, version, raw, event_created_at, source, received_at)
    VALUES (${carrierEventId}, ${row.next}, ${incoming.json}::jsonb, ${incoming.created}::timestamptz,
            ${batch.source}, now())`.execute(trx);
  return 'older';
}

/** The events to store, each with its creation time; one created ahead of our clock by more than `skew` is set
 * aside as clamped and stored as created now. */
export function clampCreated(
  candidates: Candidate[],
  now: number,
  skew: number,
  setAside: SetAside[],
): { incoming: Incoming[]; clamped: number } {
  const nowIso = new Date(now).toISOString();
  const incoming: Incoming[] = [];
  let clamped = 0;
  for (const { event } of candidates) {
    const created = Date.parse(event.eventCreatedDateTime);
    const ahead = created > now + skew;
    if (ahead) {
      clamped++;
      setAside.push({
        raw: event,
        kind: 'clamped',
        reasons: [
          `/eventCreatedDateTime: ${event.eventCreatedDateTime} is more than ${Math.round(skew / 60_000)} ` +
            `minutes ahead of the portal's clock; stored and ordered as created at ${nowIso}`,
        ],
      });
    }
    const json = JSON.stringify(event);
    incoming.push({
      event,
      json,
      canonical: canonicalJson(event),
      created: ahead ? nowIso : event.eventCreatedDateTime,
      clampedFrom: ahead ? event.eventCreatedDateTime : null,
    });
  }
  return { incoming, clamped };
}

/**
 * Stores the events in chunks (a chunk that fails goes event by event, the bad ones set aside as unstorable); a
 * known eventID with the same content is a duplicate, with another content a version.
 */
export async function storeEvents(
  trx: Transaction<Database>,
  batch: IngestBatch,
  incoming: Incoming[],
  setAside: SetAside[],
): Promise<{ inserted: number; versions: number; replaced: number; duplicates: number; stored: Incoming[] }> {
  // One content per eventID goes through the bulk insert (the latest published); other contents
  // of the same eventID in this batch follow as versions.
  const byId = new Map<string, Incoming[]>();
  for (const e of incoming) {
    const list = byId.get(e.event.eventID);
    if (!list) byId.set(e.event.eventID, [e]);
    else if (!list.some((x) => x.canonical === e.canonical)) list.push(e);
  }
  const primaries: Incoming[] = [];
  const extras: Incoming[] = [];
  for (const list of byId.values()) {
    list.sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
    primaries.push(list[list.length - 1]);
    extras.push(...list.slice(0, -1));
  }
  let duplicates = incoming.length - primaries.length - extras.length;

  let inserted = 0;
  let versions = 0;
  let replaced = 0;
  const stored: Incoming[] = [];
  const size = batch.chunkSize ?? CHUNK;
  /** Versions for the events of `list` stored with another content; returns how many were stale. */
  const applyVersions = async (list: Incoming[]): Promise<number> => {
    if (!list.length) return 0;
    const stale = await conflicts(trx, batch.carrierId, list);
    const byEventId = new Map(list.map((e) => [e.event.eventID, e]));
    for (const s of stale) {
      const e = byEventId.get(s.event_id)!;
      const outcome = await isolated(trx, 'version', () => recordVersion(trx, batch, s.id, e));
      if (!outcome.ok) {
        setAside.push({
          raw: e.event,
          kind: 'unstorable',
          reasons: [`(event): could not be stored: ${outcome.error.message}`],
        });
        continue;
      }
      if (outcome.value === 'duplicate') duplicates++;
      else versions++;
      if (outcome.value === 'current') replaced++;
    }
    return stale.length;
  };

  for (let i = 0; i < primaries.length; i += size) {
    const chunk = primaries.slice(i, i + size);
    const whole = await isolated(trx, 'chunk', () => insertChunk(trx, batch, chunk));
    let ok = chunk;
    let added = 0;
    if (whole.ok) {
      added = whole.value;
    } else {
      // Something in the chunk cannot be stored: event by event, setting the bad ones aside.
      ok = [];
      for (const e of chunk) {
        const one = await isolated(trx, 'one', () => insertChunk(trx, batch, [e]));
        if (one.ok) {
          added += one.value;
          ok.push(e);
        } else {
          setAside.push({
            raw: e.event,
            kind: 'unstorable',
            reasons: [`(event): could not be stored: ${one.error.message}`],
          });
        }
      }
    }
    inserted += added;
    stored.push(...ok);
    // Known eventIDs: same content = duplicate, another content = a version.
    const stale = await applyVersions(ok);
    duplicates += ok.length - added - stale;
    await batch.afterChunk?.(i / size);
  }
  const staleExtras = await applyVersions(extras);
  duplicates += extras.length - staleExtras;
  stored.push(...extras);
  return { inserted, versions, replaced, duplicates, stored };
}
