// Ingestion step: relevance. With `relevance`, only the events that reference the tracking
// request's container, booking or B/L (directly or through a document reference the carrier gave
// for them) are kept; the others are set aside as irrelevant or as another shipment's, and
// re-examined when the request learns a new document reference.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { REFERENCE_PARAMETER, type CodeType, type DcsaEvent } from '../dcsa/types';
import { RE_EXAMINED, type Candidate, type IngestBatch, type SetAside } from './types';

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

/**
 * The candidates that concern the request, with the events set aside earlier as irrelevant that a new document
 * reference makes relevant now (their set-aside ids in `nowRelevant`); the others are set aside as irrelevant or as
 * another shipment's. Without relevance checking (or a request), the candidates as they are.
 */
export async function keepRelevant(
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
