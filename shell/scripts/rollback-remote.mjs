#!/usr/bin/env node
// Rolls one remote back without building anything: switches the store's remotes.json to the version that was
// active before the current one, or to the version given with --to (any version still in the store).
//
//   node shell/scripts/rollback-remote.mjs <remote> [--to X] [--target DIR]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rollback, storedVersions } from '../../shared-ui/build/remotes-store.mjs';
import { defaultStore, fail, resolveRemote } from './remote-cli.mjs';

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, target: { type: 'string' } },
  });
  if (positionals.length !== 1) fail('usage: rollback-remote.mjs <remote> [--to X] [--target DIR]');
  const remote = resolveRemote(positionals[0]);
  const store = values.target ? path.resolve(values.target) : defaultStore();
  try {
    const { previous, entry } = rollback(store, remote.name, { to: values.to });
    console.log(`[rollback] ${remote.name} ${previous} → ${entry.version}: ${entry.entry}`);
  } catch (error) {
    const stored = storedVersions(store, remote.name);
    fail(
      `${error instanceof Error ? error.message : String(error)}` +
        (stored.length > 0 ? ` (versions in the store: ${stored.join(', ')})` : ''),
    );
  }
}

try {
  main();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
