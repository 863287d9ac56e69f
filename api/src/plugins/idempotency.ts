// Idempotency-Key on creating POSTs: a client whose connection dropped repeats its create with the same key and
// gets the first answer back, and nothing is created twice.
// - Which routes: every POST whose schema answers 201 (tracking requests, projects, teams, export templates, API
//   keys, webhooks, redeliveries…), found when routes are registered, so a new creating route is covered by
//   declaring its 201. Only for a caller (token or API key): keys belong to the caller within its company.
// - The claim: the first request INSERTs the row (caller, key); the primary key decides between concurrent
//   requests, so exactly one runs and the others see its row: still running → 409, done → its answer replayed
//   (status and body, `Idempotent-Replayed: true`), other method, path or body → 422.
// - The answer is stored when it is sent; a 5xx (or a 429) frees the key, so a retry runs again. A claim whose
//   request never finished (the process was killed) is taken over after STALE_SECONDS.
// - Stored in PostgreSQL (table idempotency_keys, migration 0024): survives a restart, shared by processes.
//   Keys live 24 hours; expired rows are deleted at most every PRUNE_EVERY_MS, by whichever request comes.
// - Some answers carry a secret shown once (a new API key, a webhook's signing secret): the table keeps only the
//   SHA-256 of the key, and the answer encrypted (AES-256-GCM) with a key derived from the Idempotency-Key
//   itself, so the database alone gives neither the answers nor the keys.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { ApiError } from '../lib/errors';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_TTL_HOURS = 24;
const MAX_KEY_LENGTH = 255;
const STALE_SECONDS = 60;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Answers larger than this are not kept (creates answer one object): the key is freed instead. */
const MAX_STORED_BODY = 256 * 1024;

export const IDEMPOTENCY_MESSAGES = {
  badKey: `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters.`,
  reused:
    'This Idempotency-Key was already used with another request. Use a new key for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
} as const;

/** Visible ASCII only (RFC 9110 field value without spaces at either end): the key is stored and compared as is. */
const KEY_SHAPE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

interface Claim {
  caller: string;
  /** SHA-256 (hex) of the Idempotency-Key: what the table keeps. */
  key: string;
  /** The AES-256 key of the stored answer, derived from the Idempotency-Key (never stored). */
  secret: Buffer;
}

/** The table's `key` of an Idempotency-Key. */
export const storedKeyOf = (rawKey: string) =>
  createHash('sha256').update(`idempotency-key\n${rawKey}`).digest('hex');

function claimOf(caller: string, rawKey: string): Claim {
  return {
    caller,
    key: storedKeyOf(rawKey),
    secret: createHash('sha256').update(`idempotency-answer\n${caller}\n${rawKey}`).digest(),
  };
}

/** base64 of iv (12) | tag (16) | ciphertext. */
function seal(secret: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(secret: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/** JSON with object keys sorted, so that the same body sent with its keys in another order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body ?? null)}`)
    .digest('hex');
}

/** Whether a route creates something: a POST whose schema declares a 201 answer. */
export function isCreatingRoute(route: Pick<RouteOptions, 'method' | 'schema'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  return methods.includes('POST') && !!response && Object.keys(response).includes('201');
}

let lastPrune = 0;

/** Deletes the expired keys (at most every PRUNE_EVERY_MS per process, unless forced). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, force = false): Promise<number> {
  if (!force && Date.now() - lastPrune < PRUNE_EVERY_MS) return 0;
  lastPrune = Date.now();
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', new Date())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

type Found =
  | { kind: 'claimed' }
  | { kind: 'other-request' }
  | { kind: 'in-progress' }
  | { kind: 'replay'; status: number; type: string | null; body: string };

/**
 * Claims (caller, key) for this request, or says what holds it. One statement: the INSERT wins or meets the row
 * of the request that did; an expired row or a stale claim of the same request is taken over in the same
 * statement (ON CONFLICT … DO UPDATE … WHERE), so two retries cannot both take it.
 */
async function claim(
  db: Kysely<Database>,
  c: Claim,
  companyId: number,
  fingerprint: string,
  attempt = 1,
): Promise<Found> {
  const taken = await sql<{ caller: string }>`
    INSERT INTO idempotency_keys (caller, key, company_id, fingerprint, expires_at)
    VALUES (${c.caller}, ${c.key}, ${companyId}, ${fingerprint},
            now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
    ON CONFLICT (caller, key) DO UPDATE
      SET company_id = EXCLUDED.company_id, fingerprint = EXCLUDED.fingerprint, response_status = NULL,
          response_type = NULL, response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= now()
         OR (idempotency_keys.response_status IS NULL
             AND idempotency_keys.fingerprint = EXCLUDED.fingerprint
             AND idempotency_keys.created_at < now() - make_interval(secs => ${STALE_SECONDS}))
    RETURNING caller`.execute(db);
  if (taken.rows.length > 0) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'response_status', 'response_type', 'response_body'])
    .where('caller', '=', c.caller)
    .where('key', '=', c.key)
    .executeTakeFirst();
  // Deleted between the two statements (pruned, or freed by a failed first request): claim again.
  if (!row) {
    if (attempt >= 3) return { kind: 'in-progress' };
    return claim(db, c, companyId, fingerprint, attempt + 1);
  }
  if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
  if (row.response_status === null) return { kind: 'in-progress' };
  return {
    kind: 'replay',
    status: row.response_status,
    type: row.response_type,
    body: row.response_body ? unseal(c.secret, row.response_body) : '',
  };
}

async function release(db: Kysely<Database>, c: Claim): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('caller', '=', c.caller).where('key', '=', c.key).execute();
}

function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload === null || payload === undefined) return '';
  return null; // a stream: not kept
}

async function beforeHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return;
  const auth = request.auth;
  // Anonymous creates (the public contact form) have no caller to hold a key: the header is ignored.
  if (!auth) return;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (Array.isArray(raw) || key.length > MAX_KEY_LENGTH || !KEY_SHAPE.test(key)) {
    throw new ApiError(400, { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.badKey] });
  }
  const db = request.server.db;
  await pruneIdempotencyKeys(db);
  const c = claimOf(auth.apiKey ? `k${auth.apiKey.id}` : `u${auth.user.id}`, key);
  const path = request.url.split('?')[0];
  const found = await claim(
    db,
    c,
    auth.profile.company_id,
    fingerprintOf(request.method, path, request.body),
  );
  if (found.kind === 'other-request') throw new ApiError(422, { detail: IDEMPOTENCY_MESSAGES.reused });
  if (found.kind === 'in-progress') {
    throw new ApiError(409, { detail: IDEMPOTENCY_MESSAGES.inProgress }, { 'Retry-After': '1' });
  }
  if (found.kind === 'replay') {
    if (found.type) void reply.type(found.type);
    await reply.code(found.status).header('Idempotent-Replayed', 'true').send(found.body);
    return reply;
  }
  request.idempotencyClaim = c;
}

async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const c = request.idempotencyClaim;
  if (!c) return payload;
  request.idempotencyClaim = undefined;
  const db = request.server.db;
  const text = payloadText(payload);
  const status = reply.statusCode;
  if (status >= 500 || status === 429 || text === null || text.length > MAX_STORED_BODY) {
    await release(db, c);
    return payload;
  }
  const type = reply.getHeader('content-type');
  await db
    .updateTable('idempotency_keys')
    .set({
      response_status: status,
      response_type: typeof type === 'string' ? type : null,
      response_body: seal(c.secret, text),
    })
    .where('caller', '=', c.caller)
    .where('key', '=', c.key)
    .execute();
  return payload;
}

/** A request that claimed a key but ended without an answer being sent (aborted) frees it. */
async function onResponse(request: FastifyRequest): Promise<void> {
  const c = request.idempotencyClaim;
  if (!c) return;
  request.idempotencyClaim = undefined;
  await release(request.server.db, c);
}

/** Adds the Idempotency-Key handling to every creating POST registered after it. */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isCreatingRoute(route)) return;
    const add = <T>(existing: T | T[] | undefined, hook: T): T[] =>
      existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
    route.preHandler = add(route.preHandler, beforeHandler as never);
    route.onSend = add(route.onSend, onSend as never);
    route.onResponse = add(route.onResponse, onResponse as never);
  });
}
