// Rate limits counted in PostgreSQL (table rate_limit_hits, migration 0035), so every API process behind the
// balancer counts against the same window: the per-key API limit (services/api-keys) and, through
// `sharedRateLimitStore`, every @fastify/rate-limit registration (contact form, DCSA callbacks, calendar feeds,
// public tracking links, send_now). PostgreSQL is always there; a Redis would be one more service to run for a
// few hundred small writes a second, which one row upsert a request handles.
// - One statement per request: INSERT … ON CONFLICT DO UPDATE takes the bucket's row lock, so concurrent
//   requests from any process are each counted once; a window that has ended starts again at the same time.
// - Fixed windows (as @fastify/rate-limit's own stores): `ttl` is what is left of the current one.
// - Expired rows are deleted at most every PRUNE_EVERY_MS per process, a bounded number at a time.
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

const PRUNE_EVERY_MS = 5 * 60_000;
const PRUNE_BATCH = 5_000;
/** Buckets longer than this are hashed (the column holds 200 characters; keys may carry URL parameters). */
const MAX_BUCKET = 120;

export interface Hit {
  /** Requests counted in the current window, this one included. */
  current: number;
  /** Milliseconds left in the current window. */
  ttl: number;
}

const bucketOf = (bucket: string) =>
  bucket.length <= MAX_BUCKET
    ? bucket
    : `${bucket.slice(0, 40)}#${createHash('sha256').update(bucket).digest('hex')}`;

const lastPrune = new WeakMap<Kysely<Database>, number>();

/** Deletes windows that ended (at most every PRUNE_EVERY_MS per database handle, unless forced). */
async function pruneRateLimits(db: Kysely<Database>, force = false): Promise<number> {
  const last = lastPrune.get(db) ?? 0;
  if (!force && Date.now() - last < PRUNE_EVERY_MS) return 0;
  lastPrune.set(db, Date.now());
  const result = await sql`
    DELETE FROM rate_limit_hits WHERE ctid IN (
      SELECT ctid FROM rate_limit_hits
      WHERE window_start + make_interval(secs => window_ms / 1000.0) < now()
      LIMIT ${PRUNE_BATCH})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Counts one request in `bucket`'s window of `windowMs` (a new window when the last one ended). */
export async function hitRateLimit(db: Kysely<Database>, bucket: string, windowMs: number): Promise<Hit> {
  const window = Math.max(1, Math.trunc(windowMs));
  const { rows } = await sql<{ hits: number; ttl: number }>`
    WITH hit AS (
      INSERT INTO rate_limit_hits AS r (bucket, window_start, window_ms, hits)
      VALUES (${bucketOf(bucket)}, clock_timestamp(), ${window}, 1)
      ON CONFLICT (bucket) DO UPDATE SET
        window_start = CASE WHEN r.window_start + make_interval(secs => r.window_ms / 1000.0) <= clock_timestamp()
                            THEN clock_timestamp() ELSE r.window_start END,
        hits = CASE WHEN r.window_start + make_interval(secs => r.window_ms / 1000.0) <= clock_timestamp()
                    THEN 1 ELSE r.hits + 1 END,
        window_ms = EXCLUDED.window_ms
      RETURNING hits, window_start, window_ms
    )
    SELECT hits, greatest(0, ceil(extract(epoch FROM
             window_start + make_interval(secs => window_ms / 1000.0) - clock_timestamp()) * 1000))::int AS ttl
    FROM hit`.execute(db);
  void pruneRateLimits(db).catch(() => undefined);
  return { current: rows[0].hits, ttl: rows[0].ttl };
}

/** The current window of `bucket` without counting (0 / 0 when none is running). */
async function readRateLimit(db: Kysely<Database>, bucket: string): Promise<Hit> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    SELECT hits, ceil(extract(epoch FROM
             window_start + make_interval(secs => window_ms / 1000.0) - clock_timestamp()) * 1000)::int AS ttl
    FROM rate_limit_hits WHERE bucket = ${bucketOf(bucket)}`.execute(db);
  const row = rows[0];
  return row && row.ttl > 0 ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
}

type Callback = (err: Error | null, res?: Hit) => void;
/** What the library passes to `child`: the route's merged limit settings, the route itself in routeInfo. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A `store` for @fastify/rate-limit on PostgreSQL: `register(rateLimit, { store: sharedRateLimitStore(db,
 * 'contact'), … })`. `namespace` keeps registrations apart (their keys are often just the client address); a
 * route's own limit (config.rateLimit) counts apart from the plugin-wide one, as the library's own stores do.
 */
export function sharedRateLimitStore(db: Kysely<Database>, namespace: string): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore {
    readonly prefix: string;

    constructor(_params?: unknown, prefix = namespace) {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      hitRateLimit(db, `${this.prefix}:${key}`, timeWindow).then(
        (hit) => cb(null, hit),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      readRateLimit(db, `${this.prefix}:${key}`).then(
        (hit) => cb(null, hit),
        (err: Error) => cb(err),
      );
    }

    child(params: object): SharedRateLimitStore {
      const route = (params as RouteParams).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(undefined, `${this.prefix}:${method} ${route?.url ?? ''}`);
    }
  };
}
