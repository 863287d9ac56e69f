// The shipments list read while a writer updates shipments the way the tracking engine does (one UPDATE per
// shipment in its own transaction, straight to the table, so only the triggers tell the API): no answer may be
// older than the last write committed before the request was sent, whatever the answer cache and the merging
// of concurrent identical requests do.
import { sql } from 'kysely';
import { startTestApp, seedTenant, signIn, type Caller, type TestContext, type Tenant } from '../helpers/app';

jest.setTimeout(90_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
const ids: string[] = [];
const BASE = Date.UTC(2030, 0, 1);
const MINUTE = 60_000;
/** Write number k sets the shipment's ETA to BASE + k minutes: an answer's ETA tells which write it shows. */
const writeOf = (eta: string) => Math.round((Date.parse(eta) - BASE) / MINUTE);

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  const db = ctx.handle.db;
  const request = await db
    .insertInto('tracking_requests')
    .values({
      company_id: t.companyId,
      carrier_id: 1,
      code_type: 'b_id',
      code_value: 'BKWRITES',
      status: 'new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('shipments')
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        company_id: t.companyId,
        tracking_request_id: request.id,
        carrier_id: 1 + (i % 2),
        container_number: `MSCU${String(2_000_000 + i).slice(-7)}`,
        eta: new Date(BASE - (i + 1) * MINUTE),
      })) as never,
    )
    .returning('id')
    .execute();
  ids.push(...rows.map((r) => String(r.id)));
});

afterAll(async () => {
  await ctx.close();
});

describe('reads during writes', () => {
  it('never answers older than the last committed write (cache and merged requests included)', async () => {
    const db = ctx.handle.db;
    const committed = new Map<string, number>(); // shipment id → last write committed
    const carrierOf = new Map(ids.map((id, i) => [id, 1 + (i % 2)]));
    let writes = 0;
    let running = true;

    const writer = (async () => {
      while (running) {
        const id = ids[Math.floor(Math.random() * ids.length)];
        const k = ++writes;
        await db
          .updateTable('shipments')
          .set({ eta: new Date(BASE + k * MINUTE), modified_at: new Date() })
          .where(sql`id`, '=', id)
          .execute();
        committed.set(id, k);
      }
    })();

    let answers = 0;
    const reader = async (query: string, carrier?: number) => {
      try {
        await readUntilStopped(query, carrier);
      } finally {
        running = false; // one failure stops the others
      }
    };
    const readUntilStopped = async (query: string, carrier?: number) => {
      while (running) {
        // What had committed when the request was sent.
        const seen = new Map(committed);
        const res = await std({ method: 'GET', url: `/api/shipments/?${query}` });
        expect(res.statusCode).toBe(200);
        const body = res.json<{ count: number; results: Array<{ id: number; eta: string }> }>();
        expect(body.count).toBe(carrier ? 20 : 40);
        for (const s of body.results) {
          expect(writeOf(s.eta)).toBeGreaterThanOrEqual(seen.get(String(s.id)) ?? -Infinity);
        }
        // The newest write seen (of the filtered carrier) must lead the page, unless a newer one took its place.
        const newest = Math.max(
          0,
          ...[...seen].filter(([id]) => !carrier || carrierOf.get(id) === carrier).map(([, k]) => k),
        );
        if (newest > 0) expect(writeOf(body.results[0].eta)).toBeGreaterThanOrEqual(newest);
        answers++;
      }
    };
    const readers = [
      reader('ordering=-eta'),
      reader('ordering=-eta'),
      reader('ordering=-eta'),
      reader('carrier=1&ordering=-eta', 1),
      reader('carrier=2&ordering=-eta', 2),
    ];
    // Until enough of both have interleaved (counted, not timed: the machine may be slow).
    while (running && (writes < 30 || answers < 60)) await new Promise((resolve) => setTimeout(resolve, 50));
    running = false;
    await Promise.all([writer, ...readers]);
    expect(writes).toBeGreaterThanOrEqual(30);
    expect(answers).toBeGreaterThanOrEqual(60);
  });
});
