// Counting free days. Working days skip the weekend of the port of discharge's country (the first two letters of
// its UN/LOCODE): Saturday and Sunday, except the countries below. Public holidays are not known and count as
// working days; a forwarder who needs them exact keeps a carrier-sent last free day or a calendar-day rule.
import type { FreeTimeDayCount } from '@portal/shared-api/domain';
import { addDays, weekday } from './dates';

const FRI = 5;
const SAT = 6;
const SUN = 0;
const THU = 4;

/** Weekends other than Saturday–Sunday (0 = Sunday … 6 = Saturday). */
const WEEKENDS: Readonly<Record<string, readonly number[]>> = {
  // Friday–Saturday.
  SA: [FRI, SAT],
  KW: [FRI, SAT],
  QA: [FRI, SAT],
  BH: [FRI, SAT],
  OM: [FRI, SAT],
  EG: [FRI, SAT],
  JO: [FRI, SAT],
  IQ: [FRI, SAT],
  DZ: [FRI, SAT],
  SD: [FRI, SAT],
  SY: [FRI, SAT],
  YE: [FRI, SAT],
  LY: [FRI, SAT],
  IL: [FRI, SAT],
  BD: [FRI, SAT],
  MV: [FRI, SAT],
  // Friday only.
  IR: [FRI],
  DJ: [FRI],
  // Thursday–Friday.
  AF: [THU, FRI],
  // Saturday only.
  NP: [SAT],
};
const DEFAULT_WEEKEND = [SAT, SUN] as const;

/** The weekend days of a port's country (from its UN/LOCODE; Saturday–Sunday when unknown). */
export function weekendOf(locode: string | null | undefined): readonly number[] {
  const country = (locode ?? '').slice(0, 2).toUpperCase();
  return WEEKENDS[country] ?? DEFAULT_WEEKEND;
}

function isWorkingDay(date: string, weekend: readonly number[]): boolean {
  return !weekend.includes(weekday(date));
}

/**
 * The last free day of a clock whose first possible free day is `first`, with `freeDays` free days: calendar days
 * count every day; working days count only days outside the weekend (a weekend at the start is skipped too).
 * With no free day at all, the last free day is the day before the first one (the first day is charged).
 */
export function lastFreeDay(
  first: string,
  freeDays: number,
  dayCount: FreeTimeDayCount,
  weekend: readonly number[] = DEFAULT_WEEKEND,
): string {
  if (freeDays <= 0) return addDays(first, -1);
  if (dayCount === 'calendar' || weekend.length >= 7) return addDays(first, freeDays - 1);
  let day = first;
  let counted = 0;
  for (;;) {
    if (isWorkingDay(day, weekend)) counted++;
    if (counted === freeDays) return day;
    day = addDays(day, 1);
  }
}
