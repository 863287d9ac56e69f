// The shell's remote registry on the Module Federation runtime: registers the remotes of /remotes.json once,
// loads exposed modules, and lets a failed remote be loaded again (manifest and entry fetched anew).
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { remoteCompatPlugin } from './compat';
import { fetchRemotesConfig, type RemoteEntry } from './remotes-config';

const entries = new Map<string, string>();
/** Remotes with at least one module loaded: never re-registered (their container and shared modules are in use). */
const loaded = new Set<string>();
/** Remotes whose last load failed (reported by the runtime's errorLoadRemote hook or by loadRemote itself). */
const failed = new Set<string>();
let registration: Promise<RemoteEntry[]> | null = null;

function remoteNameOf(id: string): string {
  return id.split('/')[0];
}

/**
 * A runtime plugin that records which remote failed and at which stage (manifest: 'afterResolve', entry or
 * module: 'onLoad'). It returns nothing, so the runtime rethrows and the page's error boundary shows the fallback.
 */
export function remoteHealthPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-remote-health',
    errorLoadRemote(args) {
      const name = args.remote?.name ?? (typeof args.id === 'string' ? remoteNameOf(args.id) : undefined);
      if (name) failed.add(name);
      console.warn(`[shell] remote ${name ?? args.id} failed to load (${args.lifecycle})`, args.error);
      return undefined;
    },
  };
}

/** Fetches /remotes.json and registers every remote once. Later calls return the same promise. */
export function initRemotes(fetchImpl?: typeof fetch): Promise<RemoteEntry[]> {
  if (!registration) {
    registration = fetchRemotesConfig(fetchImpl).then((list) => {
      registerPlugins([remoteHealthPlugin(), remoteCompatPlugin()]);
      registerRemotes(list.map(({ name, entry }) => ({ name, entry })));
      for (const { name, entry } of list) entries.set(name, entry);
      return list;
    });
    registration.catch(() => {
      registration = null;
    });
  }
  return registration;
}

export async function loadRemoteModule(id: string): Promise<unknown> {
  await initRemotes();
  const name = remoteNameOf(id);
  try {
    const module = await loadRemote<unknown>(id);
    if (module === null || module === undefined) throw new Error(`Remote module ${id} could not be loaded`);
    loaded.add(name);
    failed.delete(name);
    return module;
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

/**
 * Clears what the runtime keeps of a remote that never loaded (its manifest cache, the manifest and entry
 * loading promises, the module cache) by registering it again with `force`, so the next load starts afresh.
 */
export function resetRemote(name: string): void {
  const entry = entries.get(name);
  if (!entry || loaded.has(name) || !failed.has(name)) return;
  registerRemotes([{ name, entry }], { force: true });
  failed.delete(name);
}
