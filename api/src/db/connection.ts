import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types';

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
