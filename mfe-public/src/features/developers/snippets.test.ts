/**
 * @jest-environment node
 */
// The receivers on the developer page accept what the API signs and refuse the rest: run against the API's own
// signer (one secret, and the two signatures sent while a rotated secret is in its grace period).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedHeaders } from '../../../../api/src/services/webhooks/signing';
import { nodeReceiver, pythonReceiver } from './snippets';

const SECRET = 'whsec_current';
const PREVIOUS = 'whsec_previous';
const body = JSON.stringify({ id: 'e1', type: 'webhook.test', data: { message: 'héllo' } });
const now = Date.now();

/** [timestamp, signature header, body, secret the receiver holds, expected] */
function cases(): [string, string, string, string, boolean][] {
  const one = signedHeaders(SECRET, 'e1', 'webhook.test', body, now);
  const rotated = signedHeaders([SECRET, PREVIOUS], 'e1', 'webhook.test', body, now);
  const old = signedHeaders(SECRET, 'e1', 'webhook.test', body, now - 301_000);
  return [
    [one['webhook-timestamp'], one['webhook-signature'], body, SECRET, true],
    [rotated['webhook-timestamp'], rotated['webhook-signature'], body, SECRET, true],
    [rotated['webhook-timestamp'], rotated['webhook-signature'], body, PREVIOUS, true],
    [one['webhook-timestamp'], one['webhook-signature'], body.replace('e1', 'e2'), SECRET, false],
    [one['webhook-timestamp'], one['webhook-signature'], body, 'whsec_other', false],
    [old['webhook-timestamp'], old['webhook-signature'], body, SECRET, false],
    ['', one['webhook-signature'], body, SECRET, false],
  ];
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-snippets-'));
  fs.writeFileSync(path.join(dir, 'receiver.mjs'), nodeReceiver);
  fs.writeFileSync(path.join(dir, 'receiver.py'), pythonReceiver);
  fs.writeFileSync(path.join(dir, 'cases.json'), JSON.stringify(cases()));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (cmd: string, args: string[]) => {
  const out = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  if (out.status !== 0) throw new Error(`${cmd} failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as boolean[];
};

const expected = () => cases().map((c) => c[4]);

it('the Node receiver verifies as the API signs', () => {
  const script = `import { verify } from './receiver.mjs'; import fs from 'node:fs';
    const cases = JSON.parse(fs.readFileSync('cases.json', 'utf8'));
    console.log(JSON.stringify(cases.map(([t, s, b, k]) => verify(k, t, s, b))));`;
  fs.writeFileSync(path.join(dir, 'check.mjs'), script);
  expect(run(process.execPath, ['check.mjs'])).toEqual(expected());
});

it('the Python receiver verifies as the API signs', () => {
  const script = `import json, receiver
cases = json.load(open("cases.json", encoding="utf8"))
print(json.dumps([receiver.verify(k, t, s, b.encode()) for t, s, b, k, _ in cases]))`;
  fs.writeFileSync(path.join(dir, 'check.py'), script);
  expect(run('python3', ['check.py'])).toEqual(expected());
});
