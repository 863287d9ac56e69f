// The fuzz part of the fault suite: every route of the OpenAPI document, as the standard user of a
// seeded company, with hostile values in every path parameter, query parameter and body field: NUL bytes, huge
// and deeply nested values, wrong types, out-of-range numbers and dates. Expects no 5xx. In-process
// (`app.inject`, no network at all), bounded in count (FUZZ_MAX_INPUTS, default 30,000, more than today's
// document needs) and time (FUZZ_MAX_SECONDS, default 300). An input that ends the session (logout) is followed
// by a new token, so every later input reaches its route. Then the bombs of fault/bombs.ts over loopback HTTP
// (decompression bombs, deep JSON, huge bodies, headers and query strings), each refused in bounded time and
// memory while the API keeps answering (FUZZ_BOMBS=0 skips them).
//
//   cd api && TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run fuzz
//
// Database: a throwaway database on the server of TEST_DATABASE_URL / DATABASE_URL (created, migrated and
// dropped), else an embedded PostgreSQL in a temporary folder. Exit code 1 when any input got a 5xx, an input
// still got a 401 with a fresh token, an operation got no input, or a bomb was not refused in time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions } from 'light-my-request';
import { buildApp } from '../src/app';
import { runBombs } from './bombs';
import { createDb, dropDatabase, ensureDatabase, withDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { createCompany, createUser } from '../src/services/accounts';
import { seedReferenceData } from '../src/tracking/reference-data';

const MAX_INPUTS = Number(process.env.FUZZ_MAX_INPUTS || 30_000);
const MAX_SECONDS = Number(process.env.FUZZ_MAX_SECONDS || 300);

let deepObject: unknown = 'x';
for (let i = 0; i < 60; i++) deepObject = { a: deepObject };

/** Hostile values, by name. */
const HOSTILE: Array<[string, unknown]> = [
  ['nul', 'a\u0000b'],
  ['huge string', 'x'.repeat(100_000)],
  ['nested', deepObject],
  ['object', { a: 1 }],
  ['array', [1, 'a', null]],
  ['long list', Array.from({ length: 5000 }, (_, i) => i)],
  ['bool', true],
  ['null', null],
  ['int4+1', 2147483648],
  ['-int4-2', -2147483649],
  ['1e308', 1e308],
  ['negative', -1],
  ['zero', 0],
  ['float', 1.5],
  ['far date', '99999-12-31'],
  ['ancient date', '-4713-01-01'],
  ['bad date', '2024-02-30'],
  ['infinity', 'infinity'],
  ['formula', '=HYPERLINK("http://x")'],
  ['unicode', '\ud800'],
  ['sql', "' OR 1=1 --"],
];
/** The same as text, for the path and the query string. */
const HOSTILE_TEXT: Array<[string, string]> = [
  ['nul', 'a%00b'],
  ['bad escape', '%E0%A4%A'],
  ['huge number', '99999999999999999999'],
  ['int4+1', '2147483648'],
  ['negative', '-1'],
  ['leading zeros', '0001'],
  ['spaces', '%201%20'],
  ['far days', '9999999'],
  ['far date', '99999-12-31'],
  ['ancient date', '-4713-01-01'],
  ['huge', 'x'.repeat(5000)],
  ['float', '1.5e300'],
  ['sql', "'%20OR%201=1--"],
];

interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: string }>;
  bodyFields: string[];
}

function operations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const out: Operation[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    if (p.startsWith('/api/docs')) continue;
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      };
      const json = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path: p,
        params: op.parameters ?? [],
        bodyFields: Object.keys(json?.properties ?? {}),
      });
    }
  }
  return out;
}

const fill = (p: string, value: string) => p.replace(/\{[^}]+\}/g, value);

async function fuzz(app: FastifyInstance, signIn: () => Promise<string>) {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const ops = operations(doc);
  const deadline = Date.now() + MAX_SECONDS * 1000;
  let tried = 0;
  let signIns = 0;
  const failures: string[] = [];
  const statuses: Record<string, number> = {};
  const reached = new Set<string>();
  const headers = { authorization: `Token ${await signIn()}` };
  const send = async (label: string, opts: InjectOptions) => {
    if (tried >= MAX_INPUTS || Date.now() > deadline) return false;
    tried += 1;
    reached.add(label.split(' ').slice(0, 2).join(' '));
    let res = await app.inject(opts);
    // An input that ended the session (logout, a password change) must not leave every later input
    // unauthenticated: a 401 gets a new token and the input is sent again with it.
    if (res.statusCode === 401 && opts.headers && 'authorization' in opts.headers) {
      headers.authorization = `Token ${await signIn()}`;
      signIns += 1;
      res = await app.inject({ ...opts, headers: { ...opts.headers, authorization: headers.authorization } });
    }
    const kind = `${Math.floor(res.statusCode / 100)}xx${res.statusCode === 401 ? ' (401)' : ''}`;
    statuses[kind] = (statuses[kind] ?? 0) + 1;
    if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
    return true;
  };
  for (const op of ops) {
    const base = fill(op.path, '1');
    // Path parameters.
    if (/\{[^}]+\}/.test(op.path)) {
      for (const [name, text] of HOSTILE_TEXT) {
        if (
          !(await send(`${op.method} ${op.path} path=${name}`, {
            method: op.method,
            url: fill(op.path, text),
            headers,
          }))
        )
          break;
      }
    }
    // Query parameters (an operation without any gets an unknown one: it must be ignored or refused).
    const queryParams = op.params.filter((p) => p.in === 'query');
    if (queryParams.length === 0) queryParams.push({ name: 'unknown_parameter', in: 'query' });
    for (const param of queryParams) {
      for (const [name, text] of HOSTILE_TEXT) {
        const url = `${base}?${param.name}=${text}`;
        if (
          !(await send(`${op.method} ${op.path} ?${param.name}=${name}`, {
            method: op.method,
            url,
            headers,
          }))
        )
          break;
      }
    }
    // Body fields, one at a time, then the whole body.
    if (['POST', 'PUT', 'PATCH'].includes(op.method)) {
      for (const field of op.bodyFields) {
        for (const [name, value] of HOSTILE) {
          const ok = await send(`${op.method} ${op.path} body.${field}=${name}`, {
            method: op.method,
            url: base,
            headers,
            payload: { [field]: value },
          });
          if (!ok) break;
        }
      }
      for (const [name, value] of HOSTILE) {
        const ok = await send(`${op.method} ${op.path} body=${name}`, {
          method: op.method,
          url: base,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(value),
        });
        if (!ok) break;
      }
    }
  }
  const unreached = ops.map((op) => `${op.method} ${op.path}`).filter((k) => !reached.has(k));
  return { tried, operations: ops.length, failures, statuses, signIns, unreached };
}

/** A database of its own for the run: on TEST_DATABASE_URL / DATABASE_URL's server, else an embedded one. */
async function fuzzDatabase(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const name = `portal_fuzz_${Date.now()}_${process.pid}`;
  if (serverUrl) {
    await ensureDatabase(serverUrl, name);
    return { url: withDatabase(serverUrl, name), cleanup: () => dropDatabase(serverUrl, name) };
  }
  const { startEmbeddedPostgres } = await import('../src/db/embedded');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-fuzz-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: 54_000 + (process.pid % 1000), database: name });
  return {
    url: pg.url,
    cleanup: async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends the bombs and prints how each was refused; returns how many were missed. */
async function reportBombs(app: Parameters<typeof runBombs>[0], token: string): Promise<number> {
  const bombsStarted = Date.now();
  const bombs = await runBombs(app, token);
  const bombsMissed = bombs.filter((b) => !b.ok).length;
  console.log(
    `bombs: ${bombs.length} sent in ${((Date.now() - bombsStarted) / 1000).toFixed(1)} s, refused in time: ` +
      `${bombs.length - bombsMissed}, missed: ${bombsMissed}`,
  );
  for (const b of bombs) {
    console.log(
      `  ${b.ok ? 'ok  ' : 'MISS'} ${b.name}: ${b.status} in ${b.seconds.toFixed(2)} s, slowest health check ` +
        `${b.healthMaxMs.toFixed(0)} ms, memory +${b.rssGrowthMb.toFixed(0)} MB ${b.ok ? '' : b.detail}`,
    );
  }
  return bombsMissed;
}

async function main() {
  const { url, cleanup } = await fuzzDatabase();
  const handle = createDb(url, { max: 4 });
  try {
    await migrate(url);
    await seedReferenceData(handle.db);
    const companyId = await createCompany(handle.db, { name: 'Fuzz company', max_tracking_requests: 100 });
    await createUser(handle.db, {
      username: 'fuzz',
      password: 'fuzz-password-1',
      companyId,
      roleId: 1,
      is_manager: true,
      hashCost: 2 ** 10,
    });
    const app = await buildApp({
      db: handle.db,
      passwordHashCost: 2 ** 10,
      loginThrottle: { perAddress: 1e6 },
      // FUZZ_LOG=1: the API's error log (the cause of a 5xx) on stderr.
      logger: process.env.FUZZ_LOG === '1' ? { level: 'error' } : false,
    });
    await app.ready();
    const signIn = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: 'fuzz', password: 'fuzz-password-1' },
      });
      if (res.statusCode !== 200) throw new Error(`fuzz login: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    };
    const started = Date.now();
    const result = await fuzz(app, signIn);
    console.log(
      `fuzz: ${result.operations} operations, ${result.tried} inputs tried in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `5xx seen: ${result.failures.length}; answers ${JSON.stringify(result.statuses)}; ` +
        `sessions ended by an input and renewed: ${result.signIns}`,
    );
    for (const f of result.failures.slice(0, 50)) console.log(`  ${f}`);
    if (result.unreached.length > 0) {
      console.log(
        `MISS: ${result.unreached.length} operations got no input (limits): ${result.unreached.join(', ')}`,
      );
    }
    // Bombs, over loopback HTTP (FUZZ_BOMBS=0 skips them).
    const bombsMissed = process.env.FUZZ_BOMBS !== '0' ? await reportBombs(app, await signIn()) : 0;
    await app.close();
    // A 401 left after a new token means inputs never reached their route: the run proves nothing there.
    const unauthenticated = result.statuses['4xx (401)'] ?? 0;
    if (unauthenticated > 0)
      console.log(`MISS: ${unauthenticated} inputs still answered 401 with a fresh token`);
    const missed = result.failures.length + bombsMissed + unauthenticated + result.unreached.length;
    process.exitCode = missed > 0 ? 1 : 0;
  } finally {
    await handle.close();
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
