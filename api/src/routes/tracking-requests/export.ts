// GET /api/tracking-requests/export/: the filtered list as an XLSX (or CSV) download, with the
// columns asked for (spec section 7, "GET tracking-requests/export").
//
// The rows are those of the list for the same filters, in the list's order, read through a server-side cursor in
// one read-only snapshot (the row count that decides the 100,000-row cap too), a batch at a time, so a large
// export is linear and never holds the whole list. The xlsx is streamed by XlsxSheetWriter (as the shipments
// export): a frozen bold header with an autofilter, readable widths, numbers as numbers and dates as Excel dates.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLang, type Lang } from '../../i18n';
import { badRequest, permissionDenied } from '../../lib/errors';
import { caller, canWrite } from '../../plugins/auth';
import { loadThresholds } from '../../services/health';
import { listParam } from '../../lib/query-params';
import { exportRoute } from './schema';
import { csvText } from '../../lib/csv';
import { XlsxSheetWriter } from '../../services/export/xlsx-writer';
import { listQuery, readExportRows, type ReadOptions } from '../../services/tracking-requests';
import {
  columnWidth,
  csvValue,
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_BATCH,
  EXPORT_COLUMNS,
  MAX_EXPORT_ROWS,
  xlsxValue,
  type ExportColumn,
} from './export-columns';

export { EXPORT_BATCH, MAX_EXPORT_ROWS } from './export-columns';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What an export writes: the rows to read, the columns with their headers, the language and the file name. */
interface ExportPlan {
  read: Omit<ReadOptions, 'start' | 'rows'>;
  chosen: ExportColumn[];
  headers: string[];
  lang: Lang;
  /** The file name without extension, safe for Content-Disposition. */
  safe: string;
}

/** The export the query asks for (400 with every unknown column and bad filter at once). */
async function exportPlan(request: FastifyRequest): Promise<ExportPlan> {
  const { db } = request.server;
  const { user, profile } = caller(request);
  const query = request.query as Record<string, unknown>;
  const thresholds = await loadThresholds(db, user.id);
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
  const read = { db, companyId: profile.company_id, thresholds, conditions, order, batch: EXPORT_BATCH };
  return { read, chosen, headers, lang, safe };
}

function refuseOver(count: number) {
  if (count > MAX_EXPORT_ROWS) {
    throw badRequest({
      non_field_errors: [
        `Too many tracking requests to export (${count}); narrow the filters (at most ${MAX_EXPORT_ROWS}).`,
      ],
    });
  }
}

async function sendCsv(reply: FastifyReply, { read, chosen, headers, lang, safe }: ExportPlan) {
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

/**
 * The answer starts once the count is known (a refusal is still a 400); the rows then stream, each batch waiting
 * for the client. A failure after the first bytes breaks the download (never a file that looks whole).
 */
async function sendXlsx(request: FastifyRequest, reply: FastifyReply, plan: ExportPlan) {
  const { read, chosen, headers, lang, safe } = plan;
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
}

/** Registered inside trackingRequestRoutes (which adds the token check). */
export const trackingRequestExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tracking-requests/export/',
    {
      preValidation: async (request) => {
        if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
      },
      schema: exportRoute,
    },
    async (request, reply) => {
      const plan = await exportPlan(request);
      return (request.query as Record<string, unknown>).format === 'csv'
        ? sendCsv(reply, plan)
        : sendXlsx(request, reply, plan);
    },
  );
};
