// The fault and load suite in one command (`npm run fault -w @portal/api`), each part in its own
// process, all of them run even when one misses; the exit code says whether any did:
// 1. fuzz of every route and filter of the OpenAPI document, then the bombs (fault/fuzz.ts, fault/bombs.ts);
// 2. the tenancy and permission sweep of the OpenAPI document (jest: test/security/tenancy-sweep.test.ts);
// 3. load (200 users for 60 s) and faults (the API and the worker killed under load and restarted)
//    (bench/load-fault.bench.ts). FAULT_SKIP_LOAD=1 leaves it out (it takes about 3 minutes).
// Database: the server of TEST_DATABASE_URL / DATABASE_URL (throwaway databases), see each part.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const api = path.resolve(__dirname, '..');
const tsx = ['--import', 'tsx'];
const parts: Array<{ name: string; cmd: string; args: string[] }> = [
  { name: 'fuzz and bombs', cmd: process.execPath, args: [...tsx, 'fault/fuzz.ts'] },
  {
    name: 'tenancy and permission sweep',
    cmd: process.execPath,
    args: [
      require.resolve('jest/bin/jest'),
      'test/security/tenancy-sweep.test.ts',
      '--selectProjects',
      'api',
    ],
  },
];
if (process.env.FAULT_SKIP_LOAD !== '1') {
  parts.push({ name: 'load and faults', cmd: process.execPath, args: [...tsx, 'bench/load-fault.bench.ts'] });
}

const results: string[] = [];
let failed = 0;
for (const part of parts) {
  console.log(`\n=== ${part.name} ===`);
  const started = Date.now();
  const run = spawnSync(part.cmd, part.args, { cwd: api, stdio: 'inherit' });
  const ok = run.status === 0;
  if (!ok) failed++;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${part.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
console.log(`\n=== fault suite ===\n${results.join('\n')}`);
process.exit(failed ? 1 : 0);
