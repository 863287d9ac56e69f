// GET /api/free-time-rules/export/: the company's rules as the template workbook (every user of the company);
// POST /api/free-time-rules/import/: the workbook back, all or nothing (managers). Uploads follow the bulk
// tracking-request upload: the same size limit, the same guarded reader (zip checks, a worker with limits).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestLang } from '../../i18n';
import { ApiError } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller } from '../../plugins/auth';
import { allRules, MAX_RULES, RULE_MESSAGES } from '../../services/free-time-rules';
import { checkedRows, saveImport, sheetRows } from '../../services/free-time-rules/import';
import { rulesWorkbook, SHEET_COLUMNS, SHEET_MESSAGES } from '../../services/free-time-rules/sheet';
import {
  fileError,
  MAX_FILE_BYTES,
  UPLOAD_FILE_MESSAGES as FILE_MESSAGES,
  uploadedFile,
} from '../../lib/upload-files';
import { readXlsxRows, XlsxReadError } from '../../lib/xlsx-read';
import { guardRuleWrite } from './guard';
import { FreeTimeImportSchema } from './schema';

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

  app.get(
    '/free-time-rules/export/',
    {
      schema: {
        tags: ['free-time-rules'],
        summary: "Your company's free-time rules as a spreadsheet (also the import template)",
        description:
          `XLSX: the first sheet has the header row (${SHEET_COLUMNS.join(', ')}) and one rule per row; tiers as ` +
          '"1-5: 75; 6-10: 100; 11+: 150". A second sheet explains each column in the language of the request ' +
          '(Accept-Language). With no rules it is the empty template. File name free-time-rules.xlsx.',
        security: [{ token: [] }],
        response: { 200: Type.String({ format: 'binary', description: 'The workbook' }), ...errors[401] },
      },
    },
    async (request, reply) => {
      const rules = await allRules(app.db, caller(request).profile.company_id);
      const buffer = await rulesWorkbook(rules, requestLang(request));
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', 'attachment; filename="free-time-rules.xlsx"')
        .send(buffer);
    },
  );

  app.post(
    '/free-time-rules/import/',
    {
      preValidation: guardRuleWrite,
      // The multipart body is read in the handler; the body schema is for the docs only.
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: {
        tags: ['free-time-rules'],
        summary: 'Import the free-time rules spreadsheet (all or nothing)',
        description:
          'multipart/form-data, the first file part (e.g. `file`): the workbook of GET free-time-rules/export/. ' +
          '`?mode=upsert` (default) adds the rules of new scopes and changes those of existing ones; ' +
          '`?mode=replace` also deletes the rules whose scope is not in the file. Every row is checked first ' +
          '(the rules of POST free-time-rules/ plus duplicates within the file); any problem gives 400 with ' +
          "`non_field_errors` (a summary) and `row N` (N = the row in the sheet, header = 1) listing 'column: " +
          "message', and nothing is saved. A file that is not the template: 400 `{file: [message]}`; more than " +
          `${MAX_FILE_BYTES / 1024 / 1024} MB: 413. Managers only (403 otherwise). One transaction; the company's ` +
          'containers are then recomputed in the background.',
        security: [{ token: [] }],
        consumes: ['multipart/form-data'],
        querystring: Type.Object({
          mode: Type.Optional(
            Type.Union([Type.Literal('upsert'), Type.Literal('replace')], { description: 'Default upsert' }),
          ),
        }),
        body: Type.Object(
          { file: Type.Optional(Type.String({ format: 'binary', description: 'The .xlsx file' })) },
          { title: 'FreeTimeRuleImportUpload' },
        ),
        response: {
          200: FreeTimeImportSchema,
          ...errors[400]('Bad file `{file: [...]}` or bad rows `{non_field_errors: [...], "row N": [...]}`'),
          ...errors[401],
          ...errors[403],
          413: Type.Unsafe({ $ref: 'FieldErrors#', description: 'File too large: `{file: [message]}`' }),
        },
      },
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
