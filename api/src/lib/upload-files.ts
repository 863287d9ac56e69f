// Limits, messages and the multipart reading of an uploaded spreadsheet that every import shares (tracking
// requests, free-time rules).
import type { FastifyError, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const UPLOAD_FILE_MESSAGES = {
  empty: 'The file is empty.',
  oldXls: 'Old Excel (.xls) files are not supported: save the file as .xlsx or .csv.',
  tooLarge: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into smaller files.`,
  tooLargeUnpacked:
    'The workbook is too large once unpacked (or takes too long to read): keep only the template sheet, ' +
    'split it into smaller files, or save it as .csv.',
};

/** A problem with the uploaded file, in the imports' shape `{file: [message]}`. */
export const fileError = (message: string, status = 400) => new ApiError(status, { file: [message] });

/**
 * The first file part of a multipart upload: its bytes and the name the browser sent. A request that is not
 * multipart, has no file (`noFileMessage`), is over MAX_FILE_BYTES or the part limits of the multipart plugin
 * (413), or cannot be read gets a `{file: [message]}` answer instead of the plugin's error.
 */
export async function uploadedFile(
  request: FastifyRequest,
  noFileMessage: string,
): Promise<{ buffer: Buffer; filename?: string }> {
  if (!request.isMultipart()) {
    throw fileError('Send the file as multipart/form-data (for example in a field named "file").');
  }
  try {
    const part = await request.file();
    if (!part) throw fileError(noFileMessage);
    return { buffer: await part.toBuffer(), filename: part.filename };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(UPLOAD_FILE_MESSAGES.tooLarge, 413);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
      throw fileError('Too many parts in the upload: send one file.', 413);
    }
    throw fileError('The upload could not be read: send the file again as multipart/form-data.');
  }
}
