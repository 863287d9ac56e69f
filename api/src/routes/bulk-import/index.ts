// PUT /api/upload/bulk-import-tracking-requests/bulk (no trailing slash): bulk creation of tracking
// requests from the first file of a multipart upload (XLSX or CSV in the template's layout), all or
// nothing; and GET .../template, the template to fill in.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply } from 'fastify';
import type { Carrier } from '../../db/types';
import { ApiError, badRequest, permissionDenied, type FieldErrors } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import {
  carrierRequiresContainer,
  checkNewRequest,
  CODE_TYPES,
  existingRequests,
  insertRequests,
  keyOf,
  lockCompanyForAdding,
  TR_MESSAGES,
  type CodeType,
  type NewRequest,
} from '../../services/tracking-requests';
import {
  COLUMNS,
  FILE_MESSAGES,
  fileError,
  MAX_FILE_BYTES,
  MAX_ROWS,
  readTable,
  tableRows,
  templateCsv,
  templateXlsx,
  type SheetRow,
} from './sheet';

const BULK_PATH = '/upload/bulk-import-tracking-requests/bulk';
const TEMPLATE_PATH = '/upload/bulk-import-tracking-requests/template';
const TEMPLATE_NAME = 'bulk-import-tracking-requests-template';

/** Error fields of the API that are named differently in the file. */
const FIELD_TO_COLUMN: Record<string, string> = { carrier_id: 'carrier', project_id: 'project' };

const ImportedSchema = Type.Object(
  {
    imported: Type.Integer({ description: 'How many tracking requests were created' }),
    ids: Type.Array(Type.Integer(), { description: 'Their ids, in file order' }),
  },
  { title: 'BulkImportResult' },
);

/** Code type from its id or its name ('Booking number'), any case. */
function codeTypeOf(text: string): CodeType | undefined {
  const t = text.trim().toLowerCase();
  return CODE_TYPES.find((c) => c.id === t || c.name.toLowerCase() === t)?.id;
}

export const bulkImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, fields: 20, parts: 50 } });

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
          `The file must have the template's header row (${COLUMNS.join(', ')}; carrier, code_type and ` +
          'code_value required, others optional, any order, case-insensitive). carrier: SCAC or name; code_type: ' +
          'c_id / b_id / m_bl or Container number / Booking number / B/L number; dates yyyy-MM-dd (or date cells); ' +
          'container_filter: containers separated by commas or spaces. Every row is checked with the rules of ' +
          'POST tracking-requests/ plus duplicates within the file and against existing requests and the ' +
          'company cap. All or nothing: any problem gives 400 with `non_field_errors` (a summary) and one key ' +
          "per bad row, `row N` (N = the row in the file, header = 1), listing 'column: message'. Bad files: " +
          `400 \`{file: [message]}\` (not a spreadsheet, empty, wrong columns, more than ${MAX_ROWS} rows); ` +
          `more than ${MAX_FILE_BYTES / 1024 / 1024} MB: 413 \`{file: [message]}\`. Limited users: 403. ` +
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
      if (!request.isMultipart()) {
        throw fileError('Send the file as multipart/form-data (for example in a field named "file").');
      }
      let buffer: Buffer;
      let filename: string | undefined;
      try {
        const part = await request.file();
        if (!part) throw fileError('No file was sent: attach an .xlsx or .csv file.');
        filename = part.filename;
        buffer = await part.toBuffer();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const code = (err as FastifyError).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(FILE_MESSAGES.tooLarge, 413);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
          throw fileError('Too many parts in the upload: send one file.', 413);
        }
        throw fileError('The upload could not be read: send the file again as multipart/form-data.');
      }
      const rows = tableRows(await readTable(buffer, filename));
      const result = await importRows(rows, profile.company_id, user.id);
      return reply.code(201).send(result);
    },
  );

  /** Checks every row, then inserts all of them in one transaction (or none). */
  async function importRows(rows: SheetRow[], companyId: number, userId: number) {
    const [carriers, projects] = await Promise.all([
      app.db.selectFrom('carriers').selectAll().where('active', '=', true).execute(),
      app.db.selectFrom('projects').select(['id', 'name']).where('company_id', '=', companyId).execute(),
    ]);
    const carrierByText = new Map<string, Carrier>();
    for (const c of carriers) {
      carrierByText.set(c.official_name.toLowerCase(), c);
      carrierByText.set(c.short_name.toLowerCase(), c);
    }
    for (const c of carriers) carrierByText.set(c.scac.toLowerCase(), c);
    const projectByName = new Map(projects.map((p) => [p.name.toLowerCase(), p.id]));
    const refs = {
      carriers: new Map(carriers.map((c) => [c.id, c])),
      projectIds: new Set(projects.map((p) => p.id)),
    };

    const rowErrors = new Map<number, string[]>();
    const add = (line: number, column: string, message: string) => {
      const list = rowErrors.get(line) ?? [];
      list.push(`${column}: ${message}`);
      rowErrors.set(line, list);
    };
    const valid: { line: number; value: NewRequest }[] = [];
    const firstLine = new Map<string, number>();
    for (const row of rows) {
      const c = row.cells;
      const carrier = c.carrier === undefined ? undefined : carrierByText.get(c.carrier.toLowerCase());
      if (c.carrier !== undefined && !carrier) {
        add(row.line, 'carrier', `Unknown carrier "${c.carrier}": use a SCAC (e.g. MAEU) or a carrier name.`);
      }
      const codeType = c.code_type === undefined ? undefined : codeTypeOf(c.code_type);
      if (c.code_type !== undefined && !codeType) {
        add(row.line, 'code_type', `"${c.code_type}" is not a valid choice: use c_id, b_id or m_bl.`);
      }
      let projectId: number | undefined;
      if (c.project !== undefined) {
        projectId = projectByName.get(c.project.toLowerCase());
        if (projectId === undefined) add(row.line, 'project', `Unknown project "${c.project}".`);
      }
      const checked = checkNewRequest(
        {
          // Unknown carrier / code type are reported above; a placeholder keeps the other checks going.
          carrier_id: c.carrier === undefined ? undefined : (carrier?.id ?? -1),
          code_type: c.code_type === undefined ? undefined : (codeType ?? 'c_id'),
          code_value: c.code_value,
          container: c.container,
          client_code: c.client_code,
          project_id: projectId ?? null,
          contractual_eta_pod: c.contractual_eta_pod,
          contractual_eta_dlv: c.contractual_eta_dlv,
          container_filter: c.container_filter,
        },
        refs,
      );
      if (!checked.ok) {
        for (const [field, messages] of Object.entries(checked.errors)) {
          if (field === 'carrier_id' && c.carrier !== undefined) continue; // already said
          if (field === 'code_value' && c.code_type !== undefined && !codeType) continue; // judged by a wrong type
          for (const m of messages) add(row.line, FIELD_TO_COLUMN[field] ?? field, m);
        }
        continue;
      }
      if (!carrier || !codeType || rowErrors.has(row.line)) continue;
      const key = keyOf(checked.value);
      const seen = firstLine.get(key);
      if (seen !== undefined) {
        add(row.line, 'code_value', `Duplicate of row ${seen} (same carrier, code type and code value).`);
        continue;
      }
      firstLine.set(key, row.line);
      valid.push({ line: row.line, value: checked.value });
    }
    const existing = await existingRequests(
      app.db,
      companyId,
      valid.map((v) => v.value),
    );
    for (const v of valid) {
      const id = existing.get(keyOf(v.value));
      if (id !== undefined) add(v.line, 'code_value', TR_MESSAGES.duplicate(id, v.value.code_type));
    }
    const fail = (summary: string[]): never => {
      const body: FieldErrors = { non_field_errors: summary };
      for (const [line, messages] of [...rowErrors].sort((a, b) => a[0] - b[0]))
        body[`row ${line}`] = messages;
      throw badRequest(body);
    };
    if (rowErrors.size > 0) {
      const summary = [
        `${rowErrors.size} of ${rows.length} rows have errors; nothing was imported. Correct them and upload the file again.`,
      ];
      const company = await app.db
        .selectFrom('companies')
        .select(['max_tracking_requests', 'actual_tracking_requests'])
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow();
      if (company.actual_tracking_requests + rows.length > company.max_tracking_requests) {
        summary.push(
          TR_MESSAGES.cap(company.max_tracking_requests, company.actual_tracking_requests, rows.length),
        );
      }
      fail(summary);
    }
    const ids = await app.db.transaction().execute(async (trx) => {
      await lockCompanyForAdding(trx, companyId, valid.length);
      // Checked again under the lock: a request created meanwhile is a duplicate too.
      const late = await existingRequests(
        trx,
        companyId,
        valid.map((v) => v.value),
      );
      for (const v of valid) {
        const id = late.get(keyOf(v.value));
        if (id !== undefined) add(v.line, 'code_value', TR_MESSAGES.duplicate(id, v.value.code_type));
      }
      if (rowErrors.size > 0)
        fail([`${rowErrors.size} of ${rows.length} rows have errors; nothing was imported.`]);
      return insertRequests(
        trx,
        companyId,
        userId,
        valid.map((v) => v.value),
      );
    });
    return { imported: ids.length, ids };
  }

  const sendTemplate = async (format: string | undefined, reply: FastifyReply) => {
    if (format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${TEMPLATE_NAME}.csv"`)
        .send(templateCsv());
    }
    const carriers = await app.db
      .selectFrom('carriers')
      .selectAll()
      .where('active', '=', true)
      .orderBy('scac')
      .execute();
    const buffer = await templateXlsx(
      carriers.map((c) => ({
        scac: c.scac,
        official_name: c.official_name,
        codeTypes: CODE_TYPES.filter((t) =>
          t.id === 'c_id' ? c.supports_c_id : t.id === 'b_id' ? c.supports_b_id : c.supports_m_bl,
        )
          .map((t) => t.id)
          .join(' / '),
        containerNeeded: carrierRequiresContainer(c.ctt_quality_note),
      })),
    );
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
