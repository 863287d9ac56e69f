// The store of remotes deployed alone (remotes-store.mjs) and how the shell's server (serve.mjs) serves it.
// Run: node --test shared-ui/build/remotes-store.nodetest.mjs  (part of `npm test`, see shell/scripts/portal.mjs).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { activate, prune, readPointer, rollback, storedVersions, writePointer } from './remotes-store.mjs';
import { createServer } from './serve.mjs';

function tempStore() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-store-test-'));
}

/** A built version in the store: a manifest with its build version and one hashed chunk (and its map). */
function putVersion(store, name, version) {
  const dir = path.join(store, name, version);
  fs.mkdirSync(dir, { recursive: true });
  const manifest = { name, metaData: { buildInfo: { buildVersion: version } } };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), `console.log(${JSON.stringify(version)});`);
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js.map'), '{}');
}

describe('the pointer file', () => {
  test('deploy, deploy, rollback, rollback --to: the entry and history follow', () => {
    const store = tempStore();
    putVersion(store, 'mfe_bi', 'v1');
    putVersion(store, 'mfe_bi', 'v2');
    assert.deepEqual(readPointer(store), []);
    activate(store, 'mfe_bi', 'v1');
    const { previous, entry } = activate(store, 'mfe_bi', 'v2');
    assert.equal(previous, 'v1');
    assert.equal(entry.entry, '/remotes/mfe_bi/v2/mf-manifest.json');
    assert.equal(rollback(store, 'mfe_bi').entry.version, 'v1');
    assert.throws(() => rollback(store, 'mfe_bi'), /no version before v1/);
    assert.equal(rollback(store, 'mfe_bi', { to: 'v2' }).entry.version, 'v2');
    assert.throws(() => rollback(store, 'mfe_bi', { to: 'v9' }), /v9 is not in/);
    assert.deepEqual(storedVersions(store, 'mfe_bi').sort(), ['v1', 'v2']);
  });

  test('a CDN base URL is kept by a rollback; other remotes are left alone', () => {
    const store = tempStore();
    putVersion(store, 'mfe_bi', 'a');
    putVersion(store, 'mfe_bi', 'b');
    putVersion(store, 'mfe_map', 'm');
    activate(store, 'mfe_map', 'm');
    activate(store, 'mfe_bi', 'a', { baseUrl: 'https://cdn.example.com/' });
    activate(store, 'mfe_bi', 'b', { baseUrl: 'https://cdn.example.com' });
    rollback(store, 'mfe_bi');
    const list = readPointer(store);
    assert.equal(
      list.find((e) => e.name === 'mfe_bi').entry,
      'https://cdn.example.com/remotes/mfe_bi/a/mf-manifest.json',
    );
    assert.equal(list.find((e) => e.name === 'mfe_map').version, 'm');
  });

  test('the write is a rename: no temporary file is left, and a bad pointer is reported, not guessed', () => {
    const store = tempStore();
    writePointer(store, []);
    assert.deepEqual(fs.readdirSync(store), ['remotes.json']);
    fs.writeFileSync(path.join(store, 'remotes.json'), '{"not":"a list"}');
    assert.throws(() => readPointer(store), /not a list/);
  });
});

describe('deploys at the same time, and old versions', () => {
  const storeModule = fileURLToPath(new URL('./remotes-store.mjs', import.meta.url));

  /** A process that activates `name` at v1, v2, v1, … `times` times, as repeated deploys would. */
  function deployer(store, name, times) {
    const code = `const m = await import(${JSON.stringify(storeModule)});
      for (let i = 0; i < ${times}; i++) m.activate(${JSON.stringify(store)}, ${JSON.stringify(name)}, i % 2 ? 'v2' : 'v1');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    return new Promise((resolve, reject) =>
      child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(stderr)))),
    );
  }

  test("five remotes deployed at once by five processes: no deploy loses another's entry", async () => {
    const store = tempStore();
    const names = ['mfe_bi', 'mfe_map', 'mfe_config', 'mfe_tracking', 'mfe_shipments'];
    for (const name of names) {
      putVersion(store, name, 'v1');
      putVersion(store, name, 'v2');
    }
    await Promise.all(names.map((name) => deployer(store, name, 30)));
    const list = readPointer(store);
    assert.deepEqual(list.map((e) => e.name).sort(), [...names].sort());
    // every activation of each remote is in its history (bounded to the last 20)
    for (const entry of list) assert.equal(entry.history.length, 20, entry.name);
    assert.equal(fs.existsSync(path.join(store, '.remotes.lock')), false);
  });

  test('a lock left by a process that died is taken over', () => {
    const store = tempStore();
    putVersion(store, 'mfe_bi', 'v1');
    const lock = path.join(store, '.remotes.lock');
    fs.writeFileSync(lock, '999999');
    const old = new Date(Date.now() - 5 * 60_000);
    fs.utimesSync(lock, old, old);
    assert.equal(activate(store, 'mfe_bi', 'v1').entry.version, 'v1');
  });

  test('prune removes only what nothing can ask for: not active, not in the history, not recent', () => {
    const store = tempStore();
    for (const v of ['a', 'b', 'c', 'd', 'e']) putVersion(store, 'mfe_bi', v);
    activate(store, 'mfe_bi', 'b');
    activate(store, 'mfe_bi', 'e');
    // the pointer forgets a and c (as after more than 20 deploys): only b and e stay in its history
    const [entry] = readPointer(store);
    writePointer(store, [{ ...entry, history: ['b', 'e'] }]);
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    for (const v of ['a', 'b', 'c']) fs.utimesSync(path.join(store, 'mfe_bi', v), weekAgo, weekAgo);
    // a and c are old and unreachable; b is old but rollback can go back to it; d is recent; e is active
    assert.deepEqual(prune(store, 'mfe_bi').sort(), ['a', 'c']);
    assert.deepEqual(storedVersions(store, 'mfe_bi').sort(), ['b', 'd', 'e']);
    assert.equal(rollback(store, 'mfe_bi').entry.version, 'b');
  });
});

describe("the shell's server", () => {
  async function server(store) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-store-shell-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    const remotes = [
      { name: 'mfe_bi', entry: 'http://localhost:3005/mf-manifest.json' },
      { name: 'mfe_map', entry: 'http://localhost:3004/mf-manifest.json' },
    ];
    return createServer({ isHost: true, dir, apiUrl: 'http://127.0.0.1:9', remotes, remotesStore: store });
  }

  test('/remotes.json follows the pointer on every request, over the configured entries', async () => {
    const store = tempStore();
    putVersion(store, 'mfe_bi', 'v1');
    const app = await server(store);
    let res = await app.inject('/remotes.json');
    assert.equal(res.json().find((e) => e.name === 'mfe_bi').entry, 'http://localhost:3005/mf-manifest.json');
    activate(store, 'mfe_bi', 'v1');
    res = await app.inject('/remotes.json');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.deepEqual(res.json(), [
      { name: 'mfe_bi', entry: '/remotes/mfe_bi/v1/mf-manifest.json', version: 'v1' },
      { name: 'mfe_map', entry: 'http://localhost:3004/mf-manifest.json' },
    ]);
    // a broken pointer: the configured remotes, not a 500 and not a page without remotes
    fs.writeFileSync(path.join(store, 'remotes.json'), '[{');
    res = await app.inject('/remotes.json');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json()[0].entry, 'http://localhost:3005/mf-manifest.json');
    await app.close();
  });

  test('version folders are served immutable, without source maps or the pointer', async () => {
    const store = tempStore();
    putVersion(store, 'mfe_bi', 'v1');
    activate(store, 'mfe_bi', 'v1');
    const app = await server(store);
    const chunk = await app.inject('/remotes/mfe_bi/v1/main.0123abcd.js');
    assert.equal(chunk.statusCode, 200);
    assert.match(chunk.body, /"v1"/);
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await app.inject('/remotes/mfe_bi/v1/mf-manifest.json')).statusCode, 200);
    assert.equal((await app.inject('/remotes/mfe_bi/v1/main.0123abcd.js.map')).statusCode, 404);
    assert.equal((await app.inject('/remotes/remotes.json')).statusCode, 404);
    assert.equal((await app.inject('/remotes/mfe_bi/v2/main.0123abcd.js')).statusCode, 404);
    await app.close();
  });
});
