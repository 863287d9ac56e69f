// The build version of each remote whose manifest the page has read, for the remote page's marker
// (data-remote-version): a deployment or a rollback shows there which build is running. Apart from the
// registry's chunk, so the remote page does not pull the Module Federation runtime in.
import { useSyncExternalStore } from 'react';

const versions = new Map<string, string>();
const listeners = new Set<() => void>();

export function setRemoteVersion(remote: string, version: string): void {
  if (versions.get(remote) === version) return;
  versions.set(remote, version);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The version of `remote` once its manifest has been read, else undefined. */
export function useRemoteVersion(remote: string): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => versions.get(remote),
    () => undefined,
  );
}
