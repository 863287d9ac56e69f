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
  const make = async (name: string, companyId: number, roleId: number, isManager = false) => {
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
