/**
 * @jest-environment node
 */
// The typed client: a path, method, parameter, query or body the API's document does not pair is a type error
// (each `@ts-expect-error` below fails the type-check if the client lets it through), and the URL it builds
// reaches a real HTTP server on loopback as the hand-written calls did.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPath } from './client';
import { client } from './typed-client';
import { configureApi, resetApiConfig } from './config';
import { ApiError } from './errors';
import { sessionStore } from './session';
import type { ShipmentDetail, TrackingRequest } from './types';

interface Seen {
  method?: string;
  url?: string;
  body: string;
  contentType?: string;
}

let server: Server;
let seen: Seen[] = [];

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

/** The fake API: 204 to a DELETE, 401 to an export, else the request echoed back as JSON. */
function answer(req: IncomingMessage, res: ServerResponse, body: string): ServerResponse {
  seen.push({ method: req.method, url: req.url, body, contentType: req.headers['content-type'] });
  if (req.method === 'DELETE') {
    res.statusCode = 204;
    return res.end();
  }
  res.setHeader('content-type', 'application/json');
  if (req.url?.includes('/export/')) {
    res.statusCode = 401;
    return res.end(JSON.stringify({ detail: 'Invalid token.' }));
  }
  return res.end(JSON.stringify({ method: req.method, url: req.url }));
}

beforeAll(async () => {
  server = createServer((req, res) => void readAll(req).then((body) => answer(req, res, body)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApi({ baseUrl: `http://127.0.0.1:${port}/api` });
});

afterAll(async () => {
  resetApiConfig();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  sessionStore.getState().logout();
});

describe('the type-check refuses a call the document does not pair', () => {
  // Never run: only type-checked (`npx tsc --noEmit -p shared-api`). Removing the client's constraints makes
  // each directive unused, which fails the type-check.
  async function wrongPairs(id: number) {
    // @ts-expect-error: a path the API does not have
    await client.get('/api/shipment/{id}/', { params: { id } });
    // @ts-expect-error: a method the path does not have (tokens are only created)
    await client.get('/api/token/', {});
    // @ts-expect-error: the answer of another path (a shipment is not a tracking request)
    const request: TrackingRequest = await client.get('/api/shipments/{id}/', { params: { id } });
    // @ts-expect-error: a field the answer does not have
    void (await client.get('/api/shipments/{id}/', { params: { id } })).code_value_typo;
    // @ts-expect-error: the path parameter is missing
    await client.get('/api/shipments/{id}/');
    // @ts-expect-error: a parameter of another name
    await client.get('/api/shipments/{id}/', { params: { shipment: id } });
    // @ts-expect-error: parameters on a path without any
    await client.get('/api/shipments/', { params: { id } });
    // @ts-expect-error: a body field the operation does not take
    await client.post('/api/token/', { json: { username: 'a', password: 'b', remember: true } });
    // @ts-expect-error: a required body field is missing
    await client.post('/api/token/', { json: { username: 'a' } });
    // @ts-expect-error: the body is required
    await client.post('/api/token/');
    // @ts-expect-error: a JSON body to an operation that takes a file
    await client.post('/api/free-time-rules/import/', { json: { mode: 'upsert' } });
    // @ts-expect-error: a value the query parameter does not take
    await client.get('/api/upload/bulk-import-tracking-requests/template', { query: { format: 'pdf' } });
    // @ts-expect-error: a query parameter the operation does not have
    await client.get('/api/shipments/coordinates/', { query: { formats: 'compact' } });
    // @ts-expect-error: an object is no query value
    await client.get('/api/tracking-requests/', { query: { page: { n: 2 } } });
    // @ts-expect-error: a DELETE answers nothing
    const deleted: string = await client.delete('/api/webhooks/{id}/', { params: { id } });
    return [request, deleted];
  }

  /** The same calls, paired right: each compiles and its answer has the document's type. */
  async function rightPairs(id: number) {
    const detail: ShipmentDetail = await client.get('/api/shipments/{id}/', { params: { id } });
    const { token } = await client.post('/api/token/', { json: { username: 'a', password: 'b' } });
    const deleted: null = await client.delete('/api/webhooks/{id}/', { params: { id } });
    await client.get('/api/tracking-requests/', { query: { page: 2, status: ['new', 'ongoing'] } });
    await client.post('/api/free-time-rules/import/', { form: new FormData(), query: { mode: 'upsert' } });
    return [detail, token, deleted];
  }

  it('are functions the type-check reads (not run)', () => {
    expect([wrongPairs, rightPairs].every((f) => typeof f === 'function')).toBe(true);
  });
});

describe('the URL the client builds', () => {
  it('fills the path parameters, encoded, and keeps the trailing slash rule', async () => {
    await client.get('/api/bi/{metric}/', { params: { metric: 'dwell time/pod' }, query: { lang: 'en' } });
    await client.post('/api/webhooks/{id}/deliveries/{deliveryId}/redeliver/', {
      params: { id: 7, deliveryId: 'a?b#c' },
    });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/bi/dwell%20time%2Fpod/?lang=en',
      'POST /api/webhooks/7/deliveries/a%3Fb%23c/redeliver/',
    ]);
  });

  it('sends the query in the API convention: arrays repeat the key, empty values are left out', async () => {
    await client.get('/api/tracking-requests/', {
      query: { status: ['new', 'ongoing'], page: 2, search: '', ordering: null, project_id: undefined },
    });
    expect(seen[0].url).toBe('/api/tracking-requests/?status=new&status=ongoing&page=2');
  });

  it('sends the JSON body, and answers what the API answered', async () => {
    const answered = await client.patch('/api/tracking-requests/{id}/', {
      params: { id: 12 },
      json: { client_code: 'PO-1' },
    });
    expect(answered).toEqual({ method: 'PATCH', url: '/api/tracking-requests/12/' });
    expect(seen[0].body).toBe('{"client_code":"PO-1"}');
    expect(seen[0].contentType).toBe('application/json');
  });

  it('sends a file as multipart, to a path the document writes without the trailing slash', async () => {
    const form = new FormData();
    form.append('file', new Blob(['code_type,code_value\n']), 'bulk.csv');
    await client.put('/api/upload/bulk-import-tracking-requests/bulk', { form });
    expect(seen[0].url).toBe('/api/upload/bulk-import-tracking-requests/bulk');
    expect(seen[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('filename="bulk.csv"');
  });

  it('answers null to an answer without content', async () => {
    await expect(client.delete('/api/webhooks/{id}/', { params: { id: 3 } })).resolves.toBeNull();
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/webhooks/3/' });
  });

  it('follows the configured trailing slash, as every call of the API client does', async () => {
    const { baseUrl } = configureApi({ appendSlash: false });
    try {
      await client.get('/api/shipments/{id}/', { params: { id: 5 } });
    } finally {
      configureApi({ baseUrl, appendSlash: true });
    }
    expect(seen[0].url).toBe('/api/shipments/5');
  });

  it('downloads from the built URL, and a refusal is an ApiError', async () => {
    const error = await client
      .download('/api/bi/{metric}/export/', { params: { metric: 'a b' }, query: { lang: 'es' } }, 'bi.xlsx')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(seen[0].url).toBe('/api/bi/a%20b/export/?lang=es');
  });

  it('refuses a template whose parameter has no value (a call that escaped the type-check)', () => {
    expect(() => apiPath('/api/shipments/{id}/', {})).toThrow('/api/shipments/{id}/: no value for {id}');
    expect(apiPath('/api/upload/bulk-import-tracking-requests/template')).toEqual({
      path: 'upload/bulk-import-tracking-requests/template',
      appendSlash: false,
    });
  });
});
