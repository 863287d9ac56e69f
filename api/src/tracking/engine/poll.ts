// One poll of one tracking request: ask the carrier for the events since the last one seen, hand
// them to ingestion, and schedule the next poll (the regular interval after an answer, an
// exponential backoff after a failure). "Not found" answers turn the request invalid after a few
// polls; a 4xx refusal of the reference turns it invalid at once.
import { sql } from 'kysely';
import type { RejectedPayload } from '../dcsa/connector';
import { ConnectorError } from '../dcsa/connector';
import type { DcsaEvent } from '../dcsa/types';
import type { V3Retraction } from '../dcsa/v3';
import { backoffSeconds } from './config';
import type { EngineDeps } from './deps';
import { carrierEndpoint, connectorFor } from './endpoint';
import { CODE_TYPE_LABEL, markInvalid, warning } from './lifecycle';
import { subscribe } from './subscriptions';
import { advancePollCursor } from '../ingest';

export interface IngestJobData {
  trackingRequestId: number;
  carrierId: number;
  events: DcsaEvent[];
  rejected: RejectedPayload[];
  /** DCSA v3.0 retractions (absent in jobs queued before they existed). */
  retractions?: V3Retraction[];
  /** The carrier's clock at its answer (ms), which bounds the poll cursor; null when unknown. */
  carrierNow?: number | null;
}

export type PollOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'fetched'; events: number; rejected: number; pages: number }
  | { kind: 'not-found'; invalid: boolean }
  | { kind: 'invalid'; reason: string }
  | { kind: 'failed'; error: string; retryInSeconds: number };

/**
 * Whether every event is already stored with this content (current or an earlier version) and
 * linked to the request (incremental polls repeat the last one). A re-sent eventID with another
 * content is not known: it goes to ingestion and becomes a new version.
 */
async function allKnown(
  deps: EngineDeps,
  id: number,
  carrierId: number,
  events: DcsaEvent[],
): Promise<boolean> {
  const unique = [...new Map(events.map((e) => [`${e.eventID}\u0000${JSON.stringify(e)}`, e])).values()];
  const result = await sql<{ n: string }>`
    SELECT count(*) AS n
    FROM unnest(${unique.map((e) => e.eventID)}::text[], ${unique.map((e) => JSON.stringify(e))}::text[]) AS i(event_id, raw)
    JOIN carrier_events ce ON ce.carrier_id = ${carrierId} AND ce.event_id = i.event_id
    JOIN tracking_request_events tre ON tre.carrier_event_id = ce.id AND tre.tracking_request_id = ${id}
    WHERE ce.raw = i.raw::jsonb
       OR EXISTS (SELECT 1 FROM carrier_event_versions v WHERE v.carrier_event_id = ce.id AND v.raw = i.raw::jsonb)`.execute(
    deps.db,
  );
  return Number(result.rows[0]?.n ?? 0) === unique.length;
}

/** Where a poll starts: the cursor (the carrier's clock) minus the overlap window; null for a first poll. */
export function pollSince(cursor: Date | number | null, overlapSeconds: number): string | null {
  if (cursor === null) return null;
  return new Date(new Date(cursor).getTime() - overlapSeconds * 1000).toISOString();
}

const secondsFromNow = (s: number) => sql<Date>`now() + make_interval(secs => ${s})`;

/** HTTP answers that mean "this reference is wrong", not "the carrier has a problem". */
const REFUSALS = new Set([400, 404, 410, 422]);

async function loadPollRow(deps: EngineDeps, id: number) {
  return deps.db
    .selectFrom('tracking_requests as tr')
    .innerJoin('carriers as c', 'c.id', 'tr.carrier_id')
    .select([
      'tr.id',
      'tr.status',
      'tr.code_type',
      'tr.code_value',
      'tr.poll_failures',
      'tr.not_found_polls',
      'tr.last_event_created_at',
      'tr.dcsa_subscription_id',
      'c.id as carrier_id',
      'c.scac',
      'c.short_name',
      'c.dcsa_base_url',
      'c.dcsa_credentials',
      'c.dcsa_api_version',
    ])
    .where('tr.id', '=', id)
    .executeTakeFirst();
}
type PollRow = NonNullable<Awaited<ReturnType<typeof loadPollRow>>>;
type PollResult = Awaited<ReturnType<ReturnType<typeof connectorFor>['poll']>>;

/** A failed poll: counted, and the next one after an exponential backoff. */
async function recordFailure(deps: EngineDeps, row: PollRow, message: string): Promise<PollOutcome> {
  const failures = row.poll_failures + 1;
  const delay = backoffSeconds(failures, deps.config);
  await deps.db
    .updateTable('tracking_requests')
    .set({
      poll_failures: failures,
      last_poll_error: message,
      last_polled_at: sql`now()`,
      next_poll_at: secondsFromNow(delay),
    })
    .where('id', '=', row.id)
    .execute();
  return { kind: 'failed', error: message, retryInSeconds: delay };
}

/** A "not found" answer to a first poll: the request turns invalid after `notFoundPolls` of them. */
async function recordNotFound(deps: EngineDeps, row: PollRow): Promise<PollOutcome> {
  const { db, config } = deps;
  const id = row.id;
  const count = row.not_found_polls + 1;
  if (count >= config.notFoundPolls) {
    const reason = `${row.short_name} does not know the ${CODE_TYPE_LABEL[row.code_type]} ${row.code_value}. Check the number and the carrier, then retry.`;
    await markInvalid(db, id, warning('reference_not_found', reason));
    await db.updateTable('tracking_requests').set({ not_found_polls: count }).where('id', '=', id).execute();
    return { kind: 'not-found', invalid: true };
  }
  await db
    .updateTable('tracking_requests')
    .set({
      not_found_polls: count,
      poll_failures: 0,
      last_poll_error: null,
      last_polled_at: sql`now()`,
      next_poll_at: secondsFromNow(Math.min(config.pollIntervalSeconds, backoffSeconds(count, config))),
    })
    .where('id', '=', id)
    .execute();
  return { kind: 'not-found', invalid: false };
}

/**
 * Persists what came (as a durable ingest job) before the schedule moves on: a crash in between
 * only means the same events are fetched again at the next poll. When everything is already held,
 * only the cursor moves.
 */
async function handOver(
  deps: EngineDeps,
  row: PollRow,
  result: PollResult,
  ingest: (data: IngestJobData) => Promise<void>,
): Promise<void> {
  const id = row.id;
  if (
    result.rejected.length ||
    result.retractions.length ||
    (result.events.length &&
      // A payload PostgreSQL cannot even compare (e.g. \u0000 in a string) goes to ingestion, which sets it aside.
      !(await allKnown(deps, id, row.carrier_id, result.events).catch(() => false)))
  ) {
    await ingest({
      trackingRequestId: id,
      carrierId: row.carrier_id,
      events: result.events,
      rejected: result.rejected,
      retractions: result.retractions,
      carrierNow: result.carrierNow,
    });
  } else if (result.events.length) {
    // Everything this poll received is already held (a push or an earlier poll stored it): the
    // cursor moves with it all the same.
    await advancePollCursor(deps.db, id, {
      received: result.events.map((e) => Date.parse(e.eventCreatedDateTime)),
      carrierNow: result.carrierNow,
      portalNow: deps.now(),
    });
  }
}

export async function pollTrackingRequest(
  deps: EngineDeps,
  id: number,
  ingest: (data: IngestJobData) => Promise<void>,
): Promise<PollOutcome> {
  const { db, config } = deps;
  const row = await loadPollRow(deps, id);
  if (!row) return { kind: 'skipped', reason: 'no such tracking request' };
  if (row.status !== 'new' && row.status !== 'ongoing') return { kind: 'skipped', reason: row.status };

  // The endpoint carries the DCSA version the carrier speaks (carriers.dcsa_api_version, e.g. 2.2.0
  // or 3.0.0), which chooses the connector.
  const endpoint = carrierEndpoint(
    {
      id: row.carrier_id,
      scac: row.scac,
      dcsa_base_url: row.dcsa_base_url,
      dcsa_credentials: row.dcsa_credentials,
      dcsa_api_version: row.dcsa_api_version,
    },
    deps.simulatorBaseUrl,
  );
  if (!endpoint) return recordFailure(deps, row, `No DCSA endpoint is configured for ${row.scac}.`);

  const connector = connectorFor(endpoint, config.carrierTimeoutMs);
  let result: PollResult;
  try {
    result = await connector.poll({
      codeType: row.code_type,
      reference: row.code_value,
      // From the cursor (the carrier's clock) minus the overlap window: late publications and
      // events of the cursor's own second come again, and are recognised as known.
      since: pollSince(row.last_event_created_at, config.pollOverlapSeconds),
    });
  } catch (err) {
    if (err instanceof ConnectorError && err.kind === 'http' && err.status && REFUSALS.has(err.status)) {
      const reason = `${row.short_name} refused the ${CODE_TYPE_LABEL[row.code_type]} ${row.code_value} (HTTP ${err.status}). Check the number and the carrier, then retry.`;
      await markInvalid(db, id, warning('carrier_refused', reason));
      return { kind: 'invalid', reason };
    }
    return recordFailure(deps, row, err instanceof Error ? err.message : String(err));
  }

  if (result.notFound && !row.last_event_created_at) return recordNotFound(deps, row);

  await handOver(deps, row, result, ingest);
  await db
    .updateTable('tracking_requests')
    .set({
      poll_failures: 0,
      not_found_polls: 0,
      last_poll_error: null,
      last_polled_at: sql`now()`,
      next_poll_at: secondsFromNow(config.pollIntervalSeconds),
    })
    .where('id', '=', id)
    .where('status', 'in', ['new', 'ongoing'])
    .execute();

  // Push for either version (v3.0: the registration the portal asks for, see dcsa/connector.ts).
  if (deps.callbackBaseUrl && !row.dcsa_subscription_id && result.events.length) {
    await subscribe(
      db,
      endpoint,
      { id, codeType: row.code_type, reference: row.code_value },
      deps.callbackBaseUrl,
      config.carrierTimeoutMs,
    ).catch((err: Error) => deps.log(`DCSA subscription for tracking request ${id} failed: ${err.message}`));
  }
  return {
    kind: 'fetched',
    events: result.events.length,
    rejected: result.rejected.length,
    pages: result.pages,
  };
}
