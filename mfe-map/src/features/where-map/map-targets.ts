// What a keyboard user can reach on screen (clusters, single markers grouped as one click reaches them, vessels)
// and the points in view for the list, read from the last drawn frame's transform (cheap for thousands of points).
import type { FrameState } from 'ol/Map';
import { familyOf, type ClusterFamily, type ClusterLevel, type MapData } from './cluster';
import type { VesselAt } from './vessel-layer';
import type { MapTarget } from './where-map-types';

/** Click tolerance around a single marker, in pixels. */
export const HIT_PX = 9;
/** Single markers closer than this (pixels) are one keyboard target (as one click reaches them). */
const TARGET_CELL_PX = 2 * HIT_PX;
/** Targets are read in rows this tall (pixels), left to right. */
const READING_ROW_PX = 32;
const FAMILY_OF_HEALTH: ClusterFamily[] = ['ontrack', 'late', 'attention'];

type Pixel = [number, number];
/** A map coordinate's pixel in the map element, null before the first frame. */
export type ToPixel = (x: number, y: number) => Pixel | null;

/** The view's pixel of a map coordinate in a drawn frame. */
export function frameToPixel(frame: FrameState | null): ToPixel {
  return (x, y) => {
    const t = frame?.coordinateToPixelTransform;
    if (!t) return null;
    return [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]];
  };
}

/** Whether a pixel is inside a map of `size` (edges included). */
export const inView = (p: Pixel | null, size: number[]): p is Pixel =>
  p !== null && p[0] >= 0 && p[1] >= 0 && p[0] <= size[0] && p[1] <= size[1];

/** The clusters of a level in view. */
export function clusterTargets(level: ClusterLevel, toPixel: ToPixel, size: number[]): MapTarget[] {
  const found: MapTarget[] = [];
  for (const [n, c] of level.clusters.entries()) {
    const pixel = toPixel(c.x, c.y);
    if (inView(pixel, size))
      found.push({
        kind: 'cluster',
        id: `cluster:${level.zoom}:${n}`,
        pixel,
        count: c.count,
        family: familyOf(c.index),
      });
  }
  return found;
}

/** The single markers in view: one target per small cell (the markers one click there reaches), the worst health. */
export function markerTargets(data: MapData, toPixel: ToPixel, size: number[]): MapTarget[] {
  const cells = new Map<string, MapTarget>();
  for (let i = 0; i < data.count; i++) {
    const pixel = toPixel(data.xs[i], data.ys[i]);
    if (!inView(pixel, size)) continue;
    const key = `${Math.floor(pixel[0] / TARGET_CELL_PX)}:${Math.floor(pixel[1] / TARGET_CELL_PX)}`;
    const family = FAMILY_OF_HEALTH[data.health[i]] ?? 'ontrack';
    const cell = cells.get(key);
    if (!cell) cells.set(key, { kind: 'points', id: `points:${i}`, pixel, count: 1, family });
    else {
      cell.count++;
      if (FAMILY_OF_HEALTH.indexOf(family) > FAMILY_OF_HEALTH.indexOf(cell.family)) cell.family = family;
    }
  }
  return [...cells.values()];
}

/** The vessels in view, each with the containers on board. */
export function vesselTargets(
  data: MapData,
  vessels: VesselAt[],
  toPixel: ToPixel,
  size: number[],
): MapTarget[] {
  const onBoard = new Map<number, number>();
  for (let i = 0; i < data.count; i++)
    if (data.vessel[i] >= 0) onBoard.set(data.vessel[i], (onBoard.get(data.vessel[i]) ?? 0) + 1);
  const found: MapTarget[] = [];
  for (const { vessel, x, y } of vessels) {
    const pixel = toPixel(x, y);
    if (inView(pixel, size))
      found.push({
        kind: 'vessel',
        id: `vessel:${vessel}`,
        pixel,
        count: onBoard.get(vessel) ?? 0,
        family: 'ontrack',
        name: data.vessels[vessel]?.name ?? '',
      });
  }
  return found;
}

/** The biggest `max` targets when there are more, then in reading order (rows of 32 px, left to right). */
export function inReadingOrder(found: MapTarget[], max: number): MapTarget[] {
  const kept = found.length > max ? [...found].sort((a, b) => b.count - a.count).slice(0, max) : found;
  return kept.sort(
    (a, b) =>
      Math.floor(a.pixel[1] / READING_ROW_PX) - Math.floor(b.pixel[1] / READING_ROW_PX) ||
      a.pixel[0] - b.pixel[0],
  );
}

/** The points in view, at most `max` (attention first, then late, then on track), and how many there are. */
export function pointsInView(
  data: MapData,
  toPixel: ToPixel,
  size: number[],
  max: number,
): { points: number[]; total: number } {
  const byHealth: number[][] = [[], [], []];
  let total = 0;
  for (let i = 0; i < data.count; i++) {
    if (!inView(toPixel(data.xs[i], data.ys[i]), size)) continue;
    total++;
    const bucket = byHealth[2 - Math.min(2, data.health[i])];
    if (bucket.length < max) bucket.push(i);
  }
  return { points: byHealth.flat().slice(0, max), total };
}
