// Webhooks against a real HTTP receiver: endpoints (validation, SSRF, permissions, tenancy), the
// events the triggers capture, signatures, order per tracking request, failures (500s and timeouts) then
// recovery with nothing lost, test event, manual redelivery, the delivery log, disabling an endpoint
// that fails for days with an e-mail to the managers (in-process SMTP), signing with two secrets during a
// rotation's grace period, and the API key expiry warnings the same worker sends.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { createMailer } from '../../src/mail';
import { verifySignature } from '../../src/services/webhooks/signing';
import { startTestApp, seedTenant, login, as, signIn, signInAll, carrierId } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';
import { startReceiver, waitFor, type Receiver, type Received } from './receiver';

jest.setTimeout(60_000);

let ctx: TestContext;
let strict: TestContext;
let t: Tenant;
let manager: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;
let receiver: Receiver;
let maersk: number;
let inbox: Inbox;
let closedMain = false;

const ALL = [
  'tracking_request.status_changed',
  'shipment.created',
  'shipment.milestone_actual_set',
  'shipment.eta_changed',
  'alert.raised',
];
let serial = 0;
const container = () => {
  serial += 1;
  const first = `WHK${'U'}${String(serial + Math.floor(Math.random() * 900_000)).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};

beforeAll(async () => {
  receiver = await startReceiver();
  inbox = await startSmtp();
  ctx = await startTestApp({
    webhooks: {
      worker: true,
      allowPrivateUrls: true,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, from: 'portal@example.com' }),
      settings: {
        timeoutMs: 400,
        leaseSeconds: 3,
        pumpIntervalMs: 50,
        sweepIntervalMs: 500,
        backoffBaseSeconds: 0.2,
        backoffMaxSeconds: 1,
        loops: 2,
        batchSize: 10,
      },
    },
  });
  strict = await startTestApp({ webhooks: { worker: false, allowPrivateUrls: false } });
  t = await seedTenant(ctx, { maxTrackingRequests: 1000 });
  ({ std: manager, mate, lim } = await signInAll(ctx, t));
  await ctx.handle.db
    .updateTable('user_profiles')
    .set({ is_manager: true })
    .where('id', '=', t.outsider.id)
    .execute();
  outsider = await signIn(ctx, t.outsider);
  maersk = await carrierId(ctx, 'MAEU');
});
afterAll(async () => {
  await strict?.close();
  if (closedMain) await ctx?.handle.close();
  else await ctx?.close();
  await receiver?.close();
  await inbox?.stop();
});

async function register(
  who: Caller,
  path: string,
  events: string[] = ALL,
): Promise<{ id: number; secret: string }> {
  const res = await who({
    method: 'POST',
    url: '/api/webhooks/',
    payload: { url: receiver.url(path), events },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function newRequest(): Promise<number> {
  const res = await manager({
    method: 'POST',
    url: '/api/tracking-requests/',
    payload: { carrier_id: maersk, code_type: 'c_id', code_value: container() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** A shipment written as the engine writes it (the triggers capture the events). */
async function newShipment(requestId: number): Promise<string> {
  const row = await ctx.handle.db
    .insertInto('shipments')
    .values({
      company_id: t.companyId,
      tracking_request_id: requestId,
      carrier_id: maersk,
      container_number: container(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const verified = (r: Received, secret: string) =>
  verifySignature(
    secret,
    {
      timestamp: r.headers['webhook-timestamp'] as string,
      signature: r.headers['webhook-signature'] as string,
    },
    r.body,
  );

describe('endpoints', () => {
  it('registers, lists, changes and deletes; secrets are generated and shown to managers', async () => {
    const created = await register(manager, '/crud');
    expect(created.secret).toMatch(/^whsec_/);
    const list = await manager({ method: 'GET', url: '/api/webhooks/' });
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((e: { id: number }) => e.id === created.id);
    expect(mine).toMatchObject({ url: receiver.url('/crud'), events: ALL, enabled: true });
    expect(mine.secret).toBeUndefined();
    const patched = await manager({
      method: 'PATCH',
      url: `/api/webhooks/${created.id}/`,
      payload: { events: ['alert.raised'], description: 'ERP' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['alert.raised'], description: 'ERP' });
    // The secret was shown once, by the create call: a read never shows it again.
    const detail = await manager({ method: 'GET', url: `/api/webhooks/${created.id}/` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().secret).toBeUndefined();
    expect((await manager({ method: 'DELETE', url: `/api/webhooks/${created.id}/` })).statusCode).toBe(204);
    expect((await manager({ method: 'GET', url: `/api/webhooks/${created.id}/` })).statusCode).toBe(404);
  });

  it('refuses bad input with field errors', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'not a url', events: ALL }, 'url'],
      [{ url: 'ftp://example.com/x', events: ALL }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ALL }, 'url'],
      [{ url: receiver.url('/x'), events: [] }, 'events'],
      [{ url: receiver.url('/x'), events: ['shipment.sunk'] }, 'events'],
      [{ url: receiver.url('/x'), events: ALL, secret: 'short' }, 'secret'],
      [{ url: 'https://example.com/' + 'a'.repeat(2100), events: ALL }, 'url'],
    ];
    for (const [payload, field] of cases) {
      const res = await manager({ method: 'POST', url: '/api/webhooks/', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty(field);
    }
  });

  it("refuses in the caller's language: with Spanish chosen no English text comes back", async () => {
    const strictManager = as(strict.app, await login(strict.app, t.standard.username, t.standard.password));
    const es = { 'accept-language': 'es-ES,es;q=0.9' };
    const cases: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
      ['/api/webhooks/', { url: 'not a url', events: ALL }, { url: ['Introduzca una URL válida.'] }],
      [
        '/api/webhooks/',
        { url: 'https://user:pw@example.com/x', events: ALL },
        { url: ['La URL no debe contener un nombre de usuario ni una contraseña.'] },
      ],
      [
        '/api/webhooks/',
        { url: 'http://example.com/hook', events: ALL },
        { url: ['La URL debe empezar por https://.'] },
      ],
      [
        '/api/webhooks/',
        { url: 'https://10.1.2.3/hook', events: ALL },
        { url: ['Esta dirección es privada o local: los webhooks deben llegar a una dirección pública.'] },
      ],
      ['/api/webhooks/', { url: '   ', events: ALL }, { url: ['Este campo no puede estar vacío.'] }],
    ];
    for (const [url, payload, body] of cases) {
      const res = await strictManager({ method: 'POST', url, payload, headers: es });
      expect([payload, res.statusCode, res.json()]).toEqual([payload, 400, body]);
    }
    const since = await strictManager({
      method: 'GET',
      url: '/api/integration/changes/?since=yesterday',
      headers: es,
    });
    expect(since.json()).toEqual({
      since: ['Introduzca una fecha y hora válidas (ISO 8601), por ejemplo 2026-11-24T08:00:00Z.'],
    });
  });

  it('refuses private and loopback addresses in production configuration (SSRF), allows them in development', async () => {
    const strictManager = as(strict.app, await login(strict.app, t.standard.username, t.standard.password));
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://172.16.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
    ]) {
      const res = await strictManager({
        method: 'POST',
        url: '/api/webhooks/',
        payload: { url, events: ALL },
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toHaveProperty('url');
    }
    const pub = await strictManager({
      method: 'POST',
      url: '/api/webhooks/',
      payload: { url: 'https://93.184.215.14/hook', events: ['alert.raised'] },
    });
    expect(pub.statusCode).toBe(201);
    await strictManager({ method: 'DELETE', url: `/api/webhooks/${pub.json().id}/` });
    // Development configuration (the main app) accepts the local receiver.
    const dev = await register(manager, '/dev-ok', ['alert.raised']);
    await manager({ method: 'DELETE', url: `/api/webhooks/${dev.id}/` });
  });

  it('is for managers with write permission; never another company, never an API key', async () => {
    const ours = await register(manager, '/perm', ['alert.raised']);
    for (const who of [mate, lim]) {
      expect((await who({ method: 'GET', url: '/api/webhooks/' })).statusCode).toBe(403);
      expect((await who({ method: 'GET', url: `/api/webhooks/${ours.id}/deliveries/` })).statusCode).toBe(
        403,
      );
    }
    expect((await outsider({ method: 'GET', url: `/api/webhooks/${ours.id}/` })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/webhooks/${ours.id}/deliveries/` })).statusCode).toBe(
      404,
    );
    expect((await outsider({ method: 'POST', url: `/api/webhooks/${ours.id}/test/` })).statusCode).toBe(404);
    const theirList = await outsider({ method: 'GET', url: '/api/webhooks/' });
    expect(theirList.json().map((e: { id: number }) => e.id)).not.toContain(ours.id);
    const key = (
      await manager({
        method: 'POST',
        url: '/api/api-keys/',
        payload: { name: 'hooks', scope: 'read_write' },
      })
    ).json().key;
    expect((await as(ctx.app, key)({ method: 'GET', url: '/api/webhooks/' })).statusCode).toBe(403);
    await manager({ method: 'DELETE', url: `/api/webhooks/${ours.id}/` });
  });
});

describe('events', () => {
  it('captures every event type with the shipment summary, signed, in order per request', async () => {
    const ep = await register(manager, '/all');
    const theirs = await register(outsider, '/theirs');
    const requestId = await newRequest();
    const shipmentId = await newShipment(requestId);
    const pol = await ctx.handle.db
      .selectFrom('locations')
      .select(['id', 'locode'])
      .where('locode', '=', 'ESVLC')
      .executeTakeFirst();
    await ctx.handle.db
      .updateTable('shipments')
      .set({
        pol_loc_id: pol?.id ?? null,
        pol_vessel_departure_actual: new Date('2026-11-20T10:30:00Z'),
        eta: new Date('2026-12-22T06:00:00Z'),
      })
      .where('id', '=', shipmentId as never)
      .execute();
    await ctx.handle.db
      .updateTable('shipments')
      .set({ eta: new Date('2026-12-24T06:00:00Z') })
      .where('id', '=', shipmentId as never)
      .execute();
    await ctx.handle.db
      .insertInto('alert_events')
      .values({
        company_id: t.companyId,
        shipment_id: shipmentId,
        code: 902,
        details: JSON.stringify({ message: 'ETA at POD moved by 2 days' }),
      })
      .execute();
    await ctx.handle.db
      .updateTable('tracking_requests')
      .set({
        status: 'invalid',
        warnings: JSON.stringify([
          {
            code: 'not_found',
            message: 'The carrier does not know the reference',
            created: new Date().toISOString(),
          },
        ]),
      })
      .where('id', '=', requestId)
      .execute();

    const expected = [
      'tracking_request.status_changed',
      'shipment.created',
      'shipment.milestone_actual_set',
      'shipment.eta_changed',
      'shipment.eta_changed',
      'alert.raised',
      'tracking_request.status_changed',
    ];
    const got = await waitFor('seven events', () => {
      const mine = receiver
        .accepted('/all')
        .filter((r) => (r.json.tracking_request as { id: number } | null)?.id === requestId);
      return mine.length >= expected.length && mine;
    });
    expect(got.map((r) => r.json.type)).toEqual(expected);
    for (const r of got) {
      expect(verified(r, ep.secret)).toBe(true);
      expect(verified(r, theirs.secret)).toBe(false);
      expect(r.headers['webhook-id']).toBe(r.json.id);
      expect(r.headers['webhook-event']).toBe(r.json.type);
    }
    expect(got[0].json.data).toEqual({ old_status: null, new_status: 'new', reason: null });
    expect(got[1].json.shipment).toMatchObject({
      id: shipmentId,
      carrier: { scac: 'MAEU' },
      health: expect.any(String),
    });
    expect(got[2].json.data).toMatchObject({
      milestone: 'pol_vessel_departure',
      actual: '2026-11-20T10:30:00+00:00',
      previous_actual: null,
      ...(pol ? { location: { locode: 'ESVLC' } } : {}),
    });
    expect(got[4].json.data).toMatchObject({ location: 'POD', delta_days: 2, delta_hours: 48 });
    expect(got[4].json.shipment).toMatchObject({ eta: '2026-12-24T06:00:00.000Z' });
    expect(got[5].json.data).toMatchObject({
      code: 902,
      code_name: 'ALERT_ETA_POD_CHANGED',
      message: 'ETA at POD moved by 2 days',
    });
    expect(got[6].json.data).toEqual({
      old_status: 'new',
      new_status: 'invalid',
      reason: 'The carrier does not know the reference',
    });
    // Distinct event ids; the other company's endpoint got none of them.
    expect(new Set(got.map((r) => r.json.id)).size).toBe(expected.length);
    const ids = new Set(got.map((r) => r.json.id));
    expect(receiver.received.filter((r) => r.path === '/theirs' && ids.has(r.json.id))).toEqual([]);
    // A signature over a changed body or an old timestamp does not verify.
    const sample = got[0];
    expect(
      verifySignature(
        ep.secret,
        {
          timestamp: sample.headers['webhook-timestamp'] as string,
          signature: sample.headers['webhook-signature'] as string,
        },
        sample.body.replace('"new"', '"old"'),
      ),
    ).toBe(false);
    expect(
      verifySignature(
        ep.secret,
        {
          timestamp: sample.headers['webhook-timestamp'] as string,
          signature: sample.headers['webhook-signature'] as string,
        },
        sample.body,
        Number(sample.headers['webhook-timestamp']) + 301,
      ),
    ).toBe(false);

    // The delivery log shows them.
    const log = await manager({ method: 'GET', url: `/api/webhooks/${ep.id}/deliveries/` });
    expect(log.statusCode).toBe(200);
    const delivered = log
      .json()
      .results.filter((d: { tracking_request_id: number }) => d.tracking_request_id === requestId);
    expect(delivered).toHaveLength(expected.length);
    for (const d of delivered)
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
    await outsider({ method: 'DELETE', url: `/api/webhooks/${theirs.id}/` });
  });

  it('writes no event for a company without endpoints, and only the types an endpoint asked for', async () => {
    const before = await ctx.handle.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', t.companyId)
      .executeTakeFirstOrThrow();
    const requestId = await newRequest();
    await newShipment(requestId);
    const after = await ctx.handle.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', t.companyId)
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const ep = await register(manager, '/alerts-only', ['alert.raised']);
    const r2 = await newRequest();
    const s2 = await newShipment(r2);
    await ctx.handle.db
      .insertInto('alert_events')
      .values({
        company_id: t.companyId,
        shipment_id: s2,
        code: 904,
        details: JSON.stringify({ message: 'Vessel change' }),
      })
      .execute();
    const types = await ctx.handle.db
      .selectFrom('webhook_events')
      .select('type')
      .where('tracking_request_id', '=', r2)
      .execute();
    expect(types.map((x) => x.type)).toEqual(['alert.raised']);
    await waitFor('the alert', () =>
      receiver.accepted('/alerts-only').some((r) => r.json.type === 'alert.raised'),
    );
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });
});

describe('delivery guarantees', () => {
  it('survives 500s and timeouts: every event arrives, in order per request, once recovered', async () => {
    const path = '/flaky';
    let failing = true;
    const previous = receiver.behave;
    receiver.behave = (p, nth) => {
      if (p !== path) return previous(p, nth);
      if (!failing) return { status: 200 };
      return nth % 2 === 0 ? { status: 200, delayMs: 1_000 } : { status: 500 }; // 500s and timeouts (400 ms)
    };
    const ep = await register(manager, path, ['shipment.created', 'shipment.eta_changed']);
    const requests = [await newRequest(), await newRequest(), await newRequest()];
    const expectedIds: string[] = [];
    for (const r of requests) {
      const s = await newShipment(r);
      for (let i = 1; i <= 4; i += 1)
        await ctx.handle.db
          .updateTable('shipments')
          .set({ eta: new Date(Date.UTC(2026, 11, i)) })
          .where('id', '=', s as never)
          .execute();
    }
    const events = await ctx.handle.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select(['e.id', 'e.seq', 'e.tracking_request_id'])
      .where('d.endpoint_id', '=', ep.id)
      .orderBy('e.seq')
      .execute();
    expect(events).toHaveLength(3 * 5); // created + 4 ETA changes (the first from null: old is null) per shipment
    expectedIds.push(...events.map((e) => e.id));
    // Failing for a while: attempts pile up, nothing is delivered out of order.
    await waitFor('several failed attempts', async () => {
      const n = await ctx.handle.db
        .selectFrom('webhook_attempts as a')
        .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('d.endpoint_id', '=', ep.id)
        .executeTakeFirstOrThrow();
      return Number(n.n) >= 8;
    });
    failing = false;
    const got = await waitFor(
      'every event after recovery',
      () => {
        const ids = new Set(receiver.accepted(path).map((r) => r.json.id));
        return expectedIds.every((id) => ids.has(id)) && receiver.accepted(path);
      },
      45_000,
    );
    // In order per tracking request: the first successful receipt of each event follows the event order.
    const firstAccepted = new Map<string, number>();
    got.forEach((r, i) => {
      if (!firstAccepted.has(r.json.id)) firstAccepted.set(r.json.id, i);
    });
    for (const req of requests) {
      const chain = events.filter((e) => e.tracking_request_id === req).map((e) => firstAccepted.get(e.id)!);
      expect(chain).toEqual([...chain].sort((a, b) => a - b));
    }
    const log = await ctx.handle.db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.status_code', 'a.error'])
      .where('d.endpoint_id', '=', ep.id)
      .execute();
    expect(log.some((a) => a.status_code === 500)).toBe(true);
    expect(log.some((a) => a.status_code === null && /timeout/.test(a.error ?? ''))).toBe(true);
    const states = await ctx.handle.db
      .selectFrom('webhook_deliveries')
      .select(['status'])
      .where('endpoint_id', '=', ep.id)
      .execute();
    expect(states.every((s) => s.status === 'succeeded')).toBe(true);
    receiver.behave = previous;
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });

  it('sends a test event and redelivers on request, both in the delivery log', async () => {
    const ep = await register(manager, '/manual', ['alert.raised']);
    const res = await manager({ method: 'POST', url: `/api/webhooks/${ep.id}/test/` });
    expect(res.statusCode).toBe(202);
    const { event_id, delivery_id } = res.json();
    const first = await waitFor('the test event', () =>
      receiver.accepted('/manual').find((r) => r.json.id === event_id),
    );
    expect(first.json.type).toBe('webhook.test');
    expect(verified(first, ep.secret)).toBe(true);
    await waitFor('the log to say succeeded', async () => {
      const d = await manager({ method: 'GET', url: `/api/webhooks/${ep.id}/deliveries/${delivery_id}/` });
      return d.json().status === 'succeeded' && d.json();
    });
    const again = await manager({
      method: 'POST',
      url: `/api/webhooks/${ep.id}/deliveries/${delivery_id}/redeliver/`,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ manual: true, event_id });
    const copies = await waitFor('the redelivery', () => {
      const c = receiver.accepted('/manual').filter((r) => r.json.id === event_id);
      return c.length === 2 && c;
    });
    expect(copies[1].body).toBe(copies[0].body);
    const log = await manager({ method: 'GET', url: `/api/webhooks/${ep.id}/deliveries/` });
    expect(log.json().count).toBe(2);
    const detail = await manager({ method: 'GET', url: `/api/webhooks/${ep.id}/deliveries/${delivery_id}/` });
    expect(detail.json()).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
    expect(detail.json().attempt_log).toHaveLength(1);
    expect(JSON.parse(detail.json().body).id).toBe(event_id);
    expect(
      (await manager({ method: 'POST', url: `/api/webhooks/${ep.id}/deliveries/999999999/redeliver/` }))
        .statusCode,
    ).toBe(404);
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });

  it('disables an endpoint failing for days and e-mails the managers; enabling it sends what waited', async () => {
    const path = '/down';
    let down = true;
    const previous = receiver.behave;
    receiver.behave = (p, nth) => (p === path ? { status: down ? 503 : 200 } : previous(p, nth));
    const ep = await register(manager, path, ['alert.raised']);
    // Failing for 4 days already (as if the receiver had been down since then).
    await ctx.handle.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: new Date(Date.now() - 4 * 86_400_000) })
      .where('id', '=', ep.id)
      .execute();
    const res = await manager({ method: 'POST', url: `/api/webhooks/${ep.id}/test/` });
    const { event_id } = res.json();
    const disabled = await waitFor('the endpoint disabled', async () => {
      const e = (await manager({ method: 'GET', url: `/api/webhooks/${ep.id}/` })).json();
      return e.enabled === false && e;
    });
    expect(disabled.disabled_reason).toBe('failing');
    const mail = await waitFor('the e-mail', () =>
      inbox.mails.find((m) => m.subject?.includes(receiver.url(path))),
    );
    expect((mail.to as { text: string }).text).toContain(`${t.standard.username}@example.com`);
    expect(mail.subject).toMatch(/^Webhook desactivado/);
    // Enabled again: the waiting test event goes out.
    down = false;
    const enabled = await manager({
      method: 'PATCH',
      url: `/api/webhooks/${ep.id}/`,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await waitFor('the waiting event', () => receiver.accepted(path).some((r) => r.json.id === event_id));
    receiver.behave = previous;
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the grace period, then with the new one only', async () => {
    const ep = await register(manager, '/rotate', ['alert.raised']);
    const rotated = await manager({
      method: 'POST',
      url: `/api/webhooks/${ep.id}/rotate_secret/`,
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const fresh: string = rotated.json().secret;
    const first = (await manager({ method: 'POST', url: `/api/webhooks/${ep.id}/test/` })).json();
    const during = await waitFor('the test event in the grace period', () =>
      receiver.accepted('/rotate').find((r) => r.json.id === first.event_id),
    );
    expect(String(during.headers['webhook-signature'])).toMatch(/^v1=[0-9a-f]{64}, v1=[0-9a-f]{64}$/);
    expect(verified(during, fresh)).toBe(true);
    expect(verified(during, ep.secret)).toBe(true);
    // The grace period over: the previous secret no longer signs.
    await ctx.handle.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', ep.id)
      .execute();
    const second = (await manager({ method: 'POST', url: `/api/webhooks/${ep.id}/test/` })).json();
    const after = await waitFor('the test event after the grace period', () =>
      receiver.accepted('/rotate').find((r) => r.json.id === second.event_id),
    );
    expect(String(after.headers['webhook-signature'])).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verified(after, fresh)).toBe(true);
    expect(verified(after, ep.secret)).toBe(false);
    await manager({ method: 'DELETE', url: `/api/webhooks/${ep.id}/` });
  });
});

describe('API key expiry warnings', () => {
  it('are e-mailed to the owner by the worker running with the API (its sweep)', async () => {
    const name = `Expiring ${Date.now()}`;
    const res = await manager({
      method: 'POST',
      url: '/api/api-keys/',
      payload: { name, scope: 'read', expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    expect(res.statusCode).toBe(201);
    const mail = await waitFor('the expiry warning', () =>
      inbox.mails.find((m) => m.subject?.includes(name)),
    );
    expect((mail.to as { text: string }).text).toContain(`${t.standard.username}@example.com`);
    expect(mail.subject).toBe(`La clave de API «${name}» caduca pronto`);
    await manager({ method: 'DELETE', url: `/api/api-keys/${res.json().id}/` });
  });
});

describe('shipments changed since', () => {
  it('pages through the changes of the caller company only', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const requestId = await newRequest();
    const s1 = await newShipment(requestId);
    const s2 = await newShipment(requestId);
    const res = await manager({ method: 'GET', url: `/api/integration/changes/?since=${since}` });
    expect(res.statusCode).toBe(200);
    const ids = res.json().results.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([s1, s2]));
    const next = await manager({
      method: 'GET',
      url: `/api/integration/changes/?since=${res.json().next_since}&after_id=${res.json().next_after_id}`,
    });
    expect(next.json().results.map((r: { id: string }) => r.id)).not.toContain(s2);
    const theirs = await outsider({ method: 'GET', url: `/api/integration/changes/?since=${since}` });
    expect(theirs.json().results.map((r: { id: string }) => r.id)).not.toContain(s1);
    const bad = await manager({ method: 'GET', url: '/api/integration/changes/?since=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('since');
  });
});

describe('worker restart', () => {
  it('a worker killed mid-delivery loses nothing: another worker sends everything', async () => {
    // Only the worker processes of this test deliver from here on.
    await ctx.app.close();
    closedMain = true;
    const hookPath = '/restart';
    const previous = receiver.behave;
    receiver.behave = (p, nth) => (p === hookPath ? { status: 200, delayMs: 600 } : previous(p, nth));
    const ep = await ctx.handle.db
      .insertInto('webhook_endpoints')
      .values({
        company_id: t.companyId,
        created_by: t.standard.id,
        url: receiver.url(hookPath),
        events: ['shipment.created', 'shipment.eta_changed'],
        secret: 'whsec_restart_test_secret_0123456789',
        disabled_reason: null,
        disabled_at: null,
        failing_since: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let r = 0; r < 3; r += 1) {
      const req = await ctx.handle.db
        .insertInto('tracking_requests')
        .values({
          company_id: t.companyId,
          carrier_id: maersk,
          code_type: 'c_id',
          code_value: container(),
          warnings: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const s = await ctx.handle.db
        .insertInto('shipments')
        .values({
          company_id: t.companyId,
          tracking_request_id: req.id,
          carrier_id: maersk,
          container_number: container(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 1; i <= 3; i += 1)
        await ctx.handle.db
          .updateTable('shipments')
          .set({ eta: new Date(Date.UTC(2027, 0, i)) })
          .where('id', '=', s.id)
          .execute();
    }
    const expected = (
      await ctx.handle.db
        .selectFrom('webhook_deliveries')
        .select('event_id')
        .where('endpoint_id', '=', ep.id)
        .execute()
    ).map((d) => d.event_id);
    expect(expected).toHaveLength(12);

    const cli = path.resolve(__dirname, '../../src/services/webhooks/worker-cli.ts');
    // One process (node with tsx's loader), so SIGKILL kills the worker itself.
    const startWorker = () =>
      spawn(process.execPath, ['--import', 'tsx', cli], {
        cwd: path.resolve(__dirname, '../..'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: process.env.PORTAL_TEST_DATABASE_URL,
          WEBHOOK_ALLOW_PRIVATE_URLS: '1',
          WEBHOOK_WORKER_SETTINGS: JSON.stringify({
            leaseSeconds: 2,
            timeoutMs: 1500,
            pumpIntervalMs: 50,
            sweepIntervalMs: 300,
            backoffBaseSeconds: 0.2,
            backoffMaxSeconds: 1,
          }),
        },
        stdio: 'ignore',
      });
    const first = startWorker();
    // Mid-delivery: the receiver holds a request (answers after 600 ms) when the worker dies.
    await waitFor('a delivery in flight', () => (receiver.started.get(hookPath) ?? 0) >= 2, 30_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const acceptedBefore = receiver.accepted(hookPath).length;
    expect(acceptedBefore).toBeLessThan(expected.length);
    const second = startWorker();
    try {
      await waitFor(
        'every event through the second worker',
        () => {
          const got = new Set(receiver.accepted(hookPath).map((r) => r.json.id));
          return expected.every((id) => got.has(id));
        },
        45_000,
      );
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
    const states = await ctx.handle.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'event_id'])
      .where('endpoint_id', '=', ep.id)
      .execute();
    expect(states.every((s) => s.status === 'succeeded')).toBe(true);
    // The delivery the first worker was sending when it died was leased, then sent again by the second worker
    // (at least once: the receiver saw that event id twice and de-duplicates on it).
    const retried = states.filter((s) => s.attempts >= 2);
    expect(retried.length).toBeGreaterThanOrEqual(1);
    for (const r of retried)
      expect(
        receiver.received.filter((x) => x.path === hookPath && x.json.id === r.event_id).length,
      ).toBeGreaterThanOrEqual(2);
    receiver.behave = previous;
  });
});
