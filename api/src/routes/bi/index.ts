// /api/bi/: the metric catalogue for the caller, a metric's chart or table data, and its xlsx export
// (spec sections 2 "BI page", 3, 6, 7, 9). Internal metrics (tracking quality, customer tracking) are for
// superusers only: others never see their definitions and get 403 on their data.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { localizePayload, requestLang } from '../../i18n';
import { notFound, permissionDenied } from '../../lib/errors';
import { listParam } from '../../lib/query-params';
import { errors } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import { thresholdsOf } from '../../services/health';
import type { RawQuery } from '../../services/shipments/filters';
import { catalogueFor, METRICS_BY_NAME, type MetricDef } from '../../services/bi/catalogue';
import { chooseColumns, exportColumns, toXlsx } from '../../services/bi/export';
import { BI_EXPORT_MAX_ROWS, BI_PAGE_SIZE, COMPUTE, type MetricResult } from '../../services/bi/metrics';
import { parseBiParams } from '../../services/bi/params';
import { BiCatalogueSchema, BiMetricResultSchema } from './schema';

const MetricParams = Type.Object({ metric: Type.String({ maxLength: 60 }) });

const FilterQuery = Type.Object(
  {
    carrier: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 50 })])),
    pol_loc: Type.Optional(Type.String({ maxLength: 100 })),
    pod_loc: Type.Optional(Type.String({ maxLength: 100 })),
    created_at_range_after: Type.Optional(Type.String({ maxLength: 40 })),
    created_at_range_before: Type.Optional(Type.String({ maxLength: 40 })),
    stopped_days: Type.Optional(Type.String({ maxLength: 20 })),
    dta: Type.Optional(Type.String({ maxLength: 20 })),
    page: Type.Optional(Type.String({ maxLength: 20 })),
    columns: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 200 })])),
    lang: Type.Optional(Type.String({ maxLength: 5 })),
  },
  { additionalProperties: true },
);

/** The metric of the path, if the caller may read it: unknown → 404, internal for a non-superuser → 403. */
function metricFor(request: FastifyRequest, name: string): MetricDef {
  const def = METRICS_BY_NAME.get(name);
  if (!def) throw notFound();
  if (def.type === 'internal' && !caller(request).user.is_superuser) throw permissionDenied();
  return def;
}

async function compute(request: FastifyRequest, def: MetricDef, forExport: boolean): Promise<MetricResult> {
  const now = new Date();
  const params = parseBiParams(def, request.query as RawQuery, now);
  const { profile } = caller(request);
  if (forExport) params.page = 0;
  return COMPUTE[def.metric]({
    db: request.server.db,
    def,
    params,
    thresholds: thresholdsOf(profile),
    companyId: def.type === 'client' ? profile.company_id : null,
    now,
    limit: forExport ? BI_EXPORT_MAX_ROWS : BI_PAGE_SIZE,
    offset: forExport ? 0 : params.page * BI_PAGE_SIZE,
  });
}

/** What the metric and its export share: the path, the filters and the errors. */
const METRIC_SCHEMA = {
  tags: ['bi'],
  security: [{ token: [] }],
  params: MetricParams,
  querystring: FilterQuery,
  response: { ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
};

export const biRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/bi/',
    {
      schema: {
        tags: ['bi'],
        summary: 'The BI metric catalogue for the caller',
        description:
          'Categories and metric definitions (category, metric, numericFilters, specialFormat, specialType, ' +
          'hideTotal, isNotStacked, entity, url, schema, columns, labels en/es). Internal categories only for superusers.',
        security: [{ token: [] }],
        response: { 200: BiCatalogueSchema, ...errors[401] },
      },
    },
    async (request) => catalogueFor(caller(request).user.is_superuser),
  );

  app.get(
    '/bi/:metric/',
    {
      schema: {
        ...METRIC_SCHEMA,
        response: { 200: BiMetricResultSchema, ...METRIC_SCHEMA.response },
        summary: 'Chart data (labels + datasets) or a table page (30 rows, page from 0) of one metric',
        description:
          "Client metrics count the caller's company only; internal metrics (403 for non-superusers) every " +
          'company. Bad filters answer 400 `{field: [messages]}`.',
      },
    },
    async (request, reply) => {
      const def = metricFor(request, request.params.metric);
      const result = await compute(request, def, false);
      const localized = localizePayload(result, requestLang(request)); // server texts (src/i18n)
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(localized));
    },
  );

  app.get(
    '/bi/:metric/export/',
    {
      schema: {
        ...METRIC_SCHEMA,
        response: {
          200: Type.String({ format: 'binary', description: 'The xlsx file' }),
          ...METRIC_SCHEMA.response,
        },
        summary: 'The metric as an xlsx file with the chosen columns',
        description:
          'Same filters as the metric; `columns` (repeated) chooses and orders the columns (all when absent); ' +
          `\`lang\` en or es (default es) for the headers. Tables: every row, at most ${BI_EXPORT_MAX_ROWS}.`,
      },
    },
    async (request, reply) => {
      const def = metricFor(request, request.params.metric);
      const query = request.query as RawQuery;
      const wanted = listParam(query.columns);
      const lang = query.lang === 'en' ? 'en' : 'es';
      const result = await compute(request, def, true);
      const columns = chooseColumns(exportColumns(def, result), wanted);
      const body = await toXlsx(def, result, columns, lang);
      const filename = `bi-${def.metric}.xlsx`;
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(body);
    },
  );
};

export { BI_PAGE_SIZE };
