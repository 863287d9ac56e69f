// Tariffs per day over free time, in tiers from day 1 ([{from_day: 1, to_day: 5, rate: 75}, {from_day: 6,
// to_day: null, rate: 150}]). The rules API keeps them contiguous; a day no tier covers costs nothing here.
import type { FreeTimeTier } from '@portal/shared-api/domain';
import { diffDays } from './dates';

const MAX_TIERS = 20;

/** The tiers of a stored rule or snapshot, keeping only well-formed ones (bounded, finite, non-negative). */
export function parseTiers(value: unknown): FreeTimeTier[] {
  if (!Array.isArray(value)) return [];
  const tiers: FreeTimeTier[] = [];
  for (const item of value.slice(0, MAX_TIERS)) {
    if (!item || typeof item !== 'object') continue;
    const { from_day: from, to_day: to, rate } = item as Record<string, unknown>;
    const rateNumber = typeof rate === 'string' ? Number(rate) : rate;
    if (!Number.isInteger(from) || (from as number) < 1) continue;
    if (to !== null && (!Number.isInteger(to) || (to as number) < (from as number))) continue;
    if (typeof rateNumber !== 'number' || !Number.isFinite(rateNumber) || rateNumber < 0) continue;
    tiers.push({ from_day: from as number, to_day: to as number | null, rate: rateNumber });
  }
  return tiers.sort((a, b) => a.from_day - b.from_day);
}

/** The cost of `daysOver` days over free time: each day 1..daysOver at the rate of its tier. */
export function tierCost(tiers: readonly FreeTimeTier[], daysOver: number): number {
  if (daysOver <= 0) return 0;
  let cents = 0;
  for (const tier of tiers) {
    const last = Math.min(tier.to_day ?? daysOver, daysOver);
    const days = last - tier.from_day + 1;
    if (days > 0) cents += Math.round(tier.rate * 100) * days;
  }
  return cents / 100;
}

/** Days charged after the last free day up to and including `until` (the stop day, or today while running). */
export function daysOver(lfd: string, until: string): number {
  return Math.max(0, diffDays(lfd, until));
}
