// Test helpers: the app on the run's database, and companies/users unique to each test file.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { createDb, type DbHandle } from '../../src/db/connection';
import { createCompany, createUser } from '../../src/services/accounts';

export const TEST_HASH_COST = 2 ** 10;

export function testDatabaseUrl(): string {
  const url = process.env.PORTAL_TEST_DATABASE_URL;
  if (!url) throw new Error('PORTAL_TEST_DATABASE_URL is not set (jest globalSetup should set it)');
  return url;
}

export interface TestContext {
  app: FastifyInstance;
  handle: DbHandle;
  close: () => Promise<void>;
}

export async function startTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestContext> {
  const handle = createDb(testDatabaseUrl(), { max: 4 });
  const app = await buildApp({ db: handle.db, passwordHashCost: TEST_HASH_COST, ...options });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export interface Tenant {
  companyId: number;
  otherCompanyId: number;
  /** Standard role, manager. */
  standard: { id: number; username: string; password: string };
  /** Same company, standard role. */
  colleague: { id: number; username: string; password: string };
  /** Same company, limited role. */
  limited: { id: number; username: string; password: string };
  /** The other company. */
  outsider: { id: number; username: string; password: string };
}

/** Two companies and four users with names unique to this call; the first company's cap defaults to 10. */
export async function seedTenant(
  ctx: TestContext,
  options: { maxTrackingRequests?: number } = {},
): Promise<Tenant> {
  const db = ctx.handle.db;
  const tag = randomBytes(4).toString('hex');
  const companyId = await createCompany(db, {
    name: `Company ${tag}`,
    max_tracking_requests: options.maxTrackingRequests ?? 10,
  });
  const otherCompanyId = await createCompany(db, { name: `Other ${tag}` });
  const make = async (name: string, companyId: number, roleId: 1 | 2, isManager = false) => {
    const username = `${name}_${tag}`;
    const password = `pw-${name}-${tag}`;
    const id = await createUser(db, {
      username,
      password,
      companyId,
      roleId,
      is_manager: isManager,
      email: `${username}@example.com`,
      first_name: 'First',
      last_name: 'Last',
      hashCost: TEST_HASH_COST,
    });
    return { id, username, password };
  };
  return {
    companyId,
    otherCompanyId,
    standard: await make('std', companyId, 1, true),
    colleague: await make('mate', companyId, 1),
    limited: await make('lim', companyId, 2),
    outsider: await make('out', otherCompanyId, 1),
  };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** inject with `Authorization: Token <token>`. */
export function as(app: FastifyInstance, token: string) {
  return (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Token ${token}` } });
}

/** A logged-in caller: `inject` with that user's token. */
export type Caller = ReturnType<typeof as>;

/** Logs `user` in and answers a caller with its token. */
export async function signIn(
  ctx: TestContext,
  user: { username: string; password: string },
): Promise<Caller> {
  return as(ctx.app, await login(ctx.app, user.username, user.password));
}

/** The four users of a tenant, logged in: manager (standard role), colleague, limited role, other company. */
export interface Callers {
  std: Caller;
  mate: Caller;
  lim: Caller;
  outsider: Caller;
}

export async function signInAll(ctx: TestContext, t: Tenant): Promise<Callers> {
  const [std, mate, lim, outsider] = await Promise.all(
    [t.standard, t.colleague, t.limited, t.outsider].map((user) => signIn(ctx, user)),
  );
  return { std, mate, lim, outsider };
}

/** The id of the seeded carrier with this SCAC (MAEU, MSCU…). */
export async function carrierId(ctx: TestContext, scac: string): Promise<number> {
  return (
    await ctx.handle.db.selectFrom('carriers').select('id').where('scac', '=', scac).executeTakeFirstOrThrow()
  ).id;
}

/** Inserts a shipment (carrier 1 and container MSCU0000000 unless `values` says otherwise); answers its id. */
export async function insertShipment(
  ctx: TestContext,
  values: { company_id: number; tracking_request_id: number } & Record<string, unknown>,
): Promise<string> {
  const row = await ctx.handle.db
    .insertInto('shipments')
    .values({ carrier_id: 1, container_number: 'MSCU0000000', ...values } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** How many tracking requests the company has. */
export async function countRequests(ctx: TestContext, companyId: number): Promise<number> {
  const { n } = await ctx.handle.db
    .selectFrom('tracking_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The app, a fresh tenant (see seedTenant) and its four users logged in. */
export interface TenantApp extends Callers {
  ctx: TestContext;
  t: Tenant;
}

export async function startTenantApp(
  options: { maxTrackingRequests?: number; app?: Partial<BuildAppOptions> } = {},
): Promise<TenantApp> {
  const ctx = await startTestApp(options.app);
  const t = await seedTenant(ctx, { maxTrackingRequests: options.maxTrackingRequests });
  return { ctx, t, ...(await signInAll(ctx, t)) };
}

/** Location ids of the seeded ports with these UN/LOCODEs, by LOCODE. */
export async function portIds(
  ctx: TestContext,
  locodes: string[] = ['ESVLC', 'CNSHA', 'NLRTM', 'SGSIN'],
): Promise<Record<string, number>> {
  const rows = await ctx.handle.db
    .selectFrom('locations')
    .select(['id', 'locode'])
    .where('locode', 'in', locodes)
    .execute();
  return Object.fromEntries(rows.map((l) => [l.locode!, l.id]));
}

/** Inserts a tracking request (carrier 1, a booking number, status new unless `values` says otherwise). */
export async function insertRequest(
  ctx: TestContext,
  values: { company_id: number; code_value: string } & Record<string, unknown>,
): Promise<number> {
  const row = await ctx.handle.db
    .insertInto('tracking_requests')
    .values({ carrier_id: 1, code_type: 'b_id', status: 'new', ...values } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
