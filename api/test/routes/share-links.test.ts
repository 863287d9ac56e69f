// Tracking links for the forwarder's customer: create / list / revoke under the session (bounds, tenancy,
// limited users), and the public answer: only the allow-listed facts (checked key by key, recursively), the
// visitor's language, the same 404 for unknown, expired and revoked links, no-index and no-store headers, the
// rate limit and the last use.
import type { Caller, TenantApp } from '../helpers/app';
import { insertRequest, insertShipment, portIds, startTenantApp, startTestApp } from '../helpers/app';
import { hashShareToken, MAX_ACTIVE_LINKS } from '../../src/services/share-links/links';

let app: TenantApp;
let std: Caller;
let lim: Caller;
let outsider: Caller;
const ids: Record<string, string> = {};
const DAY = 86_400_000;

/** Every key the public answer may hold, at any depth (arrays looked into). */
const ALLOWED_KEYS = new Set([
  'forwarder',
  'containers',
  'carrier',
  'name',
  'scac',
  'pol',
  'pod',
  'locode',
  'transshipments',
  'route',
  'status',
  'status_label',
  'eta',
  'arrived',
  'milestones',
  'milestone',
  'label',
  'place',
  'date',
  'actual',
  'lang',
]);

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}

const create = (caller: Caller, id: string, payload?: unknown) =>
  caller({ method: 'POST', url: `/api/shipments/${id}/share-links/`, payload: payload as object });
const view = (token: string, headers: Record<string, string> = {}, query = '') =>
  app.ctx.app.inject({ method: 'GET', url: `/api/public/tracking/${token}/${query}`, headers });

beforeAll(async () => {
  // The public view's own limit is raised here; its test below builds an app with a small one.
  app = await startTenantApp({ app: { publicTracking: { rateLimit: { max: 1000, timeWindowMs: 60_000 } } } });
  ({ std, lim, outsider } = app);
  const { ctx, t } = app;
  const ports = await portIds(ctx, ['ESVLC', 'SGSIN', 'CNSHA']);
  const request = await insertRequest(ctx, { company_id: t.companyId, code_value: `SL${t.companyId}` });
  const otherRequest = await insertRequest(ctx, {
    company_id: t.otherCompanyId,
    code_value: `SLO${t.companyId}`,
  });
  ids.a = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'MSCU1234565',
    client_code: 'SECRET-CLIENT-CODE',
    booking_number: 'BKGSECRET',
    pol_loc_id: ports.ESVLC,
    tsp1_loc_id: ports.SGSIN,
    pod_loc_id: ports.CNSHA,
    status: 7,
    status_text: 'ocean transport to POD',
    pol_vessel_departure_actual: new Date(Date.now() - 10 * DAY),
    tsp1_vessel_arrival_actual: new Date(Date.now() - 3 * DAY),
    pod_vessel_arrival_planned_last: new Date(Date.now() + 9 * DAY),
    eta: new Date(Date.now() + 9 * DAY),
    last_alert_message: 'SECRET ALERT',
    sf_data: { price: 987654 },
  });
  ids.b = await insertShipment(ctx, { company_id: t.companyId, tracking_request_id: request });
  ids.other = await insertShipment(ctx, {
    company_id: t.otherCompanyId,
    tracking_request_id: otherRequest,
    container_number: 'TGHU0000001',
  });
});

afterAll(async () => app.ctx.close());

describe('managing links', () => {
  it('creates a link (default 30 days, token shown once and stored hashed) and lists it', async () => {
    const res = await create(std, ids.a);
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/t/${link.token}$`));
    expect(link.status).toBe('active');
    expect(link.created_by).toBe(app.t.standard.username);
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / DAY;
    expect(days).toBeCloseTo(30, 5);
    const stored = await app.ctx.handle.db
      .selectFrom('shipment_share_links')
      .select('token_hash')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashShareToken(link.token));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const list = await std({ method: 'GET', url: `/api/shipments/${ids.a}/share-links/` });
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((l: { id: number }) => l.id === link.id);
    expect(mine).toMatchObject({ status: 'active', created_by: app.t.standard.username, last_used_at: null });
    expect(mine.token).toBeUndefined();
    expect(mine.url).toBeUndefined();
  });

  it('takes an expiry of 1 to 365 days and refuses others with the field errors', async () => {
    const one = await create(std, ids.b, { expires_in_days: 365 });
    expect(one.statusCode).toBe(201);
    expect((Date.parse(one.json().expires_at) - Date.parse(one.json().created_at)) / DAY).toBeCloseTo(365, 5);
    for (const [value, message] of [
      [0, 'Ensure this value is greater than or equal to 1.'],
      [366, 'Ensure this value is less than or equal to 365.'],
      ['x', 'A valid integer is required.'],
    ] as const) {
      const res = await create(std, ids.b, { expires_in_days: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ expires_in_days: [message] });
    }
    const extra = await create(std, ids.b, { token: 'mine' });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 for another company’s shipment or link, and 403 to limited users', async () => {
    expect((await create(outsider, ids.a)).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/shipments/${ids.a}/share-links/` })).statusCode).toBe(
      404,
    );
    expect((await create(std, ids.other)).statusCode).toBe(404);
    const link = (await create(std, ids.a)).json();
    expect((await outsider({ method: 'DELETE', url: `/api/share-links/${link.id}/` })).statusCode).toBe(404);
    expect(
      (await outsider({ method: 'DELETE', url: `/api/shipments/${ids.a}/share-links/${link.id}/` }))
        .statusCode,
    ).toBe(404);
    // Under the wrong shipment of the right company: 404 too.
    expect(
      (await std({ method: 'DELETE', url: `/api/shipments/${ids.b}/share-links/${link.id}/` })).statusCode,
    ).toBe(404);

    expect((await create(lim, ids.a)).statusCode).toBe(403);
    expect((await lim({ method: 'DELETE', url: `/api/share-links/${link.id}/` })).statusCode).toBe(403);
    // A limited user may see the list (it shows no token).
    expect((await lim({ method: 'GET', url: `/api/shipments/${ids.a}/share-links/` })).statusCode).toBe(200);
    expect((await view(link.token)).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_ACTIVE_LINKS} active links per shipment`, async () => {
    const { ctx, t } = app;
    const request = await insertRequest(ctx, { company_id: t.companyId, code_value: `SLMAX${t.companyId}` });
    const id = await insertShipment(ctx, { company_id: t.companyId, tracking_request_id: request });
    for (let i = 0; i < MAX_ACTIVE_LINKS; i++) expect((await create(std, id)).statusCode).toBe(201);
    const full = await std({
      method: 'POST',
      url: `/api/shipments/${id}/share-links/`,
      payload: {},
      headers: { 'accept-language': 'es' },
    });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({
      non_field_errors: [
        `Un envío puede tener como máximo ${MAX_ACTIVE_LINKS} enlaces de seguimiento activos. Revoque uno antes.`,
      ],
    });
    const first = (await std({ method: 'GET', url: `/api/shipments/${id}/share-links/` })).json()[0];
    expect((await std({ method: 'DELETE', url: `/api/share-links/${first.id}/` })).statusCode).toBe(204);
    expect((await create(std, id)).statusCode).toBe(201);
  });
});

describe('the public view', () => {
  it('shows only the allow-listed facts, in the visitor’s language, with no-index and no-store', async () => {
    const link = (await create(std, ids.a)).json();
    const res = await view(link.token, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const extra = [...keysOf(body)].filter((k) => !ALLOWED_KEYS.has(k));
    expect(extra).toEqual([]);
    for (const secret of [
      'SECRET-CLIENT-CODE',
      'BKGSECRET',
      'SECRET ALERT',
      '987654',
      app.t.standard.username,
    ])
      expect(res.body).not.toContain(secret);
    expect(body).toMatchObject({
      forwarder: expect.stringMatching(/^Company /),
      containers: ['MSCU1234565'],
      pol: { locode: 'ESVLC' },
      pod: { locode: 'CNSHA' },
      transshipments: [{ locode: 'SGSIN' }],
      status: 'ocean transport to POD',
      status_label: 'Ocean transport to POD',
      arrived: false,
      lang: 'en',
    });
    expect(body.route.length).toBeGreaterThan(2);
    expect(
      body.milestones.map((m: { milestone: string; actual: boolean }) => [m.milestone, m.actual]),
    ).toEqual([
      ['pol_vessel_departure', true],
      ['tsp1_vessel_arrival', true],
      ['pod_vessel_arrival', false],
    ]);
    expect(body.milestones[0].label).toBe('Vessel departed');

    const es = (await view(link.token, { 'accept-language': 'en' }, '?lang=es')).json();
    expect(es.status_label).toBe('Transporte marítimo a POD');
    expect(es.milestones[0].label).toBe('Salida del buque');
  });

  it('answers the same 404 for unknown, expired and revoked links, revoked at once', async () => {
    const link = (await create(std, ids.a)).json();
    expect((await view(link.token)).statusCode).toBe(200);
    expect((await std({ method: 'DELETE', url: `/api/share-links/${link.id}/` })).statusCode).toBe(204);
    const revoked = await view(link.token, { 'accept-language': 'en' });

    const expiring = (await create(std, ids.a, { expires_in_days: 1 })).json();
    await app.ctx.handle.db
      .updateTable('shipment_share_links')
      .set({ created_at: new Date(Date.now() - 3 * DAY), expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    const expired = await view(expiring.token, { 'accept-language': 'en' });
    const unknown = await view('A'.repeat(43), { 'accept-language': 'en' });
    const garbage = await view('nope', { 'accept-language': 'en' });
    for (const res of [revoked, expired, unknown, garbage]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'This tracking link has expired or was revoked.' });
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await view(link.token, {}, '?lang=es')).json()).toEqual({
      detail: 'Este enlace de seguimiento ha caducado o se ha revocado.',
    });
    const listed = (await std({ method: 'GET', url: `/api/shipments/${ids.a}/share-links/` })).json();
    expect(listed.find((l: { id: number }) => l.id === link.id).status).toBe('revoked');
    expect(listed.find((l: { id: number }) => l.id === expiring.id).status).toBe('expired');
  });

  it('records the last use', async () => {
    const link = (await create(std, ids.b)).json();
    await view(link.token);
    const listed = (await std({ method: 'GET', url: `/api/shipments/${ids.b}/share-links/` })).json();
    expect(Date.parse(listed.find((l: { id: number }) => l.id === link.id).last_used_at)).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('limits the views per address', async () => {
    const ctx = await startTestApp({ publicTracking: { rateLimit: { max: 2, timeWindowMs: 60_000 } } });
    try {
      // The window is counted in the database, shared by every app of this run: the earlier public views of this
      // file came from the same address within the minute.
      await ctx.handle.db
        .deleteFrom('rate_limit_hits')
        .where('bucket', 'like', 'public-tracking:%')
        .execute();
      const token = 'B'.repeat(43);
      const get = () => ctx.app.inject({ method: 'GET', url: `/api/public/tracking/${token}/` });
      expect((await get()).statusCode).toBe(404);
      expect((await get()).statusCode).toBe(404);
      const third = await get();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.headers['x-robots-tag']).toBe('noindex, nofollow');
    } finally {
      await ctx.close();
    }
  });
});
