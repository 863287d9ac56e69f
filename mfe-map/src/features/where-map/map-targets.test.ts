import type { FrameState } from 'ol/Map';
import { decodeMapData } from './cluster';
import {
  clusterTargets,
  frameToPixel,
  inReadingOrder,
  inView,
  markerTargets,
  pointsInView,
  vesselTargets,
  type ToPixel,
} from './map-targets';
import type { MapTarget } from './where-map-types';

// map coordinates are pixels here (x right, y down), to read the cases easily
const identity: ToPixel = (x, y) => [x, y];
const SIZE = [100, 100];
const data = (xs: number[], ys: number[], health: number[], vessel = xs.map(() => -1)) => ({
  ...decodeMapData({
    count: xs.length,
    id: xs.map((_, i) => i + 1),
    lng: xs.map(() => 0),
    lat: xs.map(() => 0),
    health,
    vessel,
    vessels: [{ id: 7, name: 'MAERSK ESSEN', lng: 0, lat: 0, next_port: null }] as never,
  }),
  xs: Float64Array.from(xs),
  ys: Float64Array.from(ys),
});

describe('the keyboard targets of the where map', () => {
  it('reads pixels from the frame transform, none before a frame is drawn', () => {
    const frame = { coordinateToPixelTransform: [2, 0, 0, -2, 10, 20] } as unknown as FrameState;
    expect(frameToPixel(frame)(3, 4)).toEqual([16, 12]);
    expect(frameToPixel(null)(3, 4)).toBeNull();
  });

  it('counts the edges of the map as in view', () => {
    expect(inView([0, 100], SIZE)).toBe(true);
    expect(inView([100.5, 50], SIZE)).toBe(false);
    expect(inView(null, SIZE)).toBe(false);
  });

  it('groups single markers one click apart into one target of the worst health', () => {
    const d = data([10, 12, 50, 500], [10, 11, 50, 50], [0, 2, 1, 2]);
    const targets = markerTargets(d, identity, SIZE);
    expect(targets).toEqual([
      { kind: 'points', id: 'points:0', pixel: [10, 10], count: 2, family: 'attention' },
      { kind: 'points', id: 'points:2', pixel: [50, 50], count: 1, family: 'late' },
    ]);
  });

  it('names a cluster by its level and place in it, and leaves out those out of view', () => {
    const level = {
      zoom: 3,
      clusters: [
        { x: 10, y: 10, count: 2, delayed: 0, alerted: 0, index: 0 },
        { x: 5000, y: 5000, count: 1, delayed: 0, alerted: 1, index: 8 },
        { x: 20, y: 30, count: 70, delayed: 3, alerted: 2, index: 11 },
      ],
      of: new Int32Array(0),
    };
    const targets = clusterTargets(level, identity, SIZE);
    expect(targets).toEqual([
      { kind: 'cluster', id: 'cluster:3:0', pixel: [10, 10], count: 2, family: 'ontrack' },
      { kind: 'cluster', id: 'cluster:3:2', pixel: [20, 30], count: 70, family: 'attention' },
    ]);
  });

  it('gives a vessel its name and the containers on board', () => {
    const d = data([1, 2, 3], [1, 2, 3], [0, 0, 0], [0, 0, -1]);
    expect(
      vesselTargets(
        d,
        [
          { vessel: 0, x: 40, y: 40 },
          { vessel: 0, x: 400, y: 40 },
        ],
        identity,
        SIZE,
      ),
    ).toEqual([
      { kind: 'vessel', id: 'vessel:0', pixel: [40, 40], count: 2, family: 'ontrack', name: 'MAERSK ESSEN' },
    ]);
  });

  it('keeps the biggest when there are too many, in reading order (rows of 32 px, left to right)', () => {
    const target = (id: string, x: number, y: number, count: number): MapTarget => ({
      kind: 'points',
      id,
      pixel: [x, y],
      count,
      family: 'ontrack',
    });
    const found = [
      target('a', 90, 5, 1),
      target('b', 10, 40, 9),
      target('c', 50, 20, 5),
      target('d', 5, 33, 2),
    ];
    expect(inReadingOrder([...found], 10).map((t) => t.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(inReadingOrder([...found], 2).map((t) => t.id)).toEqual(['c', 'b']);
  });

  it('lists the points in view attention first, then late, and counts them all', () => {
    const d = data([1, 2, 3, 4, 500], [1, 2, 3, 4, 5], [0, 1, 2, 2, 2]);
    expect(pointsInView(d, identity, SIZE, 10)).toEqual({ points: [2, 3, 1, 0], total: 4 });
    expect(pointsInView(d, identity, SIZE, 1)).toEqual({ points: [2], total: 4 });
  });
});
