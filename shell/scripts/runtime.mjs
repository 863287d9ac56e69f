// The Node.js runtime the portal runs on ("a supported runtime"). Plain Node with no
// dependencies: it runs before `npm install`.
//
// The version is the one in `.nvmrc` (a Node 24 LTS release). When the machine's own Node is older, the
// registry's `node-<platform>-<arch>` package of that version (the official binary, the same one the
// registry's `node` package installs) is installed once into `.runtime/` and the command re-runs itself
// under it, with its `bin/` first on PATH so that npm, npx, jest, tsx, webpack and Playwright's servers
// all run on it too. Set PORTAL_SYSTEM_NODE=1 to stay on the machine's Node (it must still be ≥ 20).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const majorOf = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

/** The wanted version from .nvmrc, e.g. "24.21.0". */
export function wantedVersion(root) {
  const text = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  if (!/^\d+\.\d+\.\d+$/.test(text)) throw new Error(`.nvmrc must hold one exact version, found "${text}"`);
  return text;
}

/** Where the downloaded binary lives for this platform, and its package name. */
export function runtimeLocation(root, version, platform = process.platform, arch = process.arch) {
  const pkg = `node-${platform}-${arch}`;
  const prefix = path.join(root, '.runtime', `${pkg}-${version}`);
  const binDir = path.join(prefix, 'node_modules', pkg, 'bin');
  return { pkg, prefix, binDir, node: path.join(binDir, platform === 'win32' ? 'node.exe' : 'node') };
}

function installedVersion(node) {
  if (!fs.existsSync(node)) return null;
  const out = spawnSync(node, ['-v'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim().replace(/^v/, '') : null;
}

/**
 * Returns normally when this process should do the work (already on the wanted major, opted out, or the
 * runtime could not be installed — then it says so and carries on with the machine's Node). Otherwise runs
 * the same command under the wanted Node and exits with its exit code.
 */
export async function ensureRuntime(root, log) {
  if (process.env.PORTAL_SYSTEM_NODE === '1') return;
  const version = wantedVersion(root);
  if (majorOf(process.version) >= majorOf(version)) return;
  const where = runtimeLocation(root, version);
  if (installedVersion(where.node) !== version) {
    log(
      `Node ${process.versions.node} is older than the portal's Node ${version}: installing ${where.pkg}@${version} into .runtime/…`,
    );
    fs.mkdirSync(where.prefix, { recursive: true });
    const res = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        where.prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `${where.pkg}@${version}`,
      ],
      { stdio: 'inherit' },
    );
    if (res.status !== 0 || installedVersion(where.node) !== version) {
      log(
        `Could not install Node ${version} (npm exit code ${res.status}); carrying on with Node ${process.versions.node}.`,
      );
      return;
    }
  }
  log(`Running on Node ${version} (${path.relative(root, where.node)}).`);
  const env = {
    ...process.env,
    PATH: `${where.binDir}${path.delimiter}${process.env.PATH ?? ''}`,
    // npm builds native addons against the headers of the Node that runs it.
    npm_config_nodedir: path.dirname(where.binDir),
  };
  const child = spawn(where.node, process.argv.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? 128 + (os.constants.signals[signal] ?? 0))),
  );
  process.exit(code);
}
