// Display rules of spec section 9 for BI: percent values ×100, numbers with 2 decimals, chart labels cut at 13
// characters (the full text goes to the tooltip).
// The rules themselves are the portal's one formats module (shared-ui); this file applies them to BI units.
import { formatDecimal, percentOf } from '@portal/shared-ui';
import type { ListQuery, Unit } from './bi-api';

export { cutLabel, LABEL_MAX } from '@portal/shared-ui';

/** The value drawn for a unit: percent values ×100. */
export function scale(value: number | null, unit: Unit): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return unit === 'percent' ? percentOf(value) : value;
}

/** A drawn value as text: 2 decimals, '%' for percent values (already ×100). */
export function formatValue(value: number | null | undefined, unit: Unit, locale: string): string {
  const text = formatDecimal(value, locale);
  return unit === 'percent' && text !== '—' ? `${text} %` : text;
}

/** The shipment-list query of a click: base, then the label's and the dataset's parts; null when there is none. */
export function drillQuery(
  base: ListQuery | null,
  label: ListQuery | null | undefined,
  dataset: ListQuery | null | undefined,
): string | null {
  if (base === null || label === null || dataset === null) return null;
  const merged: ListQuery = { ...base, ...(label ?? {}), ...(dataset ?? {}) };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}
