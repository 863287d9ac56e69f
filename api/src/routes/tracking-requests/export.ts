// GET /api/tracking-requests/export/: the filtered list as an XLSX (or CSV) download, with the
// columns asked for (spec section 7, "GET tracking-requests/export").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import ExcelJS from 'exceljs';
import { requestLang, translate, type Lang } from '../../i18n';
import { ApiError, badRequest, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller, canWrite } from '../../plugins/auth';
import { loadThresholds } from '../../services/health';
import { listParam } from '../../lib/query-params';
import { ListQuerySchema } from './schema';
import { csvText } from '../../lib/csv';
import {
  listConditions,
  listOrder,
  selectRequests,
  serializeRequests,
  withColumns,
  type RequestRow,
} from './serialize';

type Out = Awaited<ReturnType<typeof serializeRequests>>[number];

/** Exportable columns: header (English, Spanish) and cell value (server texts in English, see src/i18n). */
const EXPORT_COLUMNS: Record<
  string,
  { header: string; es: string; value: (r: Out) => string | number | null; text?: 'term' | 'sentences' }
> = {
  id: { header: 'Id', es: 'Id', value: (r) => r.id },
  status: { header: 'Status', es: 'Estado', value: (r) => r.status_verbose, text: 'term' },
  code_type: { header: 'Code type', es: 'Tipo de código', value: (r) => r.code_type_verbose, text: 'term' },
  code_value: { header: 'Code value', es: 'Código', value: (r) => r.code_value },
  client_code: { header: 'Client code', es: 'Código de cliente', value: (r) => r.client_code },
  project: { header: 'Project', es: 'Proyecto', value: (r) => r.project },
  carrier: { header: 'Carrier', es: 'Naviera', value: (r) => r.carrier },
  carrier_scac: { header: 'SCAC', es: 'SCAC', value: (r) => r.carrier_scac },
  shipments_count: { header: 'Shipments', es: 'Envíos', value: (r) => r.shipments_count },
  shipments_health: {
    header: 'On track / Later than expected / Attention required',
    es: 'En plazo / Más tarde de lo previsto / Requiere atención',
    value: (r) =>
      `${r.shipments_health.ontrack} / ${r.shipments_health.delayed} / ${r.shipments_health.alerted}`,
  },
  contractual_eta_pod: {
    header: 'Contractual ETA POD',
    es: 'ETA contractual POD',
    value: (r) => r.contractual_eta_pod,
  },
  contractual_eta_dlv: {
    header: 'Contractual ETA DLV',
    es: 'ETA contractual DLV',
    value: (r) => r.contractual_eta_dlv,
  },
  container_filter: { header: 'Containers', es: 'Contenedores', value: (r) => r.container_filter.join(', ') },
  booking_bl_required_container: {
    header: 'Container required',
    es: 'Contenedor obligatorio',
    value: (r) => (r.booking_bl_required_container ? 'yes' : 'no'),
    text: 'term',
  },
  alerts: { header: 'Alerts', es: 'Alertas', value: (r) => r.alerts },
  warnings: {
    header: 'Warnings',
    es: 'Avisos',
    value: (r) => r.warnings.map((w) => w.message).join('; '),
    text: 'sentences',
  },
  last_update: {
    header: 'Last update',
    es: 'Última actualización',
    value: (r) => r.last_update?.slice(0, 16).replace('T', ' ') ?? null,
  },
  created_at: { header: 'Created', es: 'Creada', value: (r) => r.created_at.slice(0, 16).replace('T', ' ') },
  modified_at: {
    header: 'Modified',
    es: 'Modificada',
    value: (r) => r.modified_at.slice(0, 16).replace('T', ' '),
  },
};

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
/** Section 2's default columns of the tracking request list, id first. */
export const DEFAULT_EXPORT_COLUMNS = [
  'id',
  'status',
  'code_type',
  'code_value',
  'client_code',
  'project',
  'carrier',
  'shipments_count',
  'contractual_eta_pod',
  'contractual_eta_dlv',
  'created_at',
];
export const MAX_EXPORT_ROWS = 100_000;
const BATCH = 1000;

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
          `columns: ${Object.keys(EXPORT_COLUMNS).join(', ')}; default ${DEFAULT_EXPORT_COLUMNS.join(', ')}. ` +
          '`filename` (default tracking-requests) names the file in Content-Disposition. At most ' +
          `${MAX_EXPORT_ROWS} rows. Needs write permission, like the Export List button (spec section 6).`,
        security: [{ token: [] }],
        querystring: Type.Composite([
          Type.Omit(ListQuerySchema, ['page']),
          Type.Object({
            columns: Type.Optional(
              Type.Union([Type.String(), Type.Array(Type.String())], {
                description: 'Columns (repeat the key)',
              }),
            ),
            filename: Type.Optional(Type.String({ description: 'File name without extension' })),
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
      const unknown = columns.filter((c) => !(c in EXPORT_COLUMNS));
      if (unknown.length) {
        problems.columns = unknown.map((c) => `"${c}" is not a valid choice.`);
      }
      let conditions: ReturnType<typeof listConditions> = [];
      let order: ReturnType<typeof listOrder> | undefined;
      try {
        conditions = listConditions(query, thresholds);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        Object.assign(problems, err.body);
      }
      try {
        order = listOrder(query.ordering);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        Object.assign(problems, err.body);
      }
      if (Object.keys(problems).length || !order) throw badRequest(problems);
      const chosen = columns.length ? [...new Set(columns)] : DEFAULT_EXPORT_COLUMNS;
      // `lang` of the query, else Accept-Language (shared-api sends the user's language), else English.
      const lang: Lang = query.lang === 'es' || query.lang === 'en' ? query.lang : requestLang(request);
      let base = selectRequests(app.db, profile.company_id);
      for (const c of conditions) base = base.where(c);
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) > MAX_EXPORT_ROWS) {
        throw badRequest({
          non_field_errors: [
            `Too many tracking requests to export (${count}); narrow the filters (at most ${MAX_EXPORT_ROWS}).`,
          ],
        });
      }
      const lines: (string | number | null)[][] = [];
      for (let offset = 0; offset < Number(count); offset += BATCH) {
        const rows = await withColumns(base).orderBy(order).limit(BATCH).offset(offset).execute();
        const out = await serializeRequests(app.db, profile.company_id, thresholds, rows as RequestRow[]);
        for (const r of out) {
          lines.push(
            chosen.map((c) => {
              const { value, text } = EXPORT_COLUMNS[c];
              const v = value(r);
              return text && typeof v === 'string' ? cellText(v, text, lang) : v;
            }),
          );
        }
      }
      const name = (typeof query.filename === 'string' && query.filename.trim()) || 'tracking-requests';
      const safe = name.replace(/[^\w.\- ]+/g, '_').slice(0, 100);
      const headers = chosen.map((c) => (lang === 'es' ? EXPORT_COLUMNS[c].es : EXPORT_COLUMNS[c].header));
      if (query.format === 'csv') {
        // Formula-looking text is escaped (lib/csv.ts).
        const text = csvText([headers, ...lines]);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${safe}.csv"`)
          .send(`\uFEFF${text}\r\n`);
      }
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(lang === 'es' ? 'Solicitudes de seguimiento' : 'Tracking requests');
      sheet.addRow(headers).font = { bold: true };
      sheet.addRows(lines);
      sheet.columns.forEach((col, i) => (col.width = Math.max(12, headers[i].length + 2)));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${safe}.xlsx"`)
        .send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  );
};
