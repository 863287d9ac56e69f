// PUT /api/upload/bulk-import-tracking-requests/bulk (no trailing slash): bulk creation of tracking
// requests from the first file of a multipart upload (XLSX or CSV in the template's layout), all or
// nothing; and GET .../template, the template to fill in.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { uploadedFile } from '../../lib/upload-files';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { importRows, templateCarriers } from '../../services/tracking-requests';
import { COLUMNS, MAX_FILE_BYTES, MAX_ROWS, readTable, tableRows, templateCsv, templateXlsx } from './sheet';

const BULK_PATH = '/upload/bulk-import-tracking-requests/bulk';
const TEMPLATE_PATH = '/upload/bulk-import-tracking-requests/template';
const TEMPLATE_NAME = 'bulk-import-tracking-requests-template';

const ImportedSchema = Type.Object(
  {
    imported: Type.Integer({ description: 'How many tracking requests were created' }),
    ids: Type.Array(Type.Integer(), { description: 'Their ids, in file order' }),
    carriers_filled: Type.Array(
      Type.Object({ row: Type.Integer(), carrier: Type.String({ description: 'SCAC' }) }),
      { description: 'Rows whose empty carrier cell was filled from the number (carrier detection)' },
    ),
  },
  { title: 'BulkImportResult' },
);

/** Uploads one user may have in flight (sending, queued for a reader, being read or imported) in this process. */
export const MAX_UPLOADS_PER_USER = 2;
export const BULK_MESSAGES = {
  busy: (n: number) =>
    `You already have ${n} uploads in progress. Wait for one of them to finish and send this file again.`,
} as const;

export const bulkImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, fields: 20, parts: 50 } });
  // Per user: a user with many files cannot fill the reader queue (which companies share fairly, xlsx-read.ts).
  const inFlight = new Map<number, number>();

  app.put(
    BULK_PATH,
    {
      onRequest: requireAuth,
      // The multipart body is read in the handler; the body schema above is for the docs only.
      validatorCompiler: () => (value: unknown) => ({ value }),
      preValidation: async (request) => {
        if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
      },
      schema: {
        tags: ['tracking-requests'],
        summary: 'Bulk upload of tracking requests (XLSX or CSV, first file only)',
        description:
          'multipart/form-data; the first file part is used (any field name, e.g. `file`), others are ignored. ' +
          `The file must have the template's header row (${COLUMNS.join(', ')}; code_type and code_value ` +
          'required, others optional, any order, case-insensitive). carrier: SCAC or name, or empty when the ' +
          'number names the carrier (the rows so filled are in `carriers_filled`); code_type: ' +
          'c_id / b_id / m_bl or Container number / Booking number / B/L number; dates yyyy-MM-dd (or date cells); ' +
          'container_filter: containers separated by commas or spaces. Every row is checked with the rules of ' +
          'POST tracking-requests/ plus duplicates within the file and against existing requests and the ' +
          'company cap. All or nothing: any problem gives 400 with `non_field_errors` (a summary) and one key ' +
          "per bad row, `row N` (N = the row in the file, header = 1), listing 'column: message'. Bad files: " +
          `400 \`{file: [message]}\` (not a spreadsheet, empty, wrong columns, more than ${MAX_ROWS} rows); ` +
          `more than ${MAX_FILE_BYTES / 1024 / 1024} MB: 413 \`{file: [message]}\`. Limited users: 403. ` +
          `A user may have ${MAX_UPLOADS_PER_USER} uploads in progress; another one gets 429 \`{detail}\`. ` +
          'Workbooks are read in slots shared fairly between companies. ' +
          'The new requests are due for polling at once.',
        security: [{ token: [] }],
        consumes: ['multipart/form-data'],
        body: Type.Object(
          {
            file: Type.Optional(
              Type.String({
                format: 'binary',
                description: 'The .xlsx or .csv file (the first file part is used)',
              }),
            ),
          },
          { title: 'BulkImportUpload' },
        ),
        response: {
          201: ImportedSchema,
          ...errors[400]('Bad file `{file: [...]}` or bad rows `{non_field_errors: [...], "row N": [...]}`'),
          ...errors[401],
          ...errors[403],
          413: Type.Unsafe({ $ref: 'FieldErrors#', description: 'File too large: `{file: [message]}`' }),
        },
      },
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const mine = inFlight.get(user.id) ?? 0;
      if (mine >= MAX_UPLOADS_PER_USER) {
        throw new ApiError(
          429,
          { detail: BULK_MESSAGES.busy(MAX_UPLOADS_PER_USER) },
          { 'Retry-After': '10' },
        );
      }
      inFlight.set(user.id, mine + 1);
      try {
        return await importUpload(request, reply, user.id, profile.company_id);
      } finally {
        const left = (inFlight.get(user.id) ?? 1) - 1;
        if (left > 0) inFlight.set(user.id, left);
        else inFlight.delete(user.id);
      }
    },
  );

  async function importUpload(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    companyId: number,
  ) {
    const { buffer, filename } = await uploadedFile(
      request,
      'No file was sent: attach an .xlsx or .csv file.',
    );
    const rows = tableRows(
      await readTable(buffer, filename, {
        owner: String(companyId),
        timeoutMs: app.config.env.xlsxReadTimeoutMs,
      }),
    );
    const result = await importRows(app.db, rows, companyId, userId);
    return reply.code(201).send(result);
  }

  const sendTemplate = async (format: string | undefined, reply: FastifyReply) => {
    if (format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${TEMPLATE_NAME}.csv"`)
        .send(templateCsv());
    }
    const buffer = await templateXlsx(await templateCarriers(app.db));
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${TEMPLATE_NAME}.xlsx"`)
      .send(buffer);
  };

  for (const path of [TEMPLATE_PATH, `${TEMPLATE_PATH}/`]) {
    app.get(
      path,
      {
        schema: {
          tags: ['tracking-requests'],
          summary: 'The bulk upload template (XLSX, or CSV with ?format=csv)',
          description:
            'No token needed (a plain download link works). The XLSX has the header row on the first sheet and ' +
            'an Instructions sheet with what each column takes and the carriers (SCAC, code types, whether a ' +
            'container is needed). File name bulk-import-tracking-requests-template.xlsx / .csv.',
          hide: path.endsWith('/'),
          querystring: Type.Object({
            format: Type.Optional(
              Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], { description: 'Default xlsx' }),
            ),
          }),
          response: {
            200: Type.String({ description: 'The file', format: 'binary' }),
            ...errors[400](),
          },
        },
      },
      async (request, reply) => sendTemplate(request.query.format, reply),
    );
  }
};
