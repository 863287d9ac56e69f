// The supervisor of `npm start`: a crashed child is logged and started again, with a growing delay.
// Run: node --test shell/scripts/supervise.nodetest.mjs (not a jest file; part of `npm test`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { supervise } from './supervise.mjs';

test('a child that crashes is restarted with backoff and each crash is logged', async () => {
  const lines = [];
  const sup = supervise({
    name: 'crasher',
    cmd: process.execPath,
    args: ['-e', 'process.exit(3)'],
    options: { stdio: 'ignore' },
    log: (line) => lines.push(line),
    minDelayMs: 50,
    maxDelayMs: 400,
  });
  const deadline = Date.now() + 10000;
  while (sup.starts < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await sup.stop();
  assert.ok(sup.starts >= 4, `started ${sup.starts} times`);
  assert.match(lines[0], /^crasher stopped \(exit code 3\); restarting in 0\.1 s/);
  assert.match(lines[1], /restarting in 0\.1 s/);
  assert.match(lines[2], /restarting in 0\.2 s/);
});

test('stop() ends a running child and it is not restarted', async () => {
  const lines = [];
  const sup = supervise({
    name: 'sleeper',
    cmd: process.execPath,
    args: ['-e', 'setTimeout(() => {}, 60000)'],
    options: { stdio: 'ignore' },
    log: (line) => lines.push(line),
    minDelayMs: 10,
  });
  await new Promise((r) => setTimeout(r, 200));
  assert.ok(sup.child);
  await sup.stop();
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(sup.starts, 1);
  assert.deepEqual(lines, []);
});
