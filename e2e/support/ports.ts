import contract from '../../shared-ui/build/remotes.json';

export const API_PORT = 18000;
export const PORTAL_PORT = 18080;
/** A second shell whose mfe_map points at DEAD_REMOTE_PORT, where nothing listens until a test starts it. */
export const PORTAL_WITH_DEAD_MAP_PORT = 18081;
export const DEAD_REMOTE_PORT = 13999;

export interface RemoteInfo {
  name: string;
  package: string;
  port: number;
  exposes: string[];
}

export const REMOTES: RemoteInfo[] = Object.entries(contract).map(([name, r]) => ({
  name,
  package: r.package,
  port: 10000 + r.port,
  exposes: r.exposes,
}));
