#!/usr/bin/env node
/* global window, document */
// Landing page speed in headless Chromium: Largest Contentful Paint (cold loads, median and worst), the
// JavaScript transferred until the page is live, and the image bytes (files and inline SVG).
// Serves the built shell (with its prerendered pages) and mfe-public with the portal's own static server on
// free ports; needs `npm run build -w shell -w mfe-public` first. No API needed: the landing calls none.
//
//   node mfe-public/bench/landing.bench.mjs [--runs 5]      (CHROMIUM_PATH, default /usr/bin/chromium)
//
// Target: LCP ≤ 1000 ms (a miss is marked ✗ and does not fail the run, like the API benchmarks).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const LCP_TARGET_MS = 1000;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitUp(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

function serve(app, port, env = {}) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'shared-ui/build/serve.mjs'), '--port', String(port)],
    {
      cwd: path.join(root, app),
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: 'ignore',
    },
  );
  return child;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  for (const dir of ['shell/dist/index.html', 'mfe-public/dist/remoteEntry.js']) {
    if (!fs.existsSync(path.join(root, dir)))
      throw new Error(`${dir} is missing: build shell and mfe-public first`);
  }
  const shellPort = await freePort();
  const publicPort = await freePort();
  const children = [
    serve('mfe-public', publicPort),
    serve('shell', shellPort, { REMOTE_MFE_PUBLIC_URL: `http://127.0.0.1:${publicPort}` }),
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    await waitUp(`http://127.0.0.1:${publicPort}/remoteEntry.js`);
    await waitUp(`http://127.0.0.1:${shellPort}/`);
    const results = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const bytes = { js: 0, image: 0, html: 0, other: 0 };
      const pending = [];
      page.on('requestfinished', (request) => {
        pending.push(
          request.sizes().then(({ responseBodySize, responseHeadersSize }) => {
            const size = responseBodySize + responseHeadersSize;
            const type = request.resourceType();
            if (type === 'script') bytes.js += size;
            else if (type === 'image') bytes.image += size;
            else if (type === 'document') bytes.html += size;
            else bytes.other += size;
          }),
        );
      });
      await page.addInitScript(() => {
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`http://127.0.0.1:${shellPort}/`, { waitUntil: 'load' });
      // live when the remote replaced the prerendered copy
      await page.waitForFunction(
        () => !document.getElementById('pre') && document.querySelector('#root h1'),
        null,
        {
          timeout: 60_000,
        },
      );
      await page.waitForLoadState('networkidle');
      const { lcp, fcp, live, inlineSvg } = await page.evaluate(() => ({
        lcp: window.__lcp,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        live: performance.now(),
        inlineSvg: [...document.querySelectorAll('#root svg')].reduce((n, s) => n + s.outerHTML.length, 0),
      }));
      await Promise.all(pending);
      results.push({ lcp, fcp, live, inlineSvg, ...bytes });
      await context.close();
    }
    const lcps = results.map((r) => r.lcp);
    const last = results[results.length - 1];
    const lcpMedian = median(lcps);
    const ok = lcpMedian <= LCP_TARGET_MS;
    console.log(`Landing page (/), ${RUNS} cold loads in headless Chromium at 1366×900:`);
    console.log(
      `  LCP median ${lcpMedian.toFixed(0)} ms, worst ${Math.max(...lcps).toFixed(0)} ms ` +
        `(target ≤ ${LCP_TARGET_MS} ms) ${ok ? '✓' : '✗'}`,
    );
    console.log(`  FCP median ${median(results.map((r) => r.fcp)).toFixed(0)} ms`);
    console.log(`  live (remote mounted) median ${median(results.map((r) => r.live)).toFixed(0)} ms`);
    console.log(`  HTML transferred ${kb(last.html)} (prerendered es + en copy, as sent)`);
    console.log(`  JavaScript transferred ${kb(last.js)}`);
    console.log(`  Image files transferred ${kb(last.image)}; inline SVG pictures ${kb(last.inlineSvg)}`);
  } finally {
    await browser.close();
    for (const child of children) child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
