// Plain rules of the Export List filters: a filter's value as one text or as a list, what is said while a day
// count or a date is typed, how many filters of a group are applied, and the choices of a select that must
// still show an applied value it does not know.
import { DATE_FIELDS, isDayCount, isValidDate, type ExportForm } from './export-form';

type Filters = ExportForm['filters'];
type Value = string | string[] | undefined;

export const one = (v: Value) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
export const many = (v: Value) => (Array.isArray(v) ? v : v ? [v] : []);

export type FieldKind = 'day' | 'date';

/** The message key said while typing: a whole date that is not one, a day count that is not a whole number. */
export function liveProblem(text: string, kind: FieldKind): string | undefined {
  const value = text.trim();
  if (kind === 'date') return value.length >= 10 && !isValidDate(value) ? 'errors.invalidDate' : undefined;
  return value !== '' && value !== '-' && !isDayCount(value) ? 'errors.number' : undefined;
}

export const DAY_KEYS = ['dta', 'dtd_min', 'dtd_max', 'dta_min', 'dta_max'];
const DATE_KEYS = DATE_FIELDS.flatMap((f) => [`${f}_after`, `${f}_before`, `${f}_rel_min`, `${f}_rel_max`]);

/** Filters applied in the day ranges group (the order by days to arrival counts as one). */
export const daysApplied = (filters: Filters) =>
  DAY_KEYS.filter((k) => one(filters[k]) !== '').length + (one(filters.order_dta) === 'true' ? 1 : 0);

/** Filters applied in the dates group. */
export const datesApplied = (filters: Filters) => DATE_KEYS.filter((k) => one(filters[k]) !== '').length;

interface Option {
  value: string;
  label: string;
}

/** The options, plus the applied value when none of them holds it (shown as itself). */
export function withAppliedValue(options: Option[], applied: string): Option[] {
  return applied && !options.some((o) => o.value === applied)
    ? [...options, { value: applied, label: applied }]
    : options;
}
