// Display formats of spec section 9 (dates YYYY-MM-DD, timestamps YYYY-MM-DD HH:mm, at most 2 decimals): the
// portal's one formats module, shown as '' when there is nothing.
export { dayDiff, formatDate, formatNumber, formatTimestamp } from '@portal/shared-ui';

/**
 * A stored value as the text of an input or a query parameter: '' for nothing, text and numbers as they are;
 * anything else (never expected from a form or a URL) as its JSON rather than '[object Object]'.
 */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}
