// transactionRetryingDeadlocks against a real deadlock: two transactions each update one shipment, then the
// other's. PostgreSQL aborts one of them; run again, it finds the other committed, and both writes are there.
import { sql } from 'kysely';
import { startTestApp, seedTenant, type TestContext, type Tenant } from '../helpers/app';
import { transactionRetryingDeadlocks } from '../../src/lib/transactions';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let ids: string[];

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  const db = ctx.handle.db;
  const request = await db
    .insertInto('tracking_requests')
    .values({ company_id: t.companyId, carrier_id: 1, code_type: 'b_id', code_value: `DL${t.companyId}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('shipments')
    .values(
      ['DLKU0000001', 'DLKU0000002'].map((container_number) => ({
        company_id: t.companyId,
        tracking_request_id: request.id,
        carrier_id: 1,
        container_number,
        eta: new Date(),
      })),
    )
    .returning('id')
    .execute();
  ids = rows.map((r) => r.id);
});

afterAll(() => ctx.close());

/** Both transactions past their first update, each then updating the other's shipment: a deadlock. */
function crossedWrites(retrying: boolean) {
  const db = ctx.handle.db;
  let arrived = 0;
  let release: () => void = () => undefined;
  const bothFirst = new Promise<void>((resolve) => (release = resolve));
  const run = (mine: string, theirs: string, hours: number) => {
    let attempt = 0;
    const work = async (trx: typeof db) => {
      attempt++;
      await sql`UPDATE shipments SET eta = eta + make_interval(hours => ${hours}) WHERE id = ${mine}`.execute(
        trx,
      );
      if (attempt === 1 && ++arrived === 2) release();
      if (attempt === 1) await bothFirst;
      await sql`UPDATE shipments SET eta = eta + make_interval(hours => ${hours}) WHERE id = ${theirs}`.execute(
        trx,
      );
      return attempt;
    };
    return retrying ? transactionRetryingDeadlocks(db, work) : db.transaction().execute(work);
  };
  return Promise.allSettled([run(ids[0], ids[1], 1), run(ids[1], ids[0], 10)]);
}

const etas = async () =>
  (
    await ctx.handle.db.selectFrom('shipments').select('eta').where('id', 'in', ids).orderBy('id').execute()
  ).map((r) => (r.eta as Date).getTime());

describe('transactionRetryingDeadlocks', () => {
  it('without it, one of two crossed writes fails with a deadlock', async () => {
    const results = await crossedWrites(false);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(failed[0].reason).toMatchObject({ code: '40P01' });
  });

  it('with it, both crossed writes commit, the aborted one on its second try', async () => {
    const before = await etas();
    const results = await crossedWrites(true);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const attempts = results.map((r) => (r as PromiseFulfilledResult<number>).value).sort();
    expect(attempts).toEqual([1, 2]);
    // Each shipment moved by both: 1 + 10 hours.
    expect((await etas()).map((ms, i) => ms - before[i])).toEqual([11 * 3_600_000, 11 * 3_600_000]);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    await expect(
      transactionRetryingDeadlocks(ctx.handle.db, async () => {
        calls++;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
