// The snapshot kept in shipment_free_time.free_time: what the rule and the container's dates fixed when it was computed
// (last free days, start and stop days, tiers). Days left, state and cost depend on today and are worked out when
// read (view.ts), so a stored snapshot never goes stale by itself.
import {
  FREE_TIME_DAY_COUNTS,
  FREE_TIME_LFD_SOURCES,
  FREE_TIME_MODES,
  type FreeTimeDayCount,
  type FreeTimeLfdSource,
  type FreeTimeMode,
  type FreeTimeTier,
} from '@portal/shared-api/domain';
import { isIsoDate } from './dates';
import { parseTiers } from './tiers';

export const STORED_VERSION = 1 as const;

export interface StoredClock {
  lfd: string | null;
  lfd_source: FreeTimeLfdSource | null;
  /** The last free day comes from planned dates (the clock has not started). */
  estimated: boolean;
  started_on: string | null;
  stopped_on: string | null;
  free_days: number | null;
  estimated_stop: string | null;
  tiers: FreeTimeTier[];
  /** The last free day an "approaching" / "passed" webhook was already sent for (once per last free day). */
  notified_approaching?: string | null;
  notified_passed?: string | null;
}

export interface StoredFreeTime {
  v: typeof STORED_VERSION;
  mode: FreeTimeMode;
  currency: string | null;
  day_count: FreeTimeDayCount;
  rule_id: number | null;
  demurrage: StoredClock;
  detention: StoredClock | null;
}

function dateOrNull(value: unknown): string | null {
  return isIsoDate(value) ? value : null;
}

function parseClock(value: unknown): StoredClock | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  const freeDays =
    Number.isInteger(c.free_days) && (c.free_days as number) >= 0 ? (c.free_days as number) : null;
  return {
    lfd: dateOrNull(c.lfd),
    lfd_source: FREE_TIME_LFD_SOURCES.includes(c.lfd_source as FreeTimeLfdSource)
      ? (c.lfd_source as FreeTimeLfdSource)
      : null,
    estimated: c.estimated === true,
    started_on: dateOrNull(c.started_on),
    stopped_on: dateOrNull(c.stopped_on),
    free_days: freeDays,
    estimated_stop: dateOrNull(c.estimated_stop),
    tiers: parseTiers(c.tiers),
    notified_approaching: dateOrNull(c.notified_approaching),
    notified_passed: dateOrNull(c.notified_passed),
  };
}

/** A stored snapshot read defensively (a jsonb column): anything malformed gives null. */
export function parseStored(value: unknown): StoredFreeTime | null {
  if (!value || typeof value !== 'object') return null;
  const s = value as Record<string, unknown>;
  if (s.v !== STORED_VERSION || !FREE_TIME_MODES.includes(s.mode as FreeTimeMode)) return null;
  const demurrage = parseClock(s.demurrage);
  if (!demurrage) return null;
  const detention = s.mode === 'separate' ? parseClock(s.detention) : null;
  if (s.mode === 'separate' && !detention) return null;
  return {
    v: STORED_VERSION,
    mode: s.mode as FreeTimeMode,
    currency: typeof s.currency === 'string' && /^[A-Z]{3}$/.test(s.currency) ? s.currency : null,
    day_count: FREE_TIME_DAY_COUNTS.includes(s.day_count as FreeTimeDayCount)
      ? (s.day_count as FreeTimeDayCount)
      : 'calendar',
    rule_id: Number.isInteger(s.rule_id) ? (s.rule_id as number) : null,
    demurrage,
    detention,
  };
}
