// How the map groups and frames its containers (spec section 9): what is one group at the world view splits as
// the user zooms in, a group's icon says whether it holds a late or an alerted container, containers beyond the
// date line are grouped on their own side, and the first view frames every container with a known position.
import {
  clusterAt,
  decodeMapData,
  extentOf,
  membersOf,
  pointsNear,
  pointsOnVessel,
  resolutionOf,
  toMercator,
} from './cluster';
import type { CompactMapPoints } from '../../lib/map-api';

function data(points: Array<[lng: number, lat: number, health?: number, vessel?: number]>) {
  const answer: CompactMapPoints = {
    count: points.length,
    id: points.map((_, i) => 100 + i),
    lng: points.map((p) => p[0]),
    lat: points.map((p) => p[1]),
    health: points.map((p) => p[2] ?? 0),
    vessel: points.map((p) => p[3] ?? -1),
    vessels: [{ id: 1, name: 'MAERSK ESSEN', lng: 0, lat: 0, next_port: null }],
  };
  return decodeMapData(answer);
}

const counts = (zoom: number, d: ReturnType<typeof data>) =>
  clusterAt(d, zoom)
    .clusters.map((c) => c.count)
    .sort((a, b) => b - a);

describe('positions', () => {
  it('projects longitude and latitude to web mercator, clamping the poles', () => {
    const [x0, y0] = toMercator(0, 0);
    expect(x0).toBe(0);
    expect(y0).toBeCloseTo(0, 3);
    const [x] = toMercator(180, 0);
    expect(x).toBeCloseTo(20037508.34, 1);
    expect(toMercator(0, 89.9)[1]).toBeCloseTo(toMercator(0, 85.05112878)[1], 3);
    expect(toMercator(0, -90)[1]).toBeCloseTo(-toMercator(0, 90)[1], 3);
  });

  it('keeps the ids, health and vessel of the containers with a position, in order', () => {
    const d = data([
      [4.1, 51.9, 1, 0],
      [Number.NaN, 10],
      [10, Number.POSITIVE_INFINITY],
      [122.3, 31.2, 2],
    ]);
    expect(d.count).toBe(2);
    expect([...d.ids]).toEqual([100, 103]);
    expect([...d.health]).toEqual([1, 2]);
    expect([...d.vessel]).toEqual([0, -1]);
    expect(d.vessels[0].name).toBe('MAERSK ESSEN');
  });
});

describe('groups by zoom level', () => {
  // Rotterdam and Genoa (some 900 km apart) and Shanghai
  const d = data([
    [4.48, 51.92],
    [8.9, 44.4, 1],
    [121.5, 31.2],
  ]);

  it('are one group per region at the world view and split as the user zooms in', () => {
    expect(counts(2, d)).toEqual([2, 1]);
    // a group covers 64 px: some 2,500 km at zoom 2, 1,250 km at zoom 3
    expect(counts(3, d)).toEqual([1, 1, 1]);
    expect(counts(4, d)).toEqual([1, 1, 1]);
  });

  it('places a group at the mean position of its containers', () => {
    const level = clusterAt(d, 2);
    const europe = level.clusters[level.of[0]];
    expect(europe.x).toBeCloseTo((d.xs[0] + d.xs[1]) / 2, 3);
    expect(europe.y).toBeCloseTo((d.ys[0] + d.ys[1]) / 2, 3);
    expect(europe.delayed).toBe(1);
    expect(europe.index).toBe(4); // two containers, one late: the late family's first size
    expect(level.clusters[level.of[2]].index).toBe(0);
  });

  it('groups containers beyond the date line by their own cells, never with those elsewhere', () => {
    // a vessel's track unwrapped past 180°: 250° is well outside the world's square
    const wrapped = data([
      [250, 0, 2],
      [250.01, 0],
      [250, 60],
      [-110, 0],
    ]);
    const level = clusterAt(wrapped, 2);
    expect(level.of[0]).toBe(level.of[1]);
    expect(level.of[2]).not.toBe(level.of[0]);
    expect(level.of[3]).not.toBe(level.of[0]);
    expect(level.clusters).toHaveLength(3);
    expect(level.clusters[level.of[0]]).toMatchObject({ count: 2, alerted: 1, index: 8 });
  });

  it("lists a group's members in data order, up to the limit", () => {
    const many = data(Array.from({ length: 30 }, (_, i): [number, number] => [4 + i * 0.001, 52]));
    const level = clusterAt(many, 2);
    expect(level.clusters).toHaveLength(1);
    expect(membersOf(level, 0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(membersOf(level, 0, 100)).toHaveLength(30);
    expect(membersOf(level, 1, 100)).toEqual([]);
  });
});

describe('what a click finds', () => {
  it('finds the nearest containers first, up to the limit, within the radius only', () => {
    const d = data([
      [4.0, 52.0],
      [4.0002, 52.0],
      [4.0001, 52.0],
      [5.0, 52.0],
    ]);
    const radius = 9 * resolutionOf(8);
    expect(pointsNear(d, d.xs[0], d.ys[0], radius, 10)).toEqual([0, 2, 1]);
    expect(pointsNear(d, d.xs[0], d.ys[0], radius, 2)).toEqual([0, 2]);
    expect(pointsNear(d, d.xs[3] + 10 * radius, d.ys[3], radius, 10)).toEqual([]);
  });

  it('lists the containers on board a vessel, up to the limit', () => {
    const d = data([
      [0, 0, 0, 0],
      [1, 1, 0, -1],
      [2, 2, 0, 0],
      [3, 3, 0, 0],
    ]);
    expect(pointsOnVessel(d, 0, 10)).toEqual([0, 2, 3]);
    expect(pointsOnVessel(d, 0, 2)).toEqual([0, 2]);
    expect(pointsOnVessel(d, 5, 10)).toEqual([]);
  });
});

describe('the first view', () => {
  it('frames every container with a position, and nothing when there is none', () => {
    const d = data([
      [-10, 40],
      [120, -30],
      [5, 60],
    ]);
    const [minX, minY, maxX, maxY] = extentOf(d)!;
    expect(minX).toBeCloseTo(toMercator(-10, 0)[0], 3);
    expect(maxX).toBeCloseTo(toMercator(120, 0)[0], 3);
    expect(minY).toBeCloseTo(toMercator(0, -30)[1], 3);
    expect(maxY).toBeCloseTo(toMercator(0, 60)[1], 3);
    expect(extentOf(data([]))).toBeNull();
    expect(extentOf(data([[Number.NaN, 0]]))).toBeNull();
  });
});
