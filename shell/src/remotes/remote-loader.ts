// How the shell loads a remote module. The real implementation (remotes/registry.ts) goes through the
// federation runtime; tests inject their own.
import { createContext, useContext } from 'react';

export interface RemoteLoader {
  /** Loads a federated module by request id, e.g. 'mfe_shipments/DashboardPage'. */
  load(id: string): Promise<unknown>;
  /** Forgets a remote's failed state so the next load fetches its manifest and entry again. */
  reset(remote: string): void | Promise<void>;
  /** Delays (ms) before the automatic retries after a failed load; its length is the number of retries. */
  retryDelays: readonly number[];
}

const notConfigured: RemoteLoader = {
  load: (id) => Promise.reject(new Error(`No remote loader configured (loading ${id})`)),
  reset: () => undefined,
  retryDelays: [],
};

export const RemoteLoaderContext = createContext<RemoteLoader>(notConfigured);

export function useRemoteLoader(): RemoteLoader {
  return useContext(RemoteLoaderContext);
}
