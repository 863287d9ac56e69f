import { seedReferenceData, seaPortRows } from '../../src/tracking/reference-data';
import { startTestApp, type TestContext } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('tracking reference data', () => {
  it('holds the sea-ports ports once (seeding again adds nothing)', async () => {
    const rows = seaPortRows();
    expect(rows.length).toBeGreaterThan(1500);
    expect(await seedReferenceData(ctx.handle.db)).toEqual({ ports: 0 });
    const sha = await ctx.handle.db
      .selectFrom('locations')
      .selectAll()
      .where('locode', '=', 'CNSHA')
      .executeTakeFirstOrThrow();
    expect(sha).toMatchObject({
      country_iso2: 'CN',
      timezone: 'Asia/Shanghai',
      kind: 'port',
      display: `${sha.name} (CNSHA)`,
    });
    expect(sha.latitude).toBeCloseTo(31.23, 1);
    // Only the seeded ports are counted: other test files share this database and add locations of their own
    // (the column's default source is 'sea-ports'), so counting every such row raced with them.
    const n = await ctx.handle.db
      .selectFrom('locations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source', '=', 'sea-ports')
      .where(
        'locode',
        'in',
        rows.map((r) => r.locode),
      )
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(rows.length);
  });

  it('seeds the major carriers with their request types, one needing container numbers', async () => {
    const carriers = await ctx.handle.db.selectFrom('carriers').selectAll().orderBy('scac').execute();
    expect(carriers.map((c) => c.scac)).toEqual(
      expect.arrayContaining([
        'MAEU',
        'MSCU',
        'CMDU',
        'HLCU',
        'COSU',
        'ONEY',
        'EGLV',
        'YMLU',
        'HDMU',
        'ZIMU',
      ]),
    );
    expect(
      carriers.filter((c) => /container number submission is needed/i.test(c.ctt_quality_note)).length,
    ).toBeGreaterThanOrEqual(1);
    expect(carriers.find((c) => c.scac === 'YMLU')).toMatchObject({
      supports_b_id: false,
      supports_c_id: true,
      supports_m_bl: true,
    });
  });

  it('has the DCSA and alert event codes in English and Spanish, and refuses an unknown status', async () => {
    const codes = await ctx.handle.db.selectFrom('event_codes').selectAll().execute();
    expect(codes.find((c) => c.dcsa_type_code === 'ARRI')).toMatchObject({
      code: 201,
      category: 'transport',
    });
    expect(codes.filter((c) => c.category === 'alert').length).toBeGreaterThanOrEqual(7);
    for (const c of codes) expect(c.description_es).not.toBe('');
    const carrier =
      codes.length &&
      (await ctx.handle.db.selectFrom('carriers').select('id').limit(1).executeTakeFirstOrThrow());
    const company = await ctx.handle.db
      .insertInto('companies')
      .values({ name: 'status check' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      ctx.handle.db
        .insertInto('tracking_requests')
        .values({
          company_id: company.id,
          carrier_id: carrier ? carrier.id : 0,
          code_type: 'c_id',
          code_value: 'X',
          warnings: '[]',
          status: 'paused' as never,
        })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
