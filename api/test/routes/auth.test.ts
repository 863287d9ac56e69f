import { startTestApp, seedTenant, login, as, type TestContext, type Tenant } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
});
afterAll(() => ctx.close());

const postToken = (payload: unknown, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/token/', payload: payload as object, remoteAddress });

describe('POST /api/token/', () => {
  it('returns a 40-hex token for good credentials, usable on authenticated calls', async () => {
    const res = await postToken({ username: t.standard.username, password: t.standard.password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const me = await as(ctx.app, token)({ method: 'GET', url: '/api/rest-auth/user/' });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(t.standard.username);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(ctx.app, t.standard.username, t.standard.password);
    const rows = await ctx.handle.db.selectFrom('auth_tokens').select('key_hash').execute();
    expect(rows.map((r) => r.key_hash)).not.toContain(token);
  });

  it('requires both fields, empty or missing', async () => {
    const res = await postToken({ username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/token/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('refuses wrong credentials and unknown users the same way', async () => {
    const wrong = await postToken({ username: t.colleague.username, password: 'nope' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    const unknown = await postToken({ username: 'nobody-at-all', password: 'x' }, '10.0.0.2');
    expect(unknown.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
  });

  it('refuses inactive users', async () => {
    await ctx.handle.db
      .updateTable('users')
      .set({ is_active: false })
      .where('id', '=', t.outsider.id)
      .execute();
    const res = await postToken({ username: t.outsider.username, password: t.outsider.password }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    await ctx.handle.db
      .updateTable('users')
      .set({ is_active: true })
      .where('id', '=', t.outsider.id)
      .execute();
  });

  it('throttles a username from one address after 5 failures (even with the right password), 429 + Retry-After', async () => {
    const { username, password } = t.limited;
    // A success resets the counter of its address.
    for (let i = 0; i < 4; i++)
      expect((await postToken({ username, password: 'bad' }, '10.1.0.1')).statusCode).toBe(400);
    expect((await postToken({ username, password }, '10.1.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await postToken({ username, password: 'bad' }, '10.1.1.1')).statusCode).toBe(400);
    }
    const res = await postToken({ username, password }, '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Too many failed login attempts\. Try again in \d+ seconds\.$/);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    expect(res.json().detail).toContain(`in ${retry} seconds`);
    // The account is not locked: from another address the owner gets in (the ceiling of all addresses
    // together is test/security/login-throttle.test.ts).
    expect((await postToken({ username, password }, '10.1.2.1')).statusCode).toBe(200);
    // Another user is not affected.
    expect(
      (await postToken({ username: t.colleague.username, password: t.colleague.password }, '10.1.2.2'))
        .statusCode,
    ).toBe(200);
  });

  it('throttles a client address after 20 failures, whatever the usernames', async () => {
    const address = '10.2.0.1';
    for (let i = 0; i < 20; i++) {
      // Names no other test file clears (they run beside this one on the same database).
      const username = `nouser-auth-${i}`;
      expect((await postToken({ username, password: 'bad' }, address)).statusCode).toBe(400);
    }
    const blocked = await postToken(
      { username: t.colleague.username, password: t.colleague.password },
      address,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const elsewhere = await postToken(
      { username: t.colleague.username, password: t.colleague.password },
      '10.2.0.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('token authentication', () => {
  it('401 without credentials', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/rest-auth/user/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(res.headers['www-authenticate']).toBe('Token');
  });

  it('401 for another scheme, a malformed header or an unknown token', async () => {
    const get = (authorization: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/rest-auth/user/', headers: { authorization } });
    expect((await get('Bearer abc')).json()).toEqual({
      detail: 'Authentication credentials were not provided.',
    });
    expect((await get('Token')).json()).toEqual({ detail: 'Invalid token header. No credentials provided.' });
    expect((await get('Token a b')).json()).toEqual({
      detail: 'Invalid token header. Token string should not contain spaces.',
    });
    const unknown = await get(`Token ${'0'.repeat(40)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Invalid token.' });
  });
});

describe('POST /api/rest-auth/password/change/', () => {
  const change = (token: string, payload: object) =>
    as(ctx.app, token)({ method: 'POST', url: '/api/rest-auth/password/change/', payload });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/rest-auth/password/change/', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('requires the three fields', async () => {
    const token = await login(ctx.app, t.colleague.username, t.colleague.password);
    const res = await change(token, { old_password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      old_password: ['This field is required.'],
      new_password1: ['This field is required.'],
      new_password2: ['This field is required.'],
    });
  });

  it('refuses a wrong old password, a mismatch, weak passwords; nothing changes', async () => {
    const { username, password } = t.colleague;
    const token = await login(ctx.app, username, password);
    let res = await change(token, {
      old_password: 'wrong',
      new_password1: 'Goodpass123',
      new_password2: 'Goodpass123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
    res = await change(token, {
      old_password: password,
      new_password1: 'Goodpass123',
      new_password2: 'Goodpass124',
    });
    expect(res.json()).toEqual({ new_password2: ['The two password fields didn’t match.'] });
    res = await change(token, { old_password: password, new_password1: 'short', new_password2: 'short' });
    expect(res.json()).toEqual({
      new_password2: ['This password is too short. It must contain at least 8 characters.'],
    });
    res = await change(token, {
      old_password: password,
      new_password1: '12345678901',
      new_password2: '12345678901',
    });
    expect(res.json()).toEqual({ new_password2: ['This password is entirely numeric.'] });
    res = await change(token, { old_password: password, new_password1: username, new_password2: username });
    expect(res.json().new_password2).toContain('The password is too similar to the username.');
    // Still the old password.
    expect(await login(ctx.app, username, password)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('saves a good new password (limited users too): the new one logs in, the old one no longer', async () => {
    const { username, password } = t.limited;
    // The throttling test above locked this user out: clear its failures.
    await ctx.handle.db.deleteFrom('login_failures').where('username', '=', username).execute();
    const token = await login(ctx.app, username, password);
    const res = await change(token, {
      old_password: password,
      new_password1: 'Container-2024',
      new_password2: 'Container-2024',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'New password has been saved.' });
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username, password },
      remoteAddress: '10.3.0.1',
    });
    expect(old.statusCode).toBe(400);
    expect(await login(ctx.app, username, 'Container-2024')).toMatch(/^[0-9a-f]{40}$/);
    const stored = await ctx.handle.db
      .selectFrom('users')
      .select('password')
      .where('id', '=', t.limited.id)
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });
});
