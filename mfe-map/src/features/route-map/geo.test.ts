import { cleanPositions, mendRing, unwrapLongitudes } from './geo';

describe('offline map geometry', () => {
  it('mends rings that jump across the 180° meridian and leaves the others alone', () => {
    const fiji = [
      [178, -17],
      [-179.5, -16.5],
      [-179.8, -17.5],
      [178, -17],
    ];
    expect(mendRing(fiji)).toEqual([
      [178, -17],
      [180.5, -16.5],
      [180.2, -17.5],
      [178, -17],
    ]);
    const spain = [
      [-9, 43],
      [3, 42],
      [-1, 37],
      [-9, 43],
    ];
    expect(mendRing(spain)).toBe(spain);
  });

  it('unwraps a route across the Pacific so it takes the short way', () => {
    expect(
      unwrapLongitudes([
        [121.5, 31.2],
        [170, 40],
        [-170, 45],
        [-118, 33.7],
      ]),
    ).toEqual([
      [121.5, 31.2],
      [170, 40],
      [190, 45],
      [242, 33.7],
    ]);
  });

  it('keeps only valid [lng, lat] pairs', () => {
    expect(cleanPositions([[1, 2], [NaN, 3], 'x', [1, 95], [4]])).toEqual([[1, 2]]);
    expect(cleanPositions(null)).toEqual([]);
  });
});
