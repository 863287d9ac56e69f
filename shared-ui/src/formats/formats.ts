// The display formats of spec section 9, written once for the shell and every remote: dates YYYY-MM-DD,
// timestamps YYYY-MM-DD HH:mm (in the browser's time zone), numbers with 2 decimals, BI percent values ×100,
// chart labels cut at 13 characters. A missing or unreadable value shows as the caller's `empty` text.

import { isIsoDate } from '../lists/dates';

/** Chart and axis labels are cut at this many characters (spec section 9). */
export const LABEL_MAX = 13;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A Date for an ISO string or epoch milliseconds; null for nothing or something unreadable. */
function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** YYYY-MM-DD. A plain date stays as it is (no time-zone shift); a timestamp shows its local date. */
export function formatDate(value: unknown, empty = ''): string {
  if (typeof value === 'string' && PLAIN_DATE.test(value)) return isIsoDate(value) ? value : empty;
  const d = toDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : empty;
}

/** YYYY-MM-DD HH:mm in local time. */
export function formatTimestamp(value: unknown, empty = ''): string {
  if (typeof value === 'string' && PLAIN_DATE.test(value)) {
    return isIsoDate(value) ? `${value} 00:00` : empty;
  }
  const d = toDate(value);
  return d ? `${formatDate(d.getTime())} ${pad(d.getHours())}:${pad(d.getMinutes())}` : empty;
}

/** Whole calendar days from `from` to `to` (their local dates), or null when either is missing. */
export function dayDiff(from: unknown, to: unknown): number | null {
  const a = formatDate(from);
  const b = formatDate(to);
  if (!a || !b) return null;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A number with at most 2 decimals (whole numbers without any); `empty` when missing. */
export function formatNumber(value: unknown, empty = ''): string {
  if (value === null || value === undefined || value === '') return empty;
  const n = typeof value === 'number' ? value : Number(value);
  // A text that is not a number is shown as it came.
  if (!Number.isFinite(n)) return typeof value === 'string' ? value : String(n);
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** A number with exactly 2 decimals in the language's notation (es-ES or en-GB); `empty` when missing. */
export function formatDecimal(value: number | null | undefined, language: string, empty = '—'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return empty;
  return value.toLocaleString(language === 'es' ? 'es-ES' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** A BI percent value as drawn: the stored fraction ×100 (0.25 → 25). */
export function percentOf(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return value * 100;
}

/** A label as drawn on an axis: at most `max` characters, an ellipsis marking the cut. */
export function cutLabel(label: string, max = LABEL_MAX): string {
  return label.length <= max ? label : `${label.slice(0, max - 1)}…`;
}
