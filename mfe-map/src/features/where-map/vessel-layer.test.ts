import type OlMap from 'ol/Map';
import View from 'ol/View';
import { decodeMapData, toMercator } from './cluster';
import { createVesselLayer, vesselFeatures, vesselZIndex } from './vessel-layer';
import { VESSEL_Z_CLUSTERED, VESSEL_Z_SINGLE } from './where-map-styles';

const DATA = decodeMapData({
  count: 0,
  id: [],
  lng: [],
  lat: [],
  health: [],
  vessel: [],
  vessels: [
    { id: 1, name: 'MAERSK ESSEN', lng: 10, lat: 20, next_port: null },
    { id: 2, name: 'NO POSITION', lng: null, lat: null, next_port: null },
    { id: 3, name: 'MSC ANNA', lng: -30, lat: 5, next_port: null },
  ] as never,
});

describe('the vessel layer', () => {
  it('lies under the clusters while they are drawn, over the single markers beyond', () => {
    expect(vesselZIndex(3)).toBe(VESSEL_Z_CLUSTERED);
    expect(vesselZIndex(4)).toBe(VESSEL_Z_CLUSTERED);
    expect(vesselZIndex(4.5)).toBe(VESSEL_Z_SINGLE);
  });

  it('draws the vessels with a position, keeping their index and name', () => {
    const features = vesselFeatures(DATA);
    expect(features.map((f) => [f.get('vessel'), f.get('name')])).toEqual([
      [0, 'MAERSK ESSEN'],
      [2, 'MSC ANNA'],
    ]);
  });

  it('follows the view zoom and tells where each vessel is', () => {
    const view = new View({ zoom: 2 });
    const map = { addLayer: jest.fn(), getView: () => view };
    const vessels = createVesselLayer(map as unknown as OlMap);
    vessels.draw(DATA);
    expect(vessels.drawn().map((v) => v.vessel)).toEqual([0, 2]);
    expect(vessels.positionOf(2)).toEqual(toMercator(-30, 5));
    expect(vessels.positionOf(1)).toBeNull();
    view.setZoom(6);
    expect(vessels.layer.getZIndex()).toBe(VESSEL_Z_SINGLE);
    view.setZoom(3);
    expect(vessels.layer.getZIndex()).toBe(VESSEL_Z_CLUSTERED);
  });
});
