// The free time the API shows: the stored snapshot (stored.ts) read as of a given day, so days left, state and
// cost move with the calendar without rewriting the row.
import type { FreeTimeClockState, FreeTimeClockView, FreeTimeViewData } from '@portal/shared-api/domain';
import { diffDays, maxDate, utcDate } from './dates';
import { parseStored, type StoredClock } from './stored';
import { daysOver, tierCost } from './tiers';

type ClockState = FreeTimeClockState;
export type ClockView = FreeTimeClockView;
export type FreeTimeView = FreeTimeViewData;

/** Today's UTC date ('YYYY-MM-DD'): free time counts UTC days. */
export function todayUtc(now: Date = new Date()): string {
  return utcDate(now);
}

function clockState(clock: StoredClock, today: string): ClockState {
  // A stop without a known start (a missed discharge event) still ends the clock.
  if (clock.stopped_on) return 'closed';
  if (!clock.started_on) return 'not_started';
  return clock.lfd && today > clock.lfd ? 'over' : 'running';
}

/** Cost accrued as of today (or the stop), and if nothing moves until the estimated stop. */
function clockCosts(
  clock: StoredClock,
  state: ClockState,
  today: string,
): { cost: number; projected: number } {
  if (!clock.lfd) return { cost: 0, projected: 0 };
  if (state === 'not_started') {
    const projected = clock.estimated_stop
      ? tierCost(clock.tiers, daysOver(clock.lfd, clock.estimated_stop))
      : 0;
    return { cost: 0, projected };
  }
  const cost = tierCost(clock.tiers, daysOver(clock.lfd, clock.stopped_on ?? today));
  if (state === 'closed') return { cost, projected: cost };
  // A running clock cannot stop before today, whatever the plan says.
  const end = clock.estimated_stop ? maxDate(clock.estimated_stop, today) : today;
  return { cost, projected: tierCost(clock.tiers, daysOver(clock.lfd, end)) };
}

function clockView(clock: StoredClock, today: string): ClockView {
  const state = clockState(clock, today);
  const { cost, projected } = clockCosts(clock, state, today);
  return {
    lfd: clock.lfd,
    lfd_source: clock.lfd_source,
    estimated: clock.estimated,
    started_on: clock.started_on,
    stopped_on: clock.stopped_on,
    free_days: clock.free_days,
    days_left: clock.lfd ? diffDays(today, clock.lfd) : null,
    state,
    cost,
    projected_cost: projected,
    estimated_stop: clock.estimated_stop,
  };
}

const STATE_WEIGHT: Record<ClockState, number> = { over: 3, running: 2, not_started: 1, closed: 0 };

/** The clock running now (started, not stopped), the one over first; null when none runs. */
export function runningClock(clocks: ClockView[]): ClockView | null {
  const running = clocks.filter((c) => c.state === 'running' || c.state === 'over');
  running.sort(
    (a, b) => STATE_WEIGHT[b.state] - STATE_WEIGHT[a.state] || (a.lfd ?? '').localeCompare(b.lfd ?? ''),
  );
  return running[0] ?? null;
}

/**
 * A stored snapshot (shipment_free_time.free_time) as of `today` ('YYYY-MM-DD'); null when there is none (or it
 * is malformed).
 */
export function freeTimeView(stored: unknown, today: string): FreeTimeView | null {
  const snapshot = parseStored(stored);
  if (!snapshot) return null;
  const demurrage = clockView(snapshot.demurrage, today);
  const detention = snapshot.detention ? clockView(snapshot.detention, today) : null;
  const clocks = detention ? [demurrage, detention] : [demurrage];
  const state = clocks.reduce<ClockState>(
    (best, c) => (STATE_WEIGHT[c.state] > STATE_WEIGHT[best] ? c.state : best),
    'closed',
  );
  return {
    mode: snapshot.mode,
    currency: snapshot.currency,
    day_count: snapshot.day_count,
    rule_id: snapshot.rule_id,
    demurrage,
    detention,
    days_left: runningClock(clocks)?.days_left ?? null,
    state,
  };
}
