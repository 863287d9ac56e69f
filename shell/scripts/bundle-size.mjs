#!/usr/bin/env node
// Bench: the shell's initial JavaScript (everything the browser loads before any remote) in gzipped bytes,
// measured in Chromium on /login with no remote reachable, against the 200 KB budget. Also lists each remote's
// remoteEntry.js and total JS for reference.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(root, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const BUDGET = 200 * 1024;
const port = 18790;
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const server = spawn('node', ['../shared-ui/build/serve.mjs', '--port', String(port)], {
  cwd: path.join(root, 'shell'),
  env: { ...process.env, REMOTES_HOST: '127.0.0.9', API_URL: 'http://127.0.0.1:9' },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.port === String(port) && res.request().resourceType() === 'script') {
      scripts.push({ file: url.pathname, body: await res.body() });
    }
  });
  await page.goto(`http://localhost:${port}/login`, { waitUntil: 'networkidle' });
  await browser.close();

  let total = 0;
  console.log('Shell initial JavaScript on /login (gzipped, level 9):');
  for (const s of scripts.sort((a, b) => gz(b.body) - gz(a.body))) {
    total += gz(s.body);
    console.log(`  ${kb(gz(s.body)).padStart(9)}  ${s.file}`);
  }
  console.log(
    `  ${kb(total).padStart(9)}  total, budget ${kb(BUDGET)} -> ${total <= BUDGET ? 'OK' : 'OVER BUDGET'}`,
  );

  const contract = JSON.parse(fs.readFileSync(path.join(root, 'shared-ui/build/remotes.json'), 'utf8'));
  console.log('\nRemotes (gzipped): remoteEntry.js / all JS in dist');
  for (const r of Object.values(contract)) {
    const dist = path.join(root, r.package, 'dist');
    if (!fs.existsSync(dist)) continue;
    const js = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
    const entry = gz(fs.readFileSync(path.join(dist, 'remoteEntry.js')));
    const all = js.reduce((sum, f) => sum + gz(fs.readFileSync(path.join(dist, f))), 0);
    console.log(`  ${r.package.padEnd(14)} ${kb(entry).padStart(9)} / ${kb(all).padStart(9)}`);
  }
  process.exitCode = total <= BUDGET ? 0 : 1;
} finally {
  server.kill();
}
