// Rules of projects and teams added for the config pages and the security review's
// findings: bounded id lists, int4 ids, other companies' users refused with a field
// error, and two simultaneous creates of one name answering a field error, not a 500.
import { startTestApp, seedTenant, type TestContext, type Tenant, signIn, type Caller } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
});
afterAll(() => ctx.close());

const count = async (table: 'projects' | 'teams') =>
  Number(
    (
      await ctx.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', t.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each([
  ['projects', 'subscribers'],
  ['teams', 'members'],
] as const)('%s', (resource, field) => {
  it("refuses another company's user id with a field error and saves nothing", async () => {
    const before = await count(resource);
    const res = await std({
      method: 'POST',
      url: `/api/${resource}/`,
      payload: { name: `Mixed ${resource}`, [field]: [t.colleague.id, t.outsider.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [`Invalid pk "${t.outsider.id}" - object does not exist.`] });
    expect(await count(resource)).toBe(before);
  });

  it('bounds the id list (length and int4) with field errors', async () => {
    const long = Array.from({ length: 1001 }, (_, i) => i + 1);
    const tooMany = await std({
      method: 'POST',
      url: `/api/${resource}/`,
      payload: { name: 'Big', [field]: long },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json())).toEqual([field]);
    const huge = await std({
      method: 'POST',
      url: `/api/${resource}/`,
      payload: { name: 'Huge', [field]: [2147483648] },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ [field]: ['Ensure this value is less than or equal to 2147483647.'] });
    const zero = await std({
      method: 'POST',
      url: `/api/${resource}/`,
      payload: { name: 'Zero', [field]: [0] },
    });
    expect(zero.json()).toEqual({ [field]: ['Ensure this value is greater than or equal to 1.'] });
  });

  it('checks a full list of unknown ids in one pass (1,000 ids answer quickly)', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 2_000_000_000 + i);
    const res = await std({
      method: 'POST',
      url: `/api/${resource}/`,
      payload: { name: 'Ghosts', [field]: ids },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toHaveLength(1000);
  });

  it('answers a name field error when two creates of one name race', async () => {
    const name = `Race ${resource}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => std({ method: 'POST', url: `/api/${resource}/`, payload: { name } })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    for (const a of answers.filter((x) => x.statusCode === 400)) {
      expect(a.json()).toEqual({ name: [`A ${resource.slice(0, -1)} with this name already exists.`] });
    }
  });
});
