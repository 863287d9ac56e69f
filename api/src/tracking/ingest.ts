// Idempotent ingestion of carrier events. One batch = one transaction, with each event isolated
// from the others:
// - valid events are stored once per carrier (on (carrier_id, event_id)) and linked to the
//   tracking request; invalid ones are set aside with their reasons (once per payload fingerprint);
// - an event PostgreSQL cannot store is set aside (kind `unstorable`, the database's message as the
//   reason) inside a savepoint, and the others still go in;
// - with `relevance`, an event that does not reference the request's container, booking or B/L
//   (directly or through a document reference the carrier gave for them) is set aside (kind
//   `irrelevant`) and re-examined when the request learns a new document reference;
// - a carrier clock ahead of ours is not trusted: an eventCreatedDateTime more than `clockSkewMs`
//   ahead is stored as the receiving time (the carrier's value kept in created_clamped_from, the
//   event recorded as `clamped`), and the poll cursor never moves past the database's now();
// - the same eventID re-sent with another content becomes a new version (carrier_event_versions
//   holds the others); carrier_events keeps the latest published one, which derivation reads;
// - a DCSA v3.0 retraction (isRetracted) discards the stored event of that eventID published up to
//   the retraction (with its versions and links; its content is kept in rejected_events, kind
//   `retracted`, and the requests it fed are derived again), and leaves a tombstone
//   (carrier_event_retractions) so a copy published before it and received late is set aside too.
//   A content published after the retraction is a new event.
// Arrival order does not matter: events are stored as received and derivation orders them by time.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types';
import type { RejectedPayload } from './dcsa/connector';
import type { V3Retraction } from './dcsa/v3';
import { REFERENCE_PARAMETER, type CodeType, type DcsaEvent } from './dcsa/types';
import { canonicalJson, validateEvent } from './dcsa/validate';

type SetAsideKind =
  | 'invalid'
  | 'schema'
  | 'unstorable'
  | 'irrelevant'
  | 'other_shipment'
  | 'clamped'
  | 'retracted'
  | 'retraction_refused';

/** Set-aside kinds that a later ingestion re-examines (a new document reference may make them relevant). */
const RE_EXAMINED: SetAsideKind[] = ['irrelevant', 'other_shipment'];

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
  /** DCSA v3.0 retractions (isRetracted) to apply. */
  retractions?: V3Retraction[];
  /**
   * Attach only the events that concern the tracking request's reference (the engine's polls and
   * the push callback ask for it; bulk tools that feed a request on purpose do not).
   */
  relevance?: boolean;
  /** The portal's clock in ms (default Date.now()). */
  now?: number;
  /**
   * Polls: the carrier's clock when it answered (ms, from its Date header), which bounds the poll
   * cursor; null or absent when unknown.
   */
  carrierNow?: number | null;
  /** How far ahead of our clock a carrier's eventCreatedDateTime may be (default 5 minutes). */
  clockSkewMs?: number;
  /** Events per INSERT (default 1000). */
  chunkSize?: number;
  /** Called inside the transaction after each chunk (crash-injection tests). */
  afterChunk?: (chunkIndex: number) => Promise<void> | void;
}

export interface IngestResult {
  /** New events stored. */
  inserted: number;
  /** Events already stored with the same content (or a version already known). */
  duplicates: number;
  /** Events newly set aside (invalid, unstorable, irrelevant). */
  rejected: number;
  /** New versions of known eventIDs (different content). */
  versions: number;
  /** Events stored with a clamped eventCreatedDateTime. */
  clamped: number;
  /** Stored events a retraction discarded. */
  retracted: number;
}

const CHUNK = 1000;
const CLOCK_SKEW_MS = 5 * 60_000;

interface SetAside {
  raw: unknown;
  reasons: string[];
  kind: SetAsideKind;
}

/** A valid event on its way in, with the creation time the engine trusts. */
interface Incoming {
  event: DcsaEvent;
  /** JSON text stored in raw (the event as received, plus a derived eventID when it had none). */
  json: string;
  /** Canonical JSON (key order ignored) for content comparison. */
  canonical: string;
  created: string;
  clampedFrom: string | null;
}

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

function fingerprint(raw: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(raw) ?? 'undefined')
    .digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Relevance

const normaliseContainer = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');
const normaliseDocument = (value: string) => value.trim().toUpperCase();

/**
 * The reference keys an event names: `EQ:<container>`, `BKG:<booking>`, `TRD:<B/L>` and the
 * transport call it belongs to, `TC:<transportCallID>`.
 */
function referenceKeys(e: DcsaEvent): {
  container: string | null;
  documents: string[];
  transportCall: string | null;
} {
  const documents: string[] = [];
  const anyEvent = e as DcsaEvent & {
    documentReferences?: Array<{ documentReferenceType?: string; documentReferenceValue?: string }>;
  };
  for (const d of anyEvent.documentReferences ?? []) {
    if ((d.documentReferenceType === 'BKG' || d.documentReferenceType === 'TRD') && d.documentReferenceValue)
      documents.push(`${d.documentReferenceType}:${normaliseDocument(d.documentReferenceValue)}`);
  }
  if (e.eventType === 'SHIPMENT' && (e.documentTypeCode === 'BKG' || e.documentTypeCode === 'TRD'))
    documents.push(`${e.documentTypeCode}:${normaliseDocument(e.documentID)}`);
  let container = e.eventType === 'EQUIPMENT' && e.equipmentReference ? e.equipmentReference : null;
  for (const r of e.references ?? []) {
    if (r.referenceType === 'EQ' && r.referenceValue && !container) container = r.referenceValue;
  }
  const call = e.eventType === 'SHIPMENT' ? undefined : e.transportCall?.transportCallID;
  return {
    container: container ? `EQ:${normaliseContainer(container)}` : null,
    documents: [...new Set(documents)],
    transportCall: typeof call === 'string' && call ? `TC:${call}` : null,
  };
}

function requestKey(codeType: CodeType, reference: string): string {
  if (codeType === 'c_id') return `EQ:${normaliseContainer(reference)}`;
  return `${codeType === 'b_id' ? 'BKG' : 'TRD'}:${normaliseDocument(reference)}`;
}

/**
 * Splits events into those that concern the request and the others. `known` holds the keys the
 * request already has (its own reference, documents, containers and transport calls of events
 * linked before).
 * - An event that names bookings / B/Ls, none of them the request's (nor one the carrier gave for
 *   it), belongs to another shipment, whatever container or transport call it names too: a
 *   container is re-used on other bookings (`foreign`).
 * - Otherwise an equipment event of a container is relevant to a container request only for that
 *   container; to a booking / B/L request when it names one of the request's documents or a
 *   container already known from such an event.
 * - Any other event is relevant when it names one of the request's documents, its container, or a
 *   transport call of an event already relevant (a vessel call the container was loaded in).
 * Relevant events teach the request their document references and transport call (and, for a
 * booking / B/L, their container), until nothing changes. A container request takes the
 * container's latest published events first, so a container re-used on another booking earlier
 * does not pull that booking in.
 */
export function splitByRelevance<T>(
  codeType: CodeType,
  reference: string,
  known: Iterable<string>,
  items: T[],
  eventOf: (item: T) => DcsaEvent,
): { relevant: T[]; irrelevant: T[]; foreign: Array<{ item: T; documents: string[] }> } {
  const keys = new Set<string>(known);
  const own = requestKey(codeType, reference);
  keys.add(own);
  const refs = items.map((item) => {
    const e = eventOf(item);
    return {
      item,
      created: Date.parse(e.eventCreatedDateTime) || 0,
      equipment: e.eventType === 'EQUIPMENT',
      ...referenceKeys(e),
    };
  });
  const order = refs.map((_, i) => i);
  if (codeType === 'c_id') order.sort((a, b) => refs[b].created - refs[a].created || a - b);
  const taken = new Array<boolean>(refs.length).fill(false);
  const learn = (k: string | null) => {
    if (k === null || keys.has(k)) return false;
    keys.add(k);
    return true;
  };
  const knowsDocuments = () => [...keys].some((k) => k.startsWith('BKG:') || k.startsWith('TRD:'));
  let changed = true;
  while (changed) {
    changed = false;
    for (const i of order) {
      const r = refs[i];
      if (taken[i]) continue;
      const byDocument = r.documents.some((k) => keys.has(k));
      // Names only other documents than the request's: another shipment. (A container request
      // that knows no document yet takes the container's documents from its first event.)
      if (r.documents.length && !byDocument && (codeType !== 'c_id' || knowsDocuments())) continue;
      let ok: boolean;
      if (r.equipment && r.container) {
        ok = codeType === 'c_id' ? r.container === own : byDocument || keys.has(r.container);
      } else {
        ok =
          byDocument ||
          (r.container !== null && keys.has(r.container)) ||
          (!r.equipment && r.transportCall !== null && keys.has(r.transportCall));
      }
      if (!ok) continue;
      taken[i] = true;
      for (const k of r.documents) if (learn(k)) changed = true;
      if (learn(r.transportCall)) changed = true;
      if (codeType !== 'c_id' && r.equipment && r.container && byDocument && learn(r.container))
        changed = true;
    }
  }
  const foreign = new Set(
    refs.flatMap((r, i) =>
      !taken[i] && r.documents.length && !r.documents.some((k) => keys.has(k)) ? [i] : [],
    ),
  );
  return {
    relevant: refs.filter((_, i) => taken[i]).map((r) => r.item),
    irrelevant: refs.filter((_, i) => !taken[i] && !foreign.has(i)).map((r) => r.item),
    foreign: [...foreign].map((i) => ({ item: refs[i].item, documents: refs[i].documents })),
  };
}

const LABEL: Record<CodeType, string> = { c_id: 'container', b_id: 'booking', m_bl: 'B/L' };

async function knownKeys(trx: Transaction<Database>, trackingRequestId: number, codeType: CodeType) {
  const rows = await sql<{ k: string }>`
    SELECT DISTINCT k FROM tracking_request_events tre
    JOIN carrier_events ce ON ce.id = tre.carrier_event_id
    CROSS JOIN LATERAL (
      SELECT (d->>'documentReferenceType') || ':' || upper(btrim(d->>'documentReferenceValue')) AS k
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ce.raw->'documentReferences') = 'array'
                                     THEN ce.raw->'documentReferences' ELSE '[]'::jsonb END) d
      WHERE d->>'documentReferenceType' IN ('BKG', 'TRD') AND d->>'documentReferenceValue' IS NOT NULL
      UNION ALL
      SELECT (ce.raw->>'documentTypeCode') || ':' || upper(btrim(ce.raw->>'documentID'))
      WHERE ce.event_type = 'SHIPMENT' AND ce.raw->>'documentTypeCode' IN ('BKG', 'TRD')
      UNION ALL
      SELECT 'EQ:' || upper(regexp_replace(ce.equipment_reference, '[\\s-]', '', 'g'))
      WHERE ${codeType !== 'c_id'} AND ce.equipment_reference IS NOT NULL
      UNION ALL
      SELECT 'TC:' || (ce.raw->'transportCall'->>'transportCallID')
      WHERE ce.event_type <> 'SHIPMENT' AND coalesce(ce.raw->'transportCall'->>'transportCallID', '') <> ''
    ) keys
    WHERE tre.tracking_request_id = ${trackingRequestId}`.execute(trx);
  return rows.rows.map((r) => r.k);
}

// ---------------------------------------------------------------------------------------------
// Storage

/** Runs `work` inside a savepoint: on error the transaction goes back to before it and the error is returned. */
async function isolated<T>(
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

function setAsideFingerprint(r: SetAside, trackingRequestId: number | null): string {
  // Invalid payloads keep the plain fingerprint (one row per bad payload per carrier); the other
  // kinds depend on the request (an event can be irrelevant to one request and not to another).
  return r.kind === 'invalid' ? fingerprint(r.raw) : fingerprint([r.kind, trackingRequestId, r.raw]);
}

async function storeSetAside(
  trx: Transaction<Database>,
  batch: IngestBatch,
  items: SetAside[],
): Promise<number> {
  if (!items.length) return 0;
  const trId = batch.trackingRequestId ?? null;
  const rows = items.map((r) => ({
    text: r.raw === undefined ? null : JSON.stringify(r.raw),
    reasons: JSON.stringify(r.reasons),
    fingerprint: setAsideFingerprint(r, trId),
    kind: r.kind,
  }));
  const insert = (list: typeof rows, asText: boolean) => sql<{ id: string }>`
    INSERT INTO rejected_events (carrier_id, tracking_request_id, raw, raw_text, reasons, fingerprint, source, kind)
    SELECT ${batch.carrierId}, ${trId}::int,
      ${asText ? sql`NULL` : sql`r.text::jsonb`}, ${asText ? sql`r.text` : sql`NULL`},
      r.reasons::jsonb, r.fingerprint, ${batch.source}, r.kind
    FROM unnest(${list.map((r) => r.text)}::text[], ${list.map((r) => r.reasons)}::text[],
                ${list.map((r) => r.fingerprint)}::text[], ${list.map((r) => r.kind)}::text[])
      AS r(text, reasons, fingerprint, kind)
    ON CONFLICT ((coalesce(carrier_id, 0)), fingerprint) DO NOTHING
    RETURNING id`;
  const all = await isolated(trx, 'rejected_all', () => insert(rows, false).execute(trx));
  if (all.ok) return all.value.rows.length;
  // Some payload is no valid jsonb for PostgreSQL (e.g. \u0000 in a string): keep each as text.
  let count = 0;
  for (const row of rows) {
    const one = await isolated(trx, 'rejected_one', () => insert([row], false).execute(trx));
    const res = one.ok ? one.value : await insert([row], true).execute(trx);
    count += res.rows.length;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Retractions (DCSA v3.0)

/**
 * Applies retractions. A retraction reaches only what came through the same subscription: with a
 * tracking request (a push to its subscription, or its poll), only the stored events linked to that
 * request; an event that feeds only other requests is left alone, and the retraction is recorded
 * as refused (`retraction_refused`) with its reason. An event linked to this request and to others
 * is unlinked from this one only (the others learn of the retraction through their own polls and
 * subscriptions); an event linked to this request alone is discarded, its content recorded as
 * `retracted`. Tombstones (the latest retraction time per eventID) are kept per request, so a copy
 * published before the retraction and received late is set aside for that request only. Without a
 * tracking request (tools) every stored copy is discarded. The requests that lost events are
 * marked for a new derivation. Returns the events discarded or unlinked.
 */
async function applyRetractions(
  trx: Transaction<Database>,
  batch: IngestBatch,
  retractions: V3Retraction[],
  now: number,
  skew: number,
): Promise<number> {
  if (!retractions.length) return 0;
  const nowIso = new Date(now).toISOString();
  const scope = batch.trackingRequestId ?? null;
  // Latest retraction time per eventID; a carrier clock ahead of ours counts as now.
  const at = new Map<string, string>();
  for (const r of retractions) {
    const t = r.retractedAt === null ? now : Date.parse(r.retractedAt);
    const iso = t > now + skew ? nowIso : new Date(t).toISOString();
    const known = at.get(r.eventID);
    if (!known || Date.parse(known) < Date.parse(iso)) at.set(r.eventID, iso);
  }
  const ids = [...at.keys()];
  const times = ids.map((id) => at.get(id)!);
  await sql`
    INSERT INTO carrier_event_retractions (carrier_id, event_id, retracted_at, source, tracking_request_id)
    SELECT ${batch.carrierId}, r.event_id, r.at, ${batch.source}, ${scope}::int
    FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS r(event_id, at)
    ON CONFLICT (carrier_id, event_id, (coalesce(tracking_request_id, 0))) DO UPDATE SET
      retracted_at = greatest(carrier_event_retractions.retracted_at, excluded.retracted_at),
      source = excluded.source, received_at = now()`.execute(trx);
  const doomed = await sql<{
    id: string;
    event_id: string;
    raw: unknown;
    at: Date;
    versions: number;
    requests: number[] | null;
  }>`
    SELECT ce.id, ce.event_id, ce.raw, r.at,
      (SELECT count(*)::int FROM carrier_event_versions v WHERE v.carrier_event_id = ce.id) AS versions,
      (SELECT array_agg(tre.tracking_request_id ORDER BY tre.tracking_request_id)
       FROM tracking_request_events tre WHERE tre.carrier_event_id = ce.id) AS requests
    FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS r(event_id, at)
    JOIN carrier_events ce ON ce.carrier_id = ${batch.carrierId} AND ce.event_id = r.event_id
    WHERE ce.event_created_at <= r.at
    FOR UPDATE OF ce`.execute(trx);
  if (!doomed.rows.length) return 0;
  const records: Array<SetAside & { trackingRequestId: number | null }> = [];
  const touched = new Set<number>();
  const deleted: string[] = [];
  const unlinked: string[] = [];
  for (const d of doomed.rows) {
    const requests = d.requests ?? [];
    const when = d.at.toISOString();
    if (scope !== null && !requests.includes(scope)) {
      records.push({
        raw: { eventID: d.event_id, isRetracted: true, eventUpdatedDateTime: when },
        kind: 'retraction_refused',
        reasons: [
          `/eventID: the retraction of ${d.event_id} (${when}) is refused: the stored event did not come ` +
            `through this subscription nor for its tracking request (it feeds ${
              requests.length ? 'only other tracking requests' : 'no tracking request'
            }); nothing was discarded`,
        ],
        trackingRequestId: scope,
      });
      continue;
    }
    const reason =
      `(event): retracted by the carrier (isRetracted, ${when}); this content` +
      (d.versions ? ` and ${d.versions} earlier version(s)` : '') +
      ' discarded';
    const mine = scope === null ? requests : [scope];
    if (scope !== null && requests.length > 1) unlinked.push(d.id);
    else deleted.push(d.id);
    for (const tr of mine) touched.add(tr);
    for (const tr of mine.length ? mine : [null]) {
      records.push({ raw: d.raw, kind: 'retracted', reasons: [reason], trackingRequestId: tr });
    }
  }
  if (deleted.length) await sql`DELETE FROM carrier_events WHERE id = ANY(${deleted}::bigint[])`.execute(trx);
  if (unlinked.length) {
    await sql`
      DELETE FROM tracking_request_events
      WHERE tracking_request_id = ${scope}::int AND carrier_event_id = ANY(${unlinked}::bigint[])`.execute(
      trx,
    );
  }
  for (const tr of new Set(records.map((r) => r.trackingRequestId))) {
    await storeSetAside(
      trx,
      { ...batch, trackingRequestId: tr },
      records.filter((r) => r.trackingRequestId === tr),
    );
  }
  if (touched.size) {
    await trx
      .updateTable('tracking_requests')
      .set({ last_update: sql`now()` })
      .where('id', 'in', [...touched])
      .execute();
  }
  return deleted.length + unlinked.length;
}

/** Events of `events` whose eventID was retracted (for this request, or by a tool) at or after their publication. */
async function retractedCopies(
  trx: Transaction<Database>,
  batch: IngestBatch,
  events: DcsaEvent[],
  now: number,
  skew: number,
): Promise<Map<DcsaEvent, string>> {
  const found = new Map<DcsaEvent, string>();
  if (!events.length) return found;
  const scope = batch.trackingRequestId ?? null;
  const rows = await trx
    .selectFrom('carrier_event_retractions')
    .select(['event_id', 'retracted_at'])
    .where('carrier_id', '=', batch.carrierId)
    .where('event_id', 'in', [...new Set(events.map((e) => e.eventID))])
    .where((eb) =>
      scope === null
        ? eb('tracking_request_id', 'is', null)
        : eb.or([eb('tracking_request_id', 'is', null), eb('tracking_request_id', '=', scope)]),
    )
    .execute();
  if (!rows.length) return found;
  const at = new Map<string, number>();
  for (const r of rows) at.set(r.event_id, Math.max(at.get(r.event_id) ?? 0, r.retracted_at.getTime()));
  for (const e of events) {
    const t = at.get(e.eventID);
    // A creation time ahead of our clock counts as now (as it would be stored).
    const published = Date.parse(e.eventCreatedDateTime);
    const created = published > now + skew ? now : published;
    if (t !== undefined && created <= t) found.set(e, new Date(t).toISOString());
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The poll cursor

export interface CursorInput {
  received: number[];
  held?: number[];
  carrierNow: number | null;
  portalNow?: number;
  skew?: number;
}

/**
 * The poll cursor after a poll (advancePollCursor stores it). Moves a request's poll cursor (tracking_requests.last_event_created_at) with what one poll
 * received and the portal holds: to the latest publication time among them, on the carrier's
 * clock, never past the carrier's own clock at its answer (`carrierNow`, its Date header; without
 * it, publication times more than `skew` ahead of the portal's clock are not counted: a future-dated
 * event says nothing of the carrier's clock). Never set from the portal's clock. `held`: publication
 * times of payloads the validator refused, which hold the cursor so they are asked for again. The
 * next poll asks from the cursor minus the overlap window (engine config), so an event published
 * late, or in the same second, is fetched again (ingestion is idempotent).
 */
export function nextPollCursor(current: number | null, input: CursorInput): number | null {
  const portalNow = input.portalNow ?? Date.now();
  const skew = input.skew ?? CLOCK_SKEW_MS;
  const bound = (t: number) =>
    input.carrierNow !== null ? Math.min(t, input.carrierNow) : t > portalNow + skew ? null : t;
  const usable = (list: number[]) =>
    list.map(bound).filter((t): t is number => t !== null && Number.isFinite(t));
  const moved = usable(input.received);
  const held = usable(input.held ?? []);
  let next = current;
  if (moved.length) next = Math.max(next ?? -Infinity, ...moved);
  if (held.length) next = Math.min(next ?? Infinity, ...held);
  return next;
}

export async function advancePollCursor(
  db: Kysely<Database> | Transaction<Database>,
  trackingRequestId: number,
  input: CursorInput,
): Promise<void> {
  const row = await db
    .selectFrom('tracking_requests')
    .select('last_event_created_at')
    .where('id', '=', trackingRequestId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return;
  const current = row.last_event_created_at ? row.last_event_created_at.getTime() : null;
  const next = nextPollCursor(current, input);
  if (next === current || next === null) return;
  await db
    .updateTable('tracking_requests')
    .set({ last_event_created_at: new Date(next) })
    .where('id', '=', trackingRequestId)
    .execute();
}

// ---------------------------------------------------------------------------------------------

type Candidate = { event: DcsaEvent; retriedId: string | null };

/** The valid events but the copies of events the carrier retracted, which are set aside. */
function notRetracted(
  valid: DcsaEvent[],
  tombstoned: Map<DcsaEvent, string>,
  setAside: SetAside[],
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const event of valid) {
    const at = tombstoned.get(event);
    if (at === undefined) candidates.push({ event, retriedId: null });
    else
      setAside.push({
        raw: event,
        kind: 'retracted',
        reasons: [
          `/eventID: ${event.eventID} was retracted by the carrier (${at}); this copy, published at ` +
            `${event.eventCreatedDateTime}, is not stored`,
        ],
      });
  }
  return candidates;
}

/**
 * The candidates that concern the request, with the events set aside earlier as irrelevant that a new document
 * reference makes relevant now (their set-aside ids in `nowRelevant`); the others are set aside as irrelevant or as
 * another shipment's. Without relevance checking (or a request), the candidates as they are.
 */
async function keepRelevant(
  trx: Transaction<Database>,
  batch: IngestBatch,
  given: Candidate[],
  setAside: SetAside[],
): Promise<{ candidates: Candidate[]; nowRelevant: string[] }> {
  let candidates = given;
  const nowRelevant: string[] = [];
  if (batch.relevance && batch.trackingRequestId) {
    const request = await trx
      .selectFrom('tracking_requests')
      .select(['code_type', 'code_value'])
      .where('id', '=', batch.trackingRequestId)
      .executeTakeFirst();
    if (request) {
      const earlier = await sql<{ id: string; raw: unknown }>`
        SELECT id, raw FROM rejected_events
        WHERE tracking_request_id = ${batch.trackingRequestId} AND kind = ANY(${RE_EXAMINED}::text[])
          AND raw IS NOT NULL
        ORDER BY id LIMIT 1000`.execute(trx);
      // These were judged valid (by their version's schema) before being set aside, and stored
      // in the engine's shape: read as they are.
      for (const r of earlier.rows) {
        const e = r.raw as Partial<DcsaEvent> | null;
        if (e && typeof e.eventID === 'string' && typeof e.eventType === 'string')
          candidates.push({ event: e as DcsaEvent, retriedId: r.id });
      }
      const known = await knownKeys(trx, batch.trackingRequestId, request.code_type);
      const split = splitByRelevance(
        request.code_type,
        request.code_value,
        known,
        candidates,
        (c) => c.event,
      );
      candidates = split.relevant;
      for (const c of split.relevant) if (c.retriedId) nowRelevant.push(c.retriedId);
      const label = LABEL[request.code_type];
      for (const { item: c, documents } of split.foreign) {
        if (c.retriedId) continue;
        setAside.push({
          raw: c.event,
          kind: 'other_shipment',
          reasons: [
            `(event): names ${documents.map((d) => d.replace(':', ' ')).join(', ')}, not the requested ` +
              `${label} ${request.code_value} nor a document reference the carrier gave for it: it belongs ` +
              'to another shipment (even for the same container number)',
          ],
        });
      }
      for (const c of split.irrelevant) {
        if (c.retriedId) continue;
        setAside.push({
          raw: c.event,
          kind: 'irrelevant',
          reasons: [
            `(event): does not reference the requested ${label} ${request.code_value} ` +
              `(${REFERENCE_PARAMETER[request.code_type]}) nor a document reference the carrier gave for it`,
          ],
        });
      }
    }
  }
  return { candidates, nowRelevant };
}

/** The events to store, each with its creation time; one created ahead of our clock by more than `skew` is set
 * aside as clamped and stored as created now. */
function clampCreated(
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
async function storeEvents(
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

/**
 * What a batch moved on its request: the poll cursor (a poll) or the push progress (a push), over what the carrier
 * gave and the portal now holds, and the request's last update when something changed.
 */
async function recordProgress(
  trx: Transaction<Database>,
  batch: IngestBatch,
  trackingRequestId: number,
  o: { stored: Incoming[]; setAside: SetAside[]; now: number; skew: number; changed: boolean },
): Promise<void> {
  const { stored, setAside, now, skew } = o;
  const published = (e: DcsaEvent) => Date.parse(e.eventCreatedDateTime);
  // What the carrier gave and the portal now holds (stored, or recorded as set aside for a
  // reason that a new poll would not change), on the carrier's clock.
  const received = [
    ...stored.map((e) => published(e.event)),
    ...setAside
      .filter((r) => r.kind === 'irrelevant' || r.kind === 'other_shipment' || r.kind === 'retracted')
      .map((r) => published(r.raw as DcsaEvent)),
    ...(batch.retractions ?? []).flatMap((r) => (r.retractedAt === null ? [] : [Date.parse(r.retractedAt)])),
  ];
  if (batch.source === 'poll') {
    // A payload refused by the validator may be a transient fault of the carrier: the cursor is
    // held at its publication time so that the next polls ask for it again.
    const held = (batch.rejected ?? []).flatMap((r) => {
      const o = r.raw && typeof r.raw === 'object' ? (r.raw as Record<string, unknown>) : {};
      const t = o.eventCreatedDateTime ?? o.eventUpdatedDateTime;
      const ms = typeof t === 'string' ? Date.parse(t) : NaN;
      return Number.isNaN(ms) ? [] : [ms];
    });
    await advancePollCursor(trx, trackingRequestId, {
      received,
      held,
      carrierNow: batch.carrierNow ?? null,
      portalNow: now,
      skew,
    });
  } else if (received.length) {
    // Push progress is kept apart: it never moves the poll cursor (a lost or out-of-order push
    // would make the next poll skip what it missed).
    const latest = new Date(Math.max(...received.filter((t) => t <= now + skew), 0)).toISOString();
    await trx
      .updateTable('tracking_requests')
      .set({ last_pushed_event_at: sql`greatest(last_pushed_event_at, ${latest}::timestamptz)` })
      .where('id', '=', trackingRequestId)
      .execute();
  }
  if (o.changed) {
    await trx
      .updateTable('tracking_requests')
      .set({ last_update: sql`now()` })
      .where('id', '=', trackingRequestId)
      .execute();
  }
}

export async function ingestBatch(db: Kysely<Database>, batch: IngestBatch): Promise<IngestResult> {
  const now = batch.now ?? Date.now();
  const skew = batch.clockSkewMs ?? CLOCK_SKEW_MS;
  const setAside: SetAside[] = (batch.rejected ?? []).map((r) => ({
    raw: r.raw,
    reasons: r.reasons,
    kind: r.kind ?? 'invalid',
  }));
  const valid = [...(batch.events ?? [])];
  for (const raw of batch.raw ?? []) {
    const checked = validateEvent(raw);
    if (checked.ok) valid.push(checked.event);
    else setAside.push({ raw, reasons: checked.reasons, kind: 'invalid' });
  }

  return db.transaction().execute(async (trx) => {
    // Retractions first, then the copies of retracted events are set aside.
    const retracted = await applyRetractions(trx, batch, batch.retractions ?? [], now, skew);
    const tombstoned = await retractedCopies(trx, batch, valid, now, skew);
    // Relevance to the request (with the events set aside earlier as irrelevant, which a new
    // document reference may make relevant now).
    const relevance = await keepRelevant(trx, batch, notRetracted(valid, tombstoned, setAside), setAside);
    const nowRelevant = relevance.nowRelevant;

    // Carrier clocks: a creation time ahead of ours by more than the skew is not trusted.
    const { incoming, clamped } = clampCreated(relevance.candidates, now, skew, setAside);

    const { inserted, versions, replaced, duplicates, stored } = await storeEvents(
      trx,
      batch,
      incoming,
      setAside,
    );

    const rejected = await storeSetAside(
      trx,
      batch,
      setAside.filter((r) => r.kind !== 'clamped'),
    );
    await storeSetAside(
      trx,
      batch,
      setAside.filter((r) => r.kind === 'clamped'),
    );
    if (nowRelevant.length) {
      await sql`DELETE FROM rejected_events WHERE id = ANY(${nowRelevant}::bigint[])`.execute(trx);
    }

    if (batch.trackingRequestId) {
      const changed = inserted > 0 || replaced > 0 || nowRelevant.length > 0;
      await recordProgress(trx, batch, batch.trackingRequestId, { stored, setAside, now, skew, changed });
    }
    return { inserted, duplicates, rejected, versions, clamped, retracted };
  });
}
