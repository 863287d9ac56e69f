// Idempotency-Key on creating POSTs (plugins/idempotency): the same key and body replay the first answer and
// create nothing; another body is a 422; concurrent requests with one key create once; keys are the caller's
// own; they expire after 24 hours and are pruned; they live in PostgreSQL (a second app on the same database,
// as after a restart or in another process, replays them).
import { sql } from 'kysely';
import { translate } from '../../src/i18n';
import {
  fingerprintOf,
  IDEMPOTENCY_MESSAGES,
  isCreatingRoute,
  pruneIdempotencyKeys,
  storedKeyOf,
} from '../../src/plugins/idempotency';
import { startTenantApp, startTestApp, signIn, type TenantApp } from '../helpers/app';

jest.setTimeout(60_000);

let env: TenantApp;

beforeAll(async () => {
  env = await startTenantApp();
});
afterAll(async () => {
  await env?.ctx.close();
});

const key = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function projectsNamed(name: string): Promise<number> {
  const row = await env.ctx.handle.db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const createProject = (caller: TenantApp['std'], k: string | undefined, name: string, extra = {}) =>
  caller({
    method: 'POST',
    url: '/api/projects/',
    headers: k === undefined ? {} : { 'idempotency-key': k },
    payload: { name, subscribers: [], ...extra },
  });

describe('Idempotency-Key', () => {
  it('the same key and body return the first answer (status and body) and create nothing', async () => {
    const k = key('repeat');
    const name = `Repeat ${k}`;
    const first = await createProject(env.std, k, name);
    expect(first.statusCode).toBe(201);
    const again = await createProject(env.std, k, name);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // the body's keys in another order are the same body
    const reordered = await env.std({
      method: 'POST',
      url: '/api/projects/',
      headers: { 'idempotency-key': k },
      payload: { subscribers: [], name },
    });
    expect([reordered.statusCode, reordered.json().id]).toEqual([201, first.json().id]);
    expect(await projectsNamed(name)).toBe(1);
    // without a key, a repeat is a new request as before (here: the name is taken)
    expect((await createProject(env.std, undefined, name)).statusCode).toBe(400);
  });

  it('an error answer is replayed too (the request is not run again)', async () => {
    const k = key('error');
    const first = await createProject(env.std, k, '');
    expect(first.statusCode).toBe(400);
    const again = await createProject(env.std, k, '');
    expect([again.statusCode, again.json(), again.headers['idempotent-replayed']]).toEqual([
      400,
      first.json(),
      'true',
    ]);
  });

  it('the same key with another body is a 422 with a clear message, in the caller language', async () => {
    const k = key('other');
    expect((await createProject(env.std, k, `One ${k}`)).statusCode).toBe(201);
    const other = await createProject(env.std, k, `Two ${k}`);
    expect([other.statusCode, other.json()]).toEqual([422, { detail: IDEMPOTENCY_MESSAGES.reused }]);
    expect(await projectsNamed(`Two ${k}`)).toBe(0);
    const es = await env.std({
      method: 'POST',
      url: '/api/projects/',
      headers: { 'idempotency-key': k, 'accept-language': 'es' },
      payload: { name: `Three ${k}`, subscribers: [] },
    });
    expect(es.statusCode).toBe(422);
    expect(es.json().detail).toBe(translate(IDEMPOTENCY_MESSAGES.reused, 'es'));
    expect(es.json().detail).not.toBe(IDEMPOTENCY_MESSAGES.reused);
    // the same key on another creating route is another request as well
    const elsewhere = await env.std({
      method: 'POST',
      url: '/api/teams/',
      headers: { 'idempotency-key': k },
      payload: { name: `One ${k}`, subscribers: [] },
    });
    expect(elsewhere.statusCode).toBe(422);
  });

  it('20 concurrent requests with one key create one project; each gets its answer or a 409', async () => {
    const k = key('concurrent');
    const name = `Concurrent ${k}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => createProject(env.std, k, name)));
    expect(await projectsNamed(name)).toBe(1);
    const created = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(created.length + busy.length).toBe(20);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    for (const b of busy) {
      expect(b.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.inProgress });
      expect(b.headers['retry-after']).toBe('1');
    }
    // once done, every retry gets the answer
    const after = await createProject(env.std, k, name);
    expect([after.statusCode, after.json().id]).toEqual([201, created[0].json().id]);
  });

  it("another user's same key is another key", async () => {
    const k = key('shared');
    const mine = await createProject(env.std, k, `Mine ${k}`);
    const theirs = await createProject(env.mate, k, `Theirs ${k}`);
    const outsider = await createProject(env.outsider, k, `Mine ${k}`);
    expect([mine.statusCode, theirs.statusCode, outsider.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([mine.json().id, theirs.json().id, outsider.json().id]).size).toBe(3);
  });

  it('after 24 hours a key may be used again, and expired keys are pruned', async () => {
    const k = key('expiry');
    const name = `Expiry ${k}`;
    const first = await createProject(env.std, k, name);
    expect(first.statusCode).toBe(201);
    const row = await env.ctx.handle.db
      .selectFrom('idempotency_keys')
      .select(sql<number>`extract(epoch FROM expires_at - created_at)`.as('ttl'))
      .where('key', '=', storedKeyOf(k))
      .executeTakeFirstOrThrow();
    expect(Number(row.ttl)).toBe(24 * 3600);
    await env.ctx.handle.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', storedKeyOf(k))
      .execute();
    await env.ctx.handle.db.deleteFrom('projects').where('name', '=', name).execute();
    const later = await createProject(env.std, k, name);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    expect(await projectsNamed(name)).toBe(1);

    const k2 = key('pruned');
    expect((await createProject(env.std, k2, `Pruned ${k2}`)).statusCode).toBe(201);
    await env.ctx.handle.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', storedKeyOf(k2))
      .execute();
    expect(await pruneIdempotencyKeys(env.ctx.handle.db, true)).toBeGreaterThanOrEqual(1);
    const left = await env.ctx.handle.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('expires_at', '<=', new Date())
      .execute();
    expect(left).toEqual([]);
  });

  it('keys are kept in PostgreSQL: another app on the database (a restart, another process) replays them', async () => {
    const k = key('restart');
    const first = await createProject(env.std, k, `Restart ${k}`);
    expect(first.statusCode).toBe(201);
    const second = await startTestApp();
    try {
      const caller = await signIn(second, env.t.standard);
      const replay = await createProject(caller, k, `Restart ${k}`);
      expect([replay.statusCode, replay.json()]).toEqual([201, first.json()]);
    } finally {
      await second.close();
    }
    expect(await projectsNamed(`Restart ${k}`)).toBe(1);
  });

  it('a once-shown secret (a new API key) is replayed, but the table keeps neither it nor the key', async () => {
    const k = key('secret');
    const send = () =>
      env.std({
        method: 'POST',
        url: '/api/api-keys/',
        headers: { 'idempotency-key': k },
        payload: { name: `ERP ${k}`.slice(0, 100), scope: 'read' },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const secret: string = first.json().key;
    expect(secret).toMatch(/^ctp_/);
    const again = await send();
    expect([again.statusCode, again.json().key, again.json().id]).toEqual([201, secret, first.json().id]);
    const rows = await env.ctx.handle.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', storedKeyOf(k))
      .execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(4, 20));
    expect(stored).not.toContain(k);
  });

  it('a creating tracking request replays too', async () => {
    const k = key('tr');
    const body = { carrier_id: 1, code_type: 'b_id', code_value: `BK${Date.now() % 1e9}` };
    const send = () =>
      env.std({
        method: 'POST',
        url: '/api/tracking-requests/',
        headers: { 'idempotency-key': k },
        payload: body,
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect([again.statusCode, again.json().id]).toEqual([201, first.json().id]);
    const n = await env.ctx.handle.db
      .selectFrom('tracking_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('code_value', '=', body.code_value)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('a key is bounded: empty, over 255 characters or with control characters is a 400', async () => {
    for (const bad of ['x'.repeat(256), ' padded', 'tab\there']) {
      const res = await createProject(env.std, bad, `Bad ${bad.length}`);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.badKey] },
      ]);
    }
    const ok = await createProject(env.std, 'k'.repeat(255), `Long key ${Date.now()}`);
    expect(ok.statusCode).toBe(201);
  });

  it('applies to creating POSTs only; the fingerprint covers method, path and body', () => {
    expect(isCreatingRoute({ method: 'POST', schema: { response: { 201: {} } } })).toBe(true);
    expect(isCreatingRoute({ method: 'POST', schema: { response: { 200: {} } } })).toBe(false);
    expect(isCreatingRoute({ method: 'PUT', schema: { response: { 201: {} } } })).toBe(false);
    expect(fingerprintOf('POST', '/a/', { x: 1, y: [1, { b: 2, a: 1 }] })).toBe(
      fingerprintOf('POST', '/a/', { y: [1, { a: 1, b: 2 }], x: 1 }),
    );
    expect(fingerprintOf('POST', '/a/', { x: 1 })).not.toBe(fingerprintOf('POST', '/b/', { x: 1 }));
  });
});
