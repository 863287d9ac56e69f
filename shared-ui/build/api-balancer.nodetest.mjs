// The shell's balanced /api/ proxy (api-balancer.mjs) against real local servers: round-robin over the API
// processes, a read retried on another process when one is down, a write with an Idempotency-Key retried, a
// write without one not, and bodies forwarded byte for byte.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import fastifyProxy from '@fastify/http-proxy';
import { apiUpstreams, mayRetry, registerApiProxy } from './api-balancer.mjs';

const upstreams = [];
let proxy;
let proxyUrl;

async function upstream(name) {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  app.all('/api/*', async (request) => ({ name, method: request.method, body: request.body ?? null }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

before(async () => {
  for (const name of ['a', 'b', 'c']) upstreams.push(await upstream(name));
  proxy = Fastify();
  await registerApiProxy(proxy, fastifyProxy, {
    upstream: upstreams.map((u) => u.url).join(','),
    prefix: '/api',
    rewritePrefix: '/api',
  });
  proxyUrl = await proxy.listen({ port: 0, host: '127.0.0.1' });
});

after(async () => {
  await proxy.close();
  await Promise.all(upstreams.map((u) => u.app.close()));
});

test('API_URL lists the processes', () => {
  assert.deepEqual(apiUpstreams('http://a:1/, http://b:2'), ['http://a:1', 'http://b:2']);
});

test('which attempts may be sent again', () => {
  assert.equal(mayRetry({ method: 'POST', errorCode: 'ECONNREFUSED' }), true);
  assert.equal(mayRetry({ method: 'POST', errorCode: 'UND_ERR_SOCKET' }), false);
  assert.equal(
    mayRetry({ method: 'POST', headers: { 'idempotency-key': 'k' }, errorCode: 'UND_ERR_SOCKET' }),
    true,
  );
  assert.equal(mayRetry({ method: 'GET', statusCode: 503 }), true);
  assert.equal(mayRetry({ method: 'GET', statusCode: 500 }), false);
  assert.equal(mayRetry({ method: 'PATCH', statusCode: 503 }), false);
});

test('spreads requests over every process and forwards bodies unchanged', async () => {
  const seen = new Set();
  for (let i = 0; i < 9; i += 1) seen.add((await (await fetch(`${proxyUrl}/api/x/`)).json()).name);
  assert.deepEqual([...seen].sort(), ['a', 'b', 'c']);
  const raw = '{"b": 1,  "a":[2]}';
  const res = await fetch(`${proxyUrl}/api/x/`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal((await res.json()).body, raw);
});

test('a process that is down: reads and keyed writes go to another, every time', async () => {
  await upstreams[1].app.close();
  for (let i = 0; i < 12; i += 1) {
    const read = await fetch(`${proxyUrl}/api/x/`);
    assert.equal(read.status, 200);
    assert.notEqual((await read.json()).name, 'b');
    const write = await fetch(`${proxyUrl}/api/x/`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'idempotency-key': `k${i}` },
    });
    assert.equal(write.status, 200);
  }
});
