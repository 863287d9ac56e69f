import type OlMap from 'ol/Map';
import type RenderFeature from 'ol/render/Feature';
import { decodeMapData } from './cluster';
import { appendMarkers, createSingleMarkers } from './single-markers';

const DATA = decodeMapData({
  count: 5,
  id: [1, 2, 3, 4, 5],
  lng: [0, 1, 2, 3, 4],
  lat: [0, 1, 2, 3, 4],
  health: [0, 1, 2, 0, 1],
  vessel: [-1, -1, -1, -1, -1],
  vessels: [],
});

function fakeMap(animating = false) {
  const view = { getZoom: () => 3, getAnimating: () => animating, getInteracting: () => false };
  return { addLayer: jest.fn(), removeLayer: jest.fn(), renderSync: jest.fn(), getView: () => view };
}

describe('the single markers', () => {
  it('are made in chunks, with their health', () => {
    const out: RenderFeature[] = [];
    expect(appendMarkers(out, DATA, 2)).toBe(false);
    expect(appendMarkers(out, DATA, 2)).toBe(false);
    expect(appendMarkers(out, DATA, 2)).toBe(true);
    expect(out.map((f) => f.get('h') as number)).toEqual([0, 1, 2, 0, 1]);
  });

  it('on a canvas: its layer is there from the start and nothing is made beforehand', () => {
    const map = fakeMap();
    const markers = createSingleMarkers(map as unknown as OlMap, false, () => DATA);
    expect(markers.canvas).not.toBeNull();
    expect(map.addLayer).toHaveBeenCalledWith(markers.canvas!.layer);
    expect(markers.buildNext(DATA, 2)).toBe(false);
    expect(markers.finish(null, jest.fn())).toBe(true);
  });

  it('with WebGL: made in chunks, and the last steps wait while the view moves', () => {
    const map = fakeMap(true);
    const markers = createSingleMarkers(map as unknown as OlMap, true, () => DATA);
    expect(markers.canvas).toBeNull();
    expect(map.addLayer).not.toHaveBeenCalled();
    expect(markers.buildNext(DATA, 3)).toBe(true);
    expect(markers.buildNext(DATA, 3)).toBe(true);
    expect(markers.buildNext(DATA, 3)).toBe(false);
    const again = jest.fn();
    expect(markers.finish(null, again)).toBe(false);
    expect(again).toHaveBeenCalled();
    // new data: made again from the start
    markers.drop();
    expect(markers.buildNext(DATA, 5)).toBe(true);
  });
});
