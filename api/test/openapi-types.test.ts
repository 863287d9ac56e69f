// The front end's contract types (shared-api/src/generated/openapi.ts) are what the API documents now: this
// fails when a route schema changed and `npm run openapi -w @portal/api` was not run. The
// generator runs in its own process (openapi-typescript is ESM only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(120_000);

const apiDir = path.resolve(__dirname, '..');
const generated = path.resolve(apiDir, '../shared-api/src/generated/openapi.ts');

function check(file?: string) {
  const tsx = path.resolve(apiDir, '../node_modules/.bin/tsx');
  const args = ['scripts/openapi-types.ts', '--check', ...(file ? [file] : [])];
  return spawnSync(tsx, args, { cwd: apiDir, encoding: 'utf8', env: { ...process.env } });
}

it('the committed contract types are generated from the current OpenAPI document', () => {
  const result = check();
  expect(result.stderr.replace(/npm warn.*\n/g, '')).toBe('');
  expect(result.status).toBe(0);
});

it('a file that differs from the document is reported stale with the first differing line', () => {
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.ts');
  const lines = fs.readFileSync(generated, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.includes('container_number'));
  lines[at] = lines[at].replace('container_number', 'container_no');
  fs.writeFileSync(copy, lines.join('\n'));
  const result = check(copy);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`is stale (line ${at + 1}: committed`);
  expect(result.stderr).toContain('Run `npm run openapi -w @portal/api`');
});
