// The streaming xlsx writer of the exports (src/services/export/xlsx-writer.ts), read back with exceljs as a user's
// spreadsheet program would: header row (bold, frozen, autofilter), widths, types, dates to the millisecond with
// their number formats, text that looks like a formula stays text, characters XML cannot carry are dropped; a
// slow client makes the writer wait (memory stays bounded) and a client that goes away fails the export.
// (exports.test.ts checks that the export's reading of rows as JSON arrays gives the cells the columns give.)
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { columnLetters, XlsxSheetWriter, type XlsxColumn } from '../../src/services/export/xlsx-writer';

// The machine is shared: a 5,000-row file can take more than the default 5 s under load.
jest.setTimeout(30_000);

class Collector extends Writable {
  chunks: Buffer[] = [];
  _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.chunks.push(chunk);
    done();
  }
  get buffer() {
    return Buffer.concat(this.chunks);
  }
}

async function load(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

const COLUMNS: XlsxColumn[] = [
  { header: 'Id', kind: 'number', width: 10 },
  { header: 'Text <&> "quoted"', kind: 'string', width: 22 },
  { header: 'ETA', kind: 'datetime', width: 17 },
  { header: 'Day', kind: 'date', width: 12 },
  { header: 'Flag', kind: 'boolean', width: 10 },
];

describe('XlsxSheetWriter', () => {
  it('writes a file exceljs reads back with the same headers, types, dates and formats', async () => {
    const out = new Collector();
    const writer = new XlsxSheetWriter({ out, columns: COLUMNS, sheetName: 'Shipments' });
    const eta = new Date('2026-03-04T05:06:07.891Z');
    const day = new Date(Date.UTC(2026, 0, 31));
    await writer.writeRows([
      [1, 'plain', eta, day, true],
      [2.5, '=HYPERLINK("x") <b>&</b>\u0001\u0007 tail ', null, undefined, false],
      [-3, '', new Date(Number.NaN), null, null],
    ]);
    await writer.finish();
    expect(writer.rows).toBe(3);

    const sheet = await load(out.buffer);
    expect(sheet.name).toBe('Shipments');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E1');
    expect(sheet.getColumn(2).width).toBe(22);

    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('B2').value).toBe('plain');
    expect(sheet.getCell('C2').value).toEqual(eta);
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getCell('D2').value).toEqual(day);
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('E2').value).toBe(true);

    expect(sheet.getCell('A3').value).toBe(2.5);
    expect(sheet.getCell('B3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('B3').value).toBe('=HYPERLINK("x") <b>&</b> tail ');
    expect(sheet.getCell('C3').value).toBeNull();
    expect(sheet.getCell('E3').value).toBe(false);
    expect(sheet.getCell('A4').value).toBe(-3);
    // an unreadable date is an empty cell, never NaN
    expect(sheet.getCell('C4').value).toBeNull();
    expect(sheet.rowCount).toBe(4);
  });

  it('names columns past Z as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('waits for a slow client instead of piling the file up in memory', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const columns: XlsxColumn[] = Array.from({ length: 30 }, (_, i) => ({
      header: `C${i}`,
      kind: 'string',
      width: 10,
    }));
    const writer = new XlsxSheetWriter({ out, columns, level: 0 });
    // random text barely compresses: each batch is about 1 MB of zip
    const batch = () =>
      Array.from({ length: 500 }, () => columns.map(() => Math.random().toString(36).slice(2, 70)));
    let settled = false;
    const pending = (async () => {
      for (let i = 0; i < 20; i++) await writer.writeRows(batch());
      await writer.finish();
    })().finally(() => {
      settled = true;
    });
    // nobody reads: the writer must be stuck waiting, with a few MB at most buffered
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(settled).toBe(false);
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(200 * 1024 * 1024);
    // now read it all: the export completes and the file is whole
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await pending;
    const sheet = await load(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(1 + 20 * 500);
  });

  it('fails when the client goes away, instead of writing on', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const writer = new XlsxSheetWriter({ out, columns: COLUMNS, level: 0 });
    const rows = Array.from({ length: 5000 }, (_, i) => [i, 'x'.repeat(200), new Date(), null, true]);
    const writing = (async () => {
      for (;;) await writer.writeRows(rows);
    })();
    setTimeout(() => out.destroy(), 100);
    await expect(writing).rejects.toThrow(/client gone|premature|destroyed/i);
    writer.abort();
  });

  it('leaves the output open on abort (the caller breaks the download: no file that looks whole)', async () => {
    const out = new Collector();
    const writer = new XlsxSheetWriter({ out, columns: COLUMNS });
    await writer.writeRows([[1, 'a', new Date(), null, true]]);
    writer.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(out.writableEnded).toBe(false);
  });
});
