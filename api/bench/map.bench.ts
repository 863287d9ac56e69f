// Benchmark of the 'Where Are They?' map (mfe-map /map-locations) on the bench data (bench/shipments-data.ts):
//  1. GET shipments/coordinates/ over HTTP: answer time (median, p95) and size (raw and gzipped), in the object
//     form and in the compact form the page uses, for a filter of about 10,000 points and for every active point;
//  2. in headless Chromium, through the real shell and the real mfe-map build: the time from navigation to the
//     first drawn clusters with 10,000 and with 100,000 points (targets ≤ 1.0 s and ≤ 2.0 s), and the frame time
//     while zooming in from 2.2 to 8 (target ≤ 50 ms a frame). Frames are the intervals between animation frames
//     from the first frame of the zoom to the one after it ends (a stall is one long frame, not a few missing
//     ones); the target is checked on each run's longest frame (median of the runs), beside the p95 of every
//     frame. The zoom starts once the map has prepared what the first draw left out (stats().prepared).
// The bench company has about 50,000 active positioned shipments (the generator's choice), so the 100,000 case
// is the real unfiltered answer served twice (ids and positions shifted) by intercepting the call in the browser:
// the API part of that case is measured in 1. on the real 50,000.
//   npm run bench -w @portal/api -- map      (needs shell/dist and mfe-map/dist: `npm run build`)
// Each case also prints the page's User Timing marks 'map:*' (mfe-map/src/lib/perf.ts, medians from navigation);
// BENCH_MAP_PROFILE=1 adds the functions that took the most CPU in the first run (V8 profile), and
// BENCH_MAP_TRACE=<folder> writes a Chromium performance trace of each case's first run there. BENCH_MAP_RUNS sets
// the runs per case (3); BENCH_MAP_RENDERER=webgl|canvas forces the single markers' renderer (by default the page
// picks: WebGL on a GPU, a 2D canvas where WebGL is software-rendered, as in headless Chromium). Each line shows the
// machine's load average (1 min) when it was measured: on a busy machine the frame times are the machine's.
// Database: BENCH_DATABASE_URL as is, else portal_bench on postgres://postgres@127.0.0.1:5432.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../src/app';
import { createDb, withDatabase } from '../src/db/connection';
import { REPO_ROOT } from '../src/db/database-url';
import { benchToken } from './bench-token';
import { inflate, topFunctions, ZOOM_SCRIPT, type Compact, type CpuProfile } from './map-probes';
import { benchData, prepareBenchDatabase } from './shipments-data';

const log = (m: string) => console.log(m);
const TEN_K_FILTER = 'pod_loc=NLRTM';
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 3);
const SHELL_PORT = Number(process.env.BENCH_MAP_SHELL_PORT ?? 18590);
const REMOTE_PORT = Number(process.env.BENCH_MAP_REMOTE_PORT ?? 18594);
/** BENCH_MAP_PROFILE=1: a V8 CPU profile of each case's first run (navigation → first draw, then the zoom). */
const PROFILE = process.env.BENCH_MAP_PROFILE === '1';
/** BENCH_MAP_TRACE=<folder>: a Chromium performance trace of each case's first run, written there. */
const TRACE_DIR = process.env.BENCH_MAP_TRACE;
/** BENCH_MAP_RENDERER=webgl|canvas: localStorage 'portal.mapRenderer' (mfe-map's createWhereMap.ts). */
const RENDERER = process.env.BENCH_MAP_RENDERER ?? '';
const FRAME_TARGET = 50;
const load = () => `load ${os.loadavg()[0].toFixed(1)}`;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

function serverUrlAndDatabase(): { serverUrl: string; database: string } {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench');
  return {
    serverUrl: withDatabase(url.toString(), 'postgres'),
    database: decodeURIComponent(url.pathname.slice(1)),
  };
}

function serve(app: string, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['../shared-ui/build/serve.mjs', '--port', String(port)], {
    cwd: path.join(REPO_ROOT, app),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

type Playwright = typeof import('@playwright/test');
type Browser = Awaited<ReturnType<Playwright['chromium']['launch']>>;
type Context = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<Context['newPage']>>;
type Cdp = Awaited<ReturnType<Context['newCDPSession']>>;

interface MapCase {
  name: string;
  path: string;
  target: number | undefined;
  /** The coordinates answer served in the browser instead of the API's (null: the API's). */
  body: string | null;
}

/** What the runs of one case measured. */
interface CaseRuns {
  firsts: number[];
  frames: number[];
  /** The longest frame of each run's zoom, with the zoom it drew. */
  worst: Array<[number, number]>;
  prepares: number[];
  loads: number[];
  webgl: boolean;
  marks: Map<string, number[]>;
  profiles: string[];
  points: number;
}

/** The API on the bench data, listening on loopback, and a token of the bench user. */
async function startApi() {
  const { serverUrl, database } = serverUrlAndDatabase();
  const url = await prepareBenchDatabase(serverUrl, database, log);
  const ids = await benchData(url);
  const handle = createDb(url, { max: 6 });
  const { token, revoke } = await benchToken(handle.db, ids.userId);
  const app = await buildApp({ db: handle.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const stop = async () => {
    await app.close();
    await revoke();
    await handle.close();
  };
  return { userId: ids.userId, token, apiOrigin, stop };
}

/** 1. The coordinates call, each filter in both forms; answers the last body of each query. */
async function measureCoordinates(apiOrigin: string, token: string): Promise<Map<string, string>> {
  log('■ GET shipments/coordinates/ (HTTP, one client)');
  const answers = new Map<string, string>();
  for (const filter of [TEN_K_FILTER, '']) {
    for (const format of ['', 'format=compact']) {
      const query = [filter, format].filter(Boolean).join('&');
      const target = `${apiOrigin}/api/shipments/coordinates/${query ? `?${query}` : ''}`;
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < 1 + RUNS * 2; i++) {
        const started = performance.now();
        const res = await fetch(target, { headers: { authorization: `Token ${token}` } });
        body = await res.text();
        if (!res.ok) throw new Error(`${target}: ${res.status} ${body.slice(0, 200)}`);
        if (i > 0) times.push(performance.now() - started);
      }
      answers.set(query, body);
      const parsed = JSON.parse(body) as Compact | unknown[];
      const points = Array.isArray(parsed) ? parsed.length : parsed.count;
      const gz = zlib.gzipSync(body, { level: 6 }).length;
      log(
        `  ${(filter || 'no filter').padEnd(14)} ${(format ? 'compact' : 'objects').padEnd(8)} ` +
          `${points.toLocaleString('en').padStart(7)} points: median ${ms(quantile(times, 0.5))}, ` +
          `p95 ${ms(quantile(times, 0.95))}; ${kb(body.length)} raw, ${kb(gz)} gzipped`,
      );
    }
  }
  return answers;
}

/** The real shell and the real mfe-map build, served against the API (added to `children` to be stopped). */
async function servePages(apiOrigin: string, children: ChildProcess[]): Promise<void> {
  for (const dist of ['shell/dist/index.html', 'mfe-map/dist/remoteEntry.js']) {
    if (!existsSync(path.join(REPO_ROOT, dist))) throw new Error(`${dist} is missing: npm run build first`);
  }
  children.push(serve('mfe-map', REMOTE_PORT, {}));
  children.push(
    serve('shell', SHELL_PORT, {
      API_URL: apiOrigin,
      REMOTE_MFE_MAP_URL: `http://localhost:${REMOTE_PORT}`,
    }),
  );
  await waitFor(`http://localhost:${REMOTE_PORT}/mf-manifest.json`);
  await waitFor(`http://localhost:${SHELL_PORT}/`);
}

/** Headless Chromium with a context signed in as the bench user (map debug on). */
async function openBrowser(token: string, userId: number): Promise<{ browser: Browser; context: Context }> {
  const requireFromE2e = createRequire(path.join(REPO_ROOT, 'e2e', 'package.json'));
  const { chromium } = requireFromE2e('@playwright/test') as Playwright;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  // bypassCSP: the probes below are evaluated as strings (the portal's CSP refuses eval)
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  await context.addInitScript(
    ([t, user, renderer]) => {
      // runs in the page (the API's tsconfig has no DOM types)
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
        .localStorage;
      storage.setItem('token', t);
      storage.setItem('user_id', user);
      storage.setItem('portal.mapDebug', '1');
      if (renderer) storage.setItem('portal.mapRenderer', renderer);
    },
    [token, String(userId), RENDERER],
  );
  return { browser, context };
}

/** The cases: 10,000 points, every active one, and 100,000 (the real answer twice, served in the browser). */
function mapCases(answers: Map<string, string>): MapCase[] {
  const all = JSON.parse(answers.get('format=compact')!) as Compact;
  const hundredK = JSON.stringify(inflate(all, 100_000));
  log(
    `  100,000 (the real answer twice, served in the browser) compact: ${kb(hundredK.length)} raw, ` +
      `${kb(zlib.gzipSync(hundredK, { level: 6 }).length)} gzipped`,
  );
  return [
    { name: `10,000 (${TEN_K_FILTER})`, path: `/map-locations?${TEN_K_FILTER}`, target: 1000, body: null },
    {
      name: `every active (${all.count.toLocaleString('en')})`,
      path: '/map-locations',
      target: undefined,
      body: null,
    },
    { name: '100,000 (the real answer twice)', path: '/map-locations', target: 2000, body: hundredK },
  ];
}

/** One warm-up navigation (the browser's cache of the shell and the remote, as for a returning user). */
async function warmUp(context: Context): Promise<void> {
  const warm = await context.newPage();
  await warm.goto(`http://localhost:${SHELL_PORT}/map-locations?${TEN_K_FILTER}`);
  await warm.waitForFunction('window.__mapDebug && window.__mapDebug.firstDrawnAt != null', undefined, {
    timeout: 60_000,
  });
  await warm.close();
}

/** A page for one run: the case's answer routed in, and on the first run the trace / profile when asked. */
async function openRun(browser: Browser, context: Context, c: MapCase, index: number, run: number) {
  const page = await context.newPage();
  if (c.body) {
    const body = c.body;
    await page.route(/\/api\/shipments\/coordinates\/\?.*format=compact/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body }),
    );
  }
  const tracing = Boolean(TRACE_DIR) && run === 0;
  if (tracing) {
    await browser.startTracing(page, {
      path: path.join(TRACE_DIR!, `map-${index}.json`),
      screenshots: false,
    });
  }
  const cdp = PROFILE && run === 0 ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  return { page, tracing, cdp };
}

/** The User Timing marks of the way to the first draw (mfe-map/src/lib/perf.ts), ms from navigation. */
async function collectMarks(page: Page, marks: Map<string, number[]>): Promise<void> {
  const timings = await page.evaluate<Array<[string, number]>>(
    "performance.getEntriesByType('mark').filter((m) => m.name.startsWith('map:'))" +
      '.map((m) => [m.name.slice(4), m.startTime])',
  );
  const seen = new Set<string>();
  for (const [name, at] of timings) {
    if (seen.has(name)) continue; // the first of each
    seen.add(name);
    marks.set(name, [...(marks.get(name) ?? []), at]);
  }
}

/**
 * Frame time while zooming in from 2.2 to 8 over 2 s (view animation, as the + button or a wheel does), once the
 * map has prepared what the first draw left out (while the browser is idle); a build without stats().prepared
 * waits 300 ms only.
 */
async function zoom(page: Page, first: number, cdp: Cdp | null, acc: CaseRuns): Promise<void> {
  await page
    .waitForFunction('window.__mapDebug.handle.stats().prepared !== false', undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  const prepared = await page.evaluate<number>('performance.now()');
  acc.prepares.push(prepared - first);
  await page.waitForTimeout(300);
  // (a string: tsx would wrap a function in helpers the page does not have)
  if (cdp) await cdp.send('Profiler.start');
  const zoomFrames = await page.evaluate<Array<[number, number]>>(ZOOM_SCRIPT);
  acc.frames.push(...zoomFrames.map(([d]) => d));
  acc.worst.push(zoomFrames.reduce((a, b) => (b[0] > a[0] ? b : a), [0, 0]));
}

/** One run of a case: navigation → first drawn clusters, then the zoom; added to `acc`. */
async function measureRun(
  browser: Browser,
  context: Context,
  c: MapCase,
  index: number,
  run: number,
  acc: CaseRuns,
): Promise<void> {
  const { page, tracing, cdp } = await openRun(browser, context, c, index, run);
  await page.goto(`http://localhost:${SHELL_PORT}${c.path}`);
  await page.waitForFunction('window.__mapDebug && window.__mapDebug.firstDrawnAt != null', undefined, {
    timeout: 60_000,
  });
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    acc.profiles.push('    navigation → first draw', ...topFunctions(profile));
  }
  await collectMarks(page, acc.marks);
  const result = await page.evaluate<{
    first: number;
    points: number;
    clusters: number;
    webgl: boolean;
  }>(
    '({ first: window.__mapDebug.firstDrawnAt, points: window.__mapDebug.handle.stats().points, ' +
      'clusters: window.__mapDebug.handle.stats().clusters, webgl: window.__mapDebug.handle.stats().webgl })',
  );
  acc.firsts.push(result.first);
  acc.loads.push(os.loadavg()[0]);
  acc.points = result.points;
  acc.webgl = result.webgl;
  if (result.clusters === 0) throw new Error(`${c.name}: no cluster drawn`);
  await zoom(page, result.first, cdp, acc);
  if (tracing) await browser.stopTracing();
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    acc.profiles.push('    zooming 2.2 → 8', ...topFunctions(profile));
    await cdp.detach();
  }
  await page.close();
}

/** Prints one case's figures; answers whether it met its targets. */
function reportCase(c: MapCase, acc: CaseRuns): boolean {
  const { firsts, frames, worst, prepares, loads, marks } = acc;
  const median = quantile(firsts, 0.5);
  const ok = c.target === undefined ? '' : median <= c.target ? ' ✓' : ' ✗';
  const p95 = quantile(frames, 0.95);
  const worstMedian = quantile(
    worst.map(([d]) => d),
    0.5,
  );
  const frameOk = worstMedian <= FRAME_TARGET;
  const slow = frames.filter((d) => d > FRAME_TARGET);
  log(
    `  ${c.name}: ${acc.points.toLocaleString('en')} points, first clusters median ${ms(median)} ` +
      `(runs ${firsts.map((f) => f.toFixed(0)).join(', ')})${c.target ? ` [target ≤ ${c.target} ms]` : ''}${ok}` +
      ` (${loads.map((l) => `load ${l.toFixed(1)}`).join(', ')}; markers ${acc.webgl ? 'WebGL' : 'canvas'})`,
  );
  log(
    `    zooming 2.2 → 8 (${load()}): longest frame of each run ` +
      `${worst.map(([d, z]) => `${d.toFixed(0)} ms at zoom ${z.toFixed(1)}`).join(', ')}: median ` +
      `${ms(worstMedian)} [target ≤ ${FRAME_TARGET} ms a frame]${frameOk ? ' ✓' : ' ✗'}`,
  );
  log(
    `    ${frames.length} frames (${RUNS} runs): median ${ms(quantile(frames, 0.5))}, p95 ${ms(p95)}, ` +
      `max ${ms(Math.max(...frames))}; ${slow.length} over ${FRAME_TARGET} ms, ` +
      `${ms(slow.reduce((a, b) => a + b, 0))} in them; prepared ${prepares.map((p) => p.toFixed(0)).join(', ')} ms ` +
      'after the first draw',
  );
  log(
    `    marks (median ms from navigation): ${[...marks.entries()]
      .sort((a, b) => quantile(a[1], 0.5) - quantile(b[1], 0.5))
      .map(([name, at]) => `${name} ${quantile(at, 0.5).toFixed(0)}`)
      .join(', ')}`,
  );
  for (const line of acc.profiles) log(line);
  return ok !== ' ✗' && frameOk;
}

/** 2. The page in Chromium, every case RUNS times; answers whether a target was missed. */
async function measurePage(
  api: { apiOrigin: string; token: string; userId: number },
  answers: Map<string, string>,
  children: ChildProcess[],
): Promise<boolean> {
  await servePages(api.apiOrigin, children);
  const { browser, context } = await openBrowser(api.token, api.userId);
  const cases = mapCases(answers);
  await warmUp(context);
  log('\n■ /map-locations in headless Chromium (1366×900): navigation → first drawn clusters');
  let failed = false;
  for (const [index, c] of cases.entries()) {
    const acc: CaseRuns = {
      firsts: [],
      frames: [],
      worst: [],
      prepares: [],
      loads: [],
      webgl: false,
      marks: new Map(),
      profiles: [],
      points: 0,
    };
    for (let run = 0; run < RUNS; run++) await measureRun(browser, context, c, index, run, acc);
    if (!reportCase(c, acc)) failed = true;
  }
  await browser.close();
  return failed;
}

async function main(): Promise<void> {
  const api = await startApi();
  const children: ChildProcess[] = [];
  let failed = false;
  try {
    const answers = await measureCoordinates(api.apiOrigin, api.token);
    failed = await measurePage(api, answers, children);
  } finally {
    for (const child of children) child.kill();
    await api.stop();
  }
  // Misses are marked ✗ (as the shipments bench); the exit code stays 0 unless something broke.
  if (failed) log('\nsome targets were missed (✗)');
}

declare global {
  interface Window {
    __mapDebug?: {
      firstDrawnAt: number | null;
      handle: {
        stats(): { points: number; clusters: number; zoom: number; webgl: boolean; prepared?: boolean };
        zoomTo(zoom: number, lngLat?: [number, number], duration?: number): void;
      };
    };
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
