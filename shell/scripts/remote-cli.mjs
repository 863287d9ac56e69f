// What deploy-remote.mjs and rollback-remote.mjs share: the remote named on the command line (federation name
// or package), the store folder, and the contract check of a built remote's manifest.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const contract = JSON.parse(fs.readFileSync(path.join(root, 'shared-ui/build/remotes.json'), 'utf8'));

/** The store the shell's server reads by default (serve.mjs: REMOTES_STORE, else shell/remotes-store). */
export function defaultStore(env = process.env) {
  return env.REMOTES_STORE
    ? path.resolve(root, 'shell', env.REMOTES_STORE)
    : path.join(root, 'shell', 'remotes-store');
}

/** `mfe_config` or `mfe-config` → { name: 'mfe_config', package: 'mfe-config', exposes }; else throws. */
export function resolveRemote(arg) {
  const found = Object.entries(contract).find(([name, r]) => name === arg || r.package === arg);
  if (!found) {
    throw new Error(`unknown remote "${arg}"; one of: ${Object.keys(contract).join(', ')}`);
  }
  const [name, r] = found;
  return { name, package: r.package, exposes: r.exposes };
}

/**
 * Refuses a build that would break the shell: another federation name, or a module of the contract it does not
 * expose (ADR 0009: removing or renaming an exposed module is a breaking change), unless `allowMissing` (an older
 * release brought back on purpose, whose missing pages then show their fallback). Returns the manifest.
 */
export function checkManifest(dir, remote, { allowMissing = false } = {}) {
  const file = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${dir} has no mf-manifest.json: not a built remote`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (manifest.name !== remote.name) {
    throw new Error(`${dir} is the build of ${manifest.name}, not ${remote.name}`);
  }
  const exposed = new Set((manifest.exposes ?? []).map((e) => e.path));
  const missing = remote.exposes.filter((e) => !exposed.has(e));
  if (missing.length > 0 && !allowMissing) {
    throw new Error(
      `${remote.name} does not expose ${missing.join(', ')}, which the shell loads ` +
        '(--allow-missing-exposes deploys it anyway: those pages then show their fallback)',
    );
  }
  if (missing.length > 0)
    console.warn(`[deploy] ${remote.name} lacks ${missing.join(', ')}: those pages fall back`);
  return manifest;
}

export function fail(message) {
  console.error(`[deploy] ${message}`);
  process.exit(1);
}
