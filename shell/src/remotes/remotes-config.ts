// Where the remotes live: /remotes.json (written by the shell's server from configuration at run time), or, when
// it is missing or bad (e.g. under webpack serve), the contract's ports on the page's host name.
import { REMOTE_CONTRACT, REMOTE_NAMES, isRemoteName, type RemoteName } from './contract';

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

const REMOTES_CONFIG_URL = '/remotes.json';
const FETCH_TIMEOUT_MS = 5000;

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

/** Fetches /remotes.json (never cached) and merges it with the defaults; never rejects. */
export async function fetchRemotesConfig(
  fetchImpl: typeof fetch = fetch,
  location: Pick<Location, 'protocol' | 'hostname' | 'origin'> = window.location,
): Promise<RemoteEntry[]> {
  const defaults = defaultRemoteEntries(location);
  const controller = typeof AbortController !== 'undefined' ? new AbortController() : undefined;
  const timer = setTimeout(() => controller?.abort(), FETCH_TIMEOUT_MS);
  try {
    const response = await fetchImpl(REMOTES_CONFIG_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller?.signal,
    });
    if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
    const json: unknown = await response.json();
    return mergeRemotesConfig(json, defaults, location.origin);
  } catch (error) {
    console.warn(`[shell] ${REMOTES_CONFIG_URL} unavailable; using the contract's ports`, error);
    return defaults;
  } finally {
    clearTimeout(timer);
  }
}
