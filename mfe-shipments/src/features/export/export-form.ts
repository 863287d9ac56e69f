// The Export List form as plain data: its filters (every filter of the shipment list and of the spec's Export
// List, in the list's query vocabulary), the template body it saves, and the checks made before asking the
// server (which checks again). The list's applied filters come over whole: an export holds the list's rows.
import { SHIPMENT_DATE_FILTER_FIELDS } from '@portal/shared-api/domain';
import { valueText } from '../../lib/format';
import type { ExportTemplate, ExportTemplateBody, Schedule } from './export-api';

/** The eight date fields, each with a date range (_after / _before) and a relative day range (_rel_min / _rel_max). */
export const DATE_FIELDS = SHIPMENT_DATE_FILTER_FIELDS;

export const TEXT_FILTERS = ['search', 'pol_loc', 'pod_loc'] as const;
/** Whole numbers of days (a minus sign allowed). */
const DAY_FILTERS = [
  'dta',
  'dtd_min',
  'dtd_max',
  'dta_min',
  'dta_max',
  ...DATE_FIELDS.flatMap((f) => [`${f}_rel_min`, `${f}_rel_max`] as const),
] as const;
/** yyyy-MM-dd. */
const DATE_FILTERS = DATE_FIELDS.flatMap((f) => [`${f}_after`, `${f}_before`] as const);
/** Filters that may hold several values (repeated keys). */
const LIST_FILTERS = ['status', 'health', 'carrier', 'project', 'ordering'] as const;
/** true / false. */
const FLAG_FILTERS = ['order_dta', 'exclude_hidden'] as const;
/** Applied filters the modal shows but has no field for (from the dashboard or a template): shown, removable. */
export const OTHER_FILTERS = [
  'ordering',
  'exclude_hidden',
  'last_n_days',
  'free_time_ends_within',
  'over_free_time',
] as const;

const FORM_FILTER_KEYS: readonly string[] = [
  ...TEXT_FILTERS,
  ...DAY_FILTERS,
  ...DATE_FILTERS,
  ...LIST_FILTERS,
  ...FLAG_FILTERS,
  'last_n_days',
  'free_time_ends_within',
  'over_free_time',
];
const isListKey = (key: string) => (LIST_FILTERS as readonly string[]).includes(key);

export interface ExportForm {
  templateId: number | null;
  name: string;
  description: string;
  schedule: Schedule;
  filters: Record<string, string | string[]>;
  columns: string[];
}

export const emptyForm = (filters: Record<string, unknown> = {}): ExportForm => ({
  templateId: null,
  name: '',
  description: '',
  schedule: '',
  filters: pickFilters(filters),
  columns: [],
});

/** The filters of a list query the modal knows (every filter of the list), empty values dropped. */
export function pickFilters(query: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of FORM_FILTER_KEYS) {
    const value = query[key];
    const list = (Array.isArray(value) ? value : [value]).map(valueText).filter((v) => v !== '');
    if (list.length === 0) continue;
    out[key] = isListKey(key) ? list : list[0];
  }
  return out;
}

/** The fields of a template the form reads. */
type TemplateFields = Pick<
  ExportTemplate,
  'id' | 'name' | 'description' | 'send_email' | 'filters' | 'columns'
>;

export const formOfTemplate = (t: TemplateFields): ExportForm => ({
  templateId: t.id,
  name: t.name,
  description: t.description,
  schedule: t.send_email,
  filters: pickFilters(t.filters),
  columns: [...t.columns],
});

export const templateBody = (form: ExportForm): ExportTemplateBody => ({
  name: form.name.trim(),
  description: form.description.trim(),
  send_email: form.schedule,
  columns: form.columns,
  filters: form.filters,
});

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd of a real calendar day. */
export function isValidDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** A whole number of days as the API takes it (a minus sign allowed, at most 5 digits: ±36,500 days). */
export const isDayCount = (text: string): boolean => /^\s*-?\d{1,5}\s*$/.test(text);

/** Problems found before a call: field key → message key of the 'shipmentsExport' namespace. */
export function checkForm(form: ExportForm, purpose: 'export' | 'save'): Record<string, string> {
  const problems: Record<string, string> = {};
  if (form.columns.length === 0) problems.columns = 'errors.noColumns';
  if (purpose === 'save' && !form.name.trim()) problems.name = 'errors.nameRequired';
  for (const key of DATE_FILTERS) {
    const v = form.filters[key];
    if (typeof v === 'string' && v !== '' && !isValidDate(v)) problems[key] = 'errors.invalidDate';
  }
  for (const key of DAY_FILTERS) {
    const v = form.filters[key];
    if (typeof v === 'string' && v.trim() !== '' && !isDayCount(v)) problems[key] = 'errors.number';
  }
  return problems;
}

/** The chosen columns with one section's fields all added (in schema order) or all removed. */
export function toggleSection(chosen: string[], sectionKeys: string[], select: boolean): string[] {
  if (!select) {
    const drop = new Set(sectionKeys);
    return chosen.filter((k) => !drop.has(k));
  }
  const have = new Set(chosen);
  return [...chosen, ...sectionKeys.filter((k) => !have.has(k))];
}

/** The form with one filter set ('' or an empty list removes it). */
export function withFilter(form: ExportForm, key: string, value: string | string[]): ExportForm {
  const filters = { ...form.filters };
  if (value === '' || (Array.isArray(value) && value.length === 0)) delete filters[key];
  else filters[key] = value;
  return { ...form, filters };
}

/** '850 KB', '12.4 MB' ('12,4 MB' in Spanish): how much of the file has arrived. */
export function fileSize(bytes: number, language: string): string {
  const locale = language.startsWith('es') ? 'es-ES' : 'en-GB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}
