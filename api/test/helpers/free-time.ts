// Shipments with free time as the engine stores it: a rule row of the company, the clocks built by the engine's
// own code (computeFreeTime) from a container's days, and what it writes (freeTimeColumns: shipments.free_time_lfd
// and the shipment_free_time row).
import type { FreeTimeTier } from '@portal/shared-api/domain';
import { sql } from 'kysely';
import type { FreeTimeRule } from '../../src/tracking/free-time/rules';
import { computeFreeTime, freeTimeColumns } from '../../src/tracking/free-time/snapshot';
import { addDays } from '../../src/tracking/free-time/dates';
import { insertShipment, type TestContext } from './app';

export type RuleInput = Partial<Omit<FreeTimeRule, 'id'>> &
  Pick<FreeTimeRule, 'mode' | 'currency'> & { company_id: number };

/** Inserts a free-time rule of the company; the answer is what the clocks read. */
export async function insertRule(ctx: TestContext, input: RuleInput): Promise<FreeTimeRule> {
  const rule: Omit<FreeTimeRule, 'id'> = {
    carrier_id: null,
    pod_locode: null,
    container_type: null,
    demurrage_free_days: null,
    detention_free_days: null,
    combined_free_days: null,
    day_count: 'calendar',
    demurrage_start: 'event_day',
    demurrage_stop: 'gate_out',
    detention_start: 'event_day',
    demurrage_tiers: [],
    detention_tiers: [],
    combined_tiers: [],
    ...input,
  };
  const { company_id: companyId } = input;
  const json = (tiers: FreeTimeTier[]) => JSON.stringify(tiers);
  const { rows } = await sql<{ id: number }>`INSERT INTO free_time_rules (company_id, carrier_id, pod_locode,
      container_type, mode, demurrage_free_days, detention_free_days, combined_free_days, day_count,
      demurrage_start, demurrage_stop, detention_start, demurrage_tiers, detention_tiers, combined_tiers, currency)
    VALUES (${companyId}, ${rule.carrier_id}, ${rule.pod_locode}, ${rule.container_type}, ${rule.mode},
      ${rule.demurrage_free_days}, ${rule.detention_free_days}, ${rule.combined_free_days}, ${rule.day_count},
      ${rule.demurrage_start}, ${rule.demurrage_stop}, ${rule.detention_start}, ${json(rule.demurrage_tiers)}::jsonb,
      ${json(rule.detention_tiers)}::jsonb, ${json(rule.combined_tiers)}::jsonb, ${rule.currency})
    RETURNING id`.execute(ctx.handle.db);
  return { ...rule, id: rows[0].id };
}

export interface FreeTimeShipment {
  company_id: number;
  tracking_request_id: number;
  container_number: string;
  carrier_id: number;
  pod_loc_id: number;
  pod_locode: string;
  rule: FreeTimeRule | null;
  /** Days from today (negative: past) of what happened; null: not yet. */
  discharge: number | null;
  gateOut?: number | null;
  emptyReturn?: number | null;
  /** A last free day the carrier sent, days from today. */
  carrierDemurrageLfd?: number | null;
  hidden?: boolean;
}

/** Inserts a shipment whose free time the engine's code derived as of `today`; its id. */
export async function insertFreeTimeShipment(
  ctx: TestContext,
  s: FreeTimeShipment,
  today: string,
): Promise<string> {
  const day = (n: number | null | undefined) => (n === null || n === undefined ? null : addDays(today, n));
  const none = { actual: null, estimate: null };
  const stored = computeFreeTime({
    dates: {
      discharge: { actual: day(s.discharge), estimate: null },
      gateOut: { actual: day(s.gateOut), estimate: null },
      delivery: none,
      emptyReturn: { actual: day(s.emptyReturn), estimate: null },
    },
    rule: s.rule,
    podLocode: s.pod_locode,
    carrierLfd: { demurrage: day(s.carrierDemurrageLfd), detention: null },
  });
  const columns = freeTimeColumns(stored, today);
  const id = await insertShipment(ctx, {
    company_id: s.company_id,
    tracking_request_id: s.tracking_request_id,
    container_number: s.container_number,
    carrier_id: s.carrier_id,
    pod_loc_id: s.pod_loc_id,
    hidden: s.hidden ?? false,
    free_time_lfd: columns.free_time_lfd,
  });
  const { free_time_lfd: _lfd, free_time, ...row } = columns;
  if (free_time) {
    await ctx.handle.db
      .insertInto('shipment_free_time')
      .values({
        ...row,
        computed_on: today,
        shipment_id: id,
        company_id: s.company_id,
        free_time: JSON.stringify(free_time),
      })
      .execute();
  }
  return id;
}
