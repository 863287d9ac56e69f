// Shipment health per user (spec section 3), as SQL: 'alerted' (Attention required), 'delayed' (Later than
// expected) or 'ontrack' (On track), from the caller's own thresholds, so lists, counts and filters agree.
//
// - alerted: a visible (not hidden) alert event of the shipment has one of the user's
//   attention_required_event_codes (shipments.alert_codes, kept by a trigger on alert_events), or a max-days
//   threshold is passed: days_in_tsp > max_days_in_tsp, days_in_tsp_planned_initial >
//   max_days_in_tsp_planned_initial, … (each threshold against the shipment column of the same name without
//   `max_`), discrepancy_eta_at_pod > max_days_eta_pod_discrepancy and discrepancy_eta_at_dlv >
//   max_days_eta_dlv_discrepancy. Null thresholds (and null values) are ignored. Also when the POD
//   time-of-arrival warning's risk reaches the user's pod_timeofarrival_warning_risk (Low = 1: low or high risk;
//   High = 2: high risk only; shipments.pod_warning_risk, kept by a trigger, migration 0018), as the e-mail
//   digest does with its email_ version.
// - delayed: the ETA at POD (the actual arrival once known) is off the INITIAL plan
//   (pod_vessel_arrival_planned_initial) by more than days_of_delay days late, or more than |days_in_advance|
//   days early (shipments.eta_delta_days, a generated column). The initial plan is what was promised when the
//   shipment was booked, so a slip stays visible after the carrier re-plans.
// - otherwise ontrack. alerted wins over delayed.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { HEALTH_VALUES, type ShipmentHealth } from '@portal/shared-api/domain';
import type { Database } from '../db/types';

export { HEALTH_VALUES };
export type Health = ShipmentHealth;

/** Each max-days threshold of the profile and the shipment column it is compared with. */
const MAX_DAYS_COLUMNS = {
  max_days_in_tsp: 'days_in_tsp',
  max_days_in_tsp_planned_initial: 'days_in_tsp_planned_initial',
  max_days_in_tsp_planned_last: 'days_in_tsp_planned_last',
  max_days_in_pol_planned_initial: 'days_in_pol_planned_initial',
  max_days_in_pol_planned_last: 'days_in_pol_planned_last',
  max_days_in_pod_planned_initial: 'days_in_pod_planned_initial',
  max_days_in_pod_planned_last: 'days_in_pod_planned_last',
  max_days_eta_pod_discrepancy: 'discrepancy_eta_at_pod',
  max_days_eta_dlv_discrepancy: 'discrepancy_eta_at_dlv',
} as const;
type MaxDaysThreshold = keyof typeof MAX_DAYS_COLUMNS;
/** The max-days thresholds, in a fixed order. */
export const MAX_DAYS_THRESHOLDS = Object.keys(MAX_DAYS_COLUMNS) as MaxDaysThreshold[];

/** The thresholds health depends on (the fields of the user profile). */
export interface HealthThresholds {
  days_of_delay: number;
  /** Negative (stored so). */
  days_in_advance: number;
  attention_required_event_codes: number[];
  max_days: Partial<Record<MaxDaysThreshold, number | null>>;
  /** pod_timeofarrival_warning_risk: a warning risk at or above it needs attention (null: not used). */
  pod_warning_risk?: number | null;
}

/** Defaults of spec section 5: 1 day of delay, 1 day in advance, no codes, no max-days thresholds. */
export const DEFAULT_THRESHOLDS: HealthThresholds = {
  days_of_delay: 1,
  days_in_advance: -1,
  attention_required_event_codes: [],
  max_days: {},
  pod_warning_risk: null,
};

type ProfileLike = {
  days_of_delay: number;
  days_in_advance: number;
  attention_required_event_codes: unknown;
  pod_timeofarrival_warning_risk?: number | null;
} & Partial<Record<MaxDaysThreshold, number | null>>;

/** The health thresholds of a user profile row. */
export function thresholdsOf(profile: ProfileLike): HealthThresholds {
  const codes = Array.isArray(profile.attention_required_event_codes)
    ? profile.attention_required_event_codes.filter((c): c is number => Number.isInteger(c))
    : [];
  const max_days: HealthThresholds['max_days'] = {};
  for (const key of Object.keys(MAX_DAYS_COLUMNS) as MaxDaysThreshold[]) {
    const value = profile[key];
    if (typeof value === 'number' && Number.isFinite(value)) max_days[key] = value;
  }
  const risk = profile.pod_timeofarrival_warning_risk;
  return {
    days_of_delay: profile.days_of_delay,
    days_in_advance: profile.days_in_advance,
    attention_required_event_codes: codes,
    max_days,
    pod_warning_risk: typeof risk === 'number' && Number.isInteger(risk) ? risk : null,
  };
}

/** The thresholds of user `userId` (defaults when the user has no profile). */
export async function loadThresholds(db: Kysely<Database>, userId: number): Promise<HealthThresholds> {
  const profile = await db
    .selectFrom('user_profiles')
    .select([
      'days_of_delay',
      'days_in_advance',
      'attention_required_event_codes',
      'pod_timeofarrival_warning_risk',
      ...(Object.keys(MAX_DAYS_COLUMNS) as MaxDaysThreshold[]),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  return profile ? thresholdsOf(profile) : DEFAULT_THRESHOLDS;
}

/** An integer as an SQL literal (thresholds are integers; anything else is a programming error). */
function int(value: number): RawBuilder<number> {
  if (!Number.isInteger(value)) throw new Error(`health threshold is not an integer: ${value}`);
  return sql.lit(value);
}

/** Where the health inputs are read: the shipments table (under an alias) or the per-company counts. */
export interface HealthSource {
  alias: string;
  /** Column compared with days_of_delay (x > t). */
  etaLate: string;
  /** Column compared with days_in_advance (x < t). */
  etaEarly: string;
  /** Put before every column's name (the log of changes keeps each side's under `o_` / `n_`: migration 0045). */
  prefix?: string;
}

/**
 * The table shipment_health_counts (migrations 0005, 0018): the same inputs as integers (ceil; floor for the early
 * side), so the same conditions give the same answers per group of shipments.
 */
export const HEALTH_COUNTS_SOURCE: HealthSource = {
  alias: 'shipment_health_counts',
  etaLate: 'eta_delta_ceil',
  etaEarly: 'eta_delta_floor',
};

type SourceArg = string | HealthSource;
const sourceOf = (s: SourceArg): HealthSource =>
  typeof s === 'string' ? { alias: s, etaLate: 'eta_delta_days', etaEarly: 'eta_delta_days' } : s;

/** `table.column`, for the shipments table under `alias`. */
const col = (source: SourceArg, column: string) => {
  const { alias, prefix = '' } = sourceOf(source);
  return sql.ref(`${alias}.${prefix}${column}`);
};

/** True when the shipment needs attention for these thresholds (never null). */
export function alertedCondition(t: HealthThresholds, alias: SourceArg = 'shipments'): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  const codes = [...new Set(t.attention_required_event_codes.filter((c) => Number.isInteger(c)))];
  if (codes.length > 0) {
    parts.push(sql`${col(alias, 'alert_codes')} && ARRAY[${sql.join(codes.map(int))}]::integer[]`);
  }
  for (const [threshold, column] of Object.entries(MAX_DAYS_COLUMNS) as [MaxDaysThreshold, string][]) {
    const limit = t.max_days[threshold];
    if (typeof limit === 'number') parts.push(sql`${col(alias, column)} > ${int(limit)}`);
  }
  if (typeof t.pod_warning_risk === 'number') {
    parts.push(sql`${col(alias, 'pod_warning_risk')} >= ${int(t.pod_warning_risk)}`);
  }
  if (parts.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`coalesce(${sql.join(parts, sql` OR `)}, false)`;
}

/** True when the ETA at POD is off the initial plan beyond the thresholds (never null). */
export function delayedCondition(t: HealthThresholds, alias: SourceArg = 'shipments'): RawBuilder<SqlBool> {
  const source = sourceOf(alias);
  const late = col(source, source.etaLate);
  const early = col(source, source.etaEarly);
  return sql<SqlBool>`coalesce(${late} > ${int(t.days_of_delay)} OR ${early} < ${int(t.days_in_advance)}, false)`;
}

/** The health of each shipment row as an SQL expression ('alerted' | 'delayed' | 'ontrack'). */
export function healthExpression(t: HealthThresholds, alias: SourceArg = 'shipments'): RawBuilder<Health> {
  return sql<Health>`(CASE WHEN ${alertedCondition(t, alias)} THEN 'alerted' WHEN ${delayedCondition(
    t,
    alias,
  )} THEN 'delayed' ELSE 'ontrack' END)`;
}

/**
 * What delayedCondition implies whenever the thresholds are at least a day (the profile's minimum): more than a
 * day off plan. Stated beside it, it lets PostgreSQL read the partial indexes of off-plan shipments (migration
 * 0042) instead of every shipment of the range. Null when the thresholds are below a day (no such implication).
 */
function offPlanCondition(t: HealthThresholds, alias: SourceArg): RawBuilder<SqlBool> | null {
  if (t.days_of_delay < 1 || t.days_in_advance > -1) return null;
  const source = sourceOf(alias);
  return sql<SqlBool>`(${col(source, source.etaLate)} > 1 OR ${col(source, source.etaEarly)} < -1)`;
}

/** One health value as a condition (mutually exclusive, as healthExpression). */
export function healthIs(
  t: HealthThresholds,
  value: Health,
  alias: SourceArg = 'shipments',
): RawBuilder<SqlBool> {
  const alerted = alertedCondition(t, alias);
  const delayed = delayedCondition(t, alias);
  if (value === 'alerted') return alerted;
  if (value === 'delayed') {
    const offPlan = offPlanCondition(t, alias);
    return offPlan
      ? sql<SqlBool>`(NOT ${alerted} AND ${delayed} AND ${offPlan})`
      : sql<SqlBool>`(NOT ${alerted} AND ${delayed})`;
  }
  return sql<SqlBool>`(NOT ${alerted} AND NOT ${delayed})`;
}

/** A WHERE condition: the shipment's health is one of `values` (all values or none: no restriction). */
export function healthFilter(
  t: HealthThresholds,
  values: readonly Health[],
  alias: SourceArg = 'shipments',
): Expression<SqlBool> {
  const wanted = HEALTH_VALUES.filter((h) => values.includes(h));
  if (wanted.length === 0 || wanted.length === HEALTH_VALUES.length) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    wanted.map((h) => healthIs(t, h, alias)),
    sql` OR `,
  )})`;
}

export type HealthCounts = Record<Health, number>;

/**
 * Health counts of the shipments of each tracking request in `requestIds` (hidden shipments excluded unless
 * `includeHidden`), for the `shipments_health` of tracking requests. Requests without shipments are absent.
 */
export async function healthCountsByRequest(
  db: Kysely<Database>,
  t: HealthThresholds,
  companyId: number,
  requestIds: readonly number[],
  options: { includeHidden?: boolean } = {},
): Promise<Map<number, HealthCounts>> {
  const out = new Map<number, HealthCounts>();
  if (requestIds.length === 0) return out;
  let query = db
    .selectFrom('shipments')
    .select([
      'tracking_request_id',
      healthExpression(t).as('health'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ])
    .where('company_id', '=', companyId)
    .where('tracking_request_id', 'in', [...requestIds])
    .groupBy(['tracking_request_id', sql`2`]);
  if (!options.includeHidden) query = query.where('hidden', '=', false);
  for (const row of await query.execute()) {
    const counts = out.get(row.tracking_request_id) ?? { ontrack: 0, delayed: 0, alerted: 0 };
    counts[row.health] = Number(row.n);
    out.set(row.tracking_request_id, counts);
  }
  return out;
}

/**
 * Health counts of all the company's shipments (visible ones only unless `includeHidden`), from the table
 * shipment_health_counts: constant time whatever the number of shipments, and equal to counting the
 * shipments with healthIs (the same conditions on the same values, as integers).
 */
export async function companyHealthCounts(
  db: Kysely<Database>,
  t: HealthThresholds,
  companyId: number,
  options: { includeHidden?: boolean } = {},
): Promise<HealthCounts & { total: number }> {
  const src = HEALTH_COUNTS_SOURCE;
  const { rows } = await sql<{ alerted: string | null; delayed: string | null; total: string | null }>`
    SELECT sum(n) FILTER (WHERE ${healthIs(t, 'alerted', src)}) AS alerted,
           sum(n) FILTER (WHERE ${healthIs(t, 'delayed', src)}) AS delayed,
           sum(n) AS total
    FROM shipment_health_counts
    WHERE company_id = ${companyId}${options.includeHidden ? sql`` : sql` AND NOT hidden`}`.execute(db);
  const alerted = Number(rows[0]?.alerted ?? 0);
  const delayed = Number(rows[0]?.delayed ?? 0);
  const total = Number(rows[0]?.total ?? 0);
  return { alerted, delayed, ontrack: total - alerted - delayed, total };
}

/**
 * The visible shipments of the company created at or after `since`, and when the oldest of them was created (at
 * the latest): the whole UTC days after since's from shipment_day_counts (migration 0041), since's own day from
 * the shipments themselves (at most a day of creations, on the (company_id, created_at) index). When since's own
 * day has none, the oldest is the start of the next day that has some: no later than the real oldest, so the
 * count it keeps is recomputed in time, and without a second read of shipments, whose planning (it has some
 * forty indexes) cost more than its execution (dashboard counts 1.1–2.1 → 0.4–0.5 ms of planning).
 */
function createdSince(companyId: number, since: Date) {
  const day = since.toISOString().slice(0, 10);
  const laterDays = sql`shipment_day_counts WHERE company_id = ${companyId} AND kind = 'c' AND day > ${day}::date`;
  return sql`SELECT first.n + (SELECT coalesce(sum(n), 0) FROM ${laterDays}) AS created,
    coalesce(first.oldest, (SELECT min(day) FROM ${laterDays} AND n > 0)::timestamp AT TIME ZONE 'UTC') AS oldest
    FROM (SELECT count(*) AS n, min(created_at) AS oldest FROM shipments
      WHERE shipments.company_id = ${companyId} AND NOT shipments.hidden AND shipments.created_at >= ${since}
        AND shipments.created_at < ((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')) first`;
}

/**
 * The health counts of the company's visible shipments: from the caller's health profile's groups when one is
 * given (a few hundred a carrier, whatever the number of shipments; no row when it is not ready), else from
 * shipment_health_counts (one group per combination of health inputs: 10,000 on a million shipments, and more
 * with more).
 */
function visibleHealthCounts(t: HealthThresholds, companyId: number, profile: number | null) {
  if (profile !== null) {
    return sql`SELECT sum(n) FILTER (WHERE health = 'alerted') AS alerted,
                      sum(n) FILTER (WHERE health = 'delayed') AS delayed,
                      coalesce(sum(n), 0) AS total
      FROM health_profile_counts WHERE profile_id = ${profile} AND NOT hidden
      HAVING EXISTS (SELECT 1 FROM health_profiles WHERE id = ${profile} AND ready)`;
  }
  const src = HEALTH_COUNTS_SOURCE;
  return sql`SELECT sum(n) FILTER (WHERE ${healthIs(t, 'alerted', src)}) AS alerted,
                    sum(n) FILTER (WHERE ${healthIs(t, 'delayed', src)}) AS delayed,
                    sum(n) AS total
    FROM shipment_health_counts WHERE company_id = ${companyId} AND NOT hidden`;
}

/**
 * The dashboard counts in one query (one round trip): the health counts of the visible shipments (from the
 * caller's ready health profile `profile`, else shipment_health_counts) and the visible shipments created since
 * `since`, with when the oldest of those was created, at the latest (the count drops when it leaves the window).
 * It stays unnamed: a generic plan reads the health groups of a company by index, whatever their number (3 → 9 ms
 * on a million shipments).
 */
export async function dashboardCounts(
  db: Kysely<Database>,
  t: HealthThresholds,
  companyId: number,
  since: Date,
  profile: number | null = null,
): Promise<HealthCounts & { total: number; created: number; oldestCreated: Date | null }> {
  const { rows } = await sql<{
    alerted: string | null;
    delayed: string | null;
    total: string | null;
    created: string;
    oldest: Date | null;
  }>`
    SELECT h.alerted, h.delayed, h.total, w.created, w.oldest
    FROM (${visibleHealthCounts(t, companyId, profile)}) h,
         (${createdSince(companyId, since)}) w`.execute(db);
  // No row: the profile is not ready after all (dropped meanwhile), so the groups of every threshold answer.
  if (rows.length === 0 && profile !== null) return dashboardCounts(db, t, companyId, since);
  const alerted = Number(rows[0]?.alerted ?? 0);
  const delayed = Number(rows[0]?.delayed ?? 0);
  const total = Number(rows[0]?.total ?? 0);
  return {
    alerted,
    delayed,
    ontrack: total - alerted - delayed,
    total,
    created: Number(rows[0]?.created ?? 0),
    oldestCreated: rows[0]?.oldest ?? null,
  };
}
