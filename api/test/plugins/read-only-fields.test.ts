// Read-modify-write on every PUT and PATCH of the API (plugins/read-only-fields.ts): what a GET of the object
// answered, sent back as it is, is accepted (its read-only fields ignored); a property the API never answers
// nor takes is still refused where the body is closed. The routes come from the OpenAPI document, so a new
// PUT/PATCH route is covered as soon as it exists.
import { readBackRule, readOnlyFieldsOf } from '../../src/plugins/read-only-fields';
import { insertRequest, insertShipment, startTenantApp } from '../helpers/app';
import type { Caller, Tenant, TestContext } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;

type Operation = {
  requestBody?: { content?: Record<string, { schema?: { additionalProperties?: unknown } }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

interface WriteRoute {
  method: 'PUT' | 'PATCH';
  path: string;
  closed: boolean;
}

/** Routes that take no JSON object (a file upload): nothing of them can be read back. */
const NOT_JSON = ['PUT /api/upload/bulk-import-tracking-requests/bulk'];

function writeRoutes(): WriteRoute[] {
  const doc = ctx.app.swagger() as Doc;
  const out: WriteRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of ['put', 'patch'] as const) {
      const op = ops[method];
      if (!op) continue;
      const json = op.requestBody?.content?.['application/json'];
      out.push({
        method: method.toUpperCase() as 'PUT' | 'PATCH',
        path,
        closed: json?.schema?.additionalProperties === false,
      });
    }
  }
  return out;
}

/**
 * The object a write route changes, as the API answers it, and its URL: `{id}` is an object of the caller's
 * (its own profile when listed), read by the item's GET, or from the list where the item has no GET.
 */
async function readObject(path: string): Promise<{ url: string; object: Record<string, unknown> }> {
  const match = /^(.*\/)\{id\}\/$/.exec(path);
  if (!match) {
    expect(path).not.toMatch(/\{/);
    const read = await std({ method: 'GET', url: path });
    expect([path, read.statusCode]).toEqual([path, 200]);
    return { url: path, object: read.json() };
  }
  const res = await std({ method: 'GET', url: match[1] });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const items: Record<string, unknown>[] = Array.isArray(body) ? body : body.results;
  expect(items.length).toBeGreaterThan(0);
  const own = items.find((i) => Number(i.id) === t.standard.id) ?? items[0];
  const url = path.replace('{id}', String(own.id));
  if (!(ctx.app.swagger() as Doc).paths[path].get) return { url, object: own };
  const read = await std({ method: 'GET', url });
  expect([url, read.statusCode]).toEqual([url, 200]);
  return { url, object: read.json() };
}

beforeAll(async () => {
  let callers;
  ({ ctx, t, ...callers } = await startTenantApp({
    app: { webhooks: { worker: false, allowPrivateUrls: true } },
  }));
  std = callers.std;
  const requestId = await insertRequest(ctx, { company_id: t.companyId, code_value: `RMW${t.companyId}` });
  await insertShipment(ctx, { company_id: t.companyId, tracking_request_id: requestId, client_code: 'RMW' });
  const creates: [string, unknown][] = [
    ['/api/projects/', { name: 'Read back', subscribers: [t.standard.id] }],
    ['/api/teams/', { name: 'Read back', coordinators: [t.standard.id], members: [t.colleague.id] }],
    ['/api/export-templates/', { name: 'Read back', columns: ['id'], filters: { status: ['new'] } }],
    ['/api/webhooks/', { url: 'http://127.0.0.1:9/hook', events: ['shipment.created'] }],
    ['/api/api-keys/', { name: 'Read back', scope: 'read' }],
    [
      '/api/free-time-rules/',
      {
        mode: 'separate',
        demurrage_free_days: 5,
        detention_free_days: 7,
        demurrage_tiers: [{ from_day: 1, to_day: null, rate: 75 }],
        currency: 'EUR',
      },
    ],
  ];
  for (const [url, payload] of creates) {
    const res = await std({ method: 'POST', url, payload: payload as object });
    expect([url, res.statusCode, res.body]).toEqual([url, 201, res.body]);
  }
});

afterAll(async () => ctx?.close());

describe('PUT and PATCH take back what GET answered', () => {
  it('finds the API’s write routes in the document', () => {
    const routes = writeRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining(['PUT /api/export-templates/{id}/', 'PATCH /api/user-profiles/{id}/']),
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
  });

  it('every route: GET the object, send it back unchanged → 200; an unknown property is still refused', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of writeRoutes()) {
      const name = `${route.method} ${route.path}`;
      if (NOT_JSON.includes(name)) continue;
      const { url, object } = await readObject(route.path);
      const back = await std({ method: route.method, url, payload: object });
      if (back.statusCode !== 200) failures.push(`${name} → ${back.statusCode} ${back.body.slice(0, 300)}`);
      if (route.closed) {
        const extra = await std({ method: route.method, url, payload: { ...object, not_a_field: 1 } });
        if (extra.statusCode !== 400 || !extra.json().not_a_field)
          failures.push(`${name} took an unknown property: ${extra.statusCode} ${extra.body.slice(0, 200)}`);
      }
      checked++;
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(writeRoutes().length - NOT_JSON.length);
  });

  it('an export template read, renamed and put back is saved with the new name', async () => {
    const list = await std({ method: 'GET', url: '/api/export-templates/' });
    const id = list.json()[0].id;
    const read = await std({ method: 'GET', url: `/api/export-templates/${id}/` });
    const changed = {
      ...read.json<Record<string, unknown>>(),
      name: 'Renamed',
      id: 999_999,
      user: 1,
      created_at: 'x',
    };
    const res = await std({ method: 'PUT', url: `/api/export-templates/${id}/`, payload: changed });
    expect(res.statusCode).toBe(200);
    // the read-only fields sent are ignored, not applied
    expect(res.json()).toMatchObject({ id, name: 'Renamed', user: t.standard.id });
    expect(res.json().created_at).toBe(read.json().created_at);
    const unknown = await std({
      method: 'PUT',
      url: `/api/export-templates/${id}/`,
      payload: { ...read.json<Record<string, unknown>>(), colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ colour: ['Unexpected property'] });
  });

  it('reads the read-only fields from the schemas: answered, not taken', () => {
    const route = {
      method: 'PUT' as const,
      schema: {
        body: { properties: { name: {}, columns: {} } },
        response: { 200: { allOf: [{ properties: { id: {}, name: {} } }, { properties: { user: {} } }] } },
      },
    };
    expect(readOnlyFieldsOf(route).sort()).toEqual(['id', 'user']);
    const ids = {
      method: 'PATCH' as const,
      schema: {
        body: { properties: { members: { type: 'array', items: { type: 'integer' } } } },
        response: {
          200: {
            properties: {
              id: {},
              members: { type: 'array', items: { properties: { id: {}, username: {} } } },
            },
          },
        },
      },
    };
    expect(readBackRule(ids)).toEqual({ readOnly: ['id'], idLists: ['members'] });
    expect(readOnlyFieldsOf({ ...route, method: 'POST' })).toEqual([]);
    expect(readOnlyFieldsOf({ method: 'PATCH', schema: { response: route.schema.response } })).toEqual([]);
  });
});
