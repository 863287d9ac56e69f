/**
 * @jest-environment node
 */
// The client against a real HTTP server on loopback (the network seam), not a stubbed fetch.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApi, resetApiConfig } from './config';
import { ApiError } from './errors';
import { api } from './http';
import { exportTrackingRequests } from './tracking-calls';
import { login } from './calls';
import { sessionStore } from './session';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  acceptLanguage?: string;
  body?: string;
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

/** The fake API's answer to one request (after its body has been read). */
function answer(req: IncomingMessage, res: ServerResponse, body: string): ServerResponse {
  seen.push({
    method: req.method,
    url: req.url,
    authorization: req.headers.authorization,
    acceptLanguage: req.headers['accept-language'],
    body,
  });
  res.setHeader('content-type', 'application/json');
  if (req.url === '/api/token/') {
    const { username, password } = JSON.parse(body);
    if (username === 'demo' && password === 'demo') return res.end(JSON.stringify({ token: 'tok123' }));
    res.statusCode = 400;
    return res.end(JSON.stringify({ non_field_errors: ['Unable to log in with provided credentials.'] }));
  }
  if (req.url?.startsWith('/api/tracking-requests/export/')) {
    res.statusCode = 401;
    return res.end(JSON.stringify({ detail: 'Invalid token.' }));
  }
  if (req.url === '/api/rest-auth/user/') {
    if (req.headers.authorization !== 'Token tok123') {
      res.statusCode = 401;
      return res.end(JSON.stringify({ detail: 'Invalid token.' }));
    }
    return res.end(JSON.stringify({ id: 7, username: 'demo', userprofile: { role: 1 } }));
  }
  return res.end(JSON.stringify({ ok: true }));
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

it('appends the trailing slash, repeats array keys, and skips the slash when told to', async () => {
  await api.get('tracking-requests', { query: { status: ['new', 'ongoing'], page: 1 } });
  await api.post('upload/bulk-import-tracking-requests/bulk', undefined, { appendSlash: false });
  expect(seen.map((s) => s.url)).toEqual([
    '/api/tracking-requests/?status=new&status=ongoing&page=1',
    '/api/upload/bulk-import-tracking-requests/bulk',
  ]);
  expect(seen[0].authorization).toBeUndefined();
});

it('logs in, stores the token, sends it as "Token …" and loads the user', async () => {
  const user = await login('demo', 'demo');
  expect(user.id).toBe(7);
  expect(sessionStore.getState().token).toBe('tok123');
  expect(seen[1].authorization).toBe('Token tok123');
});

it('throws ApiError with the parsed error body on a failed login and stores nothing', async () => {
  await expect(login('demo', 'wrong')).rejects.toMatchObject({
    status: 400,
    body: { non_field_errors: ['Unable to log in with provided credentials.'] },
  });
  expect(sessionStore.getState().token).toBeNull();
});

it('ends the session when the API answers 401 to a stored token', async () => {
  sessionStore.getState().setToken('stale');
  const error = await api.get('rest-auth/user').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect(sessionStore.getState().token).toBeNull();
});

it('sends the language the configuration reports as Accept-Language on every call', async () => {
  let lang = 'es';
  configureApi({ language: () => lang });
  await api.get('tracking-requests');
  lang = 'en';
  await api.get('tracking-requests');
  expect(seen.map((s) => s.acceptLanguage)).toEqual(['es', 'en']);
});

it('the file download maps a 401 like every other call: ApiError and the session ends', async () => {
  sessionStore.getState().setToken('stale');
  const error = await exportTrackingRequests({}, ['code_value']).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect((error as ApiError).body).toEqual({ detail: 'Invalid token.' });
  expect(sessionStore.getState().token).toBeNull();
});

it("an unreachable server gives status 0 with a message in the user's language", async () => {
  const { baseUrl } = configureApi({});
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  try {
    for (const [lang, text] of [
      ['es', 'No se puede conectar con el servidor. Compruebe su conexión y vuelva a intentarlo.'],
      ['en', 'Cannot reach the server. Check your connection and try again.'],
    ]) {
      configureApi({ baseUrl: `http://127.0.0.1:${port}/api`, language: () => lang });
      const error = await api.get('tracking-requests').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
      expect((error as ApiError).body).toEqual({ detail: [text] });
    }
  } finally {
    configureApi({ baseUrl });
  }
});
