import { clusterAt, decodeMapData } from './cluster';
import { clusterSelection, vesselSelection, withPointsNear } from './map-select';

const DATA = decodeMapData({
  count: 4,
  id: [1, 2, 3, 4],
  lng: [10, 10, 10, 50],
  lat: [10, 10, 10, 50],
  health: [0, 1, 2, 0],
  vessel: [0, 0, -1, -1],
  vessels: [{ id: 7, name: 'MAERSK ESSEN', lng: 10, lat: 10, next_port: null }] as never,
});

describe('what a click on the where map selects', () => {
  it('a vessel lists the containers on board', () => {
    expect(vesselSelection(DATA, 0, [1, 2])).toEqual({
      kind: 'vessel',
      vessel: 0,
      coordinate: [1, 2],
      points: [0, 1],
      total: 2,
    });
  });

  it('a last-level cluster lists its points at its position', () => {
    const level = clusterAt(DATA, 4);
    const index = level.of[0];
    const selection = clusterSelection(level, index);
    expect(selection.kind).toBe('points');
    expect(selection.total).toBe(3);
    expect(selection.points.sort()).toEqual([0, 1, 2]);
    expect(selection.coordinate).toEqual([level.clusters[index].x, level.clusters[index].y]);
  });

  it('a vessel also lists the containers under its icon that are not on board', () => {
    const hit = vesselSelection(DATA, 0, [0, 0]);
    expect(withPointsNear(DATA, hit, [0, 1, 2])).toMatchObject({
      points: [0, 1],
      alsoHere: [2],
      alsoHereTotal: 1,
    });
    const alone = vesselSelection(DATA, 0, [0, 0]);
    expect(withPointsNear(DATA, alone, [0, 1])).not.toHaveProperty('alsoHere');
  });

  it('single markers under the pointer make a window of their own, pointing at the first', () => {
    expect(withPointsNear(DATA, null, [3, 2])).toEqual({
      kind: 'points',
      coordinate: [DATA.xs[3], DATA.ys[3]],
      points: [3, 2],
      total: 2,
    });
    expect(withPointsNear(DATA, null, [])).toBeNull();
  });
});
