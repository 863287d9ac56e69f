// GET /api/shipments/export_fields/ (the field schema, grouped by section, en and es labels) and
// GET /api/shipments/export/ (the filtered shipment list as a streamed xlsx with the chosen columns), spec
// sections 2 (Export List) and 7. Both need write permission, like the Export List button (section 6).
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, ErrorCollector, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
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
import { ShipmentListQuery } from './schema';

/** The most rows one export may hold (the target is 100,000 in under 10 s). */
const MAX_EXPORT_ROWS = 200_000;
const NO_COLUMNS_MESSAGE = 'Select columns to display';
const MAX_COLUMNS = 400;

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

export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/shipments/export_fields/',
    {
      preValidation: requireWriter,
      schema: {
        tags: ['shipments'],
        summary: 'The fields a shipment export can hold, grouped by section',
        description:
          'Each field has a stable key (what `columns` of GET shipments/export/ takes), a label in en and es and ' +
          'a type. Custom-form fields of the caller’s company come last, keyed `sf.<property>`.',
        security: [{ token: [] }],
        response: {
          200: Type.Object({
            count: Type.Integer({ description: 'Number of fields' }),
            sections: Type.Array(
              Type.Object({
                key: Type.String(),
                label: Type.Object({ en: Type.String(), es: Type.String() }),
                fields: Type.Array(
                  Type.Object({
                    key: Type.String(),
                    label: Type.Object({ en: Type.String(), es: Type.String() }),
                    type: Type.String({
                      enum: ['string', 'integer', 'number', 'datetime', 'date', 'boolean'],
                    }),
                  }),
                ),
              }),
            ),
          }),
          ...errors[401],
          ...errors[403],
        },
      },
    },
    async (request) => {
      const fields = exportFields(await companyForm(app.db, caller(request).profile.company_id));
      return { count: fields.length, sections: fieldSchema(fields) };
    },
  );

  app.get(
    '/shipments/export/',
    {
      preValidation: requireWriter,
      schema: {
        tags: ['shipments'],
        summary: 'Download the filtered shipment list as xlsx, with the chosen columns',
        description:
          'Takes every filter of GET shipments/ (and its ordering); the rows are the list’s rows for those ' +
          'filters, in the same order, unpaged. `columns` (repeat the key) picks the fields of ' +
          `GET shipments/export_fields/, in order; none answers 400 {columns: ['${NO_COLUMNS_MESSAGE}']}. ` +
          '`filename` (default shipments) names the file in Content-Disposition; `lang` (en or es; default the ' +
          'Accept-Language, else es) the headers. The file is streamed; dates are Excel dates (UTC), the header ' +
          `row is frozen with an autofilter. At most ${MAX_EXPORT_ROWS} rows.`,
        security: [{ token: [] }],
        querystring: Type.Composite(
          [
            Type.Omit(ShipmentListQuery, ['page']),
            Type.Object({
              columns: Type.Optional(
                Type.Union(
                  [
                    Type.String({ maxLength: 10_000 }),
                    Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_COLUMNS }),
                  ],
                  {
                    description: 'Field keys (repeat the key)',
                  },
                ),
              ),
              filename: Type.Optional(
                Type.String({ maxLength: 200, description: 'File name without extension' }),
              ),
              lang: Type.Optional(
                Type.String({ enum: ['en', 'es'], description: 'Language of the headers' }),
              ),
            }),
          ],
          { additionalProperties: true },
        ),
        response: {
          200: Type.String({ format: 'binary', description: 'The xlsx file' }),
          ...errors[400](),
          ...errors[401],
          ...errors[403],
        },
      },
    },
    async (request, reply) => {
      const query = request.query as RawQuery;
      const { profile } = caller(request);
      const companyId = profile.company_id;
      const thresholds = thresholdsOf(profile);
      const now = new Date();
      // Every mistake in one answer: the filters' and the columns'.
      const problems: Record<string, string[]> = {};
      let filters: ReturnType<typeof parseShipmentFilters> | undefined;
      try {
        filters = parseShipmentFilters(query, now);
      } catch (error) {
        if (!(error instanceof Error && 'body' in error)) throw error;
        Object.assign(problems, (error as { body: Record<string, string[]> }).body);
      }
      const custom = customFormFields(await companyForm(app.db, companyId));
      let fields: ExportField[] = [];
      try {
        fields = chosenFields(query.columns, custom);
      } catch (error) {
        if (!(error instanceof Error && 'body' in error)) throw error;
        Object.assign(problems, (error as { body: Record<string, string[]> }).body);
      }
      if (Object.keys(problems).length > 0 || !filters) throw badRequest(problems);

      await resolveSearch(app.db, filters);
      const conditions = shipmentConditions(filters, thresholds, now, companyId);
      const count = await countMatching(app.db, companyId, conditions);
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
        db: app.db,
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
    },
  );
};
