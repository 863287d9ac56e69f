// API keys have a named owner and an optional expiry, so access ends with the person who granted it: a key
// stops working (401 with a clear
// message) when its owner is deactivated, loses the manager flag or write permission, until a manager takes it
// over; an expired key stops for good; the owner is e-mailed once before the expiry (through the SMTP mailer,
// by the integration worker's sweep). Every new call: managers only, another company's ids 404.
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { API_KEY_MESSAGES } from '../../src/services/api-keys';
import { API_KEY_FIELD_MESSAGES } from '../../src/services/api-keys/keys';
import { notifyExpiringKeys } from '../../src/services/api-keys/expiry-notices';
import { createMailer } from '../../src/mail';
import { as, carrierId, startTenantApp, type Caller, type TestContext, type Tenant } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';
import { waitFor } from './receiver';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let manager: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;
let maersk: number;
let inbox: Inbox;
let serial = 0;

const container = () => {
  serial += 1;
  const first = `OWN${'U'}${String(serial + Math.floor(Math.random() * 900_000)).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};
const withKey = (key: string) => as(ctx.app, key);
const DAY = 86_400_000;

beforeAll(async () => {
  ({ ctx, t, std: manager, mate, lim, outsider } = await startTenantApp({ maxTrackingRequests: 100 }));
  await ctx.handle.db
    .updateTable('user_profiles')
    .set({ is_manager: true })
    .where('id', '=', t.outsider.id)
    .execute();
  maersk = await carrierId(ctx, 'MAEU');
  inbox = await startSmtp();
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.stop();
});

async function createKey(
  who: Caller,
  payload: Record<string, unknown>,
): Promise<{ id: number; key: string; [k: string]: unknown }> {
  const res = await who({ method: 'POST', url: '/api/api-keys/', payload });
  expect([res.statusCode, res.json()]).toEqual([201, expect.anything()]);
  return res.json();
}

/** The company's second manager (the colleague, made a manager for this test). */
async function setManager(userId: number, isManager: boolean, roleId: 1 | 2 = 1) {
  await ctx.handle.db
    .updateTable('user_profiles')
    .set({ is_manager: isManager, role_id: roleId })
    .where('id', '=', userId)
    .execute();
}

const listed = async (id: number) =>
  (await manager({ method: 'GET', url: '/api/api-keys/' })).json().find((k: { id: number }) => k.id === id);

describe('the owner of a key', () => {
  afterEach(async () => {
    await ctx.handle.db
      .updateTable('users')
      .set({ is_active: true })
      .where('id', '=', t.standard.id)
      .execute();
    await setManager(t.standard.id, true);
    await setManager(t.colleague.id, false);
  });

  it('is the creating manager; the key stops (401) when the owner is deactivated, demoted or limited', async () => {
    const k = await createKey(manager, { name: `Owned ${serial++}`, scope: 'read' });
    expect(k).toMatchObject({ owner: t.standard.username, owner_id: t.standard.id, status: 'active' });
    expect((await withKey(k.key)({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(200);
    const changes: Array<() => Promise<unknown>> = [
      () =>
        ctx.handle.db
          .updateTable('users')
          .set({ is_active: false })
          .where('id', '=', t.standard.id)
          .execute(),
      () => setManager(t.standard.id, false),
      () => setManager(t.standard.id, true, 2),
    ];
    for (const change of changes) {
      await change();
      const res = await withKey(k.key)({ method: 'GET', url: '/api/shipments/' });
      expect([res.statusCode, res.json()]).toEqual([401, { detail: API_KEY_MESSAGES.ownerGone }]);
      const es = await withKey(k.key)({
        method: 'GET',
        url: '/api/shipments/',
        headers: { 'accept-language': 'es' },
      });
      expect(es.json().detail).toMatch(/^Esta clave de API está suspendida/);
      await ctx.handle.db
        .updateTable('users')
        .set({ is_active: true })
        .where('id', '=', t.standard.id)
        .execute();
      await setManager(t.standard.id, true);
      expect((await withKey(k.key)({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(200);
    }
  });

  it('is taken over by another manager: the key works again and acts for the new owner', async () => {
    const k = await createKey(manager, { name: `Taken ${serial++}`, scope: 'read_write' });
    await setManager(t.standard.id, false);
    expect((await withKey(k.key)({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(401);
    await setManager(t.colleague.id, true);
    expect(
      await (async () => {
        const res = await mate({ method: 'GET', url: '/api/api-keys/' });
        return res.json().find((x: { id: number }) => x.id === k.id).status;
      })(),
    ).toBe('suspended');
    const taken = await mate({ method: 'POST', url: `/api/api-keys/${k.id}/take_over/` });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      owner: t.colleague.username,
      owner_id: t.colleague.id,
      status: 'active',
    });
    const created = await withKey(k.key)({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { carrier_id: maersk, code_type: 'c_id', code_value: container() },
    });
    expect(created.statusCode).toBe(201);
    const row = await ctx.handle.db
      .selectFrom('tracking_requests')
      .select('created_by')
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(t.colleague.id);
  });

  it('take over: managers only, never another company, never a revoked key, never with a key', async () => {
    const k = await createKey(manager, { name: `Guarded ${serial++}`, scope: 'read' });
    for (const who of [mate, lim]) {
      expect((await who({ method: 'POST', url: `/api/api-keys/${k.id}/take_over/` })).statusCode).toBe(403);
      expect(
        (
          await who({
            method: 'PATCH',
            url: `/api/api-keys/${k.id}/`,
            payload: { rate_limit_per_minute: 10 },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (await withKey(k.key)({ method: 'POST', url: `/api/api-keys/${k.id}/take_over/` })).statusCode,
    ).toBe(403);
    expect((await outsider({ method: 'POST', url: `/api/api-keys/${k.id}/take_over/` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await outsider({
          method: 'PATCH',
          url: `/api/api-keys/${k.id}/`,
          payload: { rate_limit_per_minute: 10 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await listed(k.id)).owner).toBe(t.standard.username);
    expect((await manager({ method: 'DELETE', url: `/api/api-keys/${k.id}/` })).statusCode).toBe(204);
    const revoked = await manager({ method: 'POST', url: `/api/api-keys/${k.id}/take_over/` });
    expect([revoked.statusCode, revoked.json()]).toEqual([
      400,
      { non_field_errors: [API_KEY_FIELD_MESSAGES.revoked] },
    ]);
    expect((await manager({ method: 'POST', url: '/api/api-keys/999999/take_over/' })).statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('is optional, in the future and bounded; an expired key answers 401 with its own message', async () => {
    const cases: Array<[unknown, string]> = [
      ['yesterday', API_KEY_FIELD_MESSAGES.expiryInvalid],
      ['2027-02-30', API_KEY_FIELD_MESSAGES.expiryInvalid],
      ['2027-13-01T00:00:00Z', API_KEY_FIELD_MESSAGES.expiryInvalid],
      [12, 'Not a valid string.'],
      ['2020-01-01T00:00:00Z', API_KEY_FIELD_MESSAGES.expiryPast],
      [new Date(Date.now() + 6 * 366 * DAY).toISOString(), API_KEY_FIELD_MESSAGES.expiryTooFar],
    ];
    for (const [expires_at, message] of cases) {
      const name = `Bad expiry ${serial++}`;
      const res = await manager({
        method: 'POST',
        url: '/api/api-keys/',
        payload: { name, scope: 'read', expires_at },
      });
      expect([expires_at, res.statusCode, res.json()]).toEqual([expires_at, 400, { expires_at: [message] }]);
      const stored = await ctx.handle.db
        .selectFrom('api_keys')
        .select('id')
        .where('name', '=', name)
        .execute();
      expect(stored).toEqual([]);
    }
    const never = await createKey(manager, { name: `Never ${serial++}`, scope: 'read' });
    expect(never.expires_at).toBeNull();
    const at = new Date(Date.now() + 30 * DAY);
    const k = await createKey(manager, {
      name: `Expiring ${serial++}`,
      scope: 'read',
      expires_at: at.toISOString(),
    });
    expect(k.expires_at).toBe(at.toISOString());
    expect((await withKey(k.key)({ method: 'GET', url: '/api/carriers/' })).statusCode).toBe(200);
    await ctx.handle.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', k.id)
      .execute();
    const res = await withKey(k.key)({ method: 'GET', url: '/api/carriers/' });
    expect([res.statusCode, res.json()]).toEqual([401, { detail: API_KEY_MESSAGES.expired }]);
    expect((await listed(k.id)).status).toBe('expired');
  });

  it('the rate limit and the expiry can be changed later (PATCH); a revoked key cannot', async () => {
    const k = await createKey(manager, { name: `Tuned ${serial++}`, scope: 'read' });
    const at = new Date(Date.now() + 90 * DAY).toISOString();
    const res = await manager({
      method: 'PATCH',
      url: `/api/api-keys/${k.id}/`,
      payload: { rate_limit_per_minute: 10, expires_at: at },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rate_limit_per_minute: 10, expires_at: at });
    for (let i = 0; i < 10; i += 1)
      expect((await withKey(k.key)({ method: 'GET', url: '/api/carriers/' })).statusCode).toBe(200);
    expect((await withKey(k.key)({ method: 'GET', url: '/api/carriers/' })).statusCode).toBe(429);
    const bad = await manager({
      method: 'PATCH',
      url: `/api/api-keys/${k.id}/`,
      payload: { rate_limit_per_minute: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('rate_limit_per_minute');
    const cleared = await manager({
      method: 'PATCH',
      url: `/api/api-keys/${k.id}/`,
      payload: { expires_at: null },
    });
    expect(cleared.json().expires_at).toBeNull();
    // nothing to change (an empty body, or the key as answered, whose fields are read-only here): unchanged
    const payloads: object[] = [{}, cleared.json()];
    for (const payload of payloads) {
      const same = await manager({ method: 'PATCH', url: `/api/api-keys/${k.id}/`, payload });
      expect([same.statusCode, same.json().rate_limit_per_minute]).toEqual([200, 10]);
    }
    await manager({ method: 'DELETE', url: `/api/api-keys/${k.id}/` });
    const late = await manager({
      method: 'PATCH',
      url: `/api/api-keys/${k.id}/`,
      payload: { expires_at: at },
    });
    expect(late.statusCode).toBe(400);
  });

  it('warns the owner by e-mail once, 7 days before, in their language', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, from: 'portal@example.com' });
    // Far enough ahead that no worker of another test file (same database) finds them due: the run below
    // looks at the world as it will be in 397 days.
    const future = new Date(Date.now() + 397 * DAY);
    const run = (log: (m: string) => void = () => {}) =>
      notifyExpiringKeys(ctx.handle.db, mailer, 'https://portal.example.com', log, future);
    try {
      const before = inbox.mails.length;
      const soon = await createKey(manager, {
        name: `Soon ${serial++}`,
        scope: 'read',
        expires_at: new Date(future.getTime() + 3 * DAY).toISOString(),
      });
      const later = await createKey(manager, {
        name: `Later ${serial++}`,
        scope: 'read',
        expires_at: new Date(future.getTime() + 30 * DAY).toISOString(),
      });
      expect(await run()).toBe(1);
      await waitFor('the warning', () => inbox.mails.length > before);
      const mail = inbox.mails[before];
      expect((mail.to as { text: string }).text).toBe(`${t.standard.username}@example.com`);
      expect(mail.subject).toBe(`La clave de API «${soon.name as string}» caduca pronto`);
      expect(mail.text).toContain(String(soon.prefix));
      expect(mail.text).toContain('https://portal.example.com/integrations-config');
      expect(mail.text).not.toContain(soon.key);
      // Once: a second run sends nothing; the key 30 days further out is not due.
      expect(await run()).toBe(0);
      expect(inbox.mails.slice(before).map((m) => m.subject)).toEqual([mail.subject]);
      const warned = await ctx.handle.db
        .selectFrom('api_keys')
        .select(['id', 'expiry_warned_at'])
        .where('id', 'in', [soon.id, later.id])
        .orderBy('id')
        .execute();
      expect(warned.map((w) => w.expiry_warned_at !== null)).toEqual([true, false]);
      // A new expiry is warned about again; English for an owner who reads English.
      await ctx.handle.db
        .updateTable('user_profiles')
        .set({ email_language: 'en' })
        .where('id', '=', t.standard.id)
        .execute();
      const moved = await manager({
        method: 'PATCH',
        url: `/api/api-keys/${soon.id}/`,
        payload: { expires_at: new Date(future.getTime() + DAY).toISOString() },
      });
      expect(moved.statusCode).toBe(200);
      expect(await run()).toBe(1);
      await waitFor('the English warning', () => inbox.mails.length > before + 1);
      expect(inbox.mails[before + 1].subject).toBe(`API key "${soon.name as string}" expires soon`);
    } finally {
      await ctx.handle.db
        .updateTable('user_profiles')
        .set({ email_language: 'es' })
        .where('id', '=', t.standard.id)
        .execute();
      mailer.close();
    }
  });
});
