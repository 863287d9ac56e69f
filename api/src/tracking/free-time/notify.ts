// The free-time webhook events of one container, from its previous and new snapshot: a last free day approaching
// (FREE_TIME_APPROACHING_DAYS or fewer left) and passed, each once per last free day (the snapshot remembers the
// date it was sent for), and a firm last free day that moved. Estimated dates move with every plan change and
// have the ETA events for that; stopped clocks never notify.
import { FREE_TIME_APPROACHING_DAYS, type FreeTimeClock } from '@portal/shared-api/domain';
import { diffDays } from './dates';
import type { StoredClock, StoredFreeTime } from './stored';

type FreeTimeEventType =
  'shipment.free_time_approaching' | 'shipment.free_time_passed' | 'shipment.free_time_changed';

export interface FreeTimeEvent {
  type: FreeTimeEventType;
  data: {
    clock: FreeTimeClock;
    last_free_day: string;
    previous_last_free_day: string | null;
    days_left: number;
    source: 'rule' | 'carrier' | null;
  };
}

function clockEvents(
  clock: FreeTimeClock,
  before: StoredClock | null,
  after: StoredClock,
  today: string,
): FreeTimeEvent[] {
  after.notified_approaching = before?.notified_approaching ?? null;
  after.notified_passed = before?.notified_passed ?? null;
  const lfd = after.lfd;
  if (!lfd || after.stopped_on || after.estimated) return [];
  const daysLeft = diffDays(today, lfd);
  const data = { clock, last_free_day: lfd, days_left: daysLeft, source: after.lfd_source };
  const events: FreeTimeEvent[] = [];
  if (before?.lfd && before.lfd !== lfd) {
    events.push({
      type: 'shipment.free_time_changed',
      data: { ...data, previous_last_free_day: before.lfd },
    });
  }
  if (!after.started_on) return events;
  const previous = before?.lfd && before.lfd !== lfd ? before.lfd : null;
  if (daysLeft < 0 && after.notified_passed !== lfd) {
    after.notified_passed = lfd;
    events.push({ type: 'shipment.free_time_passed', data: { ...data, previous_last_free_day: previous } });
  } else if (daysLeft >= 0 && daysLeft <= FREE_TIME_APPROACHING_DAYS && after.notified_approaching !== lfd) {
    after.notified_approaching = lfd;
    events.push({
      type: 'shipment.free_time_approaching',
      data: { ...data, previous_last_free_day: previous },
    });
  }
  return events;
}

/**
 * The events to emit going from `before` to `after` as of `today`. Marks in `after` which last free days were
 * notified (carried over from `before`), so the caller stores them with the snapshot.
 */
export function freeTimeEvents(
  before: StoredFreeTime | null,
  after: StoredFreeTime | null,
  today: string,
): FreeTimeEvent[] {
  if (!after) return [];
  const sameMode = before?.mode === after.mode;
  const events = clockEvents('demurrage', sameMode ? before.demurrage : null, after.demurrage, today);
  if (after.detention) {
    events.push(...clockEvents('detention', sameMode ? before.detention : null, after.detention, today));
  }
  return events;
}
