// Benchmark of the reports API on the million-shipment data (bench-db.ts): the streamed xlsx export of 100,000
// rows x 50 columns through real HTTP from an API in its own process (end to end time, first bytes, the API's
// peak RSS), against exceljs writing the same rows from memory in this process; and the p95 of
// GET shipments/export_fields/ and the export-template calls with one client.
//   npm run bench -w @portal/api -- export          (BENCH_EXPORT_ROWS to change the size)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { createDb } from '../src/db/connection';
import type { Database } from '../src/db/types';
import { loadThresholds } from '../src/services/health';
import { parseShipmentFilters, shipmentConditions } from '../src/services/shipments/filters';
import { STATIC_FIELDS } from '../src/services/export/fields';
import { cellValue, exportQuery } from '../src/services/export/shipments-xlsx';
import { benchDatabase } from './bench-db';
import { benchToken } from './bench-token';
import { percentile } from './load';
import { benchData } from './shipments-data';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const TARGETS = { seconds: 10, rssMb: 300, firstByteMs: 1000, ratio: 1.3, callP95Ms: 20 };
const log = (m: string) => console.log(m);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Peak resident set of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

class CountingSink extends Writable {
  bytes = 0;
  _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.bytes += chunk.length;
    done();
  }
}

type Column = (typeof STATIC_FIELDS)[number];

/** A filter that matches ROWS shipments (created at or after the ROWS-th newest), and 50 columns. */
async function exportRequest(db: Kysely<Database>, companyId: number) {
  const { rows: edge } = await sql<{ created_at: Date }>`SELECT created_at FROM shipments
    WHERE company_id = ${companyId} AND NOT hidden ORDER BY created_at DESC OFFSET ${ROWS - 1} LIMIT 1`.execute(
    db,
  );
  const after = edge[0].created_at.toISOString();
  const columns = STATIC_FIELDS.filter((_, i) => i % 5 === 0).slice(0, 50);
  const qs = new URLSearchParams([
    ['created_at_after', after],
    ['ordering', '-eta'],
    ['lang', 'en'],
  ]);
  for (const c of columns) qs.append('columns', c.key);
  return { after, columns, qs };
}

/** The API in its own process (export-server.ts); `ready` resolves with its port and pid. */
function startExportServer(url: string) {
  const child = spawn(
    path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'export-server.ts')],
    {
      env: { ...process.env, BENCH_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const ready = () =>
    new Promise<number[]>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve(String(d).trim().split(' ').map(Number)));
      child.once('exit', (code) => reject(new Error(`export server exited (${code})`)));
    });
  return { child, ready };
}

/** The streamed export through HTTP: end to end time, first bytes, the API's peak RSS; answers the seconds. */
async function measureExport(
  base: string,
  headers: Record<string, string>,
  request: { after: string; columns: Column[]; qs: URLSearchParams },
  pid: number,
): Promise<number> {
  const rssBefore = peakRssMb(pid);
  log(
    `\n■ export of ${ROWS.toLocaleString('en')} rows x ${request.columns.length} columns (created_at_after=${request.after}, ordering=-eta)`,
  );
  const t0 = performance.now();
  const res = await fetch(`${base}/shipments/export/?${request.qs.toString()}`, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let firstByte = 0;
  let bytes = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += value.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  const rss = peakRssMb(pid);
  log(
    `  rows in the file (X-Export-Rows): ${res.headers.get('x-export-rows')}, ${(bytes / 1e6).toFixed(1)} MB`,
  );
  log(
    `  end to end: ${seconds.toFixed(2)} s ${mark(seconds <= TARGETS.seconds)} (target ≤ ${TARGETS.seconds} s)`,
  );
  log(
    `  first bytes: ${firstByte.toFixed(0)} ms ${mark(firstByte <= TARGETS.firstByteMs)} (target ≤ ${TARGETS.firstByteMs} ms)`,
  );
  log(
    `  API peak RSS: ${rss.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before) ${mark(rss <= TARGETS.rssMb)} (target ≤ ${TARGETS.rssMb} MB)`,
  );
  return seconds;
}

/** exceljs alone, the same rows already in memory (read beforehand, not timed), against `seconds` over HTTP. */
async function measureExcelJs(
  db: Kysely<Database>,
  ids: { companyId: number; userId: number },
  request: { after: string; columns: Column[] },
  seconds: number,
): Promise<void> {
  const { after, columns } = request;
  const t = await loadThresholds(db, ids.userId);
  const filters = parseShipmentFilters({ created_at_after: after, ordering: '-eta' });
  const query = exportQuery(
    ids.companyId,
    t,
    filters,
    shipmentConditions(filters, t, new Date(), ids.companyId),
    columns,
  );
  const { rows } = await query.execute(db);
  const values = (rows as Record<string, unknown>[]).map((r) =>
    columns.map((f, i) => cellValue(f, r[`c${i}`])),
  );
  const t1 = performance.now();
  const sink = new CountingSink();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Shipments', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((f, i) => ({
    key: `c${i}`,
    width: 12,
    style: f.type === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm' } : {},
  }));
  sheet.addRow(columns.map((f) => f.label.en)).commit();
  for (const v of values) sheet.addRow(v).commit();
  sheet.commit();
  await workbook.commit();
  const memorySeconds = (performance.now() - t1) / 1000;
  const ratio = seconds / memorySeconds;
  log(
    `  exceljs from memory, same rows: ${memorySeconds.toFixed(2)} s; ratio ${ratio.toFixed(2)} ${mark(ratio <= TARGETS.ratio)} (target ≤ ${TARGETS.ratio})`,
  );
}

/** One small call 200 times, one client: p50 and p95. */
async function timeCall(label: string, make: () => Promise<Response>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    const r = await make();
    await r.arrayBuffer();
    if (r.status >= 400) throw new Error(`${label} answered ${r.status}`);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  log(
    `  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms ${mark(p95 <= TARGETS.callP95Ms)} (target ≤ ${TARGETS.callP95Ms} ms)`,
  );
}

/** The small calls, one client: export_fields and the export-template calls (on a template made here). */
async function measureSmallCalls(
  base: string,
  headers: Record<string, string>,
  columns: Column[],
): Promise<void> {
  log('\n■ export_fields and templates, one client, 200 calls each');
  await timeCall('GET shipments/export_fields/', () =>
    fetch(`${base}/shipments/export_fields/`, { headers }),
  );
  const body = JSON.stringify({
    name: 'Bench',
    columns: columns.map((c) => c.key),
    filters: { health: ['delayed'] },
  });
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const created = (await (
    await fetch(`${base}/export-templates/`, { method: 'POST', headers: jsonHeaders, body })
  ).json()) as { id: number };
  await timeCall('GET export-templates/', () => fetch(`${base}/export-templates/`, { headers }));
  await timeCall('PUT export-templates/{id}/', () =>
    fetch(`${base}/export-templates/${created.id}/`, { method: 'PUT', headers: jsonHeaders, body }),
  );
  await fetch(`${base}/export-templates/${created.id}/`, { method: 'DELETE', headers });
}

async function main(): Promise<void> {
  const { url, stop } = await benchDatabase(log);
  const ids = await benchData(url);
  const handle = createDb(url, { max: 2 });
  const db = handle.db;
  const { token, revoke } = await benchToken(db, ids.userId);
  const request = await exportRequest(db, ids.companyId);
  const server = startExportServer(url);
  try {
    const [port, pid] = await server.ready();
    const base = `http://127.0.0.1:${port}/api`;
    const headers = { authorization: `Token ${token}` };
    const seconds = await measureExport(base, headers, request, pid);
    await measureExcelJs(db, ids, request, seconds);
    await measureSmallCalls(base, headers, request.columns);
  } finally {
    server.child.kill('SIGTERM');
    await revoke();
    await handle.close();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
