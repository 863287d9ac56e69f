// A container's clocks from its dates, the rule that fits it and any last free day its carrier sent. Separate:
// demurrage from the discharge to the full gate-out (or the delivery), detention from the full gate-out to the
// empty return. Combined: one clock from the discharge to the empty return, reported as demurrage.
import type { FreeTimeDayCount, FreeTimeStart, FreeTimeTier } from '@portal/shared-api/domain';
import { lastFreeDay, weekendOf } from './calendar';
import { addDays } from './dates';
import type { FreeTimeRule } from './rules';
import { STORED_VERSION, type StoredClock, type StoredFreeTime } from './stored';
import { runningClock, freeTimeView } from './view';

/** One event: the day it happened (UTC), else the day it is expected (planned, predicted). */
interface EventDay {
  actual: string | null;
  estimate: string | null;
}

export interface ContainerDates {
  discharge: EventDay;
  gateOut: EventDay;
  delivery: EventDay;
  emptyReturn: EventDay;
}

export interface FreeTimeInput {
  dates: ContainerDates;
  rule: FreeTimeRule | null;
  podLocode: string | null;
  carrierLfd: { demurrage: string | null; detention: string | null };
}

interface ClockSpec {
  start: EventDay;
  stop: EventDay;
  startChoice: FreeTimeStart;
  freeDays: number | null;
  dayCount: FreeTimeDayCount;
  weekend: readonly number[];
  tiers: FreeTimeTier[];
  carrierLfd: string | null;
}

function firstOf(...days: Array<string | null>): string | null {
  return days.find((d) => d !== null) ?? null;
}

function buildClock(spec: ClockSpec): StoredClock {
  const started = spec.start.actual;
  const stopped = spec.stop.actual;
  const base = started ?? spec.start.estimate;
  const first = base ? addDays(base, spec.startChoice === 'next_day' ? 1 : 0) : null;
  let lfd: string | null = null;
  let source: StoredClock['lfd_source'] = null;
  if (spec.carrierLfd) {
    lfd = spec.carrierLfd;
    source = 'carrier';
  } else if (spec.freeDays !== null && first) {
    lfd = lastFreeDay(first, spec.freeDays, spec.dayCount, spec.weekend);
    source = 'rule';
  }
  return {
    lfd,
    lfd_source: source,
    estimated: source === 'rule' && !started,
    started_on: started,
    stopped_on: stopped,
    free_days: source === 'rule' ? spec.freeDays : null,
    estimated_stop: stopped ? null : spec.stop.estimate,
    tiers: spec.tiers,
  };
}

/**
 * The events that stop and start the clocks, with the later ones standing in for a missed earlier one: a
 * container delivered or returned has left the terminal even if its gate-out was never reported.
 */
function clockEvents(d: ContainerDates, stopAtDelivery: boolean) {
  const gateOut = { actual: firstOf(d.gateOut.actual, d.delivery.actual), estimate: d.gateOut.estimate };
  const delivery = { actual: d.delivery.actual, estimate: d.delivery.estimate };
  const demurrageStop = stopAtDelivery ? delivery : gateOut;
  return {
    demurrageStop: { ...demurrageStop, actual: firstOf(demurrageStop.actual, d.emptyReturn.actual) },
    detentionStart: gateOut,
  };
}

/** The snapshot to store (null: no rule fits and the carrier sent no last free day). */
export function computeFreeTime(input: FreeTimeInput): StoredFreeTime | null {
  const { rule, dates, carrierLfd } = input;
  if (!rule && !carrierLfd.demurrage && !carrierLfd.detention) return null;
  const weekend = weekendOf(input.podLocode);
  const dayCount = rule?.day_count ?? 'calendar';
  const common = { dayCount, weekend };
  const head = {
    v: STORED_VERSION as typeof STORED_VERSION,
    currency: rule?.currency ?? null,
    day_count: dayCount,
    rule_id: rule?.id ?? null,
  };
  if (rule?.mode === 'combined') {
    const demurrage = buildClock({
      ...common,
      start: dates.discharge,
      stop: dates.emptyReturn,
      startChoice: rule.demurrage_start,
      freeDays: rule.combined_free_days,
      tiers: rule.combined_tiers,
      // One clock to the empty return: the carrier's detention date is its end (else its demurrage date).
      carrierLfd: carrierLfd.detention ?? carrierLfd.demurrage,
    });
    return { ...head, mode: 'combined', demurrage, detention: null };
  }
  const events = clockEvents(dates, rule?.demurrage_stop === 'delivery');
  const demurrage = buildClock({
    ...common,
    start: dates.discharge,
    stop: events.demurrageStop,
    startChoice: rule?.demurrage_start ?? 'event_day',
    freeDays: rule?.demurrage_free_days ?? null,
    tiers: rule?.demurrage_tiers ?? [],
    carrierLfd: carrierLfd.demurrage,
  });
  const detention = buildClock({
    ...common,
    start: events.detentionStart,
    stop: dates.emptyReturn,
    startChoice: rule?.detention_start ?? 'event_day',
    freeDays: rule?.detention_free_days ?? null,
    tiers: rule?.detention_tiers ?? [],
    carrierLfd: carrierLfd.detention,
  });
  return { ...head, mode: 'separate', demurrage, detention };
}

/**
 * What a snapshot as of `today` writes: shipments.free_time_lfd (the running clock's last free day) and the
 * shipment_free_time row (migration 0036), which exists only when there is a snapshot (`free_time` not null).
 */
export interface FreeTimeColumns {
  free_time_lfd: string | null;
  free_time: StoredFreeTime | null;
  rule_id: number | null;
  demurrage_cost: number | null;
  detention_cost: number | null;
  currency: string | null;
  computed_on: string | null;
}

export function freeTimeColumns(stored: StoredFreeTime | null, today: string): FreeTimeColumns {
  const view = stored ? freeTimeView(stored, today) : null;
  if (!stored || !view) {
    return {
      free_time_lfd: null,
      free_time: null,
      rule_id: null,
      demurrage_cost: null,
      detention_cost: null,
      currency: null,
      computed_on: null,
    };
  }
  const running = runningClock(view.detention ? [view.demurrage, view.detention] : [view.demurrage]);
  return {
    free_time_lfd: running?.lfd ?? null,
    free_time: stored,
    rule_id: stored.rule_id,
    demurrage_cost: view.demurrage.cost,
    detention_cost: view.detention ? view.detention.cost : null,
    currency: stored.currency,
    computed_on: today,
  };
}
