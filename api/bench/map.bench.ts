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
import { hashToken, newToken } from '../src/lib/tokens';
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

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The functions that took the most CPU (self time) in a V8 profile, one line each. */
function topFunctions(profile: CpuProfile, limit = 12): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() || '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    if (frame.functionName !== '(idle)' && frame.functionName !== '(program)') total += dt;
  });
  const lines = [...self.entries()]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, v]) => `      ${v.toFixed(0).padStart(5)} ms  ${k}`);
  return [`    busy ${total.toFixed(0)} ms; most self time:`, ...lines];
}
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

interface Compact {
  count: number;
  id: number[];
  lng: number[];
  lat: number[];
  health: number[];
  vessel: number[];
  vessels: unknown[];
}

/** The real answer repeated until it has `target` points (ids shifted, positions moved a little). */
function inflate(answer: Compact, target: number): Compact {
  const out: Compact = {
    count: 0,
    id: [],
    lng: [],
    lat: [],
    health: [],
    vessel: [],
    vessels: answer.vessels,
  };
  const maxId = Math.max(...answer.id);
  for (let copy = 0; out.id.length < target; copy++) {
    for (let i = 0; i < answer.count && out.id.length < target; i++) {
      out.id.push(answer.id[i] + copy * maxId);
      out.lng.push(Math.round((answer.lng[i] + copy * 0.37) * 1e5) / 1e5);
      out.lat.push(Math.max(-80, Math.min(80, Math.round((answer.lat[i] - copy * 0.21) * 1e5) / 1e5)));
      out.health.push(answer.health[i]);
      out.vessel.push(answer.vessel[i]);
    }
  }
  out.count = out.id.length;
  return out;
}

/**
 * In the page: animate the view from zoom 2.2 to 8 over 2 s and collect the duration of each frame (ms: the
 * interval from its start to the next frame's) with the zoom it drew, from the first frame of the animation to
 * the one after its last (the basemap is drawn sharp again then).
 */
const ZOOM_SCRIPT = `new Promise((resolve) => {
  const h = window.__mapDebug.handle;
  h.zoomTo(2.2);
  const out = [];
  let last = 0;
  let lastZoom = 2.2;
  let after = 0;
  const tick = (now) => {
    // the frame that started at 'last' drew lastZoom (the map draws before this callback in each frame)
    out.push([now - last, lastZoom]);
    last = now;
    lastZoom = h.stats().zoom;
    if (lastZoom >= 8) after++;
    if (after > 1 || out.length > 2000) resolve(out.slice(1));
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    h.zoomTo(8, undefined, 2000);
    requestAnimationFrame(tick);
  });
})`;

async function main(): Promise<void> {
  const { serverUrl, database } = serverUrlAndDatabase();
  const url = await prepareBenchDatabase(serverUrl, database, log);
  const ids = await benchData(url);
  const handle = createDb(url, { max: 6 });
  const token = newToken();
  await handle.db
    .insertInto('auth_tokens')
    .values({ key_hash: hashToken(token), user_id: ids.userId })
    .execute();
  const app = await buildApp({ db: handle.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const children: ChildProcess[] = [];
  let failed = false;
  try {
    // 1. The coordinates call.
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

    // 2. The page in Chromium.
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
    const requireFromE2e = createRequire(path.join(REPO_ROOT, 'e2e', 'package.json'));
    const { chromium } = requireFromE2e('@playwright/test') as typeof import('@playwright/test');
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
      [token, String(ids.userId), RENDERER],
    );
    const all = JSON.parse(answers.get('format=compact')!) as Compact;
    const hundredK = JSON.stringify(inflate(all, 100_000));
    log(
      `  100,000 (the real answer twice, served in the browser) compact: ${kb(hundredK.length)} raw, ` +
        `${kb(zlib.gzipSync(hundredK, { level: 6 }).length)} gzipped`,
    );
    const cases = [
      { name: `10,000 (${TEN_K_FILTER})`, path: `/map-locations?${TEN_K_FILTER}`, target: 1000, body: null },
      {
        name: `every active (${all.count.toLocaleString('en')})`,
        path: '/map-locations',
        target: undefined,
        body: null,
      },
      { name: '100,000 (the real answer twice)', path: '/map-locations', target: 2000, body: hundredK },
    ] as const;
    // one warm-up navigation (the browser's cache of the shell and the remote, as for a returning user)
    const warm = await context.newPage();
    await warm.goto(`http://localhost:${SHELL_PORT}/map-locations?${TEN_K_FILTER}`);
    await warm.waitForFunction('window.__mapDebug && window.__mapDebug.firstDrawnAt != null', undefined, {
      timeout: 60_000,
    });
    await warm.close();

    log('\n■ /map-locations in headless Chromium (1366×900): navigation → first drawn clusters');
    for (const c of cases) {
      const firsts: number[] = [];
      const frames: number[] = [];
      /** The longest frame of each run's zoom, with the zoom it drew. */
      const worst: Array<[number, number]> = [];
      const prepares: number[] = [];
      const loads: number[] = [];
      let webgl = false;
      const marks = new Map<string, number[]>();
      const profiles: string[] = [];
      let points = 0;
      for (let run = 0; run < RUNS; run++) {
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
            path: path.join(TRACE_DIR!, `map-${cases.indexOf(c)}.json`),
            screenshots: false,
          });
        }
        const cdp = PROFILE && run === 0 ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(`http://localhost:${SHELL_PORT}${c.path}`);
        await page.waitForFunction('window.__mapDebug && window.__mapDebug.firstDrawnAt != null', undefined, {
          timeout: 60_000,
        });
        if (cdp) {
          const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
          profiles.push('    navigation → first draw', ...topFunctions(profile));
        }
        // the User Timing marks of the way to the first draw (mfe-map/src/lib/perf.ts), ms from navigation
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
        const result = await page.evaluate<{
          first: number;
          points: number;
          clusters: number;
          webgl: boolean;
        }>(
          '({ first: window.__mapDebug.firstDrawnAt, points: window.__mapDebug.handle.stats().points, ' +
            'clusters: window.__mapDebug.handle.stats().clusters, webgl: window.__mapDebug.handle.stats().webgl })',
        );
        firsts.push(result.first);
        loads.push(os.loadavg()[0]);
        points = result.points;
        webgl = result.webgl;
        if (result.clusters === 0) throw new Error(`${c.name}: no cluster drawn`);
        // frame time while zooming in from 2.2 to 8 over 2 s (view animation, as the + button or a wheel does),
        // once the map has prepared what the first draw left out (while the browser is idle); a build without
        // stats().prepared waits 300 ms only
        await page
          .waitForFunction('window.__mapDebug.handle.stats().prepared !== false', undefined, {
            timeout: 10_000,
          })
          .catch(() => undefined);
        const prepared = await page.evaluate<number>('performance.now()');
        prepares.push(prepared - result.first);
        await page.waitForTimeout(300);
        // (a string: tsx would wrap a function in helpers the page does not have)
        if (cdp) await cdp.send('Profiler.start');
        const zoomFrames = await page.evaluate<Array<[number, number]>>(ZOOM_SCRIPT);
        frames.push(...zoomFrames.map(([d]) => d));
        worst.push(zoomFrames.reduce((a, b) => (b[0] > a[0] ? b : a), [0, 0]));
        if (tracing) await browser.stopTracing();
        if (cdp) {
          const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
          profiles.push('    zooming 2.2 → 8', ...topFunctions(profile));
          await cdp.detach();
        }
        await page.close();
      }
      const median = quantile(firsts, 0.5);
      const ok = c.target === undefined ? '' : median <= c.target ? ' ✓' : ' ✗';
      if (ok === ' ✗') failed = true;
      const p95 = quantile(frames, 0.95);
      const worstMedian = quantile(
        worst.map(([d]) => d),
        0.5,
      );
      const frameOk = worstMedian <= FRAME_TARGET;
      if (!frameOk) failed = true;
      const slow = frames.filter((d) => d > FRAME_TARGET);
      log(
        `  ${c.name}: ${points.toLocaleString('en')} points, first clusters median ${ms(median)} ` +
          `(runs ${firsts.map((f) => f.toFixed(0)).join(', ')})${c.target ? ` [target ≤ ${c.target} ms]` : ''}${ok}` +
          ` (${loads.map((l) => `load ${l.toFixed(1)}`).join(', ')}; markers ${webgl ? 'WebGL' : 'canvas'})`,
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
      for (const line of profiles) log(line);
    }
    await browser.close();
  } finally {
    for (const child of children) child.kill();
    await app.close();
    await handle.db.deleteFrom('auth_tokens').where('key_hash', '=', hashToken(token)).execute();
    await handle.close();
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
