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
