// The per-token cache of the auth hook: callers are reused for the TTL, and this process's own changes (profile
// PATCH, password change, current-user PATCH) show at once; unknown and inactive tokens are never cached.
import { forgetAuth, setAuthCacheTtl } from '../../src/plugins/auth';
import { as, login, seedTenant, startTestApp, type Tenant, type TestContext } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;

beforeAll(async () => {
  ctx = await startTestApp();
  setAuthCacheTtl(ctx.handle.db, 60_000);
  t = await seedTenant(ctx);
});
afterAll(async () => {
  setAuthCacheTtl(ctx.handle.db, 0);
  await ctx.close();
});

const me = async (call: ReturnType<typeof as>) => {
  const res = await call({ method: 'GET', url: '/api/rest-auth/user/' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('auth cache', () => {
  it('reuses the caller for the TTL and drops it on forgetAuth', async () => {
    const std = as(ctx.app, await login(ctx.app, t.standard.username, t.standard.password));
    expect((await me(std)).first_name).toBe('First');
    // Changed behind the app's back (another process): the cached caller stays until forgotten.
    await ctx.handle.db
      .updateTable('users')
      .set({ first_name: 'Elsewhere' })
      .where('id', '=', t.standard.id)
      .execute();
    expect((await me(std)).first_name).toBe('First');
    forgetAuth(ctx.handle.db, t.standard.id);
    expect((await me(std)).first_name).toBe('Elsewhere');
  });

  it('shows a PATCHed threshold in the next call', async () => {
    const mate = as(ctx.app, await login(ctx.app, t.colleague.username, t.colleague.password));
    expect((await me(mate)).userprofile.days_of_delay).toBe(1);
    const patched = await mate({
      method: 'PATCH',
      url: `/api/user-profiles/${t.colleague.id}/`,
      payload: { days_of_delay: 6 },
    });
    expect(patched.statusCode).toBe(200);
    expect((await me(mate)).userprofile.days_of_delay).toBe(6);
    const stats = await mate({ method: 'GET', url: '/api/shipments/stats/' });
    expect(stats.statusCode).toBe(200);
  });

  it('checks a second password change against the new password', async () => {
    const lim = as(ctx.app, await login(ctx.app, t.limited.username, t.limited.password));
    const change = (old_password: string, next: string) =>
      lim({
        method: 'POST',
        url: '/api/rest-auth/password/change/',
        payload: { old_password, new_password1: next, new_password2: next },
      });
    expect((await change(t.limited.password, 'first-new-pass')).statusCode).toBe(200);
    expect((await change('first-new-pass', 'second-new-pass')).statusCode).toBe(200);
    expect((await change('first-new-pass', 'third-new-pass')).statusCode).toBe(400);
  });

  it('shows a current-user PATCH at once', async () => {
    const out = as(ctx.app, await login(ctx.app, t.outsider.username, t.outsider.password));
    await me(out);
    const res = await out({
      method: 'PATCH',
      url: '/api/rest-auth/user/',
      payload: { last_name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(out)).last_name).toBe('Renamed');
  });

  it('never caches unknown or inactive callers', async () => {
    const bad = as(ctx.app, '0'.repeat(40));
    expect((await bad({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(401);
    const token = await login(ctx.app, t.standard.username, t.standard.password);
    await ctx.handle.db
      .updateTable('users')
      .set({ is_active: false })
      .where('id', '=', t.standard.id)
      .execute();
    const call = as(ctx.app, token);
    expect((await call({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(401);
    await ctx.handle.db
      .updateTable('users')
      .set({ is_active: true })
      .where('id', '=', t.standard.id)
      .execute();
    expect((await call({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(200);
  });
});
