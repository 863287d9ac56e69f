// Schemas of the bulk upload and its template, in the order the routes are registered (that order is the OpenAPI
// document's).
import { Type } from '@sinclair/typebox';
import { errors } from '../../lib/schemas';
import { COLUMNS, MAX_FILE_BYTES, MAX_ROWS } from './sheet';

/** Uploads one user may have in flight (sending, queued for a reader, being read or imported) in this process. */
export const MAX_UPLOADS_PER_USER = 2;

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

/** PUT upload/bulk-import-tracking-requests/bulk */
export const bulkRoute = {
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
};

/** GET upload/bulk-import-tracking-requests/template, `hidden` from the docs for the spelling with a slash. */
export const templateRoute = (hidden: boolean) => ({
  tags: ['tracking-requests'],
  summary: 'The bulk upload template (XLSX, or CSV with ?format=csv)',
  description:
    'No token needed (a plain download link works). The XLSX has the header row on the first sheet and ' +
    'an Instructions sheet with what each column takes and the carriers (SCAC, code types, whether a ' +
    'container is needed). File name bulk-import-tracking-requests-template.xlsx / .csv.',
  hide: hidden,
  querystring: Type.Object({
    format: Type.Optional(
      Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], { description: 'Default xlsx' }),
    ),
  }),
  response: {
    200: Type.String({ description: 'The file', format: 'binary' }),
    ...errors[400](),
  },
});
