// Reference lists: carriers, event codes, ports, code types, users, projects and teams (CRUD).
import { type TestContext, type Tenant, type Caller, startTenantApp } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;

beforeAll(async () => {
  ({ ctx, t, std, mate, lim, outsider } = await startTenantApp());
});
afterAll(() => ctx.close());

describe('GET /api/carriers/', () => {
  it('lists the active carriers with support flags and quality, never credentials', async () => {
    const res = await std({ method: 'GET', url: '/api/carriers/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(10);
    expect(body.next).toBeNull();
    const ym = body.results.find((c: { scac: string }) => c.scac === 'YMLU');
    expect(ym).toEqual({
      id: expect.any(Number),
      official_name: 'Yang Ming Marine Transport',
      short_name: 'Yang Ming',
      scac: 'YMLU',
      oicode: 'YMLU',
      request_type_support: { b_id: false, c_id: true, m_bl: true },
      ctt_quality: { note: 'No tracking by booking number.', rank: 3 },
      booking_bl_required_container: false,
    });
    const eglv = body.results.find((c: { scac: string }) => c.scac === 'EGLV');
    expect(eglv.booking_bl_required_container).toBe(true);
    expect(res.body).not.toMatch(/dcsa_|credentials|base_url/i);
    const names = body.results.map((c: { official_name: string }) => c.official_name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('searches, orders, and answers one carrier', async () => {
    const res = (await std({ method: 'GET', url: '/api/carriers/?search=maersk' })).json();
    expect(res.count).toBe(1);
    const one = await std({ method: 'GET', url: `/api/carriers/${res.results[0].id}/` });
    expect(one.json().scac).toBe('MAEU');
    const desc = (await std({ method: 'GET', url: '/api/carriers/?ordering=-scac' })).json();
    expect(desc.results[0].scac).toBe('ZIMU');
    const bad = await std({ method: 'GET', url: '/api/carriers/?ordering=dcsa_credentials' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ordering[0]).toMatch(/Invalid ordering field "dcsa_credentials"/);
    expect((await std({ method: 'GET', url: '/api/carriers/999999/' })).statusCode).toBe(404);
    expect((await std({ method: 'GET', url: '/api/carriers/abc/' })).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/carriers/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /api/event-codes/', () => {
  it('pages the codes and answers one by its code', async () => {
    const first = (await std({ method: 'GET', url: '/api/event-codes/' })).json();
    expect(first.count).toBe(36);
    expect(first.results).toHaveLength(30);
    expect(first.next).toBe('http://localhost/api/event-codes/?page=2');
    expect(first.results[0]).toEqual({
      id: 101,
      code: 101,
      code_name: 'EQUIPMENT_LOAD',
      description: 'Loaded on the vessel',
      description_es: 'Cargado en el buque',
      only_daily: false,
      category: 'equipment',
    });
    const alerts = (await std({ method: 'GET', url: '/api/event-codes/?category=alert' })).json();
    expect(alerts.count).toBe(8);
    const one = await std({ method: 'GET', url: '/api/event-codes/906/' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ code: 906, only_daily: true });
    expect((await std({ method: 'GET', url: '/api/event-codes/1/' })).statusCode).toBe(404);
  });
});

describe('GET /api/ports/', () => {
  it('searches by LOCODE, name or country and orders', async () => {
    const res = await std({ method: 'GET', url: '/api/ports/?search=NLRTM' });
    expect(res.statusCode).toBe(200);
    const port = res.json().results[0];
    expect(port).toMatchObject({
      locode: 'NLRTM',
      country_iso2: 'NL',
      display: expect.stringContaining('NLRTM'),
    });
    expect(typeof port.latitude).toBe('number');
    expect(typeof port.longitude).toBe('number');
    expect(Object.keys(port).sort()).toEqual(
      ['country_iso2', 'display', 'id', 'latitude', 'locode', 'longitude', 'name', 'timezone'].sort(),
    );
    const byName = (await std({ method: 'GET', url: '/api/ports/?search=rotterdam' })).json();
    expect(byName.results.some((p: { locode: string }) => p.locode === 'NLRTM')).toBe(true);
    const nl = (await std({ method: 'GET', url: '/api/ports/?search=NL&ordering=-name' })).json();
    expect(nl.count).toBeGreaterThan(5);
    const names = nl.results.map((p: { name: string }) => p.name);
    const rest = names.filter((_: string, i: number) => nl.results[i].locode !== 'NL');
    expect(rest).toEqual([...rest].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    const one = await std({ method: 'GET', url: `/api/ports/${port.id}/` });
    expect(one.json().locode).toBe('NLRTM');
    expect((await std({ method: 'GET', url: '/api/ports/?ordering=latitude' })).statusCode).toBe(400);
  });
});

describe('GET /api/code-types/', () => {
  it('answers the three code types', async () => {
    const res = await std({ method: 'GET', url: '/api/code-types/' });
    expect(res.json()).toEqual({
      count: 3,
      next: null,
      previous: null,
      results: [
        { id: 'c_id', name: 'Container number' },
        { id: 'b_id', name: 'Booking number' },
        { id: 'm_bl', name: 'B/L number' },
      ],
    });
  });
});

describe('GET /api/users/', () => {
  it("lists the company's users as summaries", async () => {
    const res = (await std({ method: 'GET', url: '/api/users/' })).json();
    expect(res.count).toBe(3);
    expect(res.results.map((u: { id: number }) => u.id).sort()).toEqual(
      [t.standard.id, t.colleague.id, t.limited.id].sort(),
    );
    expect(Object.keys(res.results[0]).sort()).toEqual([
      'email',
      'first_name',
      'id',
      'last_name',
      'username',
    ]);
    const found = (await std({ method: 'GET', url: `/api/users/?search=${t.limited.username}` })).json();
    expect(found.results.map((u: { id: number }) => u.id)).toEqual([t.limited.id]);
    expect((await outsider({ method: 'GET', url: '/api/users/' })).json().count).toBe(1);
  });
});

describe('projects', () => {
  it('creates, lists, changes and deletes a project with subscribers', async () => {
    const created = await std({
      method: 'POST',
      url: '/api/projects/',
      payload: { name: 'Spring imports', subscribers: [t.colleague.id, t.standard.id] },
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ name: 'Spring imports' });
    expect(p.subscribers.map((u: { id: number }) => u.id).sort()).toEqual(
      [t.standard.id, t.colleague.id].sort(),
    );
    expect(p.subscribers[0]).toEqual({
      id: expect.any(Number),
      username: expect.any(String),
      first_name: 'First',
      last_name: 'Last',
      email: expect.stringContaining('@example.com'),
    });

    const list = (await lim({ method: 'GET', url: '/api/projects/' })).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(p.id);
    expect((await outsider({ method: 'GET', url: '/api/projects/' })).json().count).toBe(0);

    const renamed = await std({
      method: 'PATCH',
      url: `/api/projects/${p.id}/`,
      payload: { name: 'Spring' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Spring', subscribers: expect.any(Array) });
    expect(renamed.json().subscribers).toHaveLength(2);
    const replaced = await mate({
      method: 'PUT',
      url: `/api/projects/${p.id}/`,
      payload: { name: 'Spring 2' },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().subscribers).toEqual([]);
    expect((await std({ method: 'GET', url: `/api/projects/${p.id}/` })).json().name).toBe('Spring 2');

    const del = await std({ method: 'DELETE', url: `/api/projects/${p.id}/` });
    expect(del.statusCode).toBe(204);
    expect((await std({ method: 'GET', url: `/api/projects/${p.id}/` })).statusCode).toBe(404);
  });

  it('validates the name and the subscriber ids', async () => {
    const empty = await std({ method: 'POST', url: '/api/projects/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ name: ['This field is required.'] });
    const blank = await std({ method: 'POST', url: '/api/projects/', payload: { name: '  ' } });
    expect(blank.json()).toEqual({ name: ['This field is required.'] });
    const long = await std({ method: 'POST', url: '/api/projects/', payload: { name: 'x'.repeat(151) } });
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 150 characters.'] });
    await std({ method: 'POST', url: '/api/projects/', payload: { name: 'Dup' } });
    const dup = await std({ method: 'POST', url: '/api/projects/', payload: { name: 'dup' } });
    expect(dup.json()).toEqual({ name: ['A project with this name already exists.'] });
    const foreign = await std({
      method: 'POST',
      url: '/api/projects/',
      payload: { name: 'Foreign', subscribers: [t.outsider.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      subscribers: [`Invalid pk "${t.outsider.id}" - object does not exist.`],
    });
    const notInts = await std({
      method: 'POST',
      url: '/api/projects/',
      payload: { name: 'X', subscribers: 'a' },
    });
    expect(notInts.json()).toEqual({ subscribers: ['Expected a list of items but got type "str".'] });
  });

  it('limited users get 403 on every write; other companies get 404', async () => {
    const p = (await std({ method: 'POST', url: '/api/projects/', payload: { name: 'Guarded' } })).json();
    expect((await lim({ method: 'POST', url: '/api/projects/', payload: { name: 'No' } })).statusCode).toBe(
      403,
    );
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await lim({ method, url: `/api/projects/${p.id}/`, payload: { name: 'No' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await outsider({ method, url: `/api/projects/${p.id}/`, payload: { name: 'No' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await std({ method: 'GET', url: `/api/projects/${p.id}/` })).json().name).toBe('Guarded');
  });

  it('deleting a project clears it from tracking requests', async () => {
    const p = (await std({ method: 'POST', url: '/api/projects/', payload: { name: 'To delete' } })).json();
    const carrier = await ctx.handle.db
      .selectFrom('carriers')
      .select('id')
      .where('scac', '=', 'MAEU')
      .executeTakeFirstOrThrow();
    const tr = await ctx.handle.db
      .insertInto('tracking_requests')
      .values({
        company_id: t.companyId,
        carrier_id: carrier.id,
        code_type: 'b_id',
        code_value: 'DELPROJ1',
        project_id: p.id,
        warnings: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await std({ method: 'DELETE', url: `/api/projects/${p.id}/` });
    const row = await ctx.handle.db
      .selectFrom('tracking_requests')
      .select('project_id')
      .where('id', '=', tr.id)
      .executeTakeFirstOrThrow();
    expect(row.project_id).toBeNull();
  });
});

describe('teams', () => {
  it('lets a manager create and change a team with coordinators and members', async () => {
    const created = await std({
      method: 'POST',
      url: '/api/teams/',
      payload: { name: 'Imports', coordinators: [t.standard.id], members: [t.colleague.id, t.limited.id] },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team.coordinators.map((u: { id: number }) => u.id)).toEqual([t.standard.id]);
    expect(team.members.map((u: { id: number }) => u.id).sort()).toEqual(
      [t.colleague.id, t.limited.id].sort(),
    );
    const list = (await lim({ method: 'GET', url: '/api/teams/' })).json();
    expect(list.results.map((x: { name: string }) => x.name)).toEqual(['Imports']);
    const changed = await std({ method: 'PATCH', url: `/api/teams/${team.id}/`, payload: { members: [] } });
    expect(changed.json().members).toEqual([]);
    expect(changed.json().coordinators).toHaveLength(1);
    const bad = await std({
      method: 'PATCH',
      url: `/api/teams/${team.id}/`,
      payload: { coordinators: [t.outsider.id] },
    });
    expect(bad.json()).toEqual({ coordinators: [`Invalid pk "${t.outsider.id}" - object does not exist.`] });
  });

  it('needs write permission and the manager flag; other companies get 404', async () => {
    const team = (await std({ method: 'POST', url: '/api/teams/', payload: { name: 'Exports' } })).json();
    // The colleague may write but is not a manager.
    expect((await mate({ method: 'POST', url: '/api/teams/', payload: { name: 'No' } })).statusCode).toBe(
      403,
    );
    expect((await lim({ method: 'POST', url: '/api/teams/', payload: { name: 'No' } })).statusCode).toBe(403);
    for (const who of [mate, lim]) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        expect(
          (await who({ method, url: `/api/teams/${team.id}/`, payload: { name: 'No' } })).statusCode,
        ).toBe(403);
      }
    }
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(
        (await outsider({ method, url: `/api/teams/${team.id}/`, payload: { name: 'x' } })).statusCode,
      ).toBe(404);
    }
    expect((await std({ method: 'DELETE', url: `/api/teams/${team.id}/` })).statusCode).toBe(204);
  });
});
