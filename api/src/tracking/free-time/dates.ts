// Free time counts UTC dates ('YYYY-MM-DD' strings): a port's own time zone is not applied, so a day is the same
// for every reader and the database's date columns compare directly.

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: unknown): value is string {
  return (
    typeof value === 'string' && DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  );
}

function toMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The UTC date of an instant ('YYYY-MM-DD'). */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(toMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function diffDays(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(toMs(date)).getUTCDay();
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
