import path from 'node:path';

/** Repository root (api/..). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** DATABASE_URL, PORTAL_DATA_DIR and EMBEDDED_PG_PORT, read in config.ts. */
export interface DatabaseSettings {
  /** Set when DATABASE_URL is given. */
  databaseUrl?: string;
  /** Otherwise the embedded server's data folder and port. */
  embedded: { dataDir: string; port: number };
}
