import contract from '../../shared-ui/build/remotes.json';

/** E2E_PORT_OFFSET shifts every port, so two runs (say, two developers' checks) can share a machine. */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const API_PORT = 18000 + OFFSET;
export const PORTAL_PORT = 18080 + OFFSET;
/** A second shell whose mfe_map points at DEAD_REMOTE_PORT, where nothing listens until a test starts it. */
export const PORTAL_WITH_DEAD_MAP_PORT = 18081 + OFFSET;
export const DEAD_REMOTE_PORT = 13999 + OFFSET;

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
