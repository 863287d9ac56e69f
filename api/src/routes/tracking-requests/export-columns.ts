// The columns of the tracking request export: header (English, Spanish), kind and cell value of each, the cell
// as CSV and as xlsx writes it, and the export's limits.
import { TRACKING_REQUEST_DEFAULT_COLUMNS } from '@portal/shared-api/domain';
import { translate, type Lang } from '../../i18n';
import type { XlsxColumnKind, XlsxValue } from '../../services/export/xlsx-writer';
import type { RequestOut } from '../../services/tracking-requests';

type Out = RequestOut;

/** How a column's values are stored: text, a number, a calendar day or an instant (UTC). */
type ColumnKind = Extract<XlsxColumnKind, 'string' | 'number' | 'date' | 'datetime'>;

export interface ExportColumn {
  header: string;
  es: string;
  kind: ColumnKind;
  /** The value: dates as 'YYYY-MM-DD', instants as ISO strings (what the list answers). */
  value: (r: Out) => string | number | null;
  /** Server texts (in English, see src/i18n) to put in the export's language. */
  text?: 'term' | 'sentences';
  /** Width in characters of the xlsx column (at least the header's). */
  width?: number;
}

/** Exportable columns: header (English, Spanish) and cell value. */
export const EXPORT_COLUMNS: Record<string, ExportColumn> = {
  id: { header: 'Id', es: 'Id', kind: 'number', value: (r) => r.id },
  status: {
    header: 'Status',
    es: 'Estado',
    kind: 'string',
    value: (r) => r.status_verbose,
    text: 'term',
    width: 16,
  },
  code_type: {
    header: 'Code type',
    es: 'Tipo de código',
    kind: 'string',
    value: (r) => r.code_type_verbose,
    text: 'term',
    width: 20,
  },
  code_value: { header: 'Code value', es: 'Código', kind: 'string', value: (r) => r.code_value, width: 18 },
  client_code: {
    header: 'Client code',
    es: 'Código de cliente',
    kind: 'string',
    value: (r) => r.client_code,
    width: 18,
  },
  project: { header: 'Project', es: 'Proyecto', kind: 'string', value: (r) => r.project, width: 20 },
  carrier: { header: 'Carrier', es: 'Naviera', kind: 'string', value: (r) => r.carrier, width: 28 },
  carrier_scac: { header: 'SCAC', es: 'SCAC', kind: 'string', value: (r) => r.carrier_scac },
  shipments_count: { header: 'Shipments', es: 'Envíos', kind: 'number', value: (r) => r.shipments_count },
  shipments_health: {
    header: 'On track / Later than expected / Attention required',
    es: 'En plazo / Más tarde de lo previsto / Requiere atención',
    kind: 'string',
    value: (r) =>
      `${r.shipments_health.ontrack} / ${r.shipments_health.delayed} / ${r.shipments_health.alerted}`,
  },
  contractual_eta_pod: {
    header: 'Contractual ETA POD',
    es: 'ETA contractual POD',
    kind: 'date',
    value: (r) => r.contractual_eta_pod,
  },
  contractual_eta_dlv: {
    header: 'Contractual ETA DLV',
    es: 'ETA contractual DLV',
    kind: 'date',
    value: (r) => r.contractual_eta_dlv,
  },
  container_filter: {
    header: 'Containers',
    es: 'Contenedores',
    kind: 'string',
    value: (r) => r.container_filter.join(', '),
    width: 30,
  },
  booking_bl_required_container: {
    header: 'Container required',
    es: 'Contenedor obligatorio',
    kind: 'string',
    value: (r) => (r.booking_bl_required_container ? 'yes' : 'no'),
    text: 'term',
  },
  alerts: { header: 'Alerts', es: 'Alertas', kind: 'number', value: (r) => r.alerts },
  warnings: {
    header: 'Warnings',
    es: 'Avisos',
    kind: 'string',
    value: (r) => r.warnings.map((w) => w.message).join('; '),
    text: 'sentences',
    width: 60,
  },
  last_update: {
    header: 'Last update',
    es: 'Última actualización',
    kind: 'datetime',
    value: (r) => r.last_update,
  },
  created_at: { header: 'Created', es: 'Creada', kind: 'datetime', value: (r) => r.created_at },
  modified_at: { header: 'Modified', es: 'Modificada', kind: 'datetime', value: (r) => r.modified_at },
};

/** The keys of the exportable columns (the `columns` choices). */
export const EXPORT_COLUMN_KEYS = Object.keys(EXPORT_COLUMNS);

const capitalise = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * A text cell in `lang`: a term (status, code type, yes / no) by its lower-case form, capitalised again;
 * the warnings ('; '-joined sentences) one by one.
 */
function cellText(value: string, kind: 'term' | 'sentences', lang: Lang): string {
  if (lang === 'en') return value;
  if (kind === 'sentences')
    return value
      .split('; ')
      .map((part) => translate(part, lang))
      .join('; ');
  if (value === 'yes') return 'sí';
  if (value === 'no') return 'no';
  const term = translate(value.toLowerCase(), lang);
  return term === value.toLowerCase() ? value : capitalise(term);
}

/** A column's value of a request, texts in `lang` (dates still as the list's strings). */
function plainValue(column: ExportColumn, r: Out, lang: Lang): string | number | null {
  const v = column.value(r);
  return column.text && typeof v === 'string' ? cellText(v, column.text, lang) : v;
}

/** The CSV cell (as before: 'YYYY-MM-DD' days, 'YYYY-MM-DD HH:mm' UTC instants). */
export function csvValue(column: ExportColumn, r: Out, lang: Lang): string | number | null {
  const v = plainValue(column, r, lang);
  if (column.kind === 'datetime' && typeof v === 'string') return v.slice(0, 16).replace('T', ' ');
  return v;
}

/** The xlsx cell: days as UTC midnight and instants as Dates (Excel dates), numbers as numbers. */
export function xlsxValue(column: ExportColumn, r: Out, lang: Lang): XlsxValue {
  const v = plainValue(column, r, lang);
  if (v === null || typeof v === 'number') return v;
  // no text is an empty cell (the autofilter's "(Blanks)"), not an empty string
  if (v === '') return null;
  if (column.kind === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : v;
  }
  if (column.kind === 'datetime') {
    const at = new Date(v);
    return Number.isNaN(at.getTime()) ? v : at;
  }
  return v;
}

export function columnWidth(column: ExportColumn, header: string): number {
  const least = column.kind === 'datetime' ? 17 : column.kind === 'date' ? 12 : 10;
  return Math.min(60, Math.max(least, column.width ?? 0, header.length + 2));
}

/** Section 2's default columns of the tracking request list, id first. */
export const DEFAULT_EXPORT_COLUMNS: readonly string[] = ['id', ...TRACKING_REQUEST_DEFAULT_COLUMNS];
export const MAX_EXPORT_ROWS = 100_000;
/** Rows fetched from the cursor (and serialised) at a time. */
export const EXPORT_BATCH = 1000;
export const MAX_COLUMNS = 100;
