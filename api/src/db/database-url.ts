import path from 'node:path';

/** Repository root (api/..). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface DatabaseSettings {
  /** Set when DATABASE_URL is given. */
  databaseUrl?: string;
  /** Otherwise the embedded server's data folder and port. */
  embedded: { dataDir: string; port: number };
}

export function databaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const dataRoot = env.PORTAL_DATA_DIR ? path.resolve(env.PORTAL_DATA_DIR) : path.join(REPO_ROOT, '.data');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    embedded: { dataDir: path.join(dataRoot, 'postgres'), port: Number(env.EMBEDDED_PG_PORT || 5433) },
  };
}
