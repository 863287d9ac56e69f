// A shell server of a spec's own (shared-ui/build/serve.mjs, the server a deployment runs), pointed at the stack's
// API and remote servers and at a store of deployed remote builds; `dir` serves a kept build instead of shell/dist.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { API_PORT, REMOTES } from './ports';

const root = path.resolve(__dirname, '..', '..');

/** Starts the server on `port`, waits until it answers /remotes.json, and returns how to stop it. */
export async function startShellServer(opts: {
  port: number;
  store: string;
  dir?: string;
}): Promise<() => void> {
  const remoteUrls = Object.fromEntries(
    REMOTES.map((r) => [`REMOTE_${r.name.toUpperCase()}_URL`, `http://localhost:${r.port}`]),
  );
  const args = ['../shared-ui/build/serve.mjs', '--port', String(opts.port)];
  if (opts.dir) args.push('--host', '--dir', opts.dir);
  const server = spawn(process.execPath, args, {
    cwd: path.join(root, 'shell'),
    env: {
      ...process.env,
      ...remoteUrls,
      API_URL: `http://localhost:${API_PORT}`,
      REMOTES_STORE: opts.store,
    },
    stdio: 'ignore',
  });
  const base = `http://localhost:${opts.port}`;
  await expect
    .poll(async () => (await fetch(`${base}/remotes.json`).catch(() => null))?.ok, { timeout: 30_000 })
    .toBe(true);
  return () => server.kill();
}
