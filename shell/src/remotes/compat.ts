// What the shell checks in a remote's manifest before it runs any of the remote's code: every shared singleton
// the remote requires must be satisfied by the one the page already has. Module Federation alone only warns and
// hands the remote the page's copy (a remote built for another React major would then fail at render time, or
// worse, half-work); refusing it here turns that into the area's fallback. It also records each remote's build
// version (the manifest's buildInfo, set by deploy-remote.mjs), which the remote page shows as a marker.
import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { setRemoteVersion } from './versions';

/** One shared module as the remote's mf-manifest.json declares it. */
export interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

/** The page's shared modules as the runtime keeps them (host options): name → registered versions. */
export type HostShared = Record<string, { version?: string; from?: string }[] | undefined>;

export interface SingletonConflict {
  name: string;
  required: string;
  provided: string;
}

function providedVersion(hostShared: HostShared, name: string, hostName: string): string | undefined {
  const registered = hostShared[name] ?? [];
  return (registered.find((s) => s.from === hostName) ?? registered[0])?.version;
}

/**
 * The remote's singletons whose required range the page's version does not satisfy. A singleton the page does not
 * share itself is not a conflict: the remote brings its own and is the only user.
 */
export function singletonConflicts(
  remoteShared: readonly ManifestShared[],
  hostShared: HostShared,
  hostName: string,
  satisfies: (version: string, range: string) => boolean = satisfy,
): SingletonConflict[] {
  const conflicts: SingletonConflict[] = [];
  for (const item of remoteShared) {
    if (!item.singleton || typeof item.requiredVersion !== 'string') continue;
    const provided = providedVersion(hostShared, item.name, hostName);
    if (provided && !satisfies(provided, item.requiredVersion)) {
      conflicts.push({ name: item.name, required: item.requiredVersion, provided });
    }
  }
  return conflicts;
}

export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly conflicts: SingletonConflict[],
  ) {
    const list = conflicts.map((c) => `${c.name} ${c.required} (page has ${c.provided})`).join(', ');
    super(`Remote ${remote} needs shared singletons this page cannot give it: ${list}`);
    this.name = 'IncompatibleRemoteError';
  }
}

interface ManifestLike {
  shared?: unknown;
  metaData?: { buildInfo?: { buildVersion?: unknown } };
}

/** A runtime plugin: refuses a remote with a conflicting singleton; records the version of every manifest read. */
export function remoteCompatPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-remote-compat',
    loadRemoteSnapshot(args) {
      const manifest = args.manifestJson as ManifestLike | undefined;
      if (args.from !== 'manifest' || !manifest) return args;
      const remote = args.moduleInfo.name;
      const shared = Array.isArray(manifest.shared) ? (manifest.shared as ManifestShared[]) : [];
      const conflicts = singletonConflicts(shared, args.options.shared, args.options.name);
      if (conflicts.length > 0) throw new IncompatibleRemoteError(remote, conflicts);
      const version = manifest.metaData?.buildInfo?.buildVersion;
      if (typeof version === 'string') setRemoteVersion(remote, version);
      return args;
    },
  };
}
