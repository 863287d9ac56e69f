import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { arrayRowsWithoutTemplate, withRowObjects } from './row-objects';
import type { Database } from './types';

/**
 * The comment that makes a statement a prepared one (see wrapQueries). Kysely puts a select's front
 * modifiers right after `select`: `selectFrom(...).modifyFront(PREPARED)`.
 */
export const PREPARED: RawBuilder<unknown> = sql.raw('/* prepared */');
const PREPARED_TEXT = /^\s*select \/\* prepared \*\//i;

/**
 * The comment that makes a select's timestamps come back as PostgreSQL's text (`2026-11-29 02:25:01+00`, the
 * sessions being in UTC) instead of Date objects: `modifyFront(TEXT_TIMESTAMPS)`, after PREPARED when both. For
 * a statement whose timestamps only go out again as text (lib/dates isoOrNull): a list page of full rows has some
 * thousand of them, and parsing each into a Date to write it back was a fifth of the API's time on such a page.
 */
export const TEXT_TIMESTAMPS: RawBuilder<unknown> = sql.raw('/* text timestamps */');
const TEXT_TIMESTAMPS_TEXT = /^\s*select (?:\/\* prepared \*\/ )?\/\* text timestamps \*\//i;
const TIMESTAMPTZ: number = pg.types.builtins.TIMESTAMPTZ;
const textTimestamp = (text: string) => text;
/** node-postgres' parsers, but the text itself for timestamptz (TEXT_TIMESTAMPS). */
const TEXT_TIMESTAMP_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): ((text: string) => unknown) =>
    oid === TIMESTAMPTZ ? textTimestamp : (pg.types.getTypeParser(oid, format) as (text: string) => unknown),
};
/** Named statements one session keeps at most; later texts run unnamed (planned at each run) on that session. */
const PREPARED_PER_SESSION = 64;

type QueryFn = (...args: unknown[]) => unknown;

/**
 * How the pool's sessions run Kysely's statements: rows read as arrays and made objects of one shape
 * (row-objects.ts); statements marked with TEXT_TIMESTAMPS given their parsers; and those marked with PREPARED run
 * as named prepared statements on each session. PostgreSQL parses and plans a prepared text once per session,
 * then reuses a generic plan when it costs no more than planning each run. Worth it for a statement run often
 * whose plan does not depend on its parameters' values, such as a page's rows read by their ids (about 1.9 ms of
 * planning for 1.7 ms of execution on the bench data, the table having 38 indexes). The name is a digest of the
 * text, so one name never meets two texts; the number of texts a session keeps is bounded, since each holds a plan
 * in the server's memory.
 */
function wrapQueries(pool: pg.Pool): void {
  arrayRowsWithoutTemplate();
  pool.on('connect', (client) => {
    const names = new Set<string>();
    const query = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values] = args;
      // Kysely's calls (a text and its values, answered by a promise); any other form goes through unchanged.
      if (typeof text !== 'string' || !Array.isArray(values) || args.length > 2) return query(...args);
      const types = TEXT_TIMESTAMPS_TEXT.test(text) ? { types: TEXT_TIMESTAMP_TYPES } : null;
      const name = PREPARED_TEXT.test(text)
        ? `p${createHash('sha1').update(text).digest('base64url')}`
        : null;
      const named = name && (names.has(name) || names.size < PREPARED_PER_SESSION) ? { name } : null;
      if (named) names.add(named.name);
      // Rows come as arrays and become objects of one shape each (row-objects.ts).
      const config = { text, values, rowMode: 'array', ...named, ...types };
      return (query(config) as Promise<pg.QueryResult<unknown[]>>).then(withRowObjects);
    };
  });
}

export interface DbHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** Closes the pool (through Kysely). */
  close: () => Promise<void>;
}

/** A pg pool plus a Kysely instance on it. `close()` ends both. */
export function createDb(connectionString: string, options: { max?: number } = {}): DbHandle {
  // Every session in UTC, whatever the server's default (an embedded server takes the machine's zone): dates
  // cut from timestamps and timestamps written as text (webhook payloads) must not depend on where it runs.
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: '-c TimeZone=UTC',
    // Keep idle connections for 5 minutes (node-postgres closes them after 10 s): a new session pays for
    // planning the shipments triggers again, about 55 ms on its first UPDATE on the bench database.
    idleTimeoutMillis: 5 * 60_000,
    // ... without keeping a process alive that has nothing else to do (scripts, benches).
    allowExitOnIdle: true,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  // 57P01: the server is shutting down (the embedded one stops with the process).
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('PostgreSQL pool error:', err.message);
  });
  wrapQueries(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

/** Replaces the database name in a postgres:// URL. */
export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Creates `database` on the server of `connectionString` when it does not exist yet. */
export async function ensureDatabase(connectionString: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(connectionString, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      } catch (err) {
        // Another process created it in between: fine.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

/** Drops `database` (terminating its connections) on the server of `connectionString`. */
export async function dropDatabase(connectionString: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(connectionString, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
