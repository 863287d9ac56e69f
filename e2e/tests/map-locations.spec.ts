// 'Where Are They?' (/map-locations, mfe_map) as a user: the map draws clusters from the coordinates call, a
// health filter changes what is drawn and survives a reload, clicking a single marker opens its info window whose
// Detail opens the shipment, and the portal keeps working when the map remote is down. Also: the zoom buttons'
// tooltips follow the language, the legend starts folded, the view is fitted again when the window narrows, an
// info window keeps its container in view (at 620 px too), and the map works from the keyboard (markers reached
// with Tab, Escape closes the window, a list of what is on screen). E2E_SHOTS_DIR=<folder> keeps screenshots.
// The canvas is not clicked blind: with localStorage 'portal.mapDebug' = '1' the page exposes window.__mapDebug
// (the view and the pixel of a point), and the map element carries what it drew as data attributes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO } from '../support/portal';
import { DEAD_REMOTE_PORT, PORTAL_WITH_DEAD_MAP_PORT } from '../support/ports';
import { sel } from '../support/selectors';
import { signIn } from '../support/shipments';

interface Compact {
  count: number;
  id: number[];
  lng: number[];
  lat: number[];
  health: number[];
  vessel: number[];
  vessels: Array<{ id: number; name: string; lng: number | null; lat: number | null }>;
}

/** What the page exposes with localStorage 'portal.mapDebug' = '1' (mfe-map/src/features/where-map/WhereMap.tsx). */
declare global {
  interface Window {
    __mapDebug?: {
      handle: {
        stats(): { level: number | null; clusters: number; points: number; zoom: number };
        centerOn(index: number, zoom: number): void;
        pixelOf(index: number): [number, number] | null;
        vesselPixel(vessel: number): [number, number] | null;
        zoomTo(zoom: number, lngLat?: [number, number]): void;
      };
      firstDrawnAt: number | null;
    };
  }
}

const HEALTH = ['ontrack', 'delayed', 'alerted'] as const;
const isCompactCall = (r: Response) =>
  r.url().includes('/api/shipments/coordinates/?') && r.url().includes('format=compact') && r.ok();

async function openMap(page: Page, path = '/map-locations'): Promise<Compact> {
  const answer = page.waitForResponse(isCompactCall, { timeout: 30_000 });
  await page.goto(path);
  const body = (await (await answer).json()) as Compact;
  await expect(page.getByTestId('where-map')).toHaveAttribute('data-state', 'drawn', { timeout: 20_000 });
  return body;
}

const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
const zoomOf = (page: Page) => page.evaluate(() => window.__mapDebug!.handle.stats().zoom);

// The machine running the suite is shared: generous limits (each test alone takes a few seconds).
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('portal.mapDebug', '1'));
});

test('draws clusters of the active containers from the coordinates call, with a legend and the count', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, DEMO);
  const body = await openMap(page);
  expect(body.count).toBeGreaterThan(0);
  expect(body.id).toHaveLength(body.count);
  const map = page.getByTestId('where-map');
  await expect(map).toHaveAttribute('data-points', String(body.count));
  // headless Chromium's WebGL runs in software (SwiftShader): the single markers are drawn on a 2D canvas then
  await expect(map).toHaveAttribute('data-renderer', 'canvas');
  expect(Number(await map.getAttribute('data-clusters'))).toBeGreaterThan(0);
  await expect(map.locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '¿Dónde están?' })).toBeVisible();
  await expect(page.getByTestId('map-count')).toContainText(
    body.count === 1 ? '1 contenedor en el mapa' : `${body.count} contenedores en el mapa`,
  );
  await expect(page.getByTestId('map-legend')).toContainText('En plazo');
  // the view starts clustered (zoom ≤ 4 after fitting the demo's world-wide points)
  const stats = await page.evaluate(() => window.__mapDebug!.handle.stats());
  expect(stats.level).not.toBeNull();
  expect(stats.clusters).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('a health filter changes what is drawn, is kept in the URL and survives a reload', async ({ page }) => {
  await signIn(page, DEMO);
  const all = await openMap(page);
  // a health that some but (preferably) not all points have; else one none has (the empty state)
  const counts = HEALTH.map((_, code) => all.health.filter((h) => h === code).length);
  let code = counts.findIndex((n) => n > 0 && n < all.count);
  if (code < 0) code = counts.findIndex((n) => n === 0);
  test.skip(code < 0, 'the demo data has every health on every point');
  const health = HEALTH[code];
  const expected = counts[code];

  // The demo's engine keeps tracking while the specs run, so each answer is checked against itself (every point
  // of the chosen health, all of them drawn) rather than against the first answer's counts.
  const filtered = page.waitForResponse((r) => isCompactCall(r) && r.url().includes(`health=${health}`));
  await page.locator('#map-filter-health').selectOption(health);
  const body = (await (await filtered).json()) as Compact;
  expect(body.health.every((h) => h === code)).toBe(true);
  if (expected > 0) expect(body.count).toBeGreaterThan(0);
  await expect(page).toHaveURL(new RegExp(`[?&]health=${health}`));
  const map = page.getByTestId('where-map');
  if (body.count === 0) {
    await expect(page.getByTestId('map-empty')).toBeVisible();
  } else {
    await expect(map).toHaveAttribute('data-points', String(body.count));
    expect(body.count).toBeLessThan(all.count);
  }

  // reload: the filter comes back from the URL and the answer's points are drawn
  const again = page.waitForResponse((r) => isCompactCall(r) && r.url().includes(`health=${health}`));
  await page.reload();
  const reloaded = (await (await again).json()) as Compact;
  expect(reloaded.health.every((h) => h === code)).toBe(true);
  await expect(page.locator('#map-filter-health')).toHaveValue(health);
  if (reloaded.count > 0) {
    await expect(map).toHaveAttribute('data-state', 'drawn');
    await expect(map).toHaveAttribute('data-points', String(reloaded.count));
  }

  // reset: every point again
  const unfiltered = page.waitForResponse((r) => isCompactCall(r) && !r.url().includes('health='));
  await page.getByTestId('map-filter-reset').click();
  await expect(page).not.toHaveURL(/health=/);
  const everything = (await (await unfiltered).json()) as Compact;
  expect(everything.count).toBeGreaterThan(body.count);
  await expect(map).toHaveAttribute('data-points', String(everything.count));
});

test('typed search reaches the URL after the debounce and narrows the map', async ({ page }) => {
  await signIn(page, DEMO);
  const all = await openMap(page);
  const details = await page.request.get(`/api/shipments/coordinates/details/?id=${all.id[0]}`, {
    headers: { authorization: `Token ${await page.evaluate(() => localStorage.getItem('token') ?? '')}` },
  });
  test.skip(!details.ok(), 'no token in local storage under that key');
  const container = ((await details.json()) as Array<{ container_number: string }>)[0].container_number;
  const searched = page.waitForResponse((r) => isCompactCall(r) && r.url().includes(`search=${container}`));
  await page.getByTestId('map-filter-search').fill(container);
  const body = (await (await searched).json()) as Compact;
  expect(body.id).toContain(all.id[0]);
  await expect(page).toHaveURL(new RegExp(`search=${container}`));
  await expect(page.getByTestId('where-map')).toHaveAttribute('data-points', String(body.count));
});

for (const renderer of ['canvas', 'webgl'] as const) {
  test(`clicking a single marker opens its info window; Detail opens the shipment (${renderer})`, async ({
    page,
  }) => {
    // 'portal.mapRenderer' forces the WebGL markers, the path of a machine with a hardware GPU
    await page.addInitScript((r) => localStorage.setItem('portal.mapRenderer', r), renderer);
    await signIn(page, DEMO);
    const body = await openMap(page);
    await expect(page.getByTestId('where-map')).toHaveAttribute('data-renderer', renderer);
    const index = 0;
    const id = body.id[index];
    // zoom in past the cluster levels, centred on the point, then click where it is drawn
    await page.evaluate((i) => window.__mapDebug!.handle.centerOn(i, 9), index);
    await expect.poll(() => page.evaluate(() => window.__mapDebug!.handle.stats().level)).toBeNull();
    const pixel = await page.evaluate((i) => window.__mapDebug!.handle.pixelOf(i), index);
    expect(pixel).not.toBeNull();
    const details = page.waitForResponse((r) => r.url().includes('/api/shipments/coordinates/details/'));
    await page.getByTestId('where-map').click({ position: { x: pixel![0], y: pixel![1] } });
    expect((await details).ok()).toBe(true);

    const info = page.getByTestId('map-info');
    await expect(info).toBeVisible();
    const item = info.locator(`[data-testid="map-info-item"][data-id="${id}"]`);
    await expect(item).toBeVisible();
    await expect(item).toContainText('POL → POD');
    await expect(item).toContainText(/ETA|ATA/);
    await expect(item).toContainText(/En plazo|Más tarde de lo previsto|Requiere atención/);
    await item.getByTestId('map-info-detail').click();
    await expect(page).toHaveURL(new RegExp(`/shipments/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Envío ${id}` })).toBeVisible({
      timeout: 20_000,
    });
  });
}

test('clicking a vessel lists the containers on board', async ({ page }) => {
  await signIn(page, DEMO);
  const body = await openMap(page);
  const vessel = body.vessel.findIndex((v) => v >= 0);
  test.skip(vessel < 0, 'no demo container is on a vessel right now');
  const v = body.vessel[vessel];
  const ship = body.vessels[v];
  await page.evaluate(
    ([lng, lat]) => window.__mapDebug!.handle.zoomTo(6, [lng, lat]),
    [ship.lng!, ship.lat!],
  );
  await expect.poll(() => page.evaluate((x) => window.__mapDebug!.handle.vesselPixel(x), v)).not.toBeNull();
  const pixel = (await page.evaluate((x) => window.__mapDebug!.handle.vesselPixel(x), v))!;
  await page.getByTestId('where-map').click({ position: { x: pixel[0], y: pixel[1] } });
  const info = page.getByTestId('map-info');
  await expect(info).toBeVisible();
  await expect(info).toContainText(body.vessels[v].name);
  await expect(info).toContainText('a bordo');
  await expect(info.getByTestId('map-info-item').first()).toBeVisible();
});

test('the map remote being down leaves the rest of the portal working', async ({ page }) => {
  const base = `http://localhost:${PORTAL_WITH_DEAD_MAP_PORT}`;
  // this shell's mfe_map points at a port where nothing listens; block it too in case a test started a server there
  await page.route(new RegExp(`localhost:${DEAD_REMOTE_PORT}/`), (route) => route.abort());
  await signIn(page, DEMO, base);
  await page.getByTestId(sel.tab('map-locations')).click();
  await expect(page.getByTestId(sel.remoteFallback)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId(sel.titleBar)).toBeVisible();
  for (const [tab, heading] of [
    ['shipments', 'Envíos'],
    ['tracking-requests', 'Solicitudes de seguimiento'],
    ['dashboard', 'Panel de control'],
  ] as const) {
    await page.getByTestId(sel.tab(tab)).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  }
});

test('zoom tooltips in the language, legend folded, the view fitted again when the window narrows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO);
  await openMap(page);
  const zoomIn = page.locator('.ol-zoom-in');
  await expect(zoomIn).toHaveAttribute('title', 'Acercar');
  await expect(page.locator('.ol-zoom-out')).toHaveAttribute('title', 'Alejar');
  await expect(page.getByTestId('map-legend')).not.toHaveAttribute('open');
  await shot(page, 'map-es-1366');
  const wide = await zoomOf(page);
  await page.setViewportSize({ width: 620, height: 900 });
  await expect.poll(() => zoomOf(page)).toBeLessThan(wide);
  await shot(page, 'map-es-620');
  // a view the user chose is kept when the window changes
  await page.evaluate(() => window.__mapDebug!.handle.zoomTo(5));
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.waitForTimeout(300);
  expect(await zoomOf(page)).toBeCloseTo(5, 5);

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await openMap(page);
  await expect(zoomIn).toHaveAttribute('title', 'Zoom in');
  await shot(page, 'map-en-1366');
  await page.setViewportSize({ width: 620, height: 900 });
  await shot(page, 'map-en-620');
});

for (const width of [1366, 620]) {
  test(`an info window keeps the clicked container in view (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, DEMO);
    const body = await openMap(page);
    // the first point drawn 40 px below the map's top edge, past the cluster levels: a window above it would
    // push it out of view
    const frame0 = (await page.getByTestId('where-map').boundingBox())!;
    const resolution = 40075016.68557849 / 256 / 2 ** 9;
    const [lng, lat] = [body.lng[0], body.lat[0]];
    const dLat = ((frame0.height / 2 - 40) * resolution * Math.cos((lat * Math.PI) / 180)) / 111320;
    await page.evaluate(([x, y]) => window.__mapDebug!.handle.zoomTo(9, [x, y]), [lng, lat - dLat]);
    const start = (await page.evaluate(() => window.__mapDebug!.handle.pixelOf(0)))!;
    expect(start[1]).toBeLessThan(80);
    await page.getByTestId('where-map').click({ position: { x: start[0], y: start[1] } });
    const info = page.getByTestId('map-info');
    await expect(info.locator(`[data-testid="map-info-item"][data-id="${body.id[0]}"]`)).toBeVisible();
    await page.waitForTimeout(400); // the map's move (200 ms)
    const pixel = (await page.evaluate(() => window.__mapDebug!.handle.pixelOf(0)))!;
    const frame = (await page.getByTestId('where-map').boundingBox())!;
    const viewport = page.viewportSize()!;
    // the container: inside the map and inside the browser's window
    expect(pixel[0]).toBeGreaterThan(0);
    expect(pixel[0]).toBeLessThan(frame.width);
    expect(pixel[1]).toBeGreaterThan(0);
    expect(pixel[1]).toBeLessThan(frame.height);
    const y = frame.y + pixel[1];
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(viewport.height);
    // the window (its frame, which scrolls what does not fit): inside the browser's window too
    const win = (await page.locator('.map-where__info').boundingBox())!;
    expect(win.y).toBeGreaterThanOrEqual(0);
    expect(win.y + win.height).toBeLessThanOrEqual(viewport.height + 1);
    await shot(page, `map-info-es-${width}`);
  });
}

test('from the keyboard: Tab reaches the markers, Enter opens one, Escape closes it; the list of what is on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO);
  await openMap(page);
  // the wheel zooms without the map having the focus
  const box = (await page.getByTestId('where-map').boundingBox())!;
  const before = await zoomOf(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(before + 0.5);
  const map = page.getByTestId('where-map-focus');
  await map.focus();
  await expect(map).toBeFocused();
  // past the cluster levels, on the first point: Tab goes through the zoom buttons, then the markers
  await page.evaluate(() => window.__mapDebug!.handle.centerOn(0, 9));
  await page.keyboard.press('ArrowLeft'); // the map moves (and what is on screen is read again)
  const key = page.getByTestId('map-key').first();
  await expect(key).toBeAttached({ timeout: 10_000 });
  await expect(key).toHaveAttribute('aria-label', /contenedor|Buque/);
  await key.focus();
  await page.keyboard.press('Enter');
  const info = page.getByTestId('map-info');
  await expect(info).toBeVisible();
  await expect(info).toBeFocused();
  await expect(info.getByTestId('map-info-item').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);
  await expect(page.locator(':focus')).toHaveCount(1);

  // the list alternative, in Spanish and English
  const toggle = page.getByTestId('map-list-toggle');
  await expect(toggle).toHaveText('Listar lo que hay en pantalla');
  await toggle.click();
  const list = page.getByTestId('map-list');
  await expect(list.getByRole('heading')).toContainText('en pantalla');
  const item = list.getByTestId('map-list-item').first();
  await expect(item).toBeVisible({ timeout: 10_000 });
  await expect(item.getByRole('link')).toHaveAttribute('href', /\/shipments\/\d+$/);
  await shot(page, 'map-list-es-1366');
  await item.getByTestId('map-list-show').focus();
  await page.keyboard.press('Enter');
  await expect(info).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);
  await expect(item.getByTestId('map-list-show')).toBeFocused();

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await openMap(page);
  await page.getByTestId('map-list-toggle').click();
  await expect(page.getByTestId('map-list').getByRole('heading')).toContainText('on screen');
  await shot(page, 'map-list-en-1366');
  await page.setViewportSize({ width: 620, height: 900 });
  await shot(page, 'map-list-en-620');
});

test('wheel zoom frame times (a measurement, on demand)', async ({ page }) => {
  // A tool for looking at the wheel's frames, not a check (the machine's load decides them): MAP_WHEEL_FRAMES=1.
  // It zooms in with real wheel notches from the fitted view to past zoom 8 and prints the frame intervals and
  // the functions that took the most CPU meanwhile.
  test.skip(!process.env.MAP_WHEEL_FRAMES, 'measurement on demand: MAP_WHEEL_FRAMES=1');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO);
  await openMap(page);
  await expect
    .poll(() => page.evaluate(() => (window.__mapDebug!.handle.stats() as { prepared?: boolean }).prepared))
    .toBe(true);
  const box = (await page.getByTestId('where-map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = await zoomOf(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; framesOn: boolean };
    w.frames_ = [];
    w.framesOn = true;
    let last = performance.now();
    const loop = (t: number) => {
      w.frames_.push(t - last);
      last = t;
      if (w.framesOn) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  // one notch every 350 ms: each notch's 250 ms animation ends before the next (a notch zooms by 1/3)
  for (let i = 0; i < 18; i++) {
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(350);
  }
  await page.waitForTimeout(800);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; framesOn: boolean };
    w.framesOn = false;
    return w.frames_.slice(1);
  });
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0) / 1000);
  }
  const sorted = [...frames].sort((a, b) => a - b);
  const zoom = await zoomOf(page);
  console.log(
    `wheel: ${frames.length} frames, zoom ${before.toFixed(2)} → ${zoom.toFixed(2)}, longest ${sorted.at(-1)!.toFixed(0)} ms, ` +
      `p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms; ` +
      `over 50 ms: ${frames.filter((f) => f > 50).length}`,
  );
  console.log(`frames: ${frames.map((f) => f.toFixed(0)).join(' ')}`);
  for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${ms.toFixed(1)} ms  ${name}`);
});
