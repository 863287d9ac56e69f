// GET /api/free-time-rules/export/: the company's rules as the template workbook (every user of the company);
// POST /api/free-time-rules/import/: the workbook back, all or nothing (managers). Uploads follow the bulk
// tracking-request upload: the same size limit, the same guarded reader (zip checks, a worker with limits).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestLang } from '../../i18n';
import { ApiError } from '../../lib/errors';
import { caller } from '../../plugins/auth';
import { allRules, MAX_RULES, RULE_MESSAGES } from '../../services/free-time-rules';
import { checkedRows, saveImport, sheetRows } from '../../services/free-time-rules/import';
import { rulesWorkbook, SHEET_MESSAGES } from '../../services/free-time-rules/sheet';
import {
  fileError,
  MAX_FILE_BYTES,
  UPLOAD_FILE_MESSAGES as FILE_MESSAGES,
  uploadedFile,
} from '../../lib/upload-files';
import { readXlsxRows, XlsxReadError } from '../../lib/xlsx-read';
import { guardRuleWrite } from './guard';
import { exportRoute, importRoute } from './schema';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first sheet's cell texts; anything that is not an .xlsx workbook gets a clear `{file: [...]}`. */
async function workbookTable(buffer: Buffer, owner: string, timeoutMs: number): Promise<string[][]> {
  if (buffer.length === 0) throw fileError(FILE_MESSAGES.empty);
  const magic = buffer.subarray(0, 4).toString('hex');
  if (magic === 'd0cf11e0') throw fileError(FILE_MESSAGES.oldXls);
  if (magic !== '504b0304') throw fileError(SHEET_MESSAGES.notXlsx);
  try {
    return await readXlsxRows(buffer, MAX_RULES, { owner, timeoutMs });
  } catch (error) {
    if (!(error instanceof XlsxReadError)) throw error;
    if (error.kind === 'tooLarge') throw fileError(FILE_MESSAGES.tooLargeUnpacked);
    if (error.kind === 'tooManyRows') throw fileError(RULE_MESSAGES.tooManyRules(MAX_RULES));
    throw fileError(SHEET_MESSAGES.notXlsx);
  }
}

export const freeTimeTransferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, fields: 20, parts: 50 } });

  app.get('/free-time-rules/export/', { schema: exportRoute }, async (request, reply) => {
    const rules = await allRules(app.db, caller(request).profile.company_id);
    const buffer = await rulesWorkbook(rules, requestLang(request));
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', 'attachment; filename="free-time-rules.xlsx"')
      .send(buffer);
  });

  app.post(
    '/free-time-rules/import/',
    {
      preValidation: guardRuleWrite,
      // The multipart body is read in the handler; the body schema is for the docs only.
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: importRoute,
    },
    async (request) => {
      const raw = (request.query as { mode?: unknown }).mode;
      if (raw !== undefined && raw !== 'upsert' && raw !== 'replace') {
        throw new ApiError(400, {
          mode: [`"${typeof raw === 'string' ? raw : JSON.stringify(raw)}" is not a valid choice.`],
        });
      }
      const mode = raw ?? 'upsert';
      const companyId = caller(request).profile.company_id;
      const { buffer } = await uploadedFile(request, 'No file was sent: attach the .xlsx file.');
      const timeoutMs = app.config.env.xlsxReadTimeoutMs;
      const rows = sheetRows(await workbookTable(buffer, String(companyId), timeoutMs));
      const checked = await checkedRows(app.db, rows);
      return saveImport(
        app.db,
        companyId,
        checked.map((c) => c.input),
        mode,
      );
    },
  );
};
