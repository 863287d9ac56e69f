// Display rules of spec section 9 for BI: percent values ×100, numbers with 2 decimals, chart labels cut at 13
// characters (the full text goes to the tooltip).
// The rules themselves are the portal's one formats module (shared-ui); this file applies them to BI units.
import { formatDecimal, percentOf } from '@portal/shared-ui';
import type { ListQuery, Unit } from './bi-api';

export { cutLabel } from '@portal/shared-ui';

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

/**
 * An amount in its currency (ISO 4217) in the language's notation, as the portal shows money ('1.500,00 €',
 * '€1,500.00'); null without a currency (no tariff applies).
 */
export function formatMoney(
  value: number,
  currency: string | null | undefined,
  language: string,
): string | null {
  if (!currency) return null;
  const locale = language === 'es' ? 'es-ES' : 'en-GB';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    // a code Intl does not know: the amount and the code as they are
    return `${formatDecimal(value, language)} ${currency}`;
  }
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

/**
 * The y axis of a count chart whose bars are at most 5 high: whole-number ticks (0, 1, 2 …), never 0,2 of a
 * container. Null where the chart's own scale is fine (other units, taller bars).
 */
export function smallCountAxis(
  data: ReadonlyArray<ReadonlyArray<number | null>>,
  unit: Unit,
  stacked: boolean,
): { min: number; max: number; tickAmount: number } | null {
  if (unit !== 'count') return null;
  const length = Math.max(0, ...data.map((d) => d.length));
  let top = 0;
  for (let i = 0; i < length; i += 1) {
    const values = data.map((d) => d[i] ?? 0);
    top = Math.max(top, stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values));
  }
  if (top > 5) return null;
  const max = Math.max(1, Math.ceil(top));
  return { min: 0, max, tickAmount: max };
}

/**
 * The i18n key of the y-axis title: a count of tracking requests or carrier events is not a number of containers
 * (poll failures, requests per month), so it is titled 'Number'.
 */
export function axisTitleKey(unit: Unit, entity: string): string {
  if (unit === 'count' && (entity === 'tracking_request' || entity === 'carrier_event'))
    return 'units.number';
  return `units.${unit}`;
}
