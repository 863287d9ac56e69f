#!/usr/bin/env node
// Deploys one remote alone: builds it for its own versioned, immutable location (publicPath
// <base>/remotes/<name>/<version>/, content-hashed chunks, the version in its manifest's buildInfo), copies the
// build into the store (a folder standing in for object storage), then switches the store's remotes.json to it.
// Nothing else is rebuilt; the shell picks the new version up on its next page load.
//
//   node shell/scripts/deploy-remote.mjs <remote> [--version X] [--target DIR] [--base-url URL] [--prebuilt DIR]
//
// <remote>     federation name or package (mfe_config, mfe-config)
// --version    the version's name (letters, digits, . _ -); default <package version>-<UTC time>. A version
//              already in the store is refused: versions are immutable.
// --target     the store (default REMOTES_STORE or shell/remotes-store, which the shell's server serves)
// --base-url   where the store is served from when not from the portal's origin (a CDN), e.g.
//              https://cdn.example.com; the shell's server must then allow it (REMOTES_CDN_URL)
// --prebuilt   upload a build made elsewhere (a CI artifact) instead of building; its publicPath must be
//              'auto' or this version's path
// --allow-missing-exposes  deploy a build that lacks modules of the contract (an older release brought back;
//              the shell's pages for those modules show their fallback). Refused without it.
// --prune      then remove this remote's versions nothing can ask for any more: not active, not in the
//              rollback history, not deployed within the last 7 days (open tabs still load their chunks)
// Two deploys or rollbacks at once take turns on the store's pointer (a lock file), so neither loses the other's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  activate,
  entryUrl,
  prune,
  VERSION_PATTERN,
  versionDir,
} from '../../shared-ui/build/remotes-store.mjs';
import { checkManifest, defaultStore, fail, resolveRemote, root } from './remote-cli.mjs';

function defaultVersion(pkgDir) {
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${version}-${stamp}`;
}

/** webpack in the remote's folder, written to `outDir` for `publicPath`; the manifest carries `version`. */
function build(remote, version, publicPath) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `deploy-${remote.name}-`));
  const args = ['--mode', 'production', '--output-path', outDir, '--output-public-path', publicPath];
  console.log(`[deploy] building ${remote.package} ${version} for ${publicPath}`);
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'webpack'), args, {
    cwd: path.join(root, remote.package),
    stdio: 'inherit',
    env: { ...process.env, MF_BUILD_VERSION: version },
  });
  if (result.status !== 0) fail(`the build of ${remote.package} failed`);
  return outDir;
}

/** Copies the build (without source maps) into a hidden folder, then renames it into place in one step. */
function upload(from, store, remote, version) {
  const dest = versionDir(store, remote.name, version);
  const partial = path.join(store, remote.name, `.${version}.partial-${process.pid}`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.cpSync(from, partial, { recursive: true, filter: (src) => !src.endsWith('.map') });
  fs.renameSync(partial, dest);
  return dest;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      target: { type: 'string' },
      'base-url': { type: 'string', default: '' },
      prebuilt: { type: 'string' },
      'allow-missing-exposes': { type: 'boolean', default: false },
      prune: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) fail('usage: deploy-remote.mjs <remote> [--version X] [--target DIR]');
  const remote = resolveRemote(positionals[0]);
  const store = values.target ? path.resolve(values.target) : defaultStore();
  const baseUrl = values['base-url'];
  const version = values.version ?? defaultVersion(path.join(root, remote.package));
  if (!VERSION_PATTERN.test(version)) fail(`"${version}" is not a version name (letters, digits, . _ -)`);
  if (fs.existsSync(versionDir(store, remote.name, version))) {
    fail(`${remote.name} ${version} is already in ${store}; versions are immutable, choose another`);
  }
  const publicPath = entryUrl(remote.name, version, baseUrl).replace(/mf-manifest\.json$/, '');
  const built = values.prebuilt ? path.resolve(values.prebuilt) : build(remote, version, publicPath);
  const manifest = checkManifest(built, remote, { allowMissing: values['allow-missing-exposes'] });
  const builtFor = manifest.metaData?.publicPath;
  if (builtFor !== 'auto' && builtFor !== publicPath) {
    fail(`${built} was built for ${builtFor}, not ${publicPath}`);
  }
  const dest = upload(built, store, remote, version);
  if (!values.prebuilt) fs.rmSync(built, { recursive: true, force: true });
  const { previous, entry } = activate(store, remote.name, version, { baseUrl });
  console.log(`[deploy] ${remote.name} ${previous ?? '(configured)'} → ${version}: ${entry.entry}`);
  console.log(`[deploy] files in ${path.relative(process.cwd(), dest) || dest}`);
  if (values.prune) {
    const removed = prune(store, remote.name);
    console.log(`[deploy] pruned ${removed.length > 0 ? removed.join(', ') : 'nothing'}`);
  }
}

try {
  main();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
