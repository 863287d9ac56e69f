// Runs the API benchmarks: every bench/*.bench.ts one after the other (each in its own process), or only
// those whose name contains one of the arguments: `npm run bench -w @portal/api -- shipments`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = __dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
if (files.length === 0) console.log(`no benchmark matches ${wanted.join(', ')}`);
process.exit(failed ? 1 : 0);
