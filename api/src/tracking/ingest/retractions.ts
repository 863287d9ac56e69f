// Ingestion step: DCSA v3.0 retractions (isRetracted). A retraction discards the stored event of
// that eventID published up to it (with its versions and links; its content is kept in
// rejected_events, kind `retracted`, and the requests it fed are derived again), and leaves a
// tombstone (carrier_event_retractions) so a copy published before it and received late is set
// aside too. A content published after the retraction is a new event.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { DcsaEvent } from '../dcsa/types';
import type { V3Retraction } from '../dcsa/v3';
import { storeSetAside } from './set-aside';
import type { Candidate, IngestBatch, SetAside } from './types';

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
export async function applyRetractions(
  trx: Transaction<Database>,
  batch: IngestBatch,
  retractions: V3Retraction[],
  now: number,
  skew: number,
): Promise<number> {
  if (!retractions.length) return 0;
  const scope = batch.trackingRequestId ?? null;
  const at = latestRetractions(retractions, now, skew);
  await recordTombstones(trx, batch, at, scope);
  const doomed = await retractedStored(trx, batch.carrierId, at);
  if (!doomed.length) return 0;
  const { records, touched, deleted, unlinked } = judgeRetracted(doomed, scope);
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

/** Latest retraction time per eventID (ISO); a carrier clock ahead of ours counts as now. */
function latestRetractions(retractions: V3Retraction[], now: number, skew: number): Map<string, string> {
  const nowIso = new Date(now).toISOString();
  const at = new Map<string, string>();
  for (const r of retractions) {
    const t = r.retractedAt === null ? now : Date.parse(r.retractedAt);
    const iso = t > now + skew ? nowIso : new Date(t).toISOString();
    const known = at.get(r.eventID);
    if (!known || Date.parse(known) < Date.parse(iso)) at.set(r.eventID, iso);
  }
  return at;
}

/** Keeps the tombstones (per carrier, eventID and request scope), moving each to its latest retraction. */
async function recordTombstones(
  trx: Transaction<Database>,
  batch: IngestBatch,
  at: Map<string, string>,
  scope: number | null,
): Promise<void> {
  const ids = [...at.keys()];
  const times = ids.map((id) => at.get(id)!);
  await sql`
    INSERT INTO carrier_event_retractions (carrier_id, event_id, retracted_at, source, tracking_request_id)
    SELECT ${batch.carrierId}, r.event_id, r.at, ${batch.source}, ${scope}::int
    FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS r(event_id, at)
    ON CONFLICT (carrier_id, event_id, (coalesce(tracking_request_id, 0))) DO UPDATE SET
      retracted_at = greatest(carrier_event_retractions.retracted_at, excluded.retracted_at),
      source = excluded.source, received_at = now()`.execute(trx);
}

/** A stored event a retraction reaches (published up to it), with its versions and the requests it feeds. */
interface RetractedRow {
  id: string;
  event_id: string;
  raw: unknown;
  at: Date;
  versions: number;
  requests: number[] | null;
}

/** The stored events published up to their retraction, locked. */
async function retractedStored(
  trx: Transaction<Database>,
  carrierId: number,
  at: Map<string, string>,
): Promise<RetractedRow[]> {
  const ids = [...at.keys()];
  const times = ids.map((id) => at.get(id)!);
  const doomed = await sql<RetractedRow>`
    SELECT ce.id, ce.event_id, ce.raw, r.at,
      (SELECT count(*)::int FROM carrier_event_versions v WHERE v.carrier_event_id = ce.id) AS versions,
      (SELECT array_agg(tre.tracking_request_id ORDER BY tre.tracking_request_id)
       FROM tracking_request_events tre WHERE tre.carrier_event_id = ce.id) AS requests
    FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS r(event_id, at)
    JOIN carrier_events ce ON ce.carrier_id = ${carrierId} AND ce.event_id = r.event_id
    WHERE ce.event_created_at <= r.at
    FOR UPDATE OF ce`.execute(trx);
  return doomed.rows;
}

/**
 * What a retraction does to each stored event it reaches, for a request scope (null: a tool):
 * refused (it feeds only other requests), unlinked from this request (it feeds others too) or
 * deleted; with the set-aside records per request and the requests to derive again.
 */
function judgeRetracted(
  doomed: RetractedRow[],
  scope: number | null,
): {
  records: Array<SetAside & { trackingRequestId: number | null }>;
  touched: Set<number>;
  deleted: string[];
  unlinked: string[];
} {
  const records: Array<SetAside & { trackingRequestId: number | null }> = [];
  const touched = new Set<number>();
  const deleted: string[] = [];
  const unlinked: string[] = [];
  for (const d of doomed) {
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
  return { records, touched, deleted, unlinked };
}

/** Events of `events` whose eventID was retracted (for this request, or by a tool) at or after their publication. */
export async function retractedCopies(
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

/** The valid events but the copies of events the carrier retracted, which are set aside. */
export function notRetracted(
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
