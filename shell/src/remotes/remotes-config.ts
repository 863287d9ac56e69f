// Where the remotes live: /remotes.json (written by the shell's server from configuration at run time), or, when
// it is missing or bad (e.g. under webpack serve), the contract's ports on the page's host name.
import { REMOTE_CONTRACT, REMOTE_NAMES, isRemoteName, type RemoteName } from './contract';
import { requestRemotesConfig, takeEarlyRemotesConfig } from './remotes-request';

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

/** One entry per remote of the contract: `<protocol>//<hostname>:<port>/mf-manifest.json`. */
export function defaultRemoteEntries(location: Pick<Location, 'protocol' | 'hostname'>): RemoteEntry[] {
  return REMOTE_NAMES.map((name) => ({
    name,
    entry: `${location.protocol}//${location.hostname}:${REMOTE_CONTRACT[name].port}/mf-manifest.json`,
  }));
}

function validEntryUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The remotes to register from the parsed remotes.json: valid entries for names of the contract win; every
 * remote of the contract that is missing or invalid there keeps its default entry. Unknown names are ignored.
 */
export function mergeRemotesConfig(json: unknown, defaults: RemoteEntry[], base: string): RemoteEntry[] {
  const configured = new Map<RemoteName, string>();
  if (Array.isArray(json)) {
    for (const item of json) {
      if (!item || typeof item !== 'object') continue;
      const { name, entry } = item as { name?: unknown; entry?: unknown };
      const url = validEntryUrl(entry, base);
      if (isRemoteName(name) && url) configured.set(name, url);
      else console.warn('[shell] ignoring a bad entry of remotes.json', item);
    }
  } else {
    console.warn('[shell] remotes.json is not a list; using the default remote locations');
  }
  return defaults.map((d) => ({ name: d.name, entry: configured.get(d.name) ?? d.entry }));
}

/**
 * /remotes.json (never cached; the request the entry started when there is one) merged with the defaults; never
 * rejects.
 */
export async function fetchRemotesConfig(
  fetchImpl: typeof fetch = fetch,
  location: Pick<Location, 'protocol' | 'hostname' | 'origin'> = window.location,
): Promise<RemoteEntry[]> {
  const defaults = defaultRemoteEntries(location);
  try {
    const json = await (takeEarlyRemotesConfig() ?? requestRemotesConfig(fetchImpl));
    return mergeRemotesConfig(json, defaults, location.origin);
  } catch (error) {
    console.warn("[shell] /remotes.json unavailable; using the contract's ports", error);
    return defaults;
  }
}
