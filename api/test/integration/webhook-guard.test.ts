// The webhook address guard and signing secrets, which need no delivery worker to be checked:
// - the guard is on by default (no NODE_ENV makes it off); only WEBHOOK_ALLOW_PRIVATE_URLS=1 turns it off, and
//   the API says so in its log at start;
// - every spelling of a loopback, private, link-local or unspecified address is refused when saved, at
//   delivery, after DNS resolution (a name that resolves to a private address at delivery — DNS rebinding —
//   is refused at connect time) and redirects are never followed;
// - the delivery log gives a generic reason, never the system's error text with an address and port;
// - a secret is shown once (create, rotate), never by a read; a rotation keeps the previous secret signing for
//   a grace period (both signatures in the header).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import {
  checkWebhookUrl,
  isPrivateAddress,
  URL_MESSAGES,
  type Resolver,
} from '../../src/services/webhooks/url-safety';
import { DELIVERY_ERRORS, postWebhook, publicDeliveryError } from '../../src/services/webhooks/sender';
import { signedHeaders, verifySignature } from '../../src/services/webhooks/signing';
import { WEBHOOK_GUARD_OFF_NOTICE } from '../../src/services/webhooks/worker';
import { loadConfig } from '../../src/config';
import { as, startTenantApp, startTestApp, type Caller, type TestContext, type Tenant } from '../helpers/app';

jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let manager: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;
let hits: Array<{ port: number; url: string; headers: http.IncomingHttpHeaders }>;
let servers: http.Server[];

/** A local HTTP server that records every request and answers with `answer` (status and headers). */
async function localServer(answer: (res: http.ServerResponse) => void): Promise<number> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ port: (server.address() as AddressInfo).port, url: req.url ?? '', headers: req.headers });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  expect(process.env.WEBHOOK_ALLOW_PRIVATE_URLS).toBeUndefined();
  // No allowPrivateUrls option: the app decides from the environment, as `npm start` does.
  ({
    ctx,
    t,
    std: manager,
    mate,
    lim,
    outsider,
  } = await startTenantApp({ app: { webhooks: { worker: false } } }));
  await ctx.handle.db
    .updateTable('user_profiles')
    .set({ is_manager: true })
    .where('id', '=', t.outsider.id)
    .execute();
  hits = [];
  servers = [];
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await ctx?.close();
});

const create = (url: string, who: Caller = manager) =>
  who({ method: 'POST', url: '/api/webhooks/', payload: { url, events: ['alert.raised'] } });

describe('the guard is on by default', () => {
  it('whatever NODE_ENV says; only the explicit opt-in turns it off', () => {
    const allowPrivate = (env: NodeJS.ProcessEnv) => loadConfig(env).webhooks.allowPrivate;
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { NODE_ENV: 'production' }])
      expect([env, allowPrivate(env)]).toEqual([env, false]);
    for (const v of ['0', 'false', '', 'yes'])
      expect(allowPrivate({ WEBHOOK_ALLOW_PRIVATE_URLS: v, NODE_ENV: 'development' })).toBe(false);
    expect(allowPrivate({ WEBHOOK_ALLOW_PRIVATE_URLS: '1' })).toBe(true);
    expect(allowPrivate({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toBe(true);
  });

  it('an API started without the opt-in refuses a loopback receiver (as the demo must)', async () => {
    for (const url of [
      'http://127.0.0.1:4000/hook',
      'https://127.0.0.1:4000/hook',
      'https://localhost/hook',
    ]) {
      const res = await create(url);
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect((await create('http://127.0.0.1:4000/hook')).json()).toEqual({ url: [URL_MESSAGES.https] });
  });

  it('the opt-in is logged when the API starts', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dev = await startTestApp({
      logger: { level: 'warn', stream },
      webhooks: { worker: false, allowPrivateUrls: true },
    });
    await dev.close();
    expect(lines.join('')).toContain(WEBHOOK_GUARD_OFF_NOTICE);
    const quiet: string[] = [];
    const strict = await startTestApp({
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk: Buffer, _enc, done) {
            quiet.push(chunk.toString());
            done();
          },
        }),
      },
      webhooks: { worker: false },
    });
    await strict.close();
    expect(quiet.join('')).not.toContain('WEBHOOK_ALLOW_PRIVATE_URLS');
  });
});

describe('every spelling of a private address', () => {
  const PRIVATE = [
    'https://[::127.0.0.1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[0:0:0:0:0:ffff:127.0.0.1]/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f.0.0.1/',
    'https://0x7f000001/',
    'https://127.1/',
    'https://127.0.0.1./',
    'https://0.0.0.0/',
    'https://0/',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://172.31.255.254/',
    'https://192.168.0.1/',
    'https://100.64.0.1/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[fe80::1]/',
    'https://[::1]/',
    'https://[::]/',
    'https://[64:ff9b::a00:1]/',
    'https://[2002:7f00:1::]/',
    'https://localhost./',
    'https://LocalHost/',
    'https://api.localhost/',
  ];

  it('is refused when saved', async () => {
    for (const url of PRIVATE) {
      const res = await create(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { url: [URL_MESSAGES.privateAddress] }]);
    }
    const stored = await ctx.handle.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('company_id', '=', t.companyId)
      .execute();
    expect(stored).toEqual([]);
    for (const url of ['https://93.184.215.14/hook', 'https://[2606:4700:4700::1111]/hook']) {
      const res = await create(url);
      expect([url, res.statusCode]).toEqual([url, 201]);
      await manager({ method: 'DELETE', url: `/api/webhooks/${res.json().id}/` });
    }
  });

  it('is refused at delivery, before any connection', async () => {
    const port = await localServer((res) => res.writeHead(200).end());
    for (const base of [
      'https://127.0.0.1',
      'https://[::ffff:7f00:1]',
      'https://2130706433',
      'https://127.1',
    ]) {
      const result = await postWebhook(`${base}:${port}/hook`, {}, '{}', {
        timeoutMs: 2000,
        allowPrivate: false,
      });
      expect([base, result]).toEqual([
        base,
        { ok: false, status: null, latencyMs: expect.any(Number), error: DELIVERY_ERRORS.refused },
      ]);
    }
    expect(hits.filter((h) => h.port === port)).toEqual([]);
  });

  it('is checked again after DNS resolution: a name that turns private (rebinding) is refused at connect time', async () => {
    const port = await localServer((res) => res.writeHead(200).end());
    let calls = 0;
    // The first answer (when the endpoint is saved) is public; every later one points at this machine.
    const rebinding: Resolver = async () => {
      calls += 1;
      return calls === 1 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    expect(await checkWebhookUrl(`https://hooks.example.com:${port}/x`, false, rebinding)).toBeNull();
    const result = await postWebhook(`https://hooks.example.com:${port}/x`, {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: false,
      resolver: rebinding,
    });
    expect(result.error).toBe(DELIVERY_ERRORS.refused);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(hits.filter((h) => h.port === port)).toEqual([]);
    // One private address among public ones is enough to refuse; a name that does not resolve is refused too.
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ];
    expect(await checkWebhookUrl('https://mixed.example.com/x', false, mixed)).toBe(
      URL_MESSAGES.privateAddress,
    );
    const nx: Resolver = () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }));
    expect(await checkWebhookUrl('https://nx.example.com/x', false, nx)).toBe(URL_MESSAGES.unresolvable);
  });

  it('knows public from private for every family (net.BlockList)', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::7f00:1',
      'fe80::1%eth0',
      '10.1.1.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001::200e'])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
    expect(isPrivateAddress('not an address')).toBe(true);
  });
});

describe('delivery failures', () => {
  it('are logged with a generic reason, never the address and port (no port-scan oracle)', async () => {
    // Only with the development opt-in can a delivery even try a loopback port.
    const closed = await postWebhook('http://127.0.0.1:1/hook', {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(closed.error).toBe(DELIVERY_ERRORS.unreachable);
    expect(closed.error).not.toMatch(/127|ECONN|:1\b/);
    expect(publicDeliveryError('connect ECONNREFUSED 10.0.0.5:6379')).toBe(DELIVERY_ERRORS.unreachable);
    expect(publicDeliveryError('refused private address 169.254.169.254')).toBe(DELIVERY_ERRORS.unreachable);
    expect(publicDeliveryError('HTTP 503')).toBe('HTTP 503');
    expect(publicDeliveryError('timeout after 400 ms')).toBe(DELIVERY_ERRORS.timeout);

    // A row written with a system error text (before the reasons were generic) reads generic too.
    const ep = await create('https://93.184.215.14/old-log');
    const { delivery_id } = (
      await manager({ method: 'POST', url: `/api/webhooks/${ep.json().id}/test/` })
    ).json();
    await ctx.handle.db
      .updateTable('webhook_deliveries')
      .set({ last_error: 'connect ECONNREFUSED 10.0.0.5:6379', attempts: 1 })
      .where('id', '=', delivery_id)
      .execute();
    await ctx.handle.db
      .insertInto('webhook_attempts')
      .values({ delivery_id, status_code: null, latency_ms: 3, error: 'connect ECONNREFUSED 10.0.0.5:6379' })
      .execute();
    const log = await manager({ method: 'GET', url: `/api/webhooks/${ep.json().id}/deliveries/` });
    const detail = await manager({
      method: 'GET',
      url: `/api/webhooks/${ep.json().id}/deliveries/${delivery_id}/`,
    });
    expect(log.body + detail.body).not.toMatch(/10\.0\.0\.5|6379|ECONNREFUSED/);
    expect(detail.json().attempt_log[0].error).toBe(DELIVERY_ERRORS.unreachable);
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.json().id}/` });
  });

  it('never follow a redirect', async () => {
    const target = await localServer((res) => res.writeHead(200).end());
    const redirecting = await localServer((res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${target}/stolen` }).end(),
    );
    const result = await postWebhook(`http://127.0.0.1:${redirecting}/hook`, {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(result).toMatchObject({ ok: false, status: 302, error: DELIVERY_ERRORS.redirect });
    expect(hits.filter((h) => h.port === target)).toEqual([]);
  });
});

describe('signing secrets', () => {
  it('are shown once (create, rotate) and never by a read', async () => {
    const res = await create('https://93.184.215.14/secret-once');
    expect(res.statusCode).toBe(201);
    const { id, secret } = res.json();
    expect(secret).toMatch(/^whsec_/);
    const one = await manager({ method: 'GET', url: `/api/webhooks/${id}/` });
    const list = await manager({ method: 'GET', url: '/api/webhooks/' });
    const patched = await manager({
      method: 'PATCH',
      url: `/api/webhooks/${id}/`,
      payload: { description: 'x' },
    });
    for (const r of [one, list, patched]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(secret);
      expect(r.body).not.toContain('"secret"');
    }
    const rotated = await manager({ method: 'POST', url: `/api/webhooks/${id}/rotate_secret/`, payload: {} });
    expect(rotated.statusCode).toBe(200);
    const answer = rotated.json();
    expect(answer.secret).toMatch(/^whsec_/);
    expect(answer.secret).not.toBe(secret);
    const grace = new Date(answer.previous_secret_expires_at).getTime() - Date.now();
    expect(grace).toBeGreaterThan(23.9 * 3600_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000);
    const after = await manager({ method: 'GET', url: `/api/webhooks/${id}/` });
    expect(after.body).not.toContain(answer.secret);
    expect(after.json()).toMatchObject({
      secret_rotated_at: expect.any(String),
      previous_secret_expires_at: answer.previous_secret_expires_at,
    });
    const stored = await ctx.handle.db
      .selectFrom('webhook_endpoints')
      .select(['secret', 'previous_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secret: answer.secret, previous_secret: secret });
    // A leaked secret: no grace at all.
    const now = await manager({
      method: 'POST',
      url: `/api/webhooks/${id}/rotate_secret/`,
      payload: { grace_hours: 0 },
    });
    expect(now.json().previous_secret_expires_at).toBeNull();
    const bad = await manager({
      method: 'POST',
      url: `/api/webhooks/${id}/rotate_secret/`,
      payload: { grace_hours: 169 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('grace_hours');
    await manager({ method: 'DELETE', url: `/api/webhooks/${id}/` });
  });

  it('rotation: managers only, never another company, never with an API key', async () => {
    const { id } = (await create('https://93.184.215.14/rotate-perm')).json();
    for (const who of [mate, lim])
      expect(
        (await who({ method: 'POST', url: `/api/webhooks/${id}/rotate_secret/`, payload: {} })).statusCode,
      ).toBe(403);
    expect(
      (await outsider({ method: 'POST', url: `/api/webhooks/${id}/rotate_secret/`, payload: {} })).statusCode,
    ).toBe(404);
    const key = (
      await manager({
        method: 'POST',
        url: '/api/api-keys/',
        payload: { name: 'rotator', scope: 'read_write' },
      })
    ).json().key;
    expect(
      (await as(ctx.app, key)({ method: 'POST', url: `/api/webhooks/${id}/rotate_secret/`, payload: {} }))
        .statusCode,
    ).toBe(403);
    const before = await ctx.handle.db
      .selectFrom('webhook_endpoints')
      .select(['secret', 'previous_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.previous_secret).toBeNull();
    await manager({ method: 'DELETE', url: `/api/webhooks/${id}/` });
  });

  it('during the grace period both secrets sign; a receiver verifies with either', () => {
    const body = '{"id":"e1"}';
    const headers = signedHeaders(
      ['whsec_new_new_new_new', 'whsec_old_old_old_old'],
      'e1',
      'webhook.test',
      body,
    );
    expect(headers['webhook-signature']).toMatch(/^v1=[0-9a-f]{64}, v1=[0-9a-f]{64}$/);
    const h = { timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'] };
    expect(verifySignature('whsec_new_new_new_new', h, body)).toBe(true);
    expect(verifySignature('whsec_old_old_old_old', h, body)).toBe(true);
    expect(verifySignature('whsec_other_other_oth', h, body)).toBe(false);
    const single = signedHeaders('whsec_new_new_new_new', 'e1', 'webhook.test', body);
    expect(single['webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  });
});
