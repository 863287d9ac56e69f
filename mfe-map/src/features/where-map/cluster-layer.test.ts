import type OlMap from 'ol/Map';
import { decodeMapData, type MapData } from './cluster';
import { createClusterLayer } from './cluster-layer';

const DATA = decodeMapData({
  count: 3,
  id: [1, 2, 3],
  lng: [-0.3, -0.31, 121.5],
  lat: [39.4, 39.41, 31.2],
  health: [0, 1, 2],
  vessel: [-1, -1, -1],
  vessels: [],
});

function layer(data: MapData | null = DATA) {
  const map = { addLayer: jest.fn() };
  const clusters = createClusterLayer(map as unknown as OlMap, () => data);
  expect(map.addLayer).toHaveBeenCalledWith(clusters.layer);
  return clusters;
}

describe('the cluster layer', () => {
  it('draws the level of the view zoom once, and says when single markers are due', () => {
    const clusters = layer();
    expect(clusters.show(2.2)).toBe('clusters');
    expect(clusters.count()).toBe(2);
    expect(clusters.show(2.9)).toBe('unchanged');
    expect(clusters.levelAt(2.5)?.zoom).toBe(2);
    expect(clusters.show(5)).toBe('points');
    expect(clusters.count()).toBe(0);
    expect(clusters.levelAt(5)).toBeNull();
    expect(clusters.show(6)).toBe('unchanged');
  });

  it('computes the levels not drawn one at a time, and forgets them for new data', () => {
    const clusters = layer();
    clusters.show(3);
    expect(clusters.levelAt(2)).toBeNull();
    expect(clusters.prepareNext()).toBe(true);
    expect(clusters.levelAt(2)?.zoom).toBe(2);
    expect(clusters.prepareNext()).toBe(true);
    expect(clusters.prepareNext()).toBe(false);
    clusters.reset();
    expect(clusters.levelAt(3)).toBeNull();
    expect(clusters.show(3)).toBe('clusters');
  });

  it('draws nothing without data', () => {
    const clusters = layer(null);
    expect(clusters.show(3)).toBe('clusters');
    expect(clusters.count()).toBe(0);
  });
});
