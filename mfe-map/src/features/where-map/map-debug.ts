// What the end-to-end tests and the bench read of the map: the map element's data attributes once data is drawn,
// and, with localStorage 'portal.mapDebug' = '1', window.__mapDebug (the handle and the draw times).
import type { MapData } from './cluster';
import type { WhereMapHandle } from './where-map-types';

interface MapDebug {
  handle: WhereMapHandle;
  data: () => MapData | null;
  /** performance.now() of the first render that drew data, and of the last one. */
  firstDrawnAt: number | null;
  lastDrawnAt: number | null;
  draws: number;
}

declare global {
  interface Window {
    __mapDebug?: MapDebug;
  }
}

function debugEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem('portal.mapDebug') === '1';
  } catch {
    return false;
  }
}

/**
 * Marks each draw of new data on the map element (state, points, clusters, vessels, renderer) and, when debugging
 * is on, in window.__mapDebug.
 */
export function exposeDraws(handle: WhereMapHandle, element: HTMLElement, data: () => MapData | null): void {
  const debug: MapDebug | null = debugEnabled()
    ? { handle, data, firstDrawnAt: null, lastDrawnAt: null, draws: 0 }
    : null;
  handle.onDrawn(() => {
    const stats = handle.stats();
    element.dataset.state = 'drawn';
    element.dataset.points = String(stats.points);
    element.dataset.clusters = String(stats.clusters);
    element.dataset.vessels = String(stats.vessels);
    element.dataset.renderer = stats.webgl ? 'webgl' : 'canvas';
    if (debug) {
      const now = performance.now();
      debug.firstDrawnAt ??= now;
      debug.lastDrawnAt = now;
      debug.draws++;
    }
  });
  if (debug) window.__mapDebug = debug;
}

/** Forgets window.__mapDebug when it belongs to a handle that is gone. */
export function forgetDebug(handle: WhereMapHandle): void {
  if (window.__mapDebug?.handle === handle) delete window.__mapDebug;
}
