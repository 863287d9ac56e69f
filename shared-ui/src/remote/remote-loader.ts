// How the portal loads a module another remote exposes, by federation id (e.g. 'mfe_map/RouteMap'): the one
// loader interface of the shell's pages and the remotes' widgets. The shell registers its federation loader at
// start-up (setRemoteLoader) and also provides it through RemoteLoaderContext; tests provide their own.
import { createContext, useContext } from 'react';

export interface RemoteLoader {
  /** Loads a federated module by request id, e.g. 'mfe_shipments/DashboardPage'. */
  load(id: string): Promise<unknown>;
  /** Forgets a remote's failed state so the next load fetches its manifest and entry again. */
  reset?(remote: string): void | Promise<void>;
  /** Delays (ms) before the automatic retries after a failed load; its length is the number of retries. */
  retryDelays?: readonly number[];
}

let current: RemoteLoader | null = null;

export function setRemoteLoader(loader: RemoteLoader | null): void {
  current = loader;
}

export function getRemoteLoader(): RemoteLoader | null {
  return current;
}

const notConfigured: RemoteLoader = {
  load: (id) => Promise.reject(new Error(`No remote loader registered (loading ${id})`)),
};

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** The loader of the nearest RemoteLoaderContext, else the registered one. */
export function useRemoteLoader(): RemoteLoader {
  return useContext(RemoteLoaderContext) ?? current ?? notConfigured;
}
