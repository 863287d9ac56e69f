// GET /api/shipments/export_fields/ (the field schema, grouped by section, en and es labels) and
// GET /api/shipments/export/ (the filtered shipment list as a streamed xlsx with the chosen columns), spec
// sections 2 (Export List) and 7. Both need write permission, like the Export List button (section 6).
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, ErrorCollector, permissionDenied } from '../../lib/errors';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { thresholdsOf } from '../../services/health';
import {
  parseShipmentFilters,
  resolveSearch,
  shipmentConditions,
  type RawQuery,
} from '../../services/shipments/filters';
import {
  EXPORT_LANGS,
  exportFields,
  fieldSchema,
  findField,
  customFormFields,
  type ExportField,
  type ExportLang,
} from '../../services/export/fields';
import { exportQuery, streamShipmentsXlsx } from '../../services/export/shipments-xlsx';
import { companyForm, countMatching } from '../../services/shipments';
import {
  exportFieldsRoute,
  exportRoute,
  MAX_COLUMNS,
  MAX_EXPORT_ROWS,
  NO_COLUMNS_MESSAGE,
} from './exports-schema';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 'shipments' unless a usable name is given; only letters, digits, '.', '-', '_' and spaces survive. */
function safeFileName(name: unknown, fallback: string): string {
  const text = typeof name === 'string' ? name.normalize('NFKD').replace(/[^\w.\- ]+/g, '_') : '';
  const trimmed = text
    .replace(/^[.\s_]+/, '')
    .trim()
    .slice(0, 100);
  return trimmed || fallback;
}

/** `lang` of the query, else the first of Accept-Language we speak, else Spanish (the portal's default). */
function exportLang(request: FastifyRequest, value: unknown): ExportLang {
  if (typeof value === 'string' && (EXPORT_LANGS as readonly string[]).includes(value))
    return value as ExportLang;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return (accepted.find((l) => (EXPORT_LANGS as readonly string[]).includes(l)) as ExportLang) ?? 'es';
}

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The chosen columns as fields, in the order asked; 400 for none, unknown or too many. */
function chosenFields(value: unknown, custom: readonly ExportField[]): ExportField[] {
  const keys = listOf(value);
  const errs = new ErrorCollector();
  if (keys.length === 0) errs.add('columns', NO_COLUMNS_MESSAGE);
  if (keys.length > MAX_COLUMNS)
    errs.add('columns', `Ensure this field has no more than ${MAX_COLUMNS} elements.`);
  const seen = new Set<string>();
  const fields: ExportField[] = [];
  for (const key of keys.slice(0, MAX_COLUMNS)) {
    if (seen.has(key)) continue;
    seen.add(key);
    const f = findField(key, custom);
    if (f) fields.push(f);
    else errs.add('columns', `"${key.slice(0, 100)}" is not a valid choice.`);
  }
  errs.throwIfAny();
  return fields;
}

const requireWriter = async (request: FastifyRequest) => {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
};

/** What `read()` answers; when it throws a field error (an ApiError's body), that body goes into `problems`. */
function collect<T>(problems: Record<string, string[]>, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof Error && 'body' in error)) throw error;
    Object.assign(problems, (error as { body: Record<string, string[]> }).body);
    return undefined;
  }
}

/** The filters and columns of an export, read from the query: every mistake, of both, in one 400. */
async function exportChoice(request: FastifyRequest, query: RawQuery, now: Date) {
  const companyId = caller(request).profile.company_id;
  const problems: Record<string, string[]> = {};
  const filters = collect(problems, () => parseShipmentFilters(query, now));
  const custom = customFormFields(await companyForm(request.server.db, companyId));
  const fields = collect(problems, () => chosenFields(query.columns, custom)) ?? [];
  if (Object.keys(problems).length > 0 || !filters) throw badRequest(problems);
  return { filters, fields };
}

/** GET shipments/export/: the matching shipments (at most MAX_EXPORT_ROWS) streamed as an xlsx file. */
async function exportShipments(request: FastifyRequest, reply: FastifyReply) {
  const { db } = request.server;
  const query = request.query as RawQuery;
  const { profile } = caller(request);
  const companyId = profile.company_id;
  const thresholds = thresholdsOf(profile);
  const now = new Date();
  const { filters, fields } = await exportChoice(request, query, now);

  await resolveSearch(db, filters);
  const conditions = shipmentConditions(filters, thresholds, now, companyId);
  const count = await countMatching(db, companyId, conditions);
  if (count > MAX_EXPORT_ROWS) {
    throw badRequest({
      non_field_errors: [
        `Too many shipments to export (${count}); narrow the filters (at most ${MAX_EXPORT_ROWS}).`,
      ],
    });
  }

  const lang = exportLang(request, query.lang);
  const name = safeFileName(query.filename, 'shipments');
  const out = new PassThrough();
  const written = streamShipmentsXlsx({
    db,
    query: exportQuery(companyId, thresholds, filters, conditions, fields),
    fields,
    lang,
    out,
  });
  // A failure after the first bytes cannot become a 400 any more: break the download so no client keeps a
  // partial file that looks whole.
  written.catch((error: unknown) => {
    request.log.error({ err: error }, 'shipment export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${name}.xlsx"`)
    .header('X-Export-Rows', String(count))
    .header('Access-Control-Expose-Headers', 'Content-Disposition, X-Export-Rows')
    .send(out);
}

export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/shipments/export_fields/',
    { preValidation: requireWriter, schema: exportFieldsRoute },
    async (request) => {
      const fields = exportFields(await companyForm(app.db, caller(request).profile.company_id));
      return { count: fields.length, sections: fieldSchema(fields) };
    },
  );

  app.get('/shipments/export/', { preValidation: requireWriter, schema: exportRoute }, exportShipments);
};
