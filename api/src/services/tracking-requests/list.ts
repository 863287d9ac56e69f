// Reading tracking requests for the API: the base query (company-scoped, with carrier and project),
// the list filters and ordering, one page of the list, and the answer objects with counts, health and flags.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { TRACKING_REQUEST_ORDERING_FIELDS, type TrackingRequestStatus } from '@portal/shared-api/domain';
import type { Database, TrackingWarning } from '../../db/types';
import { ApiError, badRequest, ErrorCollector, type FieldErrors } from '../../lib/errors';
import {
  HEALTH_VALUES,
  healthCountsByRequest,
  healthFilter,
  type Health,
  type HealthThresholds,
} from '../health';
import { CODE_TYPE_IDS, codeTypeName, STATUS_LABELS, STATUSES, type CodeType } from './rules';
import { trackingRequestFlags } from '../../tracking/engine/lifecycle';
import {
  choiceParam,
  idListParam,
  isDateOnly,
  lastParam,
  likePattern,
  parseOrdering,
  columnRefs,
  parseQueryDate,
  QUERY_MESSAGES,
} from '../../lib/query-params';

/** The requests of a company, joined with carrier and project. */
export function selectRequests(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('tracking_requests as tr')
    .innerJoin('carriers as c', 'c.id', 'tr.carrier_id')
    .leftJoin('projects as p', 'p.id', 'tr.project_id')
    .where('tr.company_id', '=', companyId);
}
type Base = ReturnType<typeof selectRequests>;

/** Selects the columns serializeRequests needs. */
export function withColumns(q: Base) {
  return q.select([
    'tr.id',
    'tr.carrier_id',
    'c.official_name as carrier',
    'c.short_name as carrier_short_name',
    'c.scac as carrier_scac',
    'tr.project_id',
    'p.name as project',
    'tr.code_type',
    'tr.code_value',
    'tr.client_code',
    sql<string | null>`to_char(tr.contractual_eta_pod, 'YYYY-MM-DD')`.as('contractual_eta_pod'),
    sql<string | null>`to_char(tr.contractual_eta_dlv, 'YYYY-MM-DD')`.as('contractual_eta_dlv'),
    'tr.status',
    'tr.booking_bl_required_container',
    'tr.container_filter',
    'tr.warnings',
    'tr.last_update',
    'tr.created_at',
    'tr.modified_at',
  ]);
}

export interface RequestRow {
  id: number;
  carrier_id: number;
  carrier: string;
  carrier_short_name: string;
  carrier_scac: string;
  project_id: number | null;
  project: string | null;
  code_type: CodeType;
  code_value: string;
  client_code: string;
  contractual_eta_pod: string | null;
  contractual_eta_dlv: string | null;
  status: TrackingRequestStatus;
  booking_bl_required_container: boolean;
  container_filter: string[];
  warnings: TrackingWarning[];
  last_update: Date | null;
  created_at: Date;
  modified_at: Date;
}

/** The answer objects of `rows` (same order), with shipments, health for `thresholds` and flags. */
export async function serializeRequests(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  rows: RequestRow[],
) {
  const ids = rows.map((r) => r.id);
  const [shipments, health, flags, alerts] = await Promise.all([
    ids.length
      ? db
          .selectFrom('shipments')
          .select(['id', 'tracking_request_id'])
          .where('company_id', '=', companyId)
          .where('tracking_request_id', 'in', ids)
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    healthCountsByRequest(db, thresholds, companyId, ids),
    trackingRequestFlags(db, ids),
    ids.length
      ? db
          .selectFrom('alert_events as a')
          .innerJoin('shipments as s', 's.id', 'a.shipment_id')
          .select(['s.tracking_request_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where('s.company_id', '=', companyId)
          .where('s.tracking_request_id', 'in', ids)
          .where('a.hidden', '=', false)
          .groupBy('s.tracking_request_id')
          .execute()
      : Promise.resolve([]),
  ]);
  const shipmentIds = new Map<number, number[]>();
  for (const s of shipments) {
    const list = shipmentIds.get(s.tracking_request_id) ?? [];
    list.push(Number(s.id));
    shipmentIds.set(s.tracking_request_id, list);
  }
  const alertCount = new Map(alerts.map((a) => [a.tracking_request_id, Number(a.n)]));
  return rows.map((r) => {
    const own = shipmentIds.get(r.id) ?? [];
    const flag = flags.get(r.id) ?? { archivable: false, cancellable: false };
    return {
      id: r.id,
      carrier: r.carrier,
      carrier_id: r.carrier_id,
      carrier_short_name: r.carrier_short_name,
      carrier_scac: r.carrier_scac,
      project: r.project,
      project_id: r.project_id,
      code_type: r.code_type,
      code_type_verbose: codeTypeName(r.code_type),
      code_value: r.code_value,
      client_code: r.client_code,
      contractual_eta_pod: r.contractual_eta_pod,
      contractual_eta_dlv: r.contractual_eta_dlv,
      status: r.status,
      status_verbose: STATUS_LABELS[r.status] ?? r.status,
      shipments_count: own.length,
      shipments_health: health.get(r.id) ?? { ontrack: 0, delayed: 0, alerted: 0 },
      shipments: own,
      booking_bl_required_container: r.booking_bl_required_container,
      container_filter: r.container_filter,
      archivable: flag.archivable,
      cancellable: flag.cancellable,
      warnings: Array.isArray(r.warnings) ? r.warnings : [],
      alerts: alertCount.get(r.id) ?? 0,
      last_update: r.last_update ? r.last_update.toISOString() : null,
      created_at: r.created_at.toISOString(),
      modified_at: r.modified_at.toISOString(),
    };
  });
}

/** The list's ordering fields, and project_id and carrier_id (by id rather than by name) after their names. */
const ORDERING_KEYS = TRACKING_REQUEST_ORDERING_FIELDS.flatMap((f) =>
  f === 'project' || f === 'carrier' ? [f, `${f}_id` as const] : [f],
);
type OrderingKey = (typeof ORDERING_KEYS)[number];

/** The ordering keys that are not a column of the request itself. */
const COMPUTED_ORDER: Partial<Record<OrderingKey, RawBuilder<unknown>>> = {
  project: sql`p.name`,
  carrier: sql`c.official_name`,
  shipments_count: sql`(SELECT count(*) FROM shipments s WHERE s.tracking_request_id = tr.id)`,
};
const ORDER_EXPRESSIONS: Record<OrderingKey, RawBuilder<unknown>> = {
  ...columnRefs(
    'tr',
    ORDERING_KEYS.filter((k) => !(k in COMPUTED_ORDER)),
  ),
  ...COMPUTED_ORDER,
};

/** ORDER BY of the list (nulls last either way, then id for a stable order). */
export function listOrder(raw: unknown): RawBuilder<unknown> {
  const order = parseOrdering(raw, ORDERING_KEYS, { key: 'created_at', direction: 'desc' });
  const dir = order.direction === 'desc' ? sql`DESC` : sql`ASC`;
  return sql`${ORDER_EXPRESSIONS[order.key]} ${dir} NULLS LAST, tr.id ${dir}`;
}

type Query = Record<string, unknown>;

/** A day bound (yyyy-MM-dd, or a date-time whose UTC day counts): the day's start, or the next day's for `endOfDay`. */
function dayBound(query: Query, field: string, errors: ErrorCollector, endOfDay: boolean) {
  const text = lastParam(query[field]);
  if (text === undefined) return undefined;
  const at = parseQueryDate(text);
  if (!at) {
    errors.add(field, QUERY_MESSAGES.invalidDate);
    return undefined;
  }
  const start = isDateOnly(text) ? at : new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return endOfDay ? new Date(start.getTime() + 86_400_000) : start;
}

/** The list filters of the query string as WHERE conditions (400 with every bad parameter). */
export function listConditions(query: Query, thresholds: HealthThresholds): RawBuilder<SqlBool>[] {
  const problems = new ErrorCollector();
  const where: RawBuilder<SqlBool>[] = [];
  const statuses = choiceParam(query.status, STATUSES, 'status', problems);
  if (statuses.length) where.push(sql<SqlBool>`tr.status = ANY(${statuses}::text[])`);
  const codeTypes = choiceParam(query.code_type, CODE_TYPE_IDS, 'code_type', problems);
  if (codeTypes.length) where.push(sql<SqlBool>`tr.code_type = ANY(${codeTypes}::text[])`);
  const health = choiceParam<Health>(query.shipments_health, HEALTH_VALUES, 'shipments_health', problems);
  if (health.length) {
    where.push(sql<SqlBool>`EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_request_id = tr.id
      AND s.company_id = tr.company_id AND NOT s.hidden AND ${healthFilter(thresholds, health, 's')})`);
  }
  const carriers = idListParam(query.carrier_id, 'carrier_id', problems);
  if (carriers.length) where.push(sql<SqlBool>`tr.carrier_id = ANY(${carriers}::int[])`);
  const projects = idListParam(query.project_id, 'project_id', problems);
  if (projects.length) where.push(sql<SqlBool>`tr.project_id = ANY(${projects}::int[])`);
  const bounds: [string, string, boolean][] = [
    ['last_update_after', 'last_update', false],
    ['last_update_before', 'last_update', true],
    ['created_at_after', 'created_at', false],
    ['created_at_before', 'created_at', true],
  ];
  for (const [param, column, end] of bounds) {
    const bound = dayBound(query, param, problems, end);
    if (!bound) continue;
    where.push(
      end
        ? sql<SqlBool>`${sql.ref(`tr.${column}`)} < ${bound}`
        : sql<SqlBool>`${sql.ref(`tr.${column}`)} >= ${bound}`,
    );
  }
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (search) {
    const p = likePattern(search);
    where.push(sql<SqlBool>`(tr.code_value ILIKE ${p} OR tr.client_code ILIKE ${p} OR c.official_name ILIKE ${p}
      OR c.short_name ILIKE ${p} OR c.scac ILIKE ${p} OR p.name ILIKE ${p}
      OR array_to_string(tr.container_filter, ' ') ILIKE ${p}
      OR EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_request_id = tr.id AND s.container_number ILIKE ${p}))`);
  }
  problems.throwIfAny();
  return where;
}

/** The 400 body of `fn`'s bad parameters, merged into `problems` (so every bad parameter is in one answer). */
function collect<T>(problems: FieldErrors, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode !== 400) throw err;
    Object.assign(problems, err.body);
    return undefined;
  }
}

/** The list's WHERE conditions and ORDER BY from the query string; one 400 with every bad parameter. */
export function listQuery(
  query: Query,
  thresholds: HealthThresholds,
  extra: FieldErrors = {},
): { conditions: RawBuilder<SqlBool>[]; order: RawBuilder<unknown> } {
  const problems: FieldErrors = { ...extra };
  const conditions = collect(problems, () => listConditions(query, thresholds));
  const order = collect(problems, () => listOrder(query.ordering));
  if (Object.keys(problems).length || !conditions || !order) throw badRequest(problems);
  return { conditions, order };
}

/** The filtered requests of a company (no columns yet). */
export function filteredRequests(db: Kysely<Database>, companyId: number, conditions: RawBuilder<SqlBool>[]) {
  let base = selectRequests(db, companyId);
  for (const c of conditions) base = base.where(c);
  return base;
}

/** One page of `base` in `order`, as answer objects. */
export async function requestPage(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  base: Base,
  order: RawBuilder<unknown>,
  limit: number,
  offset: number,
) {
  const rows = await withColumns(base).orderBy(order).limit(limit).offset(offset).execute();
  return serializeRequests(db, companyId, thresholds, rows);
}

/** The answer object of one request. */
export type RequestOut = Awaited<ReturnType<typeof serializeRequests>>[number];

/** One request of the caller's company as its answer object (undefined when not found). */
export async function loadRequest(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  thresholds: HealthThresholds,
) {
  const row = await withColumns(selectRequests(db, companyId)).where('tr.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await serializeRequests(db, companyId, thresholds, [row]))[0];
}
