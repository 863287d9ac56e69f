// The security review's findings on logging in: the login throttle behind the portal's proxy, per account without a stranger
// locking the owner out (see also test/security/login-throttle.test.ts), atomic under concurrency; tokens that expire, can be revoked, and die with a password
// change.
import { sql } from 'kysely';
import { setAuthCacheTtl } from '../../src/plugins/auth';
import { as, login, seedTenant, startTestApp, type Tenant, type TestContext } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;

beforeAll(async () => {
  // As `npm start` runs it: the portal's server on this machine is the trusted proxy.
  ctx = await startTestApp({ trustProxy: 'loopback' });
  t = await seedTenant(ctx);
});
afterAll(() => ctx.close());

const postToken = (payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/token/', payload, remoteAddress, headers });

// Only this file's attempts: other test files log in beside it on the same database.
const clearFailures = () => {
  const names = [t.standard, t.colleague, t.limited, t.outsider].map((u) => u.username.toLowerCase());
  return sql`DELETE FROM login_failures WHERE lower(username) = ANY(${names}::text[]) OR username LIKE 'ghost%'`.execute(
    ctx.handle.db,
  );
};

describe('login throttle', () => {
  beforeEach(clearFailures);

  it('behind the trusted proxy (loopback), each browser has its own address bucket', async () => {
    // 20 failures from one browser, all through the portal's server on 127.0.0.1.
    for (let i = 0; i < 20; i++) {
      const res = await postToken({ username: `ghost-${i}`, password: 'bad' }, '127.0.0.1', {
        'x-forwarded-for': '203.0.113.7',
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await postToken({ username: 'ghost-x', password: 'bad' }, '127.0.0.1', {
      'x-forwarded-for': '203.0.113.7',
    });
    expect(blocked.statusCode).toBe(429);
    // Another browser through the same proxy is not locked out.
    const other = await postToken(
      { username: t.colleague.username, password: t.colleague.password },
      '127.0.0.1',
      {
        'x-forwarded-for': '198.51.100.9',
      },
    );
    expect(other.statusCode).toBe(200);
    const stored = await sql<{
      address: string;
    }>`SELECT DISTINCT address FROM login_failures WHERE username LIKE 'ghost%'`.execute(ctx.handle.db);
    expect(stored.rows.map((r) => r.address)).toEqual(['203.0.113.7']);
  });

  it('an X-Forwarded-For from an untrusted client is ignored', async () => {
    for (let i = 0; i < 20; i++) {
      await postToken({ username: `ghost-${i}`, password: 'bad' }, '10.77.0.1', {
        'x-forwarded-for': `192.0.2.${i}`,
      });
    }
    const res = await postToken({ username: 'ghost', password: 'bad' }, '10.77.0.1', {
      'x-forwarded-for': '192.0.2.200',
    });
    expect(res.statusCode).toBe(429);
  });

  it('a stranger cannot lock the owner out: a device that logged in before still passes', async () => {
    const { username, password } = t.standard;
    // The owner logged in from this browser before: it got a device cookie.
    const first = await postToken({ username, password }, '10.60.0.1');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^portal_device=[0-9a-f]{64}; Path=\/api\/token\/;.*HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0];
    // A stranger fails 25 times (the per-account ceiling) on the owner's username, from many addresses.
    for (let i = 0; i < 25; i++) await postToken({ username, password: `guess-${i}` }, `10.61.0.${i}`);
    // An unknown device at a new address is throttled, even with the right password...
    expect((await postToken({ username, password }, '10.62.0.1')).statusCode).toBe(429);
    // ...the owner's device is not, wherever it is.
    const owner = await postToken({ username, password }, '10.60.0.2', { cookie });
    expect(owner.statusCode).toBe(200);
    // A device cookie of another account gives nothing.
    const foreign = await postToken({ username: t.colleague.username, password: 'bad' }, '10.63.0.1', {
      cookie,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('a device cookie does not let its holder guess without limit', async () => {
    const { username, password } = t.colleague;
    const first = await postToken({ username, password }, '10.64.0.1');
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    for (let i = 0; i < 5; i++) {
      expect(
        (await postToken({ username, password: `guess-${i}` }, '10.64.0.1', { cookie })).statusCode,
      ).toBe(400);
    }
    expect((await postToken({ username, password: 'guess-x' }, '10.64.0.1', { cookie })).statusCode).toBe(
      429,
    );
  });

  it('100 parallel guesses on one account: at most 25 (the per-account ceiling) are checked, the rest get 429', async () => {
    const { username } = t.limited;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postToken({ username, password: `parallel-${i}` }, `10.65.${Math.floor(i / 250)}.${i % 250}`),
      ),
    );
    const checked = answers.filter((r) => r.statusCode === 400).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    expect(checked).toBeLessThanOrEqual(25);
    expect(checked + refused).toBe(100);
    const failures = await sql<{ n: string }>`
      SELECT count(*) AS n FROM login_failures WHERE username = ${username}`.execute(ctx.handle.db);
    expect(Number(failures.rows[0].n)).toBeLessThanOrEqual(25);
  });

  it('colleagues signing in at once from one address all get in (they queue, none is refused)', async () => {
    // Before: the advisory locks were tried without waiting, so two right logins through the portal's own
    // proxy at the same moment got a 429 for the second.
    const users = [t.standard, t.colleague, t.limited, t.standard, t.colleague, t.limited];
    const answers = await Promise.all(
      users.map(({ username, password }) => postToken({ username, password }, '10.67.0.1')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(users.map(() => 200));
    const left = await sql<{ n: string }>`
      SELECT count(*) AS n FROM login_failures WHERE address = '10.67.0.1'`.execute(ctx.handle.db);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('a username over 150 characters is a field error, not a 500', async () => {
    const res = await postToken({ username: 'u'.repeat(151), password: 'x' }, '10.66.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['Ensure this field has no more than 150 characters.'] });
  });
});

describe('tokens', () => {
  beforeEach(clearFailures);

  it('logout revokes the token at once, even with the auth cache on', async () => {
    setAuthCacheTtl(ctx.handle.db, 60_000);
    try {
      const token = await login(ctx.app, t.outsider.username, t.outsider.password);
      const me = as(ctx.app, token);
      expect((await me({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(200);
      const out = await me({ method: 'POST', url: '/api/rest-auth/logout/' });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ detail: 'Successfully logged out.' });
      const after = await me({ method: 'GET', url: '/api/rest-auth/user/' });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ detail: 'Invalid token.' });
    } finally {
      setAuthCacheTtl(ctx.handle.db, 0);
    }
  });

  it('a token unused for longer than the idle time, or older than the maximum age, stops working', async () => {
    const token = await login(ctx.app, t.outsider.username, t.outsider.password);
    const me = as(ctx.app, token);
    expect((await me({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(200);
    // Used recently: last_used_at slides (written at most once a minute).
    await sql`UPDATE auth_tokens SET last_used_at = now() - interval '11 hours'
              WHERE user_id = ${t.outsider.id}`.execute(ctx.handle.db);
    expect((await me({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(200);
    const slid = await sql<{ age: number }>`
      SELECT extract(epoch FROM now() - max(last_used_at))::int AS age FROM auth_tokens
      WHERE user_id = ${t.outsider.id}`.execute(ctx.handle.db);
    expect(slid.rows[0].age).toBeLessThan(60);
    // Idle for 13 hours (default idle time 12 hours).
    await sql`UPDATE auth_tokens SET last_used_at = now() - interval '13 hours'
              WHERE user_id = ${t.outsider.id}`.execute(ctx.handle.db);
    expect((await me({ method: 'GET', url: '/api/rest-auth/user/' })).json()).toEqual({
      detail: 'Invalid token.',
    });
    // Used a minute ago but made 8 days ago (maximum age 7 days).
    const token2 = await login(ctx.app, t.outsider.username, t.outsider.password);
    await sql`UPDATE auth_tokens SET created_at = now() - interval '8 days'
              WHERE user_id = ${t.outsider.id}`.execute(ctx.handle.db);
    expect((await as(ctx.app, token2)({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(401);
  });

  it("a password change revokes the user's other tokens and keeps the current one", async () => {
    const { username, password } = t.outsider;
    const phone = await login(ctx.app, username, password);
    const laptop = await login(ctx.app, username, password);
    const res = await as(
      ctx.app,
      laptop,
    )({
      method: 'POST',
      url: '/api/rest-auth/password/change/',
      payload: { old_password: password, new_password1: 'Harbour-2031', new_password2: 'Harbour-2031' },
    });
    expect(res.statusCode).toBe(200);
    expect((await as(ctx.app, phone)({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(401);
    expect((await as(ctx.app, laptop)({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(200);
  });
});
