// The folder that stands in for object storage: each remote deployed alone, one immutable folder per version
// (<store>/<name>/<version>/, served under /remotes/<name>/<version>/), and the pointer file <store>/remotes.json
// that says which version of each remote the shell loads. Deploying or rolling back a remote changes only that
// file, replaced in one rename, so a reader sees the old list or the new one, never half of it.
// Used by the shell's server (serve.mjs) and by shell/scripts/deploy-remote.mjs and rollback-remote.mjs.
import fs from 'node:fs';
import path from 'node:path';

export const POINTER_FILE = 'remotes.json';
/** Version names: a path segment, safe in a URL and a file name, bounded. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** How many activations of a remote the pointer remembers (what rollback can go back through). */
const HISTORY_LIMIT = 20;

/**
 * The pointer's entries: [{ name, entry, version, history }]. A missing file is an empty list (nothing deployed);
 * a file that is not a list of such entries is an error (the caller decides what to do).
 */
export function readPointer(store) {
  let text;
  try {
    text = fs.readFileSync(path.join(store, POINTER_FILE), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  const list = JSON.parse(text);
  if (!Array.isArray(list)) throw new Error(`${POINTER_FILE} in ${store} is not a list`);
  return list.filter(
    (e) => e && typeof e.name === 'string' && typeof e.entry === 'string' && VERSION_PATTERN.test(e.version),
  );
}

/** Writes the pointer atomically: a temporary file in the same folder, then a rename over the old one. */
export function writePointer(store, list) {
  fs.mkdirSync(store, { recursive: true });
  const target = path.join(store, POINTER_FILE);
  const temporary = path.join(store, `.${POINTER_FILE}.${process.pid}.${Date.now()}.tmp`);
  fs.writeFileSync(temporary, `${JSON.stringify(list, null, 2)}\n`);
  fs.renameSync(temporary, target);
}

export function versionDir(store, name, version) {
  return path.join(store, name, version);
}

/** The manifest URL of a version: relative to the page's origin, or under a CDN's base URL. */
export function entryUrl(name, version, baseUrl = '') {
  return `${baseUrl.replace(/\/+$/, '')}/remotes/${name}/${version}/mf-manifest.json`;
}

/** The versions of a remote present in the store (deployed at some time), oldest first by folder time. */
export function storedVersions(store, name) {
  const dir = path.join(store, name);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && VERSION_PATTERN.test(d.name))
    .filter((d) => fs.existsSync(path.join(dir, d.name, 'mf-manifest.json')))
    .map((d) => ({ version: d.name, time: fs.statSync(path.join(dir, d.name)).mtimeMs }))
    .sort((a, b) => a.time - b.time)
    .map((d) => d.version);
}

const LOCK_FILE = '.remotes.lock';
/** How long a deploy waits for another one to finish with the pointer, and when a lock counts as abandoned. */
const LOCK_WAIT_MS = 30_000;
const LOCK_STALE_MS = 60_000;

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `fn` holding the store's lock (a file created exclusively), so two deploys or rollbacks at once each see
 * the other's change: without it both read the pointer, and the second write drops the first one's entry, even
 * for another remote. A lock older than LOCK_STALE_MS (its process died) is taken over.
 */
const held = new Set();

function withStoreLock(store, fn) {
  fs.mkdirSync(store, { recursive: true });
  const lock = path.join(store, LOCK_FILE);
  // re-entered by this process (a rollback activates): it already holds the lock
  if (held.has(lock)) return fn();
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`another deploy holds ${lock}; try again when it is done`);
      else sleep(50);
    }
  }
  held.add(lock);
  try {
    return fn();
  } finally {
    held.delete(lock);
    fs.rmSync(lock, { force: true });
  }
}

/** Points `name` at `version` (which must be in the store) and records it in the remote's history. */
export function activate(store, name, version, { baseUrl = '', history } = {}) {
  if (!fs.existsSync(path.join(versionDir(store, name, version), 'mf-manifest.json'))) {
    throw new Error(`${name} ${version} is not in ${store}`);
  }
  return withStoreLock(store, () => {
    const list = readPointer(store);
    const current = list.find((e) => e.name === name);
    const nextHistory = history ?? [...(current?.history ?? []), version].slice(-HISTORY_LIMIT);
    const entry = { name, entry: entryUrl(name, version, baseUrl), version, history: nextHistory };
    writePointer(store, [...list.filter((e) => e.name !== name), entry]);
    return { previous: current?.version ?? null, entry };
  });
}

/**
 * Removes the stored versions of `name` that nothing can still ask for: not the active one, not one rollback can
 * go back to (the pointer's history), and none deployed within `graceMs` (a tab opened on it still loads its
 * chunks lazily). Returns the versions removed.
 */
export function prune(store, name, { graceMs = 7 * 86_400_000, now = Date.now() } = {}) {
  return withStoreLock(store, () => {
    const current = readPointer(store).find((e) => e.name === name);
    const kept = new Set([...(current?.history ?? []), ...(current ? [current.version] : [])]);
    const removed = [];
    for (const version of storedVersions(store, name)) {
      const dir = versionDir(store, name, version);
      if (kept.has(version) || now - fs.statSync(dir).mtimeMs < graceMs) continue;
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(version);
    }
    return removed;
  });
}

/**
 * Points `name` back: at `to` when given (it must be in the store), else at the version active before the
 * current one (the current one leaves the history, so a second rollback goes one further back).
 */
export function rollback(store, name, options = {}) {
  return withStoreLock(store, () => rollbackLocked(store, name, options));
}

function rollbackLocked(store, name, { to, baseUrl }) {
  const current = readPointer(store).find((e) => e.name === name);
  if (!current) throw new Error(`${name} has no deployed version in ${store}`);
  const base = baseUrl ?? current.entry.replace(/\/remotes\/.*$/, '');
  if (to) return activate(store, name, to, { baseUrl: base });
  const history = [...current.history];
  while (history.length > 0 && history[history.length - 1] === current.version) history.pop();
  const target = history[history.length - 1];
  if (!target) throw new Error(`${name} has no version before ${current.version} to roll back to`);
  return activate(store, name, target, { baseUrl: base, history });
}

/** The list the shell reads: the configured remotes, each replaced by its deployed version when there is one. */
export function mergeDeployed(configured, deployed) {
  const byName = new Map(deployed.map((e) => [e.name, e]));
  return configured.map((r) => {
    const d = byName.get(r.name);
    return d ? { name: r.name, entry: d.entry, version: d.version } : r;
  });
}
