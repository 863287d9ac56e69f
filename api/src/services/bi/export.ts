// `GET bi/{metric}/export`: the metric's data as an xlsx sheet with the chosen columns. Chart metrics: one
// row per label, a column per dataset (and the exported extras); table metrics: every row (up to
// BI_EXPORT_MAX_ROWS), the definition's columns. Headers in the caller's language.
import ExcelJS from 'exceljs';
import { ErrorCollector } from '../../lib/errors';
import { HEALTH_TEXTS } from '@portal/shared-api/domain';
import { type MetricDef, type Text, type Unit } from './catalogue';
import type { MetricResult } from './metrics';

export interface ExportColumn {
  key: string;
  labels: Text;
  type: 'text' | 'number' | 'date' | 'percent' | 'money';
}

/** The columns a result can be exported with. */
export function exportColumns(def: MetricDef, result: MetricResult): ExportColumn[] {
  if (result.kind === 'table') return def.columns;
  const valueType = (unit: Unit): ExportColumn['type'] => (unit === 'percent' ? 'percent' : 'number');
  return [
    def.columns[0] ?? { key: 'label', labels: { en: 'Label', es: 'Etiqueta' }, type: 'text' },
    ...result.datasets.map((d) => ({ key: d.key, labels: d.label, type: valueType(result.unit) })),
    ...result.extras.map((d) => ({ key: d.key, labels: d.label, type: 'number' as const })),
  ];
}

/** The chosen columns (all when none is given); unknown names → 400 {columns: [...]}. */
export function chooseColumns(available: ExportColumn[], wanted: string[]): ExportColumn[] {
  if (wanted.length === 0) return available;
  const errors = new ErrorCollector();
  const byKey = new Map(available.map((c) => [c.key, c]));
  const out: ExportColumn[] = [];
  for (const key of wanted.slice(0, 200)) {
    const c = byKey.get(key);
    if (!c)
      errors.add(
        'columns',
        `Select a valid choice. ${key.slice(0, 60)} is not one of the available choices.`,
      );
    else if (!out.includes(c)) out.push(c);
  }
  errors.throwIfAny();
  return out;
}

export async function toXlsx(
  def: MetricDef,
  result: MetricResult,
  columns: ExportColumn[],
  lang: 'en' | 'es',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.labels[lang].slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  ws.columns = columns.map((c) => ({
    header: c.labels[lang],
    key: c.key,
    width: Math.max(12, Math.min(40, c.labels[lang].length + 2)),
    style:
      c.type === 'percent'
        ? { numFmt: '0.00%' }
        : c.type === 'number'
          ? { numFmt: '0.##' }
          : c.type === 'money'
            ? { numFmt: '#,##0.00' }
            : c.type === 'date'
              ? { numFmt: 'yyyy-mm-dd' }
              : {},
  }));
  if (result.kind === 'table') {
    for (const row of result.results) {
      const out: Record<string, unknown> = {};
      for (const c of columns) {
        let v = row[c.key];
        if (c.key === 'health' && typeof v === 'string' && v in HEALTH_TEXTS)
          v = HEALTH_TEXTS[v as keyof typeof HEALTH_TEXTS][lang];
        if (c.type === 'date' && typeof v === 'string') v = new Date(v);
        if (c.key === 'id' && typeof v === 'string') v = Number(v);
        out[c.key] = v;
      }
      ws.addRow(out);
    }
  } else {
    const series = new Map([...result.datasets, ...result.extras].map((d) => [d.key, d.data]));
    result.labels.forEach((_, i) => {
      const out: Record<string, unknown> = {};
      for (const c of columns) {
        out[c.key] = c.key === 'label' ? result.label_text[lang][i] : (series.get(c.key)?.[i] ?? null);
      }
      ws.addRow(out);
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
