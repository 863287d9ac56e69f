import contract from '../../shared-ui/build/remotes.json';

/** E2E_PORT_OFFSET shifts every port, so two runs (say, two developers' checks) can share a machine. */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const API_PORT = 18000 + OFFSET;
export const PORTAL_PORT = 18080 + OFFSET;
/** A second shell whose mfe_map points at DEAD_REMOTE_PORT, where nothing listens until a test starts it. */
export const PORTAL_WITH_DEAD_MAP_PORT = 18081 + OFFSET;
export const DEAD_REMOTE_PORT = 13999 + OFFSET;
/** maildev: the SMTP server the e2e API sends through, and its web/REST API (the specs read the mail there). */
export const SMTP_PORT = 11025 + OFFSET;
export const MAILDEV_WEB_PORT = 11080 + OFFSET;
/** The embedded PostgreSQL of the e2e API (database `portal`, user and password `postgres`). */
export const E2E_PG_PORT = API_PORT + 1;
export const E2E_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${E2E_PG_PORT}/portal`;
/** The address the e2e API mails contact requests to. */
export const SALES_ADDRESS = 'sales@e2e.example';

export interface RemoteInfo {
  name: string;
  package: string;
  port: number;
  exposes: string[];
}

export const REMOTES: RemoteInfo[] = Object.entries(contract).map(([name, r]) => ({
  name,
  package: r.package,
  port: 10000 + r.port + OFFSET,
  exposes: r.exposes,
}));
