// Reads the first sheet of an uploaded XLSX in a worker thread (plain CommonJS, so it runs the same under tsx,
// jest and node): exceljs's streaming WorkbookReader, stopping as soon as a limit is passed. The parent gives it
// a memory ceiling and a time limit (xlsx-read.ts), so a workbook whose zip lies about its sizes cannot take the
// API's memory or its event loop.
// workerData: { buffer: Uint8Array, maxRows, maxColumns, maxCellChars, maxRowsRead }
// Posts { rows: string[][] } or { error: 'badXlsx' | 'noRows' | 'tooManyRows' | 'tooLarge' }.
const { parentPort, workerData } = require('node:worker_threads');
const { Readable } = require('node:stream');
const ExcelJS = require('exceljs');

class Stop extends Error {
  constructor(kind) {
    super(kind);
    this.kind = kind;
  }
}

/** Text of an exceljs cell value (dates as yyyy-MM-dd, formulas by result, rich text joined). */
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if (Array.isArray(value.richText))
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result);
    if (typeof value.text === 'string') return value.text.trim();
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function read() {
  const { buffer, maxRows, maxColumns, maxCellChars, maxRowsRead } = workerData;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(buffer)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows = [];
  let dataRows = 0;
  let seen = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      seen += 1;
      if (seen > maxRowsRead) throw new Stop('tooManyRows');
      const values = row.values;
      const cells = [];
      const last = Math.min(Array.isArray(values) ? values.length : 0, maxColumns + 1);
      for (let c = 1; c < last; c++) {
        const text = cellText(values[c]);
        cells.push(text.length > maxCellChars ? text.slice(0, maxCellChars) : text);
      }
      if (cells.some((c) => c !== '')) dataRows += 1;
      // The header is one of the rows: more than maxRows + 1 non-blank rows is too many.
      if (dataRows > maxRows + 1) throw new Stop('tooManyRows');
      rows[row.number - 1] = cells;
      if (row.number > maxRowsRead) throw new Stop('tooManyRows');
    }
    break; // the first sheet only
  }
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

read().then(
  (rows) => parentPort.postMessage({ rows }),
  (error) => parentPort.postMessage({ error: error instanceof Stop ? error.kind : 'badXlsx' }),
);
