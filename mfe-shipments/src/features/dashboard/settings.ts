// The dashboard thresholds as edited in the settings popovers: days of delay (minimum 1) and days in advance
// (minimum 1, always stored and shown negative).

/** The text to show for a stored days_in_advance (always negative). */
export function showDaysInAdvance(stored: number | null | undefined): string {
  const n = Math.abs(Number(stored ?? 1)) || 1;
  return String(-n);
}

/** A typed days value (the sign is ignored) → its magnitude, or null below the minimum of 1 or not a number. */
export function parseDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,4}$/.test(trimmed)) return null;
  const n = Math.abs(Number(trimmed));
  return n >= 1 ? n : null;
}

/** days_in_advance as stored: negative. */
export const storedDaysInAdvance = (magnitude: number): number => -Math.abs(magnitude);

/** The order of the event-code groups in the attention-required picker: the portal's alerts first. */
const EVENT_CODE_CATEGORIES = ['alert', 'transport', 'equipment', 'shipment', 'other'] as const;
export type EventCodeCategory = (typeof EVENT_CODE_CATEGORIES)[number];

/** Event codes grouped by their category (as GET event-codes answers it), in EVENT_CODE_CATEGORIES order, codes
 *  ascending within a group; an unknown or missing category goes to 'other'; empty groups are left out. */
export function groupEventCodes<T extends { code: number; category?: string | null }>(
  codes: readonly T[],
): { category: EventCodeCategory; codes: T[] }[] {
  const known = (c: string | null | undefined): EventCodeCategory =>
    (EVENT_CODE_CATEGORIES as readonly string[]).includes(c ?? '') ? (c as EventCodeCategory) : 'other';
  return EVENT_CODE_CATEGORIES.map((category) => ({
    category,
    codes: codes.filter((c) => known(c.category) === category).sort((a, b) => a.code - b.code),
  })).filter((group) => group.codes.length > 0);
}
