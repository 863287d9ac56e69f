// GET /api/tracking-requests/export/: the filtered list as an XLSX (or CSV) download, with the
// columns asked for (spec section 7, "GET tracking-requests/export").
//
// The rows are those of the list for the same filters, in the list's order, read through a server-side cursor in
// one read-only snapshot (the row count that decides the 100,000-row cap too), a batch at a time, so a large
// export is linear and never holds the whole list. The xlsx is streamed by XlsxSheetWriter (as the shipments
// export): a frozen bold header with an autofilter, readable widths, numbers as numbers and dates as Excel dates.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TRACKING_REQUEST_DEFAULT_COLUMNS } from '@portal/shared-api/domain';
import { Type } from '@sinclair/typebox';
import { requestLang, translate, type Lang } from '../../i18n';
import { badRequest, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller, canWrite } from '../../plugins/auth';
import { loadThresholds } from '../../services/health';
import { listParam } from '../../lib/query-params';
import { ListQuerySchema } from './schema';
import { csvText } from '../../lib/csv';
import { XlsxSheetWriter, type XlsxColumnKind, type XlsxValue } from '../../services/export/xlsx-writer';
import { listQuery, readExportRows, type RequestOut } from '../../services/tracking-requests';

type Out = RequestOut;

/** How a column's values are stored: text, a number, a calendar day or an instant (UTC). */
type ColumnKind = Extract<XlsxColumnKind, 'string' | 'number' | 'date' | 'datetime'>;

interface ExportColumn {
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
const EXPORT_COLUMNS: Record<string, ExportColumn> = {
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
const EXPORT_COLUMN_KEYS = Object.keys(EXPORT_COLUMNS);

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
function csvValue(column: ExportColumn, r: Out, lang: Lang): string | number | null {
  const v = plainValue(column, r, lang);
  if (column.kind === 'datetime' && typeof v === 'string') return v.slice(0, 16).replace('T', ' ');
  return v;
}

/** The xlsx cell: days as UTC midnight and instants as Dates (Excel dates), numbers as numbers. */
function xlsxValue(column: ExportColumn, r: Out, lang: Lang): XlsxValue {
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

function columnWidth(column: ExportColumn, header: string): number {
  const least = column.kind === 'datetime' ? 17 : column.kind === 'date' ? 12 : 10;
  return Math.min(60, Math.max(least, column.width ?? 0, header.length + 2));
}

/** Section 2's default columns of the tracking request list, id first. */
const DEFAULT_EXPORT_COLUMNS: readonly string[] = ['id', ...TRACKING_REQUEST_DEFAULT_COLUMNS];
export const MAX_EXPORT_ROWS = 100_000;
/** Rows fetched from the cursor (and serialised) at a time. */
export const EXPORT_BATCH = 1000;
const MAX_COLUMNS = 100;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Registered inside trackingRequestRoutes (which adds the token check). */
export const trackingRequestExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tracking-requests/export/',
    {
      preValidation: async (request) => {
        if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
      },
      schema: {
        tags: ['tracking-requests'],
        summary: 'Download the filtered tracking requests as XLSX (or CSV)',
        description:
          'Same filters and ordering as the list (no paging). `columns` (repeat the key) picks and orders the ' +
          `columns: ${EXPORT_COLUMN_KEYS.join(', ')}; default ${DEFAULT_EXPORT_COLUMNS.join(', ')}. ` +
          '`filename` (default tracking-requests) names the file in Content-Disposition. The xlsx is streamed: ' +
          'the header row is frozen with an autofilter, numbers are numbers and dates are Excel dates (UTC; ' +
          'yyyy-mm-dd, instants yyyy-mm-dd hh:mm). At most ' +
          `${MAX_EXPORT_ROWS} rows. Needs write permission, like the Export List button (spec section 6).`,
        security: [{ token: [] }],
        querystring: Type.Composite([
          Type.Omit(ListQuerySchema, ['page']),
          Type.Object({
            columns: Type.Optional(
              Type.Union(
                [
                  Type.String({ maxLength: 2000 }),
                  Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_COLUMNS }),
                ],
                { description: 'Columns (repeat the key)' },
              ),
            ),
            filename: Type.Optional(
              Type.String({ maxLength: 200, description: 'File name without extension' }),
            ),
            format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
            lang: Type.Optional(
              Type.Union([Type.Literal('en'), Type.Literal('es')], {
                description: 'Language of the headers and texts (else Accept-Language, else en)',
              }),
            ),
          }),
        ]),
        response: {
          200: Type.String({ format: 'binary', description: 'The file' }),
          ...errors[400](),
          ...errors[401],
          ...errors[403],
        },
      },
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const query = request.query as Record<string, unknown>;
      const thresholds = await loadThresholds(app.db, user.id);
      const problems: Record<string, string[]> = {};
      const columns = listParam(query.columns);
      const unknown = columns.filter((c) => !Object.hasOwn(EXPORT_COLUMNS, c));
      if (unknown.length) {
        problems.columns = unknown.map((c) => `"${c}" is not a valid choice.`);
      }
      const { conditions, order } = listQuery(query, thresholds, problems);
      const chosen = (columns.length ? [...new Set(columns)] : DEFAULT_EXPORT_COLUMNS).map(
        (key) => EXPORT_COLUMNS[key],
      );
      // `lang` of the query, else Accept-Language (shared-api sends the user's language), else English.
      const lang: Lang = query.lang === 'es' || query.lang === 'en' ? query.lang : requestLang(request);
      const name = (typeof query.filename === 'string' && query.filename.trim()) || 'tracking-requests';
      const safe = name.replace(/[^\w.\- ]+/g, '_').slice(0, 100);
      const headers = chosen.map((c) => (lang === 'es' ? c.es : c.header));
      const refuseOver = (count: number) => {
        if (count > MAX_EXPORT_ROWS) {
          throw badRequest({
            non_field_errors: [
              `Too many tracking requests to export (${count}); narrow the filters (at most ${MAX_EXPORT_ROWS}).`,
            ],
          });
        }
      };
      const read = {
        db: app.db,
        companyId: profile.company_id,
        thresholds,
        conditions,
        order,
        batch: EXPORT_BATCH,
      };

      if (query.format === 'csv') {
        // Formula-looking text is escaped (lib/csv.ts).
        const lines: (string | number | null)[][] = [headers];
        await readExportRows({
          ...read,
          start: refuseOver,
          rows: (batch) => {
            for (const r of batch) lines.push(chosen.map((c) => csvValue(c, r, lang)));
          },
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${safe}.csv"`)
          .send(`\uFEFF${csvText(lines)}\r\n`);
      }

      // The answer starts once the count is known (a refusal is still a 400); the rows then stream, each batch
      // waiting for the client. A failure after the first bytes breaks the download (never a file that looks
      // whole).
      const out = new PassThrough();
      let started: (count: number) => void = () => undefined;
      const counted = new Promise<number>((resolve) => {
        started = resolve;
      });
      let writer: XlsxSheetWriter | undefined;
      const written = readExportRows({
        ...read,
        start: (count) => {
          refuseOver(count);
          writer = new XlsxSheetWriter({
            out,
            sheetName: lang === 'es' ? 'Solicitudes de seguimiento' : 'Tracking requests',
            columns: chosen.map((c, i) => ({
              header: headers[i],
              kind: c.kind,
              width: columnWidth(c, headers[i]),
            })),
          });
          started(count);
        },
        rows: async (batch) => {
          if (out.destroyed) throw new Error('export stream closed before the end (client gone)');
          await writer!.writeRows(batch.map((r) => chosen.map((c) => xlsxValue(c, r, lang))));
        },
      }).then(() => writer!.finish());
      const count = await Promise.race([counted, written.then(() => -1)]);
      written.catch((error: unknown) => {
        request.log.error({ err: error }, 'tracking request export failed while streaming');
        writer?.abort();
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${safe}.xlsx"`)
        .header('X-Export-Rows', String(count))
        .header('Access-Control-Expose-Headers', 'Content-Disposition, X-Export-Rows')
        .send(out);
    },
  );
};
