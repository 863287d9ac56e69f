// Ingestion step: what a batch moved on its request. A poll moves the request's poll cursor
// (never past the carrier's clock, held back by payloads the validator refused); a push moves the
// push progress only, which never moves the poll cursor.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { DcsaEvent } from '../dcsa/types';
import { CLOCK_SKEW_MS, type Incoming, type IngestBatch, type SetAside } from './types';

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

/**
 * What a batch moved on its request: the poll cursor (a poll) or the push progress (a push), over what the carrier
 * gave and the portal now holds, and the request's last update when something changed.
 */
export async function recordProgress(
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
