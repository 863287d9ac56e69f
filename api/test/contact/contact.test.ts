// The contact plugin on the run's real PostgreSQL with a real SMTP server in-process (smtp-server), the
// mail parsed back with mailparser. Each test uses its own client address, so the rate limit of one
// does not reach another.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../../src/db/connection';
import { validatorCompiler } from '../../src/lib/validation';
import { registerErrorHandling } from '../../src/plugins/errors';
import { contactRoutes, CONTACT_PRODUCT, type ContactPluginOptions } from '../../src/routes/contact';
import { createMailer } from '../../src/mail';
import { testDatabaseUrl, startTestApp } from '../helpers/app';
import { freePort, startSmtp } from '../helpers/servers';

const URL = '/api/products/send-mail/';

async function waitFor<T>(
  what: string,
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let handle: DbHandle;
const apps: FastifyInstance[] = [];

async function contactApp(options: ContactPluginOptions): Promise<FastifyInstance> {
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  app.decorate('db', handle.db);
  await app.register(contactRoutes, { prefix: '/api/products', log: () => undefined, ...options });
  await app.ready();
  apps.push(app);
  return app;
}

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const tag = `t${Date.now()}`;

const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  company: `Naviera ${tag}`,
  comments: 'We move 4,000 containers a year.',
  product: CONTACT_PRODUCT,
  language: 'es',
  terms: true,
  ...extra,
});

const rowsOf = (company: string) =>
  sql<{
    id: string;
    status: string;
    attempts: number;
    last_error: string | null;
    name: string;
  }>`SELECT id, status, attempts, last_error, name FROM contact_requests WHERE company = ${company} ORDER BY id`
    .execute(handle.db)
    .then((r) => r.rows);

beforeAll(() => {
  handle = createDb(testDatabaseUrl(), { max: 6 });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await handle.close();
});

describe('validation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await contactApp({ mailer: null });
  });

  it('asks for the terms first, and only for them', async () => {
    const res = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: { language: 'en', terms: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      terms: ['Please, accept the Terms and Conditions and the Privacy Policy.'],
    });
  });

  it('names each empty required field, in the request language', async () => {
    const en = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: { language: 'en', terms: true, name: '  ', phone: '1' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      name: ['Name must not be blank.'],
      email: ['Email must not be blank.'],
      company: ['Company must not be blank.'],
    });
    const es = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: { language: 'es', terms: true, name: 'Ana', email: 'a@b.es' },
    });
    expect(es.json()).toEqual({ company: ['El campo Empresa no puede estar en blanco.'] });
  });

  it('refuses an e-mail that is not an address, in the request language, and keeps nothing', async () => {
    const company = `Bad mail ${tag}`;
    for (const [language, email, message] of [
      ['en', 'not an address', 'Enter a valid email address.'],
      ['es', 'ana@', 'Introduce una dirección de correo electrónico válida.'],
      ['en', 'ana@example', 'Enter a valid email address.'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: URL,
        remoteAddress: nextIp(),
        payload: valid({ language, email, company }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: [message] });
    }
    expect(await rowsOf(company)).toEqual([]);
    const ok = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: valid({ email: ' ana.garcia+ventas@naviera.example.es ', company }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('bounds every field and refuses unknown ones and big bodies', async () => {
    const long = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: valid({ name: 'x'.repeat(151) }),
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['name']);
    const unknown = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: valid({ admin: true }),
    });
    expect(unknown.statusCode).toBe(400);
    const big = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: { ...valid(), padding: 'x'.repeat(20_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(await rowsOf(`Naviera ${tag}`)).toEqual([]);
  });

  it('stores a valid request even without a mail server', async () => {
    const company = `Stored ${tag}`;
    const res = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: valid({ company }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: 'request success' });
    const rows = await rowsOf(company);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', name: 'Ana García' });
  });

  it('drops a request whose honeypot is filled, answering as if accepted', async () => {
    const company = `Bot ${tag}`;
    const res = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: valid({ company, website: 'http://spam.example' }),
    });
    expect(res.statusCode).toBe(201);
    expect(await rowsOf(company)).toEqual([]);
  });
});

describe('rate limit', () => {
  it('refuses an address over its limit, not another address', async () => {
    const app = await contactApp({ mailer: null, rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const ip = nextIp();
    const send = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: URL,
        remoteAddress,
        headers: { 'accept-language': 'en-GB,en;q=0.8' },
        payload: valid({ company: `Limited ${tag}` }),
      });
    expect((await send(ip)).statusCode).toBe(201);
    expect((await send(ip)).statusCode).toBe(201);
    const third = await send(ip);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: 'Too many requests from this address. Please try again later.' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(nextIp())).statusCode).toBe(201);
    expect(await rowsOf(`Limited ${tag}`)).toHaveLength(3);
  });
});

describe('delivery', () => {
  it('mails the request to the sales address', async () => {
    const port = await freePort();
    const inbox = await startSmtp(port);
    try {
      const app = await contactApp({
        mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'portal@test.example' }),
        salesAddress: 'sales@test.example',
        delivery: { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 },
      });
      const company = `Mailed ${tag}`;
      const res = await app.inject({
        method: 'POST',
        url: URL,
        remoteAddress: nextIp(),
        payload: valid({ company, comments: 'Need ERP integration.' }),
      });
      expect(res.statusCode).toBe(201);
      const mail = await waitFor('the mail', () => inbox.mails.find((m) => m.subject?.includes(company)));
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('sales@test.example');
      expect(mail.replyTo?.text).toBe('ana@example.com');
      expect(mail.text).toContain('Name: Ana García');
      expect(mail.text).toContain('Need ERP integration.');
      expect(mail.text).toContain(`Product: ${CONTACT_PRODUCT}`);
      await waitFor('status sent', async () => (await rowsOf(company))[0]?.status === 'sent');
    } finally {
      await inbox.stop();
    }
  });

  it('keeps the request while SMTP is down and delivers it once the server is back', async () => {
    const port = await freePort(); // nothing listens there yet
    const app = await contactApp({
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'portal@test.example',
        timeoutMs: 2000,
      }),
      salesAddress: 'sales@test.example',
      delivery: { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 },
    });
    const company = `Retried ${tag}`;
    const res = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: nextIp(),
      payload: valid({ company }),
    });
    expect(res.statusCode).toBe(201);
    const failed = await waitFor('a failed attempt', async () => {
      const [row] = await rowsOf(company);
      return row && row.attempts >= 1 && row.last_error ? row : undefined;
    });
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    const inbox = await startSmtp(port);
    try {
      const mail = await waitFor('the mail after the server came back', () =>
        inbox.mails.find((m) => m.subject?.includes(company)),
      );
      expect(mail.text).toContain(`Company: ${company}`);
      const [row] = await waitFor('status sent', async () => {
        const rows = await rowsOf(company);
        return rows[0]?.status === 'sent' ? rows : undefined;
      });
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.last_error).toBeNull();
      expect(inbox.mails.filter((m) => m.subject?.includes(company))).toHaveLength(1);
    } finally {
      await inbox.stop();
    }
  });
});

describe('in the API', () => {
  it('is served by the app under /api/products/send-mail/', async () => {
    const ctx = await startTestApp();
    try {
      const res = await ctx.app.inject({ method: 'POST', url: URL, payload: { language: 'es' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        terms: ['Por favor, acepta los Términos y Condiciones y la Política de Privacidad.'],
      });
    } finally {
      await ctx.close();
    }
  });
});
