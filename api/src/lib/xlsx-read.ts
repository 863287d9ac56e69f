// Reading an uploaded XLSX without letting it take the API (a 2 MB "decompression bomb" can inflate to 2.2 GB).
// Three fences:
// 1. before inflating anything, the zip's central directory is read: at most MAX_ZIP_ENTRIES entries, declared
//    uncompressed sizes at most MAX_UNCOMPRESSED_BYTES in all, no ZIP64, no entry inflating more than
//    MAX_RATIO times its compressed size;
// 2. the sheet is read as a stream (exceljs WorkbookReader) in a worker thread, which stops at the row limit;
// 3. the worker has a memory ceiling and a time limit (a zip that lies about its sizes hits them and is ended),
//    and at most MAX_PARALLEL_READS run at once, shared fairly between companies (readerSlot); the API's event
//    loop only waits for a message.
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const MAX_ZIP_ENTRIES = 200;
const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/** Text XML compresses well, but not 1000:1; bombs do. */
const MAX_RATIO = 200;
const MAX_COLUMNS = 50;
const MAX_CELL_CHARS = 1000;
/** The default time limit of one read; XLSX_READ_TIMEOUT_MS (config.ts) sets the API's. */
const WORKER_TIMEOUT_MS = 30_000;
const WORKER_MEMORY_MB = 256;
export const MAX_PARALLEL_READS = 2;

export type XlsxProblem = 'badXlsx' | 'tooLarge' | 'tooManyRows' | 'noRows';

export class XlsxReadError extends Error {
  constructor(readonly kind: XlsxProblem) {
    super(kind);
  }
}

/**
 * Checks a zip's central directory (the declared entries and sizes) without inflating anything. Throws
 * XlsxReadError('badXlsx') when it is not a readable zip, ('tooLarge') when it declares too much.
 */
export function checkZipDirectory(buf: Buffer): { entries: number; uncompressed: number } {
  // End of central directory: 22 bytes + a comment of up to 65,535 bytes, at the end of the file.
  const min = Math.max(0, buf.length - 22 - 65_535);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxReadError('badXlsx');
  const total = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64, which no spreadsheet of a bulk upload needs.
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new XlsxReadError('tooLarge');
  if (total > MAX_ZIP_ENTRIES) throw new XlsxReadError('tooLarge');
  if (cdOffset + cdSize > buf.length) throw new XlsxReadError('badXlsx');
  let p = cdOffset;
  let uncompressed = 0;
  for (let n = 0; n < total; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new XlsxReadError('badXlsx');
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw new XlsxReadError('tooLarge');
    uncompressed += size;
    if (uncompressed > MAX_UNCOMPRESSED_BYTES) throw new XlsxReadError('tooLarge');
    if (size > 1024 * 1024 && size > compressedSize * MAX_RATIO) throw new XlsxReadError('tooLarge');
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return { entries: total, uncompressed };
}

/**
 * The reader slots, shared fairly between companies: a company reads at most MAX_READS_PER_COMPANY workbooks at
 * once, so another company's upload finds a slot free (or the next one) however many files the first has
 * queued; waiting companies are served round-robin, each company's own files in arrival order.
 */
const MAX_READS_PER_COMPANY = 1;
let running = 0;
const runningBy = new Map<string, number>();
/** Waiting reads by company; the Map's order is the round-robin order (a served company goes to the back). */
const queues = new Map<string, Array<() => void>>();

function start(owner: string): void {
  running += 1;
  runningBy.set(owner, (runningBy.get(owner) ?? 0) + 1);
}

function dispatch(): void {
  while (running < MAX_PARALLEL_READS) {
    let next: (() => void) | undefined;
    for (const [owner, queue] of queues) {
      if ((runningBy.get(owner) ?? 0) >= MAX_READS_PER_COMPANY) continue;
      next = queue.shift();
      queues.delete(owner);
      if (queue.length > 0) queues.set(owner, queue);
      start(owner);
      break;
    }
    if (!next) return;
    next();
  }
}

/** Reads running and waiting, for the tests and the logs. */
export function readerStats(): { running: number; waiting: number } {
  let waiting = 0;
  for (const queue of queues.values()) waiting += queue.length;
  return { running, waiting };
}

/** Waits for a reader slot for `owner` (a company); resolves with the function that gives it back. */
export async function readerSlot(owner: string): Promise<() => void> {
  const free =
    !queues.has(owner) && running < MAX_PARALLEL_READS && (runningBy.get(owner) ?? 0) < MAX_READS_PER_COMPANY;
  if (free) start(owner);
  else
    await new Promise<void>((resolve) => {
      const queue = queues.get(owner) ?? [];
      queue.push(resolve);
      queues.set(owner, queue);
    });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
    const left = (runningBy.get(owner) ?? 1) - 1;
    if (left > 0) runningBy.set(owner, left);
    else runningBy.delete(owner);
    dispatch();
  };
}

/**
 * Rows of cell texts of the first sheet (header first), read in a worker within the limits above, in a reader
 * slot of `owner` (the uploader's company).
 */
export async function readXlsxRows(
  buf: Buffer,
  maxRows: number,
  { owner = '', timeoutMs = WORKER_TIMEOUT_MS }: { owner?: string; timeoutMs?: number } = {},
): Promise<string[][]> {
  checkZipDirectory(buf);
  const release = await readerSlot(owner);
  try {
    return await new Promise<string[][]>((resolve, reject) => {
      const worker = new Worker(path.join(__dirname, 'xlsx-worker.cjs'), {
        workerData: {
          buffer: new Uint8Array(buf),
          maxRows,
          maxColumns: MAX_COLUMNS,
          maxCellChars: MAX_CELL_CHARS,
          // Blank rows count too (a sheet of a million empty rows is still a million rows to parse).
          maxRowsRead: maxRows * 2 + 1000,
        },
        resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(() => finish(() => reject(new XlsxReadError('tooLarge'))), timeoutMs);
      worker.on('message', (msg: { rows?: string[][]; error?: XlsxProblem }) =>
        finish(() => (msg.rows ? resolve(msg.rows) : reject(new XlsxReadError(msg.error ?? 'badXlsx')))),
      );
      // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any crash of the reader.
      worker.on('error', (error: Error & { code?: string }) =>
        finish(() =>
          reject(new XlsxReadError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooLarge' : 'badXlsx')),
        ),
      );
      worker.on('exit', () => finish(() => reject(new XlsxReadError('badXlsx'))));
    });
  } finally {
    release();
  }
}
