// The Export List form as plain data: its filters (the list's query keys, section 2/3 base set), the template
// body it saves, and the checks made before asking the server (which checks again).
import { valueText } from '../../lib/format';
import type { ExportTemplate, ExportTemplateBody, Schedule } from './export-api';

/** The filters the modal edits, in the list's query vocabulary. */
export const TEXT_FILTERS = ['search', 'pol_loc', 'pod_loc'] as const;
export const DAY_FILTERS = ['dta_min', 'dta_max', 'dtd_min', 'dtd_max'] as const;
export const DATE_FILTERS = [
  'eta_after',
  'eta_before',
  'etd_after',
  'etd_before',
  'last_update_after',
  'last_update_before',
  'created_at_after',
  'created_at_before',
] as const;
const LIST_FILTERS = ['health', 'status'] as const;
const FORM_FILTER_KEYS: readonly string[] = [
  ...TEXT_FILTERS,
  ...DAY_FILTERS,
  ...DATE_FILTERS,
  ...LIST_FILTERS,
];

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

/** The filters of a list query the modal knows, empty values dropped (lists stay lists). */
export function pickFilters(query: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of FORM_FILTER_KEYS) {
    const value = query[key];
    if (Array.isArray(value)) {
      const list = value.map(String).filter((v) => v !== '');
      if (list.length) out[key] = (LIST_FILTERS as readonly string[]).includes(key) ? list : list[0];
      continue;
    }
    const text = valueText(value);
    if (text !== '') out[key] = (LIST_FILTERS as readonly string[]).includes(key) ? [text] : text;
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
    if (typeof v === 'string' && v !== '' && !/^-?\d{1,5}$/.test(v)) problems[key] = 'errors.number';
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
