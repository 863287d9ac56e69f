// Company API keys: managers create, list and revoke; `Authorization: Token <key>` reaches the
// integration calls scoped to the key's company; read vs read_write; revocation at once; last use; the
// key's own rate limit; and nothing of another company, ever.
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { hashApiKey } from '../../src/services/api-keys';
import { as, type TestContext, type Tenant, type Caller, carrierId, startTenantApp } from '../helpers/app';

jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let manager: Caller;
let mate: Caller;
let lim: Caller;
let outsiderLogin: Caller;
let maersk: number;

const container = (owner: string, n: number) => {
  const first = `${owner}U${String(n).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};
const withKey = (key: string) => as(ctx.app, key);

beforeAll(async () => {
  ({
    ctx,
    t,
    std: manager,
    mate,
    lim,
    outsider: outsiderLogin,
  } = await startTenantApp({ maxTrackingRequests: 100 }));
  maersk = await carrierId(ctx, 'MAEU');
  // The outsider is a manager of the other company.
  await ctx.handle.db
    .updateTable('user_profiles')
    .set({ is_manager: true })
    .where('id', '=', t.outsider.id)
    .execute();
});
afterAll(() => ctx.close());

async function createKey(
  who: Caller,
  payload: Record<string, unknown>,
): Promise<{ id: number; key: string }> {
  const res = await who({ method: 'POST', url: '/api/api-keys/', payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('managing keys', () => {
  it('creates a key shown once, stored hashed, listed without the key', async () => {
    const res = await manager({
      method: 'POST',
      url: '/api/api-keys/',
      payload: { name: ' ERP ', scope: 'read' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.key).toMatch(/^ctp_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      name: 'ERP',
      scope: 'read',
      prefix: body.key.slice(0, 12),
      last_used_at: null,
    });
    const stored = await ctx.handle.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashApiKey(body.key));
    expect(JSON.stringify(stored)).not.toContain(body.key);
    const list = await manager({ method: 'GET', url: '/api/api-keys/' });
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((k: { id: number }) => k.id === body.id);
    expect(mine).toMatchObject({ name: 'ERP', created_by: t.standard.username });
    expect(JSON.stringify(list.json())).not.toContain(body.key);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const blank = await manager({
      method: 'POST',
      url: '/api/api-keys/',
      payload: { name: '  ', scope: 'read' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toHaveProperty('name');
    const scope = await manager({
      method: 'POST',
      url: '/api/api-keys/',
      payload: { name: 'x', scope: 'admin' },
    });
    expect(scope.statusCode).toBe(400);
    expect(scope.json()).toHaveProperty('scope');
    const long = await manager({
      method: 'POST',
      url: '/api/api-keys/',
      payload: { name: 'n'.repeat(101), scope: 'read' },
    });
    expect(long.statusCode).toBe(400);
    await createKey(manager, { name: 'Twice', scope: 'read' });
    const again = await manager({
      method: 'POST',
      url: '/api/api-keys/',
      payload: { name: 'twice', scope: 'read' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().name).toBeDefined();
  });

  it('is for managers with write permission only', async () => {
    for (const who of [mate, lim]) {
      expect((await who({ method: 'GET', url: '/api/api-keys/' })).statusCode).toBe(403);
      expect(
        (await who({ method: 'POST', url: '/api/api-keys/', payload: { name: 'n', scope: 'read' } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/api-keys/' })).statusCode).toBe(401);
  });

  it("never shows or revokes another company's keys", async () => {
    const theirs = await createKey(outsiderLogin, { name: 'Theirs', scope: 'read' });
    const list = await manager({ method: 'GET', url: '/api/api-keys/' });
    expect(list.json().map((k: { id: number }) => k.id)).not.toContain(theirs.id);
    expect((await manager({ method: 'DELETE', url: `/api/api-keys/${theirs.id}/` })).statusCode).toBe(404);
    expect((await withKey(theirs.key)({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(200);
  });
});

describe('calling the API with a key', () => {
  it('read_write creates tracking requests for its company; another company never sees them', async () => {
    const rw = await createKey(manager, { name: 'Writer', scope: 'read_write' });
    const code = container('KEY', 1);
    const res = await withKey(rw.key)({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { carrier_id: maersk, code_type: 'c_id', code_value: code },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const row = await ctx.handle.db
      .selectFrom('tracking_requests')
      .select(['company_id', 'created_by'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: t.companyId, created_by: t.standard.id });
    const mine = await withKey(rw.key)({ method: 'GET', url: `/api/tracking-requests/${created.id}/` });
    expect(mine.statusCode).toBe(200);

    const other = await createKey(outsiderLogin, { name: 'Other reader', scope: 'read' });
    const theirView = await withKey(other.key)({
      method: 'GET',
      url: `/api/tracking-requests/${created.id}/`,
    });
    expect(theirView.statusCode).toBe(404);
    const theirList = await withKey(other.key)({
      method: 'GET',
      url: `/api/tracking-requests/?search=${code}`,
    });
    expect(theirList.statusCode).toBe(200);
    expect(JSON.stringify(theirList.json())).not.toContain(code);
    // The shipment of this company's request is not in the other company's list either.
    await ctx.handle.db
      .insertInto('shipments')
      .values({
        company_id: t.companyId,
        tracking_request_id: created.id,
        carrier_id: maersk,
        container_number: code,
      })
      .execute();
    const shipments = await withKey(other.key)({ method: 'GET', url: `/api/shipments/?search=${code}` });
    expect(shipments.statusCode).toBe(200);
    expect(shipments.json().count).toBe(0);
    const ours = await withKey(rw.key)({ method: 'GET', url: `/api/shipments/?search=${code}` });
    expect(ours.json().count).toBe(1);
  });

  it('read cannot write; no key manages keys, users or its login', async () => {
    const ro = await createKey(manager, { name: 'Reader', scope: 'read' });
    const write = await withKey(ro.key)({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { carrier_id: maersk, code_type: 'c_id', code_value: container('KEY', 2) },
    });
    expect(write.statusCode).toBe(403);
    expect((await withKey(ro.key)({ method: 'GET', url: '/api/tracking-requests/' })).statusCode).toBe(200);
    const rw = await createKey(manager, { name: 'Writer 2', scope: 'read_write' });
    for (const key of [ro.key, rw.key]) {
      expect((await withKey(key)({ method: 'GET', url: '/api/api-keys/' })).statusCode).toBe(403);
      expect(
        (await withKey(key)({ method: 'POST', url: '/api/api-keys/', payload: { name: 'x', scope: 'read' } }))
          .statusCode,
      ).toBe(403);
      expect((await withKey(key)({ method: 'GET', url: '/api/rest-auth/user/' })).statusCode).toBe(403);
      expect((await withKey(key)({ method: 'POST', url: '/api/rest-auth/logout/' })).statusCode).toBe(403);
      expect((await withKey(key)({ method: 'GET', url: '/api/webhooks/' })).statusCode).toBe(403);
    }
  });

  it('records the last use, and a revoked key stops working at once', async () => {
    const k = await createKey(manager, { name: 'Short-lived', scope: 'read' });
    expect((await withKey(k.key)({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(200);
    const used = await ctx.handle.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    expect(Date.now() - new Date(used.last_used_at!).getTime()).toBeLessThan(60_000);
    expect((await manager({ method: 'DELETE', url: `/api/api-keys/${k.id}/` })).statusCode).toBe(204);
    const after = await withKey(k.key)({ method: 'GET', url: '/api/shipments/' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid API key.' });
    const listed = (await manager({ method: 'GET', url: '/api/api-keys/' }))
      .json()
      .find((r: { id: number }) => r.id === k.id);
    expect(listed.revoked_at).not.toBeNull();
    // A made-up key, and one with a character changed.
    expect(
      (await withKey(`${k.key.slice(0, -1)}A`)({ method: 'GET', url: '/api/shipments/' })).statusCode,
    ).toBe(401);
  });

  it('has its own rate limit: the 11th call in a minute of a 10/min key is 429, another key is unaffected', async () => {
    const slow = await createKey(manager, { name: 'Slow', scope: 'read', rate_limit_per_minute: 10 });
    const other = await createKey(manager, { name: 'Other', scope: 'read' });
    for (let i = 0; i < 10; i += 1) {
      const res = await withKey(slow.key)({ method: 'GET', url: '/api/carriers/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(9 - i));
    }
    const over = await withKey(slow.key)({ method: 'GET', url: '/api/carriers/' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().detail).toMatch(/throttled/);
    expect((await withKey(other.key)({ method: 'GET', url: '/api/carriers/' })).statusCode).toBe(200);
    // The portal's own logins are not limited by a key's window.
    expect((await manager({ method: 'GET', url: '/api/carriers/' })).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('documents the key scheme, the integration calls and the webhook payloads', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'Authorization' });
    expect(doc.components.schemas.WebhookEvent.properties.type).toBeDefined();
    expect(doc.components.schemas.WebhookEvent.example.type).toBe('shipment.eta_changed');
    expect(doc.components.schemas.ShipmentSummary.properties.container_number).toBeDefined();
    for (const p of [
      '/api/api-keys/',
      '/api/webhooks/',
      '/api/webhooks/{id}/deliveries/',
      '/api/webhooks/{id}/test/',
      '/api/integration/changes/',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
