// The tenancy and permission sweep, driven by the API's own OpenAPI document (GET /api/docs/json) so
// that every route added later is swept too:
// - as a standard manager of company A, every operation is called with company B's ids (in the path, in every
//   query parameter of the lists, in every id-carrying body field): no answer may show anything of B (every
//   object of B carries a marker text; xlsx answers are read back cell by cell), no row B owns may change (a
//   digest of every table's rows owned by B, the owner found from the table's columns), and no row may link
//   A and B;
// - as the limited user of A, every write is called with A's own ids and plausible bodies: none may succeed
//   (except the session calls and view preferences of its own profile the spec allows), every write route
//   must refuse it with a 403 at least once, and nothing A owns may change.
// A control proves the marker check can fail: B's own manager reading B's ids sees the marker.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createUser } from '../../src/services/accounts';
import {
  startTestApp,
  seedTenant,
  login,
  as,
  TEST_HASH_COST,
  type TestContext,
  type Tenant,
} from '../helpers/app';
import {
  bodyText,
  changedTables,
  companyDigest,
  crossCompanyRows,
  fillPath,
  idLike,
  isWrite,
  operations,
  plausible,
  type Operation,
} from './sweep-helpers';

jest.setTimeout(300_000);

let ctx: TestContext;
let t: Tenant;
let ops: Operation[];
const MARKER = `Zq${randomBytes(5).toString('hex')}`;
/** Ids of A's and B's objects (every kind, deduplicated). */
let ownIds: number[] = [];
let otherIds: number[] = [];
let stdToken: string;
let limToken: string;
let outsiderToken: string;
const calls = { tenancy: 0, limited: 0 };

/** Calls a session route or the public contact form: not part of the limited-write rule. */
const SESSION_OR_PUBLIC = new Set([
  'POST /api/token/',
  'POST /api/rest-auth/logout/',
  'POST /api/rest-auth/password/change/',
  'POST /api/products/send-mail/',
]);
/** What the spec lets a limited user change: the view preferences of its own profile (spec section 6). */
const LIMITED_MAY = [
  { op: 'PATCH /api/user-profiles/{id}/', fields: ['shipments_fields', 'trackings_fields'] },
];

async function insertCompanyObjects(companyId: number, userId: number, text: string) {
  const db = ctx.handle.db;
  const tr = await db
    .insertInto('tracking_requests')
    .values({
      company_id: companyId,
      carrier_id: 1,
      code_type: 'b_id',
      code_value: `BK${text}`.slice(0, 35),
      client_code: `cc ${text}`,
      status: 'ongoing',
      created_by: userId,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const shipment = await db
    .insertInto('shipments')
    .values({
      company_id: companyId,
      tracking_request_id: tr.id,
      carrier_id: 1,
      container_number: 'MSCU1234565',
      client_code: `ship ${text}`,
      lifecycle_status: 'active',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const alert = await db
    .insertInto('alert_events')
    .values({
      company_id: companyId,
      shipment_id: shipment.id,
      code: 904,
      details: JSON.stringify({ message: `alert ${text}` }),
      walltime: new Date(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return [tr.id, Number(shipment.id), Number(alert.id)];
}

/** Creates a project, a team and an export template through the API as `token` (a manager). */
async function apiObjects(token: string, text: string, userIds: number[]) {
  const call = as(ctx.app, token);
  const project = await call({
    method: 'POST',
    url: '/api/projects/',
    payload: { name: `Project ${text}`, subscribers: userIds },
  });
  const team = await call({
    method: 'POST',
    url: '/api/teams/',
    payload: { name: `Team ${text}`, members: userIds, coordinators: userIds.slice(0, 1) },
  });
  const template = await call({
    method: 'POST',
    url: '/api/export-templates/',
    payload: { name: `Template ${text}`, columns: ['container_number'], filters: {} },
  });
  for (const res of [project, team, template]) expect([res.statusCode, res.body]).toEqual([201, res.body]);
  return [project.json().id, team.json().id, template.json().id].map(Number);
}

beforeAll(async () => {
  ctx = await startTestApp({ loginThrottle: { perAddress: 1e6, perUsername: 1e6 } });
  t = await seedTenant(ctx);
  const db = ctx.handle.db;
  // Company B carries the marker everywhere it can show: its name, its users' names, every object's text.
  await db
    .updateTable('companies')
    .set({ name: `Other ${MARKER}` })
    .where('id', '=', t.otherCompanyId)
    .execute();
  await db
    .updateTable('users')
    .set({ first_name: `First ${MARKER}`, last_name: `Last ${MARKER}` })
    .where('id', '=', t.outsider.id)
    .execute();
  await db.updateTable('user_profiles').set({ is_manager: true }).where('id', '=', t.outsider.id).execute();
  const otherLimited = await createUser(db, {
    username: `lim_${MARKER}`,
    password: 'pw-other-limited',
    companyId: t.otherCompanyId,
    roleId: 2,
    email: `lim_${MARKER}@example.com`,
    first_name: MARKER,
    last_name: MARKER,
    hashCost: TEST_HASH_COST,
  });
  stdToken = await login(ctx.app, t.standard.username, t.standard.password);
  limToken = await login(ctx.app, t.limited.username, t.limited.password);
  outsiderToken = await login(ctx.app, t.outsider.username, t.outsider.password);
  const ownText = `own${randomBytes(3).toString('hex')}`;
  ownIds = [
    t.companyId,
    t.standard.id,
    t.colleague.id,
    t.limited.id,
    ...(await apiObjects(stdToken, ownText, [t.standard.id, t.colleague.id])),
    ...(await insertCompanyObjects(t.companyId, t.standard.id, ownText)),
  ];
  otherIds = [
    t.otherCompanyId,
    t.outsider.id,
    otherLimited,
    ...(await apiObjects(outsiderToken, MARKER, [t.outsider.id, otherLimited])),
    ...(await insertCompanyObjects(t.otherCompanyId, t.outsider.id, MARKER)),
  ];
  ownIds = [...new Set(ownIds)];
  otherIds = [...new Set(otherIds)];
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ops = operations(doc);
});

afterAll(async () => {
  await ctx?.close();
});

/**
 * Values for the path parameters of `op` that are not `id` (a metric's key, a delivery's id), from the parent
 * list (its own `{id}` filled with each of the caller's ids); none found: the caller's ids themselves.
 */
async function pathValues(op: Operation, token: string): Promise<Record<string, Array<string | number>>> {
  const out: Record<string, Array<string | number>> = {};
  for (const name of op.pathParams) {
    if (name === 'id') continue;
    const template = op.path.slice(0, op.path.indexOf(`{${name}}`));
    const parents = template.includes('{id}') ? ownIds.map((id) => fillPath(template, { id })) : [template];
    const found = new Set<string | number>();
    for (const parent of parents) {
      const res = await as(ctx.app, token)({ method: 'GET', url: parent });
      if (res.statusCode !== 200) continue;
      JSON.stringify(res.json(), (key, value) => {
        if ((key === name || key === 'key' || (key === 'id' && name.endsWith('Id'))) && value !== null) {
          if (typeof value === 'string' || typeof value === 'number') found.add(value);
        }
        return value;
      });
    }
    out[name] = found.size > 0 ? [...found].slice(0, 3) : ownIds.slice(0, 3);
  }
  return out;
}

interface Attempt {
  op: Operation;
  url: string;
  payload?: unknown;
}

/** Every call of the tenancy sweep: B's ids in the path, in every query parameter, in every id-carrying field. */
async function tenancyAttempts(): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (const op of ops) {
    if (SESSION_OR_PUBLIC.has(`${op.method} ${op.path}`)) continue;
    const named = await pathValues(op, stdToken);
    const hasId = op.pathParams.includes('id');
    const body = op.body ? plausible(op.body, ownIds) : undefined;
    // The operation as is (the caller's own paths, a plausible body): what it answers must not show B either.
    if (op.pathParams.length === 0) attempts.push({ op, url: op.path, payload: body });
    // B's ids in the path, with a plausible body.
    if (op.pathParams.length > 0) {
      for (const id of otherIds) {
        const values: Record<string, string | number> = { id };
        for (const [name, list] of Object.entries(named))
          values[name] = name.endsWith('Id') ? id : (list[0] ?? id);
        attempts.push({ op, url: fillPath(op.path, values), payload: body });
      }
    }
    // Paths of A (own ids, or the named values), with B's ids in the query and in the body.
    const paths: string[] = [];
    if (hasId) for (const id of ownIds) paths.push(fillPath(op.path, { id, ...firsts(named) }));
    else if (op.pathParams.length > 0) {
      for (const value of Object.values(named)[0] ?? [])
        paths.push(fillPath(op.path, { [op.pathParams[0]]: value }));
    } else paths.push(op.path);
    for (const path of paths.slice(0, hasId ? paths.length : 3)) {
      if (!hasId) {
        for (const q of op.query) {
          for (const id of otherIds) attempts.push({ op, url: `${path}?${q}=${id}`, payload: body });
          attempts.push({
            op,
            url: `${path}?${otherIds.map((id) => `${q}=${id}`).join('&')}`,
            payload: body,
          });
        }
      }
      for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
        const kind = idLike(schema);
        if (!kind) continue;
        const base = (body ?? {}) as Record<string, unknown>;
        if (kind === 'list') attempts.push({ op, url: path, payload: { ...base, [field]: otherIds } });
        else for (const id of otherIds) attempts.push({ op, url: path, payload: { ...base, [field]: id } });
      }
    }
  }
  return attempts;
}

const firsts = (named: Record<string, Array<string | number>>) =>
  Object.fromEntries(Object.entries(named).map(([k, v]) => [k, v[0] ?? '']));

async function send(token: string, a: Attempt) {
  const res = await as(
    ctx.app,
    token,
  )({
    method: a.op.method,
    url: a.url,
    ...(a.payload !== undefined && a.op.method !== 'GET' && a.op.method !== 'DELETE'
      ? { payload: a.payload as object }
      : {}),
  });
  return { status: res.statusCode, text: await bodyText(res.rawPayload) };
}

describe('tenancy sweep over the OpenAPI document', () => {
  it('finds the routes in the document (new routes are swept without a change here)', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.filter((op) => op.pathParams.includes('id')).length).toBeGreaterThan(20);
    expect(ops.filter(isWrite).length).toBeGreaterThan(25);
  });

  it("control: B's own manager reading B's ids sees the marker (the check below can fail)", async () => {
    const seenOn = new Set<string>();
    for (const op of ops.filter((o) => o.method === 'GET' && o.pathParams.includes('id'))) {
      for (const id of otherIds) {
        const { status, text } = await send(outsiderToken, { op, url: fillPath(op.path, { id }) });
        if (status === 200 && text.includes(MARKER)) seenOn.add(op.path);
      }
    }
    const lists = ops.filter((o) => o.method === 'GET' && o.pathParams.length === 0 && o.secured);
    for (const op of lists) {
      const { text } = await send(outsiderToken, { op, url: op.path });
      if (text.includes(MARKER)) seenOn.add(op.path);
    }
    // Projects, teams, templates, tracking requests, shipments, alert events, profiles, users, exports...
    console.log(`control: B's manager sees the marker on ${seenOn.size} read routes`);
    expect(seenOn.size).toBeGreaterThanOrEqual(10);
  });

  it("A's manager gets nothing of B and changes nothing of B, whatever id it sends", async () => {
    const before = await companyDigest(ctx.handle.db, t.otherCompanyId);
    const attempts = await tenancyAttempts();
    const leaks: string[] = [];
    const serverErrors: string[] = [];
    for (const a of attempts) {
      const { status, text } = await send(stdToken, a);
      calls.tenancy += 1;
      if (text.includes(MARKER))
        leaks.push(`${a.op.method} ${a.url} ${JSON.stringify(a.payload ?? '')} → ${status}`);
      if (status >= 500) serverErrors.push(`${a.op.method} ${a.url} → ${status} ${text.slice(0, 120)}`);
    }
    const after = await companyDigest(ctx.handle.db, t.otherCompanyId);
    expect(leaks).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(changedTables(before, after)).toEqual([]);
    expect(await crossCompanyRows(ctx.handle.db, [t.companyId, t.otherCompanyId])).toEqual([]);
    // Every operation of the document was called at least once.
    const called = new Set(attempts.map((a) => `${a.op.method} ${a.op.path}`));
    const missed = ops
      .map((o) => `${o.method} ${o.path}`)
      .filter((k) => !called.has(k) && !SESSION_OR_PUBLIC.has(k));
    expect(missed).toEqual([]);
    expect(calls.tenancy).toBeGreaterThan(1000);
    console.log(
      `tenancy sweep: ${calls.tenancy} calls over ${called.size} operations, nothing of B read or changed`,
    );
  });
});

describe('limited user sweep over the OpenAPI document', () => {
  it('cannot write anything but its own view preferences, and nothing of its company changes', async () => {
    // Session rows (its own token, devices) and its own view preferences may change; nothing else.
    const skip = [
      'auth_tokens',
      'login_devices',
      'login_failures',
      ...LIMITED_MAY.flatMap((m) => m.fields.map((f) => `user_profiles.${f}`)),
    ];
    const before = await companyDigest(ctx.handle.db, t.companyId, skip);
    const succeeded: string[] = [];
    const refused = new Map<string, number>();
    const notFound = new Map<string, number>();
    const answered = new Map<string, number>();
    const writes = ops.filter((op) => isWrite(op) && !SESSION_OR_PUBLIC.has(`${op.method} ${op.path}`));
    for (const op of writes) {
      const key = `${op.method} ${op.path}`;
      const named = await pathValues(op, limToken);
      const urls = op.pathParams.includes('id')
        ? ownIds.map((id) => fillPath(op.path, { id, ...firsts(named) }))
        : [fillPath(op.path, firsts(named))];
      const bodies: unknown[] = [];
      if (op.body) {
        const whole = plausible(op.body, ownIds) as Record<string, unknown>;
        bodies.push(whole);
        for (const [field, schema] of Object.entries(op.body.properties ?? {})) {
          bodies.push({ ...whole, [field]: plausible(schema, ownIds) });
        }
      } else bodies.push(undefined);
      for (const url of urls) {
        for (const payload of bodies) {
          const { status, text } = await send(limToken, { op, url, payload });
          calls.limited += 1;
          if (status === 403) refused.set(key, (refused.get(key) ?? 0) + 1);
          if (status === 404) notFound.set(key, (notFound.get(key) ?? 0) + 1);
          answered.set(key, (answered.get(key) ?? 0) + 1);
          if (status >= 200 && status < 300) {
            const fields = Object.keys(payload ?? {});
            const allowed = LIMITED_MAY.some(
              (m) =>
                m.op === key &&
                url === fillPath(op.path, { id: t.limited.id }) &&
                fields.every((f) => m.fields.includes(f)),
            );
            if (!allowed)
              succeeded.push(
                `${key} ${url} ${JSON.stringify(payload ?? '')} → ${status} ${text.slice(0, 80)}`,
              );
          }
        }
      }
    }
    const after = await companyDigest(ctx.handle.db, t.companyId, skip);
    expect(succeeded).toEqual([]);
    // Each write route said 403 at least once; a route that found none of A's objects of its kind (404 to
    // every id: tenancy is checked first) cannot show its permission check and is only listed.
    const unproven = writes.map((op) => `${op.method} ${op.path}`).filter((k) => !refused.has(k));
    const notFoundOnly = unproven.filter(
      (k) => (notFound.get(k) ?? 0) > 0 && (answered.get(k) ?? 0) === notFound.get(k),
    );
    if (notFoundOnly.length > 0)
      console.log(`limited sweep: no object of A to act on (404 only): ${notFoundOnly.join(', ')}`);
    expect(unproven.filter((k) => !notFoundOnly.includes(k))).toEqual([]);
    expect(changedTables(before, after)).toEqual([]);
    console.log(`limited sweep: ${calls.limited} write calls over ${writes.length} operations, none allowed`);
  });

  it('the digest sees a change the limited user could make (the check above can fail)', async () => {
    // A project of its own: the one made in beforeAll may be gone, since the tenancy sweep sends B's ids to
    // A's manager and an id of B's (a user's, say) can equal the id of A's project in its own table, which A's
    // manager may delete.
    const created = await as(
      ctx.app,
      stdToken,
    )({
      method: 'POST',
      url: '/api/projects/',
      payload: { name: `Digest ${randomBytes(3).toString('hex')}` },
    });
    expect(created.statusCode).toBe(201);
    const before = await companyDigest(ctx.handle.db, t.companyId);
    await sql`UPDATE projects SET name = name || '!' WHERE id = ${created.json().id}`.execute(ctx.handle.db);
    const after = await companyDigest(ctx.handle.db, t.companyId);
    expect(changedTables(before, after)).toContain('projects');
  });
});
