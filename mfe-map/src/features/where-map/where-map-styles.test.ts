import Feature from 'ol/Feature';
import type { Text } from 'ol/style';
import { resolutionOf } from './cluster';
import { clusterStyle, shortCount, vesselStyle } from './where-map-styles';

describe('the where map styles', () => {
  it.each([
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [9999, '9.9k'],
    [12_345, '12k'],
    [123_456, '123k'],
  ])('shortens the count %i to %s', (n, text) => {
    expect(shortCount(n)).toBe(text);
  });

  it('draws a cluster with its short count, a single point without, and makes each style once', () => {
    expect((clusterStyle(3, 1500).getText() as Text).getText()).toBe('1.5k');
    expect(clusterStyle(0, 1).getText()).toBeNull();
    expect(clusterStyle(3, 1500)).toBe(clusterStyle(3, 1500));
    // a single point's circle is smaller than a cluster's of the same family
    expect(clusterStyle(0, 1).getImage()).not.toBe(clusterStyle(0, 2).getImage());
  });

  it("writes a vessel's name only past the cluster levels", () => {
    const vessel = new Feature({ name: 'MAERSK ESSEN' });
    expect(vesselStyle(vessel, resolutionOf(4)).getText()).toBeNull();
    expect((vesselStyle(vessel, resolutionOf(5)).getText() as Text).getText()).toBe('MAERSK ESSEN');
  });
});
