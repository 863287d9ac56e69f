// PUT /api/upload/bulk-import-tracking-requests/bulk (no trailing slash): bulk creation of tracking
// requests from the first file of a multipart upload (XLSX or CSV in the template's layout), all or
// nothing; and GET .../template, the template to fill in.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, permissionDenied } from '../../lib/errors';
import { uploadedFile } from '../../lib/upload-files';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { importRows, templateCarriers } from '../../services/tracking-requests';
import { MAX_FILE_BYTES, readTable, tableRows, templateCsv, templateXlsx } from './sheet';
import { bulkRoute, MAX_UPLOADS_PER_USER, templateRoute } from './schema';

const BULK_PATH = '/upload/bulk-import-tracking-requests/bulk';
const TEMPLATE_PATH = '/upload/bulk-import-tracking-requests/template';
const TEMPLATE_NAME = 'bulk-import-tracking-requests-template';

export { MAX_UPLOADS_PER_USER } from './schema';
export const BULK_MESSAGES = {
  busy: (n: number) =>
    `You already have ${n} uploads in progress. Wait for one of them to finish and send this file again.`,
} as const;

async function importUpload(request: FastifyRequest, reply: FastifyReply, userId: number, companyId: number) {
  const { buffer, filename } = await uploadedFile(request, 'No file was sent: attach an .xlsx or .csv file.');
  const rows = tableRows(
    await readTable(buffer, filename, {
      owner: String(companyId),
      timeoutMs: request.server.config.env.xlsxReadTimeoutMs,
    }),
  );
  const result = await importRows(request.server.db, rows, companyId, userId);
  return reply.code(201).send(result);
}

async function sendTemplate(request: FastifyRequest, format: string | undefined, reply: FastifyReply) {
  if (format === 'csv') {
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${TEMPLATE_NAME}.csv"`)
      .send(templateCsv());
  }
  const buffer = await templateXlsx(await templateCarriers(request.server.db));
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${TEMPLATE_NAME}.xlsx"`)
    .send(buffer);
}

/** Runs `work` in one of the user's upload slots (429 when all MAX_UPLOADS_PER_USER are taken). */
async function inUploadSlot<T>(
  inFlight: Map<number, number>,
  userId: number,
  work: () => Promise<T>,
): Promise<T> {
  const mine = inFlight.get(userId) ?? 0;
  if (mine >= MAX_UPLOADS_PER_USER) {
    throw new ApiError(429, { detail: BULK_MESSAGES.busy(MAX_UPLOADS_PER_USER) }, { 'Retry-After': '10' });
  }
  inFlight.set(userId, mine + 1);
  try {
    return await work();
  } finally {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  }
}

export const bulkImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, fields: 20, parts: 50 } });
  // Per user: a user with many files cannot fill the reader queue (which companies share fairly, xlsx-read.ts).
  const inFlight = new Map<number, number>();

  app.put(
    BULK_PATH,
    {
      onRequest: requireAuth,
      // The multipart body is read in the handler; the body schema is for the docs only.
      validatorCompiler: () => (value: unknown) => ({ value }),
      preValidation: async (request) => {
        if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
      },
      schema: bulkRoute,
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      return inUploadSlot(inFlight, user.id, () => importUpload(request, reply, user.id, profile.company_id));
    },
  );

  for (const path of [TEMPLATE_PATH, `${TEMPLATE_PATH}/`]) {
    app.get(path, { schema: templateRoute(path.endsWith('/')) }, async (request, reply) =>
      sendTemplate(request, request.query.format, reply),
    );
  }
};
