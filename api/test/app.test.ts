import { buildApp } from '../src/app';
import { startTestApp, seedTenant, login, type TestContext } from './helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('the app', () => {
  it('answers /api/health/ without auth', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.info.version).toBe('v23.09.03');
    for (const path of [
      '/api/token/',
      '/api/rest-auth/password/change/',
      '/api/rest-auth/user/',
      '/api/user-profiles/',
      '/api/user-profiles/{id}/',
      '/api/health/',
    ]) {
      expect(spec.paths).toHaveProperty([path]);
    }
    expect(spec.paths['/api/user-profiles/{id}/'].patch.requestBody).toBeDefined();
    expect(spec.paths['/api/token/'].post.responses).toHaveProperty(['429']);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 301, 302]).toContain(page.statusCode);
  });

  it('answers unknown paths with 404 {detail}', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers malformed JSON with 400 {detail}', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(res.json().detail).toMatch(/^JSON parse error/);
  });

  it('answers schema validation errors as {field: [messages]}, never in Fastify’s shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 12, password: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['Not a valid string.'],
      password: ['This field may not be null.'],
    });
    const list = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: [1] });
    expect(list.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('hides the internals of server errors', async () => {
    const fresh = await buildApp({ db: ctx.handle.db });
    // A route that fails like a bug would.
    fresh.get('/api/boom/', async () => {
      throw new Error('secret connection string postgres://user:pw@host');
    });
    const res = await fresh.inject({ method: 'GET', url: '/api/boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'A server error occurred.' });
    expect(res.body).not.toContain('secret');
    await fresh.close();
  });

  it('answers CORS for localhost origins only (by default)', async () => {
    const pre = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/token/',
      headers: {
        origin: 'http://localhost:3004',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:3004');
    expect(pre.headers['access-control-allow-headers']).toBe('content-type,authorization');
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'http://127.0.0.1:8080' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    const evil = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes the CORS origins from configuration', async () => {
    const ctx2 = await startTestApp({ corsOrigins: ['https://portal.example.com'] });
    const ok = await ctx2.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'https://portal.example.com' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    const local = await ctx2.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
    await ctx2.close();
  });

  it('works end to end with a seeded tenant', async () => {
    const t = await seedTenant(ctx);
    expect(await login(ctx.app, t.standard.username, t.standard.password)).toHaveLength(40);
  });
});
