import {
  clusterAt,
  clusterStyleIndex,
  clusterZoomFor,
  decodeMapData,
  familyOf,
  membersOf,
  pointsNear,
  pointsOnVessel,
  resolutionOf,
  vesselsWithPoints,
} from './cluster';

describe('clusterStyleIndex: log4 of the count, +4 delayed, +8 alerted', () => {
  it.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [15, 1],
    [16, 2],
    [63, 2],
    [64, 3],
    [100_000, 3],
  ])('an on-track cluster of %i has step %i', (count, step) => {
    expect(clusterStyleIndex(count, false, false)).toBe(step);
  });

  it('adds 4 when the cluster holds a delayed shipment and 8 when it holds an alerted one', () => {
    expect(clusterStyleIndex(1, true, false)).toBe(4);
    expect(clusterStyleIndex(20, true, false)).toBe(6);
    expect(clusterStyleIndex(64, true, false)).toBe(7);
    expect(clusterStyleIndex(3, false, true)).toBe(8);
    expect(clusterStyleIndex(16, false, true)).toBe(10);
    // alerted wins: three families of four steps, never more than 11
    expect(clusterStyleIndex(5000, true, true)).toBe(11);
    expect([0, 3, 4, 7, 8, 11].map(familyOf)).toEqual([
      'ontrack',
      'ontrack',
      'late',
      'late',
      'attention',
      'attention',
    ]);
  });
});

describe('clustering', () => {
  const data = decodeMapData({
    count: 5,
    id: [11, 12, 13, 14, 15],
    // three points in the North Sea (one alerted, one delayed), one off Shanghai, one with no position
    lng: [4.1, 4.11, 4.12, 122.3, Number.NaN],
    lat: [51.9, 51.91, 51.92, 31.2, 0],
    health: [0, 2, 1, 0, 0],
    vessel: [0, 0, -1, 1, -1],
    vessels: [
      { id: 7, name: 'A', lng: 4.1, lat: 51.9, next_port: null },
      { id: 8, name: 'B', lng: 122.3, lat: 31.2, next_port: null },
    ],
  });

  it('drops points without a position and groups near points per level', () => {
    expect(data.count).toBe(4);
    const level = clusterAt(data, 2);
    expect(level.clusters.map((c) => c.count).sort()).toEqual([1, 3]);
    const northSea = level.clusters.find((c) => c.count === 3)!;
    expect(northSea).toMatchObject({ delayed: 1, alerted: 1, index: 0 + 8 }); // 3 points: step 0
    expect(membersOf(level, level.of[0], 10).map((i) => data.ids[i])).toEqual([11, 12, 13]);
    expect(membersOf(level, level.of[0], 2)).toHaveLength(2);
  });

  it('shows clusters up to zoom 4 and single markers beyond', () => {
    expect(clusterZoomFor(2)).toBe(2);
    expect(clusterZoomFor(2.2)).toBe(2);
    expect(clusterZoomFor(3.9)).toBe(3);
    expect(clusterZoomFor(4)).toBe(4);
    expect(clusterZoomFor(4.01)).toBeNull();
    expect(clusterZoomFor(8)).toBeNull();
  });

  it('finds the points at a clicked position and the containers on a vessel', () => {
    const radius = 9 * resolutionOf(8);
    const near = pointsNear(data, data.xs[0], data.ys[0], radius, 10);
    expect(near[0]).toBe(0);
    expect(near.map((i) => data.ids[i])).not.toContain(14);
    expect(pointsOnVessel(data, 0, 10).map((i) => data.ids[i])).toEqual([11, 12]);
    expect(pointsOnVessel(data, 1, 10).map((i) => data.ids[i])).toEqual([14]);
  });
});

describe('vesselsWithPoints', () => {
  it('counts the vessels that carry at least one point', () => {
    const data = decodeMapData({
      count: 4,
      id: [1, 2, 3, 4],
      lng: [0, 0, 0, 0],
      lat: [0, 0, 0, 0],
      health: [0, 0, 0, 0],
      vessel: [2, 2, -1, 0],
      vessels: [],
    });
    expect(vesselsWithPoints(data)).toBe(2);
  });
});
