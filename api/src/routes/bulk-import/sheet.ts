// Reading an uploaded bulk file (XLSX or CSV) into rows of text cells, with clear errors for files
// that are not spreadsheets, and writing the downloadable template.
import ExcelJS from 'exceljs';
import { fileError, MAX_FILE_BYTES, UPLOAD_FILE_MESSAGES } from '../../lib/upload-files';
import { readXlsxRows, XlsxReadError } from '../../lib/xlsx-read';
import {
  IMPORT_COLUMNS as COLUMNS,
  type ImportColumn as Column,
  type ImportRow as SheetRow,
} from '../../services/tracking-requests';

/** The template's columns (the bulk upload service's), in order. */
export { COLUMNS };
const REQUIRED_COLUMNS: readonly Column[] = ['carrier', 'code_type', 'code_value'];

const COLUMN_HELP: Record<Column, string> = {
  carrier:
    'SCAC (e.g. MAEU) or carrier name. May be left empty when the number names the carrier (container prefix, ' +
    'booking or B/L format): the carrier is then taken from the number, or the row says why it could not be',
  code_type: 'Required. c_id (Container number), b_id (Booking number) or m_bl (B/L number)',
  code_value: 'Required. The container, booking or B/L number',
  container: "A container number; required for b_id / m_bl when the carrier's note says so",
  client_code: 'Your own reference (optional, up to 100 characters)',
  project: 'Name of one of your projects (optional)',
  contractual_eta_pod: 'Contractual ETA at the port of discharge, yyyy-MM-dd (optional)',
  contractual_eta_dlv: 'Contractual ETA at the place of delivery, yyyy-MM-dd (optional)',
  container_filter: 'Containers to follow of a booking / B/L, separated by commas or spaces (optional)',
};

export { MAX_FILE_BYTES };
export const MAX_ROWS = 20_000;

export const FILE_MESSAGES = {
  empty: UPLOAD_FILE_MESSAGES.empty,
  notSpreadsheet: 'The file is not a spreadsheet: upload an .xlsx or .csv file made from the template.',
  badXlsx: 'The file is not a valid .xlsx workbook: save it again from your spreadsheet program, or as .csv.',
  oldXls: UPLOAD_FILE_MESSAGES.oldXls,
  tooLarge: UPLOAD_FILE_MESSAGES.tooLarge,
  noRows: 'The file has no tracking requests: fill in the rows under the header row.',
  tooManyRows: (n: number) => `The file has ${n} rows; at most ${MAX_ROWS} can be imported at once.`,
  tooManyRowsToRead: `The file has more than ${MAX_ROWS} rows; at most ${MAX_ROWS} can be imported at once.`,
  tooLargeUnpacked: UPLOAD_FILE_MESSAGES.tooLargeUnpacked,
  columns: (missing: string[], unknown: string[]) =>
    [
      missing.length ? `Missing columns: ${missing.join(', ')}.` : '',
      unknown.length ? `Unknown columns: ${unknown.join(', ')}.` : '',
      `Use the template's columns: ${COLUMNS.join(', ')}.`,
    ]
      .filter(Boolean)
      .join(' '),
  duplicateColumn: (name: string) => `The column ${name} appears twice.`,
} as const;

/** 'Code Value', 'code-value', 'carrier (SCAC or name)' → code_value / carrier. */
function headerKey(text: string): string {
  return text
    .replace(/\(.*\)/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-/]+/g, '_');
}

/** Splits CSV text (RFC 4180 quotes; delimiter , ; or tab, guessed from the header line). */
function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function decodeText(buffer: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    // Spreadsheet programs on Windows often save CSV as Windows-1252.
    text = new TextDecoder('windows-1252').decode(buffer);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Names of spreadsheet files that are not text (a text file so named is not what the user meant to send). */
const BINARY_SPREADSHEET_NAME = /\.(xlsx|xlsm|xlsb|xls|ods|numbers)$/i;

/** Rows of cell texts of the first sheet, header first. `filename` is the name the browser sent, if any. */
export async function readTable(
  buffer: Buffer,
  filename: string | undefined,
  reader: { owner?: string; timeoutMs?: number } = {},
): Promise<string[][]> {
  if (buffer.length === 0) throw fileError(FILE_MESSAGES.empty);
  const magic = buffer.subarray(0, 4).toString('hex');
  if (magic === '504b0304') {
    // Central directory checked, then streamed in a worker with limits (xlsx-read.ts).
    try {
      return await readXlsxRows(buffer, MAX_ROWS, reader);
    } catch (error) {
      if (!(error instanceof XlsxReadError)) throw error;
      if (error.kind === 'tooLarge') throw fileError(FILE_MESSAGES.tooLargeUnpacked);
      if (error.kind === 'tooManyRows') throw fileError(FILE_MESSAGES.tooManyRowsToRead);
      if (error.kind === 'noRows') throw fileError(FILE_MESSAGES.noRows);
      throw fileError(FILE_MESSAGES.badXlsx);
    }
  }
  if (magic === 'd0cf11e0') throw fileError(FILE_MESSAGES.oldXls);
  // Not a workbook although named like one (a text file renamed .xlsx, a PDF…).
  if (filename && BINARY_SPREADSHEET_NAME.test(filename.trim()))
    throw fileError(FILE_MESSAGES.notSpreadsheet);
  // Text only: no NUL bytes and mostly printable.
  const head = buffer.subarray(0, 8192);
  if (head.includes(0)) throw fileError(FILE_MESSAGES.notSpreadsheet);
  const text = decodeText(buffer);
  const sample = text.slice(0, 4096);
  // eslint-disable-next-line no-control-regex
  const control = sample.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0;
  if (control > sample.length / 100) throw fileError(FILE_MESSAGES.notSpreadsheet);
  return parseCsv(text).map((r) => r.map((c) => c.trim()));
}

/** Checks the header against the template and returns the data rows (blank rows left out). */
export function tableRows(table: string[][]): SheetRow[] {
  const headerIndex = table.findIndex((r) => r.some((c) => c !== ''));
  if (headerIndex < 0) throw fileError(FILE_MESSAGES.empty);
  const header = table[headerIndex].map(headerKey);
  // Text with no column of the template and no delimiters (prose, a log…) is not a spreadsheet at all.
  const knownColumn = header.some((key) => (COLUMNS as readonly string[]).includes(key));
  if (!knownColumn && table.every((r) => r.filter((c) => c !== '').length <= 1)) {
    throw fileError(FILE_MESSAGES.notSpreadsheet);
  }
  const positions = new Map<Column, number>();
  const unknown: string[] = [];
  header.forEach((key, i) => {
    if (key === '') return;
    if (!(COLUMNS as readonly string[]).includes(key)) unknown.push(table[headerIndex][i]);
    else if (positions.has(key as Column)) throw fileError(FILE_MESSAGES.duplicateColumn(key));
    else positions.set(key as Column, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length || unknown.length) throw fileError(FILE_MESSAGES.columns(missing, unknown));
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const raw = table[i];
    if (!raw.some((c) => c !== '')) continue;
    const cells: SheetRow['cells'] = {};
    for (const [column, index] of positions) {
      const value = raw[index] ?? '';
      if (value !== '') cells[column] = value;
    }
    rows.push({ line: i + 1, cells });
  }
  if (rows.length === 0) throw fileError(FILE_MESSAGES.noRows);
  if (rows.length > MAX_ROWS) throw fileError(FILE_MESSAGES.tooManyRows(rows.length));
  return rows;
}

export interface TemplateCarrier {
  scac: string;
  official_name: string;
  codeTypes: string;
  containerNeeded: boolean;
}

/** The template workbook: the header row, and an Instructions sheet with the columns and carriers. */
export async function templateXlsx(carriers: TemplateCarrier[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Container tracking portal';
  const sheet = workbook.addWorksheet('Tracking requests');
  sheet.columns = COLUMNS.map((key) => ({ header: key, key, width: Math.max(16, key.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (let r = 2; r <= 1000; r++) {
    sheet.getCell(r, 2).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: ['"c_id,b_id,m_bl"'],
    };
  }
  const help = workbook.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', key: 'a', width: 24 },
    { header: 'What to write', key: 'b', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of COLUMNS) help.addRow({ a: c, b: COLUMN_HELP[c] });
  help.addRow({});
  help.addRow({ a: 'Every row is checked first; nothing is imported unless the whole file is valid.' });
  help.addRow({});
  const title = help.addRow({ a: 'Carrier (SCAC)', b: 'Name, code types, container needed for b_id / m_bl' });
  title.font = { bold: true };
  for (const c of carriers) {
    help.addRow({
      a: c.scac,
      b: `${c.official_name}; ${c.codeTypes}${c.containerNeeded ? '; container needed' : ''}`,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template as CSV (header only). */
export const templateCsv = () => `${COLUMNS.join(',')}\r\n`;
