/**
 * @jest-environment node
 */
// The page's query client against a real HTTP server on loopback (the network seam), not a stubbed fetch.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError, configureApi, resetApiConfig, sessionStore } from '@portal/shared-api';
import {
  createQueryClient,
  getQueryClient,
  invalidateProjects,
  queryKeys,
  referenceQueries,
  shouldRetry,
} from '.';

let server: Server;
const asked: string[] = [];
let projectNames = ['First'];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(path);
    res.setHeader('Content-Type', 'application/json');
    if (path === '/api/carriers/') res.end(JSON.stringify([{ id: 1, short_name: 'MAEU' }]));
    else if (path === '/api/projects/')
      res.end(JSON.stringify(projectNames.map((name, i) => ({ id: i + 1, name }))));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApi({ baseUrl: `http://127.0.0.1:${port}/api/` });
});
afterAll(async () => {
  resetApiConfig();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
  projectNames = ['First'];
});

const times = (path: string) => asked.filter((p) => p === path).length;

describe('the retry rule', () => {
  it('never retries an answer of the 4xx family, retries once when no answer came or on a 500', () => {
    expect(shouldRetry(0, new ApiError(400, {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, {}))).toBe(true);
    expect(shouldRetry(0, new ApiError(500, {}))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, {}))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });
});

describe('the reference lists', () => {
  it('asks for the carriers once: screens asking at the same time share the call, later ones get the cache', async () => {
    const client = createQueryClient();
    const [a, b] = await Promise.all([
      client.fetchQuery(referenceQueries.carriers()),
      client.fetchQuery(referenceQueries.carriers()),
    ]);
    expect(a).toEqual([{ id: 1, short_name: 'MAEU' }]);
    expect(b).toBe(a);
    // another page (another remote) later in the session
    expect(await client.fetchQuery(referenceQueries.carriers())).toBe(a);
    expect(times('/api/carriers/')).toBe(1);
  });

  it('asks for the projects again when they were written to', async () => {
    const client = createQueryClient();
    const observer = new QueryObserver(client, referenceQueries.projects());
    const seen: string[] = [];
    const stop = observer.subscribe((result) => {
      if (result.data) seen.push(result.data.map((p) => p.name).join(','));
    });
    await client.fetchQuery(referenceQueries.projects());
    expect(seen.at(-1)).toBe('First');
    projectNames = ['First', 'Second'];
    await invalidateProjects(client);
    expect(seen.at(-1)).toBe('First,Second');
    expect(times('/api/projects/')).toBe(2);
    stop();
  });
});

describe('the page client', () => {
  it('is one client, emptied when the session changes hands', () => {
    const client = getQueryClient();
    expect(getQueryClient()).toBe(client);
    client.setQueryData(queryKeys.reference.projects, [{ id: 1, name: 'Demo' }]);
    sessionStore.getState().setToken('another-token');
    expect(client.getQueryData(queryKeys.reference.projects)).toBeUndefined();
    sessionStore.getState().logout();
  });
});
