// X-Forwarded-For is believed only from the configured proxies. By default none is: a process that talks to
// the API directly (on this machine too, from 127.0.0.1) cannot name a new address per request to escape the
// login throttle's address bucket or the contact form's limit. With `npm start`'s setting (loopback: the
// portal's forwarder, which writes the header itself) the API sees the real client's address.
import { sql } from 'kysely';
import { trustProxySetting } from '../../src/app';
import { CONTACT_PRODUCT } from '../../src/routes/contact';
import { startTestApp, type TestContext } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let proxied: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ loginThrottle: { perAddress: 20 } });
  proxied = await startTestApp({ trustProxy: 'loopback' });
});
afterAll(async () => {
  await sql`DELETE FROM login_failures WHERE address = '127.0.0.2'`.execute(ctx.handle.db);
  await ctx?.close();
  await proxied?.close();
});

const tag = `xff${Date.now()}`;

describe('login throttle', () => {
  it('a local client rotating X-Forwarded-For is still one address (default: no trusted proxy)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/token/',
        // A loopback address of its own: the run's other test files log in from 127.0.0.1 on the same database.
        remoteAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { username: `${tag}-ghost-${i}`, password: 'bad' },
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(answers[20]).toBe(429);
    const stored = await sql<{ address: string }>`
      SELECT DISTINCT address FROM login_failures WHERE username LIKE ${`${tag}-ghost-%`}`.execute(
      ctx.handle.db,
    );
    expect(stored.rows.map((r) => r.address)).toEqual(['127.0.0.2']);
  });

  it("with npm start's setting (loopback) the forwarder's X-Forwarded-For is the client's address", async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      payload: { username: `${tag}-proxied`, password: 'bad' },
    });
    expect(res.statusCode).toBe(400);
    const stored = await sql<{ address: string }>`
      SELECT address FROM login_failures WHERE username = ${`${tag}-proxied`}`.execute(proxied.handle.db);
    expect(stored.rows.map((r) => r.address)).toEqual(['203.0.113.77']);
  });

  it('the setting: none by default, else what is configured', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('loopback')).toEqual(['loopback']);
    expect(trustProxySetting('10.0.0.1, 10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('contact limit', () => {
  it('a local client rotating X-Forwarded-For reaches the limit (5 in 10 minutes) like anyone', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/products/send-mail/',
        remoteAddress: '127.0.0.9',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}`, 'accept-language': 'en' },
        payload: {
          name: 'Ana',
          email: 'ana@example.com',
          phone: '+34 600 000 000',
          company: `Naviera ${tag}`,
          comments: 'Hello',
          product: CONTACT_PRODUCT,
          language: 'en',
          terms: true,
        },
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 5).every((s) => s >= 200 && s < 300)).toBe(true);
    expect(answers[5]).toBe(429);
  });
});
