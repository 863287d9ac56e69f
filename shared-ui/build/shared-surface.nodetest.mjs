// The shared singletons' versions grow with their run-time surface (shared-surface.mjs, ADR 0009).
// Run: node --test shared-ui/build/shared-surface.nodetest.mjs (part of `npm test`).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { currentSurface, SNAPSHOT, surfaceProblems } from './shared-surface.mjs';

const entry = (version, exports) => ({ '@portal/shared-ui': { version, exports } });

test('the snapshot matches the shared packages as they are', () => {
  assert.deepEqual(surfaceProblems(JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')), currentSurface()), []);
});

test('a new export without a new version is refused', () => {
  const problems = surfaceProblems(entry('23.9.3', ['Button']), entry('23.9.3', ['Button', 'Chip']));
  assert.equal(problems.length, 1);
  assert.match(problems[0], /exports Chip that 23\.9\.3 lacks.*new minor version/);
});

test('a removed export needs a new major version; a minor one is not enough', () => {
  const old = entry('23.9.3', ['Button', 'Chip']);
  assert.match(surfaceProblems(old, entry('23.10.0', ['Button']))[0], /no longer exports Chip.*new major/);
  assert.match(surfaceProblems(old, entry('24.0.0', ['Button']))[0], /write it again for 24\.0\.0/);
});

test('a new version with the snapshot written again passes; a stale snapshot does not', () => {
  const now = entry('23.10.0', ['Button', 'Chip']);
  assert.deepEqual(surfaceProblems(now, now), []);
  assert.match(surfaceProblems(entry('23.9.3', ['Button']), now)[0], /snapshot is for 23\.9\.3/);
});

test('type-only exports are not surface', () => {
  const surface = currentSurface();
  // Types vanish at build time, so a remote cannot miss them at run time.
  // (shared-api's index exports the types ApiAnswer and ApiBody next to its values)
  assert.ok(!surface['@portal/shared-api'].exports.includes('ApiAnswer'));
  assert.ok(surface['@portal/shared-api'].exports.includes('ApiError'));
});
