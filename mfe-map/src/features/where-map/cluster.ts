// The map's data in typed arrays and its clustering (spec section 9): clusters up to zoom 4, single markers
// beyond; a cluster's icon step is log base 4 of its count, +4 when it holds a delayed shipment, +8 when it holds
// an alerted one. Clustering is a grid in screen pixels per zoom level, linear in the number of points (100,000
// points cluster in a few milliseconds), computed once per level and kept.
import type { CompactMapPoints, CompactVessel } from '../../lib/map-api';

/** Last zoom level drawn as clusters (spec section 9). */
export const CLUSTER_MAX_ZOOM = 4;
/** Levels below this use the grid of the minimum zoom. */
export const CLUSTER_MIN_ZOOM = 2;
/** Grid cell, in screen pixels at the level's zoom. */
const CLUSTER_CELL_PX = 64;
/** Size steps per family (log4 of the count, capped so the three families keep their own 4 icons each). */
const SIZE_STEPS = 4;

const HALF_WORLD = 20037508.342789244;
const WORLD = 2 * HALF_WORLD;
const DEG = Math.PI / 180;

/** Families of cluster icons: on track, late (holds a delayed shipment), attention (holds an alerted one). */
export type ClusterFamily = 'ontrack' | 'late' | 'attention';

/**
 * The cluster icon's index: the size step floor(log4(count)) (0 for 1-3, 1 for 4-15, 2 for 16-63, 3 from 64),
 * plus 4 when the cluster holds a delayed shipment and 8 when it holds an alerted one (alerted wins over
 * delayed: three families of four steps, indexes 0 to 11).
 */
export function clusterStyleIndex(count: number, hasDelayed: boolean, hasAlerted: boolean): number {
  let size = 0;
  for (let c = Math.max(1, Math.floor(count)); c >= 4 && size < SIZE_STEPS - 1; c /= 4) size++;
  return size + (hasAlerted ? 8 : hasDelayed ? 4 : 0);
}

export function familyOf(index: number): ClusterFamily {
  return index >= 8 ? 'attention' : index >= 4 ? 'late' : 'ontrack';
}

/** The map's points as columns: EPSG:3857 positions, health code 0/1/2, vessel index (-1: none). */
export interface MapData {
  count: number;
  ids: Float64Array;
  xs: Float64Array;
  ys: Float64Array;
  health: Uint8Array;
  vessel: Int32Array;
  vessels: CompactVessel[];
}

const EARTH_RADIUS = 6378137;
const MAX_LAT = 85.05112878;

export function toMercator(lng: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  return [lng * DEG * EARTH_RADIUS, Math.log(Math.tan(Math.PI / 4 + (clamped * DEG) / 2)) * EARTH_RADIUS];
}

/** The compact answer in typed arrays (points without finite coordinates are dropped). */
export function decodeMapData(answer: CompactMapPoints): MapData {
  const n = answer.id.length;
  const ids = new Float64Array(n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const health = new Uint8Array(n);
  const vessel = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const lng = answer.lng[i];
    const lat = answer.lat[i];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    // toMercator, inlined (no pair allocated per point)
    const clamped = lat > MAX_LAT ? MAX_LAT : lat < -MAX_LAT ? -MAX_LAT : lat;
    ids[k] = answer.id[i];
    xs[k] = lng * DEG * EARTH_RADIUS;
    ys[k] = Math.log(Math.tan(Math.PI / 4 + (clamped * DEG) / 2)) * EARTH_RADIUS;
    health[k] = answer.health[i] ?? 0;
    vessel[k] = answer.vessel[i] ?? -1;
    k++;
  }
  return {
    count: k,
    ids: ids.subarray(0, k),
    xs: xs.subarray(0, k),
    ys: ys.subarray(0, k),
    health: health.subarray(0, k),
    vessel: vessel.subarray(0, k),
    vessels: answer.vessels,
  };
}

interface Cluster {
  x: number;
  y: number;
  count: number;
  delayed: number;
  alerted: number;
  /** clusterStyleIndex of this cluster. */
  index: number;
}

export interface ClusterLevel {
  zoom: number;
  clusters: Cluster[];
  /** The cluster of each point. */
  of: Int32Array;
}

/** The resolution (metres per pixel) of a zoom level in EPSG:3857 with 256-pixel tiles. */
export const resolutionOf = (zoom: number) => WORLD / 256 / 2 ** zoom;

/** The level whose clusters are shown at a view zoom, or null when single markers are. */
export function clusterZoomFor(viewZoom: number): number | null {
  if (viewZoom > CLUSTER_MAX_ZOOM) return null;
  return Math.max(CLUSTER_MIN_ZOOM, Math.min(CLUSTER_MAX_ZOOM, Math.floor(viewZoom)));
}

/** Grid clustering at a zoom level: each cell's points make one cluster at their mean position. */
export function clusterAt(data: MapData, zoom: number): ClusterLevel {
  const cell = CLUSTER_CELL_PX * resolutionOf(zoom);
  const columns = Math.ceil(WORLD / cell) + 1;
  // the cluster of each grid cell (a few thousand cells at zoom 4): a typed array, -1 for none; points outside the
  // world's square (longitudes beyond ±180) keep a map of their own
  const grid = new Int32Array(columns * columns).fill(-1);
  const outside = new Map<string, number>();
  const of = new Int32Array(data.count);
  const sx: number[] = [];
  const sy: number[] = [];
  const count: number[] = [];
  const delayed: number[] = [];
  const alerted: number[] = [];
  for (let i = 0; i < data.count; i++) {
    const cx = Math.floor((data.xs[i] + HALF_WORLD) / cell);
    const cy = Math.floor((data.ys[i] + HALF_WORLD) / cell);
    const inside = cx >= 0 && cx < columns && cy >= 0 && cy < columns;
    const outsideKey = inside ? '' : `${cx}:${cy}`;
    let c = inside ? grid[cy * columns + cx] : (outside.get(outsideKey) ?? -1);
    if (c < 0) {
      c = count.length;
      if (inside) grid[cy * columns + cx] = c;
      else outside.set(outsideKey, c);
      sx.push(0);
      sy.push(0);
      count.push(0);
      delayed.push(0);
      alerted.push(0);
    }
    of[i] = c;
    sx[c] += data.xs[i];
    sy[c] += data.ys[i];
    count[c]++;
    if (data.health[i] === 1) delayed[c]++;
    else if (data.health[i] === 2) alerted[c]++;
  }
  const clusters: Cluster[] = count.map((n, c) => ({
    x: sx[c] / n,
    y: sy[c] / n,
    count: n,
    delayed: delayed[c],
    alerted: alerted[c],
    index: clusterStyleIndex(n, delayed[c] > 0, alerted[c] > 0),
  }));
  return { zoom, clusters, of };
}

/** The points of one cluster (at most `limit`, in data order) and how many it holds. */
export function membersOf(level: ClusterLevel, cluster: number, limit: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < level.of.length && out.length < limit; i++) if (level.of[i] === cluster) out.push(i);
  return out;
}

/** The points within `radius` map units of (x, y), nearest first (at most `limit`). */
export function pointsNear(data: MapData, x: number, y: number, radius: number, limit: number): number[] {
  const r2 = radius * radius;
  const hits: { i: number; d: number }[] = [];
  for (let i = 0; i < data.count; i++) {
    const dx = data.xs[i] - x;
    if (dx > radius || dx < -radius) continue;
    const dy = data.ys[i] - y;
    const d = dx * dx + dy * dy;
    if (d <= r2) hits.push({ i, d });
  }
  hits.sort((a, b) => a.d - b.d);
  // The nearest point and every point at (about) its position: the containers of one vessel or one terminal.
  return hits.slice(0, limit).map((h) => h.i);
}

/** The points on board a vessel (index into data.vessels). */
export function pointsOnVessel(data: MapData, vessel: number, limit: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.count && out.length < limit; i++) if (data.vessel[i] === vessel) out.push(i);
  return out;
}

/** The extent [minX, minY, maxX, maxY] of the points, or null when there are none. */
export function extentOf(data: MapData): [number, number, number, number] | null {
  if (data.count === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < data.count; i++) {
    if (data.xs[i] < minX) minX = data.xs[i];
    if (data.xs[i] > maxX) maxX = data.xs[i];
    if (data.ys[i] < minY) minY = data.ys[i];
    if (data.ys[i] > maxY) maxY = data.ys[i];
  }
  return [minX, minY, maxX, maxY];
}

/** How many vessels carry at least one of the points. */
export function vesselsWithPoints(data: MapData): number {
  const seen = new Set<number>();
  for (let i = 0; i < data.count; i++) if (data.vessel[i] >= 0) seen.add(data.vessel[i]);
  return seen.size;
}
