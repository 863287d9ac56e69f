// Tracking-request life cycle (spec section 4): the archivable / cancellable flags as pure
// functions (plus a loader for lists), and the transitions the engine carries out: new → ongoing,
// → invalid with a readable warning, pending_archiving → archived, pending_cancelling → cancelled.
import { sql, type Kysely } from 'kysely';
import type { LifecycleStatus, TrackingRequestStatus } from '@portal/shared-api/domain';
import type { Database, TrackingWarning } from '../../db/types';

export interface FlagInput {
  status: TrackingRequestStatus;
  /** lifecycle_status of each of the request's shipments. */
  shipmentLifecycles: LifecycleStatus[];
}

/**
 * Archivable: there is nothing left to follow. True for an invalid request, and for a new or
 * ongoing one whose shipments all reached the end of their life (completed or expired; at least
 * one shipment). Archived, cancelled and pending requests are not archivable again.
 */
export function isArchivable(row: FlagInput): boolean {
  if (row.status === 'invalid') return true;
  if (row.status !== 'new' && row.status !== 'ongoing') return false;
  return row.shipmentLifecycles.length > 0 && row.shipmentLifecycles.every((l) => l !== 'active');
}

/**
 * Cancellable: tracking is still running and can be stopped. True for a new or ongoing request
 * that has no shipment yet or still has an active one. An invalid request is not polled any more
 * (retry or archive it instead); finished requests are archived rather than cancelled.
 */
export function isCancellable(row: FlagInput): boolean {
  if (row.status !== 'new' && row.status !== 'ongoing') return false;
  return row.shipmentLifecycles.length === 0 || row.shipmentLifecycles.some((l) => l === 'active');
}

export interface RequestFlags {
  archivable: boolean;
  cancellable: boolean;
}

/** The flags of several tracking requests in one query (ids not found are absent from the map). */
export async function trackingRequestFlags(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, RequestFlags>> {
  const result = new Map<number, RequestFlags>();
  if (!ids.length) return result;
  const rows = await db
    .selectFrom('tracking_requests as tr')
    .leftJoin('shipments as s', 's.tracking_request_id', 'tr.id')
    .select([
      'tr.id',
      'tr.status',
      sql<
        LifecycleStatus[]
      >`coalesce(array_agg(s.lifecycle_status) FILTER (WHERE s.id IS NOT NULL), '{}')`.as('lifecycles'),
    ])
    .where('tr.id', 'in', ids)
    .groupBy(['tr.id', 'tr.status'])
    .execute();
  for (const row of rows) {
    const input = { status: row.status, shipmentLifecycles: row.lifecycles };
    result.set(row.id, { archivable: isArchivable(input), cancellable: isCancellable(input) });
  }
  return result;
}

/**
 * SQL for the flags of `tr` (a tracking_requests alias), for lists that filter or sort on them.
 * Same rules as isArchivable / isCancellable.
 */
export const ARCHIVABLE_SQL = (alias = 'tr') =>
  sql<boolean>`(${sql.ref(`${alias}.status`)} = 'invalid' OR (${sql.ref(`${alias}.status`)} IN ('new', 'ongoing')
    AND EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_request_id = ${sql.ref(`${alias}.id`)})
    AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_request_id = ${sql.ref(`${alias}.id`)}
                    AND s.lifecycle_status = 'active')))`;
export const CANCELLABLE_SQL = (alias = 'tr') =>
  sql<boolean>`(${sql.ref(`${alias}.status`)} IN ('new', 'ongoing') AND (
    NOT EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_request_id = ${sql.ref(`${alias}.id`)})
    OR EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_request_id = ${sql.ref(`${alias}.id`)}
               AND s.lifecycle_status = 'active')))`;

export const CODE_TYPE_LABEL = {
  c_id: 'container number',
  b_id: 'booking number',
  m_bl: 'B/L number',
} as const;

export function warning(code: string, message: string, at: Date = new Date()): TrackingWarning {
  return { code, message, created: at.toISOString() };
}

/** → invalid (only from new / ongoing), stops polling and appends the warning. Returns whether it changed. */
export async function markInvalid(db: Kysely<Database>, id: number, w: TrackingWarning): Promise<boolean> {
  const res = await db
    .updateTable('tracking_requests')
    .set({
      status: 'invalid',
      next_poll_at: null,
      warnings: sql`warnings || ${JSON.stringify([w])}::jsonb`,
      modified_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', ['new', 'ongoing'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Retry from invalid: back to new, polling state reset, due now. Returns false when the request
 * is not invalid. (The caller then enqueues it, see enqueueTrackingRequest.)
 */
export async function resetForRetry(db: Kysely<Database>, id: number): Promise<boolean> {
  const res = await db
    .updateTable('tracking_requests')
    .set({
      status: 'new',
      next_poll_at: sql`now()`,
      poll_failures: 0,
      not_found_polls: 0,
      last_poll_error: null,
      last_event_created_at: null,
      modified_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'invalid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** new → ongoing once the request has shipments. */
export async function markOngoingIfShipments(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('tracking_requests')
    .set({ status: 'ongoing', modified_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .where((eb) => eb.exists(eb.selectFrom('shipments').select('id').where('tracking_request_id', '=', id)))
    .execute();
}

const PENDING_TARGET = { pending_archiving: 'archived', pending_cancelling: 'cancelled' } as const;

/**
 * Carries out a pending state: pending_archiving → archived, pending_cancelling → cancelled.
 * Tracking stops: no next poll, the DCSA subscription is cancelled at the carrier. Returns the
 * new status, or null when the request was not pending.
 */
export async function carryOutPending(
  db: Kysely<Database>,
  id: number,
  unsubscribe: (carrierId: number, trackingRequestId: number) => Promise<unknown>,
): Promise<TrackingRequestStatus | null> {
  const row = await db
    .selectFrom('tracking_requests')
    .select(['status', 'carrier_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.status !== 'pending_archiving' && row.status !== 'pending_cancelling')) return null;
  const target = PENDING_TARGET[row.status];
  await unsubscribe(row.carrier_id, id);
  const res = await db
    .updateTable('tracking_requests')
    .set({ status: target, next_poll_at: null, modified_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? target : null;
}
