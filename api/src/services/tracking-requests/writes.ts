// Tracking requests: the writes of the API (create, PATCH-able fields, archive / cancel, retry) with their
// rules and transactions, the company check of one request, and the shipments of a request.
import { sql, type Kysely } from 'kysely';
import type { TrackingRequestStatus } from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import { badRequest, ErrorCollector, MESSAGES, notFound } from '../../lib/errors';
import { valueText } from '../../lib/validation';
import type { HealthThresholds } from '../health';
import { selectShipments, serializeShipments } from '../shipments/serializer';
import { enqueueTrackingRequest } from '../../tracking/engine/enqueue';
import { withDetectedCarrier } from '../carrier-detection';
import { isArchivable, isCancellable, resetForRetry } from '../../tracking/engine/lifecycle';
import {
  checkDate,
  checkNewRequest,
  checkProject,
  CLIENT_CODE_MAX,
  EDITABLE_STATUSES,
  existingRequests,
  insertRequests,
  keyOf,
  loadRefs,
  lockCompanyForAdding,
  STATUS_LABELS,
  TR_MESSAGES,
  TRANSITION_FROM,
  type RequestInput,
} from './rules';

/** The fields PATCH tracking-requests/{id}/ may change. */
const PATCHABLE = ['client_code', 'project_id', 'contractual_eta_pod', 'contractual_eta_dlv'] as const;

/** The statuses a caller may ask for with transition/. */
const TRANSITION_TARGETS = ['pending_archiving', 'pending_cancelling'] as const;
export type TransitionTarget = (typeof TRANSITION_TARGETS)[number];

/** Id, status, client code and project of a request of the company; 404 for another company's or an unknown id. */
export async function findOwnRequest(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db
    .selectFrom('tracking_requests')
    .select(['id', 'status', 'client_code', 'project_id'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Creates one request (spec section 5: every problem at once, duplicates, the company cap under a lock of the
 * company row) and asks the engine to poll it at once. Returns its id; 400 with the problems otherwise.
 */
export async function createRequest(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  input: RequestInput,
): Promise<number> {
  // Without a carrier, the one its number names (after the company's overrides); none or several: say so.
  const detected = await withDetectedCarrier(db, companyId, input);
  const refs = await loadRefs(db, companyId);
  const checked = checkNewRequest(detected.body, refs);
  if (!checked.ok) {
    if (detected.carrierError) checked.errors.carrier_id = [detected.carrierError];
    throw badRequest(checked.errors);
  }
  const value = checked.value;
  const id = await db.transaction().execute(async (trx) => {
    await lockCompanyForAdding(trx, companyId, 1);
    const existing = (await existingRequests(trx, companyId, [value])).get(keyOf(value));
    if (existing !== undefined)
      throw badRequest({ code_value: [TR_MESSAGES.duplicate(existing, value.code_type)] });
    const [newId] = await insertRequests(trx, companyId, userId, [value]);
    return newId;
  });
  await enqueueTrackingRequest(db, id);
  return id;
}

const notEditable = (status: TrackingRequestStatus) =>
  `This field cannot be changed while the request is ${STATUS_LABELS[status].toLowerCase()}.`;

/**
 * Applies the PATCH-able fields of `body` to request `id` of the company (checked first, all or nothing) and
 * keeps the shipments' copies of the project and the client code in step.
 */
export async function changeRequest(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  body: Record<string, unknown>,
): Promise<void> {
  const current = await findOwnRequest(db, companyId, id);
  const problems = new ErrorCollector();
  const keys = Object.keys(body);
  for (const key of keys) {
    if (!(PATCHABLE as readonly string[]).includes(key)) problems.add(key, MESSAGES.cannotChange);
  }
  if (keys.length === 0) problems.add('non_field_errors', 'Send the field to change.');
  problems.throwIfAny();
  if (!(EDITABLE_STATUSES as readonly string[]).includes(current.status)) {
    const msg = notEditable(current.status);
    throw badRequest(Object.fromEntries(keys.map((k) => [k, [msg]])));
  }
  const errs: Record<string, string[]> = {};
  const changes: {
    client_code?: string;
    project_id?: number | null;
    contractual_eta_pod?: string | null;
    contractual_eta_dlv?: string | null;
  } = {};
  if ('client_code' in body) {
    const v = body.client_code;
    if (v === null || v === undefined) changes.client_code = '';
    else if (typeof v !== 'string') errs.client_code = [TR_MESSAGES.notString];
    else if (v.trim().length > CLIENT_CODE_MAX) errs.client_code = [TR_MESSAGES.tooLong(CLIENT_CODE_MAX)];
    else changes.client_code = v.trim();
  }
  if ('project_id' in body) {
    const refs = await loadRefs(db, companyId);
    changes.project_id = checkProject(body.project_id, refs, errs);
  }
  for (const f of ['contractual_eta_pod', 'contractual_eta_dlv'] as const) {
    if (f in body) changes[f] = checkDate(f, body[f], errs);
  }
  if (Object.keys(errs).length) throw badRequest(errs);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('tracking_requests')
      .set({ ...changes, modified_at: sql`now()` })
      .where('id', '=', current.id)
      .execute();
    if ('project_id' in changes && changes.project_id !== current.project_id) {
      await trx
        .updateTable('shipments')
        .set({ project_id: changes.project_id })
        .where('tracking_request_id', '=', current.id)
        .execute();
    }
    if (changes.client_code !== undefined && changes.client_code !== current.client_code) {
      // Shipments that still carry the request's client code follow it; edited ones keep theirs.
      await trx
        .updateTable('shipments')
        .set({ client_code: changes.client_code })
        .where('tracking_request_id', '=', current.id)
        .where('client_code', '=', current.client_code)
        .execute();
    }
  });
}

/**
 * Asks for archiving or cancelling (spec section 4): only from new or ongoing, and only when the request is
 * archivable / cancellable; the engine then does it. `target` is the raw body value (checked here).
 */
export async function transitionRequest(
  db: Kysely<Database>,
  id: number,
  target: unknown,
): Promise<TransitionTarget> {
  if (target === undefined || target === null || target === '')
    throw badRequest({ status: [MESSAGES.required] });
  if (!(TRANSITION_TARGETS as readonly unknown[]).includes(target)) {
    throw badRequest({ status: [`"${valueText(target)}" is not a valid choice.`] });
  }
  const wanted = target as TransitionTarget;
  const status = await db.transaction().execute(async (trx) => {
    // Lock the request so the engine and another click see one state.
    const row = await trx
      .selectFrom('tracking_requests')
      .select(['id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const verb = wanted === 'pending_archiving' ? 'archived' : 'cancelled';
    if (!(TRANSITION_FROM as readonly string[]).includes(row.status)) {
      throw badRequest({
        status: [`A request that is ${STATUS_LABELS[row.status].toLowerCase()} cannot be ${verb}.`],
      });
    }
    const lifecycles = (
      await trx
        .selectFrom('shipments')
        .select('lifecycle_status')
        .where('tracking_request_id', '=', id)
        .execute()
    ).map((s) => s.lifecycle_status);
    const input = { status: row.status, shipmentLifecycles: lifecycles };
    if (wanted === 'pending_archiving' && !isArchivable(input)) {
      throw badRequest({
        status: ['This request cannot be archived yet: some of its shipments are still being tracked.'],
      });
    }
    if (wanted === 'pending_cancelling' && !isCancellable(input)) {
      throw badRequest({
        status: ['This request cannot be cancelled: all its shipments have finished; archive it instead.'],
      });
    }
    await trx
      .updateTable('tracking_requests')
      .set({ status: wanted, modified_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    return wanted;
  });
  await enqueueTrackingRequest(db, id);
  return status;
}

/**
 * Retries an invalid request: back to new (taking a place under the company cap again) and polled at once.
 * Returns its status afterwards.
 */
export async function retryRequest(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<TrackingRequestStatus> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('tracking_requests')
      .select(['status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status !== 'invalid') {
      throw badRequest({
        status: [
          `Only an invalid request can be retried; this one is ${STATUS_LABELS[row.status].toLowerCase()}.`,
        ],
      });
    }
    await lockCompanyForAdding(trx, companyId, 1);
    if (!(await resetForRetry(trx, id))) {
      throw badRequest({ status: ['Only an invalid request can be retried.'] });
    }
  });
  await enqueueTrackingRequest(db, id);
  return (await findOwnRequest(db, companyId, id)).status;
}

/** The shipments of request `requestId` of the company: their count and a page of shipment objects by id. */
export function requestShipments(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  requestId: number,
  excludeHidden: boolean,
) {
  return {
    count: async (): Promise<number> => {
      let base = db
        .selectFrom('shipments')
        .where('company_id', '=', companyId)
        .where('tracking_request_id', '=', requestId);
      if (excludeHidden) base = base.where('hidden', '=', false);
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    page: async (limit: number, offset: number) => {
      let q = selectShipments(db, companyId, thresholds).where(
        'shipments.tracking_request_id',
        '=',
        requestId,
      );
      if (excludeHidden) q = q.where('shipments.hidden', '=', false);
      const rows = await q.orderBy('shipments.id').limit(limit).offset(offset).execute();
      return serializeShipments(db, rows);
    },
  };
}
