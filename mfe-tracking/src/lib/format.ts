// Display formats of spec section 9: dates YYYY-MM-DD, timestamps YYYY-MM-DD HH:mm, '—' for nothing.
import dayjs from 'dayjs';

export const NONE = '—';

export function formatDate(value: string | null | undefined): string {
  if (!value) return NONE;
  // A plain date stays as it is (no time-zone shift); timestamps are shown in local time.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : NONE;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NONE;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : NONE;
}
