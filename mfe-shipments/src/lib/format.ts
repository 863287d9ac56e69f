// Display formats of spec section 9: dates YYYY-MM-DD, timestamps YYYY-MM-DD HH:mm (in the browser's time zone).
import dayjs from 'dayjs';

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

/** YYYY-MM-DD, or '' for no (or an unreadable) date. */
export function formatDate(value: unknown): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
}

/** YYYY-MM-DD HH:mm, or '' for no (or an unreadable) timestamp. */
export function formatTimestamp(value: unknown): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
}

/** Whole calendar days from `from` to `to` (local dates), or null when either is missing. */
export function dayDiff(from: unknown, to: unknown): number | null {
  const a = formatDate(from);
  const b = formatDate(to);
  if (!a || !b) return null;
  return Math.round(dayjs(b).diff(dayjs(a), 'day', true));
}

/** A number with at most 2 decimals, or '' when missing. */
export function formatNumber(value: unknown): string {
  if (isBlank(value)) return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
