// The bomb part of the fault suite: decompression bombs (valid xlsx files whose sheet inflates to
// 256 MB of rows or one 256 MB cell, with honest and with lying zip headers; three at once; a zip of 50,000
// entries), JSON nested 400,000 deep, a 50 MB body, a million ids, huge headers, thousands of query parameters
// and a 1 MB URL. Each must be refused (4xx, never 5xx) within BOMB_MAX_SECONDS (default: the spreadsheet
// reader's own time limit, 30 s; twice that for three at once, as two are read at a time) while the API keeps
// answering a health check in under HEALTH_MAX_MS (default 2000 ms), and the process may not grow by more than
// BOMB_MAX_RSS_MB (default 400 MB). A small valid xlsx is the control: it must be read as a workbook. Sent over
// real HTTP on loopback (headers and query strings are parsed by Node's HTTP server, which app.inject skips).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { MAX_PARALLEL_READS } from '../src/lib/xlsx-read';

// The spreadsheet reader's own time limit (one read); a queued read (MAX_PARALLEL_READS) may wait for one more.
const BOMB_MAX_SECONDS = Number(process.env.BOMB_MAX_SECONDS || loadConfig().xlsxReadTimeoutMs / 1000);
const HEALTH_MAX_MS = Number(process.env.HEALTH_MAX_MS || 2000);
const BOMB_MAX_RSS_MB = Number(process.env.BOMB_MAX_RSS_MB || 400);

// ---- a minimal zip writer (stored sizes may lie on purpose) ----------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface ZipEntry {
  name: string;
  /** Deflated bytes (method 8) or stored bytes (method 0). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
}

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const deflated = (name: string, text: string | Buffer): ZipEntry => {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { name, data: zlib.deflateRawSync(raw, { level: 9 }), method: 8, crc: crc32(raw), size: raw.length };
};

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/**
 * A valid xlsx whose one sheet inflates to `mb` MB: rows of one container each (`shape` 'rows': the row limit
 * must stop it), or one cell of text (`shape` 'cell': only a limit on inflated bytes, memory or time can).
 * `lie`: the zip headers declare a 1 KB sheet.
 */
export function xlsxBomb(mb: number, lie: boolean, shape: 'rows' | 'cell' = 'rows'): Buffer {
  const size = Math.ceil(mb * 1024 * 1024);
  const body =
    shape === 'rows'
      ? '<row r="2"><c r="A2" t="inlineStr"><is><t>MSCU1234565</t></is></c></row>'.repeat(
          Math.ceil(size / 72),
        )
      : `<row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(size)}</t></is></c></row>`;
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const tail = '</sheetData></worksheet>';
  const raw = Buffer.from(head + body + tail);
  const sheet = deflated('xl/worksheets/sheet1.xml', raw);
  if (lie) sheet.size = 1024;
  return zip([
    deflated('[Content_Types].xml', CONTENT_TYPES),
    deflated('_rels/.rels', RELS),
    deflated('xl/workbook.xml', WORKBOOK),
    deflated('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    sheet,
  ]);
}

/** A zip of `n` empty entries (a directory bomb). */
export function manyEntries(n: number): Buffer {
  const empty = { data: Buffer.alloc(0), method: 0 as const, crc: 0, size: 0 };
  return zip([
    deflated('[Content_Types].xml', CONTENT_TYPES),
    ...Array.from({ length: n }, (_, i) => ({ name: `x/${i}`, ...empty })),
  ]);
}

function multipart(filename: string, content: Buffer): { body: Buffer; type: string } {
  const boundary = `----bomb${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

// ---- HTTP on loopback ----------------------------------------------------------------------------------------

function raw(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.setTimeout(BOMB_MAX_SECONDS * 4 * 1000, () => req.destroy(new Error('timeout')));
    // The server may answer (413, 431) and close before the whole body is sent: that is an answer.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET'
        ? resolve({ status: 0, body: error.code })
        : reject(error),
    );
    if (options.body) req.end(options.body);
    else req.end();
  });
}

export interface BombResult {
  name: string;
  status: number;
  seconds: number;
  /** Slowest health check answered while the bomb was in flight (ms). */
  healthMaxMs: number;
  rssGrowthMb: number;
  ok: boolean;
  detail: string;
}

type Send = () => Promise<{ status: number; body: string }>;
/** A bomb: its name, and a function that builds the payload and returns the call that sends it. */
type Bomb = [string, () => Send];

/** The ways a bomb is sent to the API on `port` with the token: an upload, a JSON body, a GET. */
function senders(port: number, token: string) {
  const auth = { authorization: `Token ${token}` };
  const upload = (name: string, make: () => Buffer) => () => {
    const { body, type } = multipart(name, make());
    return () =>
      raw(port, {
        method: 'PUT',
        path: '/api/upload/bulk-import-tracking-requests/bulk',
        headers: { ...auth, 'content-type': type, 'content-length': String(body.length) },
        body,
      });
  };
  const json = (path: string, make: () => string) => () => {
    const body = Buffer.from(make());
    return () =>
      raw(port, {
        method: 'POST',
        path,
        headers: { ...auth, 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      });
  };
  const get =
    (path: () => string, headers: () => Record<string, string> = () => ({})) =>
    () => {
      const p = path();
      const h = { ...auth, ...headers() };
      return () => raw(port, { method: 'GET', path: p, headers: h });
    };
  return { upload, json, get };
}

/** The bombs, with a control that must be read (not refused as broken). */
function bombList(port: number, token: string): Bomb[] {
  const { upload, json, get } = senders(port, token);
  return [
    ['xlsx bomb 256 MB, honest headers', upload('bomb.xlsx', () => xlsxBomb(256, false))],
    ['xlsx bomb 256 MB, lying headers', upload('bomb.xlsx', () => xlsxBomb(256, true))],
    ['xlsx bomb: one 256 MB cell, lying headers', upload('bomb.xlsx', () => xlsxBomb(256, true, 'cell'))],
    [
      'a valid small xlsx (control: read, not refused as broken)',
      upload('ok.xlsx', () => xlsxBomb(0.001, false)),
    ],
    ['zip of 50,000 entries', upload('entries.xlsx', () => manyEntries(50_000))],
    [
      'three 64 MB xlsx bombs (lying headers) at once',
      () => {
        const send = upload('bomb.xlsx', () => xlsxBomb(64, true))();
        return async () => {
          const all = await Promise.all([send(), send(), send()]);
          return all.find((r) => r.status >= 500 || r.status < 400) ?? all[0];
        };
      },
    ],
    [
      'JSON list nested 400,000 deep (800 KB)',
      json('/api/projects/', () => `${'['.repeat(4e5)}${']'.repeat(4e5)}`),
    ],
    [
      'JSON object nested 100,000 deep',
      json('/api/projects/', () => `${'{"a":'.repeat(1e5)}1${'}'.repeat(1e5)}`),
    ],
    ['JSON body of 50 MB', json('/api/projects/', () => `{"name":"${'x'.repeat(50 * 1024 * 1024)}"}`)],
    [
      'JSON list of 1,000,000 ids',
      json('/api/teams/', () => `{"name":"t","members":[${'1,'.repeat(999_999)}1]}`),
    ],
    [
      'header of 1 MB',
      get(
        () => '/api/projects/',
        () => ({ 'x-big': 'x'.repeat(1024 * 1024) }),
      ),
    ],
    [
      '2,000 headers',
      get(
        () => '/api/projects/',
        () => Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`x-h${i}`, 'v'])),
      ),
    ],
    [
      '10,000 distinct query parameters',
      get(() => `/api/shipments/?${Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&')}`),
    ],
    ['1,400 repeats of one query parameter', get(() => `/api/shipments/?${'status=1&'.repeat(1400)}`)],
    [
      '1,500 distinct query parameters (under the header limit; unknown ones may be ignored)',
      get(() => `/api/shipments/?${Array.from({ length: 1500 }, (_, i) => `q${i}=1`).join('&')}`),
    ],
    ['URL of 1 MB', get(() => `/api/shipments/${'a'.repeat(1024 * 1024)}/`)],
  ];
}

/** Sends one bomb while health checks run, and judges the answer, the time, the health checks and the memory. */
async function fireBomb(port: number, name: string, prepare: () => Send): Promise<BombResult> {
  const fire = prepare();
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  let healthMaxMs = 0;
  let inFlight = true;
  // Health checks while the bomb is in flight: the API's event loop must stay free.
  const pinger = (async () => {
    while (inFlight) {
      const t0 = performance.now();
      await raw(port, { method: 'GET', path: '/api/health/' }).catch(() => undefined);
      healthMaxMs = Math.max(healthMaxMs, performance.now() - t0);
      peak = Math.max(peak, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const t0 = performance.now();
  let status = -1;
  let detail = '';
  try {
    const res = await fire();
    status = res.status;
    detail = res.body.slice(0, 120);
  } catch (error) {
    detail = (error as Error).message;
  }
  const seconds = (performance.now() - t0) / 1000;
  inFlight = false;
  await pinger;
  peak = Math.max(peak, process.memoryUsage().rss);
  const rssGrowthMb = (peak - rss0) / 1024 / 1024;
  // A refusal: 4xx, or a connection the server closed (status 0) after answering.
  // Only unknown query parameters may be answered normally (ignored); every other bomb must be refused.
  // 401/403 would mean the bomb never reached a parser (a dead token): a miss, not a refusal.
  const refused =
    (status >= 400 && status < 500 && status !== 401 && status !== 403) ||
    status === 0 ||
    (/may be ignored/.test(name) && status === 200);
  // The control must be read as a workbook (it lacks the template's columns): the bombs are real xlsx files.
  const readAsWorkbook = !/control/.test(name) || !/not a valid \.xlsx/.test(detail);
  const ok =
    refused &&
    readAsWorkbook &&
    seconds <= BOMB_MAX_SECONDS * (/at once/.test(name) ? Math.ceil(3 / MAX_PARALLEL_READS) : 1) &&
    healthMaxMs <= HEALTH_MAX_MS &&
    rssGrowthMb <= BOMB_MAX_RSS_MB;
  return { name, status, seconds, healthMaxMs, rssGrowthMb, ok, detail };
}

export async function runBombs(app: FastifyInstance, token: string): Promise<BombResult[]> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const results: BombResult[] = [];
  for (const [name, prepare] of bombList(port, token)) results.push(await fireBomb(port, name, prepare));
  return results;
}
