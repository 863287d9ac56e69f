// Demurrage and detention: the names the free-time rules, the derived clocks and their readers share (the rules
// API and page, the shipment list's filters and columns, the detail's card, BI, the digest and the webhooks).

/**
 * Container size/type groups a rule can be scoped to, from the ISO 6346 size-type code (22G1 → 20DV, 45G1 → 40HC):
 * dry van, high cube, reefer, open top, flat rack and tank.
 */
export const FREE_TIME_CONTAINER_TYPES = [
  '20DV',
  '40DV',
  '40HC',
  '45HC',
  '20RF',
  '40RF',
  '20OT',
  '40OT',
  '20FR',
  '40FR',
  '20TK',
] as const;
export type FreeTimeContainerType = (typeof FREE_TIME_CONTAINER_TYPES)[number];

/** separate: demurrage and detention run apart; combined: one free time from discharge to the empty return. */
export const FREE_TIME_MODES = ['separate', 'combined'] as const;
export type FreeTimeMode = (typeof FREE_TIME_MODES)[number];

/** Free days are counted in calendar days, or in working days (the weekend of the POD's country skipped). */
export const FREE_TIME_DAY_COUNTS = ['calendar', 'working'] as const;
export type FreeTimeDayCount = (typeof FREE_TIME_DAY_COUNTS)[number];

/** A clock's first free day: the day of its starting event, or the day after. */
export const FREE_TIME_STARTS = ['event_day', 'next_day'] as const;
export type FreeTimeStart = (typeof FREE_TIME_STARTS)[number];

/** Demurrage stops at the full gate-out from the terminal, or at the delivery. */
export const FREE_TIME_DEMURRAGE_STOPS = ['gate_out', 'delivery'] as const;
export type FreeTimeDemurrageStop = (typeof FREE_TIME_DEMURRAGE_STOPS)[number];

/** The two clocks; a combined free time is reported as the demurrage clock alone. */
export const FREE_TIME_CLOCKS = ['demurrage', 'detention'] as const;
export type FreeTimeClock = (typeof FREE_TIME_CLOCKS)[number];

/**
 * not_started: its starting event has not happened (dates estimated from the plan); running: started, inside free
 * time; over: started, not stopped, past its last free day; closed: stopped (the cost is final).
 */
export const FREE_TIME_CLOCK_STATES = ['not_started', 'running', 'over', 'closed'] as const;
export type FreeTimeClockState = (typeof FREE_TIME_CLOCK_STATES)[number];

/** Where a last free day comes from: the company's rule, or a date the carrier sent (which wins). */
export const FREE_TIME_LFD_SOURCES = ['rule', 'carrier'] as const;
export type FreeTimeLfdSource = (typeof FREE_TIME_LFD_SOURCES)[number];

/** The "last free day approaching" webhook fires when this many days are left (once per last free day). */
export const FREE_TIME_APPROACHING_DAYS = 3;

/** One tariff tier: the rate per day for days over free time from_day..to_day (null: open-ended), from day 1. */
export interface FreeTimeTier {
  from_day: number;
  to_day: number | null;
  rate: number;
}

/** One clock as the API shows it (days left, state and cost as of today). */
export interface FreeTimeClockView {
  /** YYYY-MM-DD; estimated from planned dates while the clock has not started. */
  lfd: string | null;
  lfd_source: FreeTimeLfdSource | null;
  /** The last free day comes from planned dates (the clock has not started). */
  estimated: boolean;
  started_on: string | null;
  stopped_on: string | null;
  free_days: number | null;
  /** Calendar days from today to the last free day; negative when over; null without one. */
  days_left: number | null;
  state: FreeTimeClockState;
  /** Accrued until today (or the stop), in the currency. */
  cost: number;
  /** If nothing moves until the estimated stop. */
  projected_cost: number;
  estimated_stop: string | null;
}

/** A container's free time as the API shows it. */
export interface FreeTimeViewData {
  mode: FreeTimeMode;
  currency: string | null;
  day_count: FreeTimeDayCount;
  rule_id: number | null;
  /** In combined mode the one clock. */
  demurrage: FreeTimeClockView;
  detention: FreeTimeClockView | null;
  /** Of the clock running now (null when none runs). */
  days_left: number | null;
  /** The most pressing of the clocks: over > running > not_started > closed. */
  state: FreeTimeClockState;
}
