// The free-time properties of a shipment object (list columns and detail): the stored snapshot
// (shipment_free_time) read as of today (tracking/free-time/view.ts), so days left, state and cost move with the
// calendar. The running clock's last
// free day comes from shipments.free_time_lfd, the column the list filters and sorts by, so what a row shows
// always agrees with the filter that found it.
import { Type, type TSchema } from '@sinclair/typebox';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import {
  FREE_TIME_CLOCK_STATES,
  FREE_TIME_DAY_COUNTS,
  FREE_TIME_LFD_SOURCES,
  FREE_TIME_MODES,
} from '@portal/shared-api/domain';
import { diffDays } from '../../tracking/free-time/dates';
import { freeTimeView, type FreeTimeView } from '../../tracking/free-time/view';

/** A PostgreSQL date as the driver gives it (a Date at local midnight) or as text, as 'YYYY-MM-DD'. */
function dateOnly(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** What the row needs: the stored snapshot and the running clock's last free day. */
export interface FreeTimeRow {
  free_time?: unknown;
  free_time_lfd?: Date | string | null;
}

/** The free-time keys of a shipment object: a list whose `fields` names none of them skips the snapshot. */
export const FREE_TIME_KEYS = [
  'free_time_lfd',
  'free_time_days_left',
  'free_time_state',
  'demurrage_lfd',
  'detention_lfd',
  'demurrage_cost',
  'detention_cost',
  'free_time_currency',
  'free_time',
] as const;

/**
 * The stored snapshot of the row of a select on `shipments` (null: no clocks), as a column: read with the rows,
 * one round trip instead of two. The company is checked again on the side table's own column.
 */
export const storedFreeTimeColumn = () =>
  sql<unknown>`(SELECT f.free_time FROM shipment_free_time f
    WHERE f.shipment_id = shipments.id AND f.company_id = shipments.company_id)`;

/** The flat free-time columns of a shipment object (null where there is no clock). */
export interface FreeTimeColumns {
  free_time_lfd: string | null;
  free_time_days_left: number | null;
  free_time_state: FreeTimeView['state'] | null;
  demurrage_lfd: string | null;
  detention_lfd: string | null;
  demurrage_cost: number | null;
  detention_cost: number | null;
  free_time_currency: string | null;
}

/** The columns and the whole view of a row as of `today` ('YYYY-MM-DD'). */
export function freeTimeOf(
  row: FreeTimeRow,
  today: string,
): { columns: FreeTimeColumns; view: FreeTimeView | null } {
  const view = freeTimeView(row.free_time ?? null, today);
  const lfd = dateOnly(row.free_time_lfd);
  const columns: FreeTimeColumns = {
    free_time_lfd: lfd,
    free_time_days_left: lfd === null ? null : diffDays(today, lfd),
    free_time_state: view?.state ?? null,
    demurrage_lfd: view?.demurrage.lfd ?? null,
    detention_lfd: view?.detention?.lfd ?? null,
    // a clock that has not started has no cost yet: null, so the list shows nothing rather than 0,00 €
    demurrage_cost: view && view.demurrage.state !== 'not_started' ? view.demurrage.cost : null,
    detention_cost: view?.detention && view.detention.state !== 'not_started' ? view.detention.cost : null,
    free_time_currency: view?.currency ?? null,
  };
  return { columns, view };
}

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const day = (description: string) => nullable(Type.String({ format: 'date', description }));

const ClockViewSchema = Type.Object(
  {
    lfd: day('Last free day (YYYY-MM-DD, UTC); estimated from planned dates while not started'),
    lfd_source: nullable(
      Type.String({ enum: [...FREE_TIME_LFD_SOURCES], description: 'carrier: sent by the carrier' }),
    ),
    estimated: Type.Boolean({ description: 'The last free day comes from planned dates (not started)' }),
    started_on: day('First day of the clock (its starting event)'),
    stopped_on: day('The day it stopped (gate-out, delivery or empty return)'),
    free_days: nullable(Type.Integer({ minimum: 0 })),
    days_left: nullable(Type.Integer({ description: 'Calendar days from today to lfd; negative when over' })),
    state: Type.String({ enum: [...FREE_TIME_CLOCK_STATES] }),
    cost: Type.Number({ description: 'Accrued until today (or the stop), in currency' }),
    projected_cost: Type.Number({ description: 'If nothing moves until the estimated stop' }),
    estimated_stop: day('When it is expected to stop (planned dates)'),
  },
  { title: 'FreeTimeClock' },
);

const FreeTimeViewSchema = Type.Object(
  {
    mode: Type.String({ enum: [...FREE_TIME_MODES] }),
    currency: nullable(Type.String({ description: 'ISO 4217; null when no rule applies' })),
    day_count: Type.String({ enum: [...FREE_TIME_DAY_COUNTS] }),
    rule_id: nullable(
      Type.Integer({ description: 'The free-time rule applied (null: none, or carrier dates only)' }),
    ),
    demurrage: ClockViewSchema,
    detention: nullable(ClockViewSchema),
    days_left: nullable(Type.Integer({ description: 'Of the clock running now' })),
    state: Type.String({
      enum: [...FREE_TIME_CLOCK_STATES],
      description: 'over > running > not_started > closed',
    }),
  },
  {
    title: 'FreeTime',
    description: 'Demurrage and detention as of today. Combined mode: one clock (demurrage).',
  },
);

/** The free-time properties of the shipment schema. */
export const FREE_TIME_PROPERTIES = {
  free_time_lfd: day('Last free day of the clock running now (null when none runs); ordering=free_time_lfd'),
  free_time_days_left: nullable(
    Type.Integer({ description: 'Days from today to free_time_lfd; negative when over' }),
  ),
  free_time_state: nullable(
    Type.String({ enum: [...FREE_TIME_CLOCK_STATES], description: 'Most pressing clock' }),
  ),
  demurrage_lfd: day('Demurrage (or combined) last free day'),
  detention_lfd: day('Detention last free day'),
  demurrage_cost: nullable(
    Type.Number({
      description: 'Demurrage accrued until today, in free_time_currency; null before the clock starts',
    }),
  ),
  detention_cost: nullable(
    Type.Number({
      description: 'Detention accrued until today, in free_time_currency; null before the clock starts',
    }),
  ),
  free_time_currency: nullable(Type.String({ description: "The rule's currency (ISO 4217)" })),
  free_time: Type.Optional(
    Type.Union([FreeTimeViewSchema, Type.Null()], {
      description: 'Both clocks as of today; on the detail, and on list rows when fields names it',
    }),
  ),
};

/** The rule a container's free time follows, as the detail's card names it (its scope; null = any). */
export interface FreeTimeRuleSummary {
  id: number;
  carrier: string | null;
  pod_locode: string | null;
  container_type: string | null;
}

export const FreeTimeRuleSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    carrier: nullable(Type.String({ description: "The carrier's short name; null: any carrier" })),
    pod_locode: nullable(Type.String({ description: 'null: any port of discharge' })),
    container_type: nullable(Type.String({ description: 'Size/type group (20DV, 40HC…); null: any' })),
  },
  { title: 'FreeTimeRuleSummary' },
);

/** The scope of rule `ruleId` of the company (null when there is none, or it was deleted meanwhile). */
export async function freeTimeRuleSummary(
  db: Kysely<Database>,
  companyId: number,
  ruleId: number | null | undefined,
): Promise<FreeTimeRuleSummary | null> {
  if (ruleId === null || ruleId === undefined) return null;
  const row = await db
    .selectFrom('free_time_rules as r')
    .leftJoin('carriers as c', 'c.id', 'r.carrier_id')
    .select(['r.id', 'r.pod_locode', 'r.container_type', 'r.carrier_id', 'c.short_name', 'c.official_name'])
    .where('r.id', '=', ruleId)
    .where('r.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return null;
  const carrier = row.carrier_id === null ? null : row.short_name || row.official_name || null;
  return { id: row.id, carrier, pod_locode: row.pod_locode, container_type: row.container_type };
}
