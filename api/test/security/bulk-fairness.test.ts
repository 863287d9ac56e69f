// Bulk uploads share the workbook reader slots fairly: one company's queue of large files does not hold
// another company's one-row import back (it is served next, on the slot the first company may not take), and
// one user may have at most 2 uploads in flight (the next is refused with a clear message, in their language).
import ExcelJS from 'exceljs';
import { BULK_MESSAGES, MAX_UPLOADS_PER_USER } from '../../src/routes/bulk-import';
import { MAX_PARALLEL_READS, readerSlot, readerStats } from '../../src/lib/xlsx-read';
import { translate } from '../../src/i18n';
import { startTenantApp, type Caller, type TenantApp } from '../helpers/app';

jest.setTimeout(180_000);

const URL_BULK = '/api/upload/bulk-import-tracking-requests/bulk';
let env: TenantApp;
let large: Buffer;
let small: Buffer;

function multipart(name: string, content: Buffer) {
  const boundary = '----fairness-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Tracking requests');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (who: Caller, content: Buffer, headers: Record<string, string> = {}) => {
  const body = multipart('requests.xlsx', content);
  return who({
    method: 'PUT',
    url: URL_BULK,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};

async function until(what: string, ok: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  env = await startTenantApp({ maxTrackingRequests: 50 });
  await env.ctx.handle.db
    .updateTable('companies')
    .set({ max_tracking_requests: 50 })
    .where('id', '=', env.t.otherCompanyId)
    .execute();
  const header = ['carrier', 'code_type', 'code_value'];
  // 20,000 rows (the most a file may have): seconds of reading each on this machine.
  large = await xlsx([header, ...Array.from({ length: 20_000 }, (_, i) => ['MAEU', 'b_id', `BKL${i}`])]);
  small = await xlsx([header, ['MAEU', 'b_id', `BKS${Date.now() % 1e8}`]]);
});
afterAll(async () => {
  await env?.ctx.close();
});

describe('reader slots', () => {
  it('one company reads one workbook at a time; waiting companies are served round-robin', async () => {
    expect(MAX_PARALLEL_READS).toBe(2);
    const order: string[] = [];
    const take = (owner: string, name: string) =>
      readerSlot(owner).then((release) => {
        order.push(name);
        return release;
      });
    const a1 = await take('A', 'A1');
    const a2 = take('A', 'A2');
    const a3 = take('A', 'A3');
    const b1 = await take('B', 'B1'); // the second slot: A may not take it
    const c1 = take('C', 'C1');
    const b2 = take('B', 'B2');
    expect(order).toEqual(['A1', 'B1']);
    expect(readerStats()).toEqual({ running: 2, waiting: 4 });
    a1(); // A is first in the round: A2
    const releaseA2 = await a2;
    b1(); // then C (B's next waits its turn), not B2
    const releaseC1 = await c1;
    expect(order).toEqual(['A1', 'B1', 'A2', 'C1']);
    releaseA2(); // B2 before A3: B waited longer in the round
    const releaseB2 = await b2;
    releaseC1();
    const releaseA3 = await a3;
    expect(order).toEqual(['A1', 'B1', 'A2', 'C1', 'B2', 'A3']);
    releaseB2();
    releaseA3();
    releaseA3(); // twice is once
    expect(readerStats()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('bulk uploads', () => {
  it("another company's one-row import is served while one company has four large files queued", async () => {
    const finished: string[] = [];
    const track = (name: string, p: Promise<{ statusCode: number; body: string }>) =>
      p.then((res) => {
        finished.push(name);
        return res;
      });
    // Company A: two users, two large files each (each user's cap).
    const a = [
      track('A1', upload(env.std, large)),
      track('A2', upload(env.std, large)),
      track('A3', upload(env.mate, large)),
      track('A4', upload(env.mate, large)),
    ];
    await until('company A reading', () => readerStats().running >= 1);
    const started = Date.now();
    const b = await track('B', upload(env.outsider, small));
    const bMs = Date.now() - started;
    await Promise.all(a);
    expect([b.statusCode, b.body.slice(0, 300)]).toEqual([201, expect.any(String)]);
    // B is not behind A's queue: it is done before A's second file.
    expect(finished.indexOf('B')).toBeLessThan(2);
    expect(finished.slice(0, 2)).toContain('B');
    console.log(`one-row import while four large files were queued: ${bMs} ms`);
  });

  it('a user may have 2 uploads in flight: the third is refused with a clear message (429)', async () => {
    // The three requests are sent together: which of them finds both slots taken is up to the order in which
    // they reach the check, so every one asks in Spanish and the refused one is looked for.
    const es = { 'accept-language': 'es' };
    const answers = await Promise.all([
      upload(env.std, large, es),
      upload(env.std, large, es),
      upload(env.std, large, es),
    ]);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ detail: translate(BULK_MESSAGES.busy(MAX_UPLOADS_PER_USER), 'es') });
    expect(refused.json().detail).toBe(
      'Ya tiene 2 cargas en curso. Espere a que termine alguna y vuelva a enviar este archivo.',
    );
    expect(refused.headers['retry-after']).toBeDefined();
    // Once they are done, the user may upload again; another user of the company was never limited.
    expect((await upload(env.std, small)).statusCode).not.toBe(429);
  });
});
