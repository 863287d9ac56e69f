// Display formats of spec section 9: dates YYYY-MM-DD (local time for timestamps), '-' for nothing.
import dayjs from 'dayjs';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : '-';
}
