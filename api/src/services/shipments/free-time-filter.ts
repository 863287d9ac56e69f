// The list's free-time filters: "free time ends within N days" (free_time_ends_within=N) and "over free time"
// (over_free_time=true), both on shipments.free_time_lfd, the last free day of the clock running now (null when
// none runs). Each is one range on that date, so the partial index (company_id, free_time_lfd, id) of migration
// 0033 answers it; days are UTC dates, as the clocks count them (tracking/free-time).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import { ErrorCollector } from '../../lib/errors';
import { lastParam, parseBoolean, parseInteger, QUERY_MESSAGES } from '../../lib/query-params';
import { addDays } from '../../tracking/free-time/dates';
import { todayUtc } from '../../tracking/free-time/view';

/** The longest "ends within" window (the user's warning threshold has the same bound). */
const FREE_TIME_WITHIN_MAX = 60;

/** The running clock's last free day between `from` (null: any past day) and `to`, both YYYY-MM-DD inclusive. */
export interface FreeTimeFilter {
  from: string | null;
  to: string;
}

/** The window of "ends within `days`": from today to today + days (today's last free day is still free). */
function endsWithinRange(today: string, days: number): FreeTimeFilter {
  return { from: today, to: addDays(today, days) };
}

/** "Over free time": a running clock whose last free day is before today. */
function overRange(today: string): FreeTimeFilter {
  return { from: null, to: addDays(today, -1) };
}

/**
 * The free-time filter of `query`, or undefined when it sets none. free_time_ends_within takes 0..60 days;
 * over_free_time takes a boolean (false filters nothing, as an unticked box). Both together give the
 * containers at risk: over, or ending within N days (one range: up to today + N). Bad values go to `errors`.
 */
export function parseFreeTimeFilter(
  query: Record<string, unknown>,
  now: Date,
  errors: ErrorCollector,
): FreeTimeFilter | undefined {
  const today = todayUtc(now);
  let within: number | undefined;
  const rawWithin = lastParam(query.free_time_ends_within);
  if (rawWithin !== undefined) {
    const n = parseInteger(rawWithin);
    if (n === null) errors.add('free_time_ends_within', QUERY_MESSAGES.integer);
    else if (n < 0) errors.add('free_time_ends_within', 'Ensure this value is greater than or equal to 0.');
    else if (n > FREE_TIME_WITHIN_MAX) {
      errors.add(
        'free_time_ends_within',
        `Ensure this value is less than or equal to ${FREE_TIME_WITHIN_MAX}.`,
      );
    } else within = n;
  }
  let over = false;
  const rawOver = lastParam(query.over_free_time);
  if (rawOver !== undefined) {
    const b = parseBoolean(rawOver);
    if (b === null) errors.add('over_free_time', QUERY_MESSAGES.boolean);
    else over = b;
  }
  if (within === undefined) return over ? overRange(today) : undefined;
  const range = endsWithinRange(today, within);
  return over ? { from: null, to: range.to } : range;
}

/** The filter as a condition on `shipments` (a range of free_time_lfd: the partial index's rows only). */
export function freeTimeCondition(f: FreeTimeFilter): RawBuilder<SqlBool> {
  const upper = sql<SqlBool>`shipments.free_time_lfd <= ${f.to}::date`;
  return f.from === null ? upper : sql<SqlBool>`(shipments.free_time_lfd >= ${f.from}::date AND ${upper})`;
}

/** The dashboard's free-time counts: visible containers over free time, and ending within `warningDays`. */
export interface FreeTimeCounts {
  over: number;
  ending: number;
}

/**
 * Both counts from the visible shipments per last free day (shipment_day_counts, migration 0041): each equals
 * the list's count with over_free_time=true, or free_time_ends_within=warningDays (hidden shipments left out,
 * as the list does by default).
 */
export async function freeTimeCounts(
  db: Kysely<Database>,
  companyId: number,
  today: string,
  warningDays: number,
): Promise<FreeTimeCounts> {
  const over = overRange(today);
  const ending = endsWithinRange(today, warningDays);
  const { rows } = await sql<{ over: string; ending: string }>`
    SELECT coalesce(sum(n) FILTER (WHERE day <= ${over.to}::date), 0) AS over,
           coalesce(sum(n) FILTER (WHERE day >= ${ending.from}::date), 0) AS ending
    FROM shipment_day_counts
    WHERE company_id = ${companyId} AND kind = 'f' AND day <= ${ending.to}::date`.execute(db);
  return { over: Number(rows[0]?.over ?? 0), ending: Number(rows[0]?.ending ?? 0) };
}
