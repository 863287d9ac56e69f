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
// The steps are in ingest/: relevance, storage, set-aside, retractions, progress.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { validateEvent } from './dcsa/validate';
import { recordProgress } from './ingest/progress';
import { keepRelevant } from './ingest/relevance';
import { applyRetractions, notRetracted, retractedCopies } from './ingest/retractions';
import { storeSetAside } from './ingest/set-aside';
import { clampCreated, storeEvents } from './ingest/storage';
import { CLOCK_SKEW_MS, type IngestBatch, type IngestResult, type SetAside } from './ingest/types';

export type { IngestBatch, IngestResult } from './ingest/types';
export { splitByRelevance } from './ingest/relevance';
export { advancePollCursor, nextPollCursor } from './ingest/progress';

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
