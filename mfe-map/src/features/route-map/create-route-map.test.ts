import { createRouteMap } from './create-route-map';

// jsdom has no ResizeObserver (OpenLayers watches the map's size with it); nothing is measured here.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const ports = [
  { lng: 121.5, lat: 31.2, label: 'CNSHA' },
  { lng: 103.8, lat: 1.26, label: 'SGSIN' },
  { lng: -46.3, lat: -23.9, label: 'BRSSZ' },
];

describe('the route map', () => {
  it('draws the travelled route, the planned route through the ports, start/stop/end markers and the vessel', () => {
    const target = document.createElement('div');
    document.body.appendChild(target);
    const map = createRouteMap(target, {
      positions: [
        [121.5, 31.2],
        [115, 15],
        [103.8, 1.26],
      ],
      ports,
      vessel: { lng: 100, lat: 3, label: 'HLCU HORIZON' },
    });
    expect(map.counts()).toEqual({ route: 1, planned: 1, markers: 3, vessel: 1 });
    map.update({ positions: [], ports: [], vessel: null });
    expect(map.counts()).toEqual({ route: 0, planned: 0, markers: 0, vessel: 0 });
    map.update({
      positions: [
        [1, 2],
        [3, 4],
      ],
      ports: [],
      vessel: null,
    });
    expect(map.counts()).toEqual({ route: 1, planned: 0, markers: 2, vessel: 0 });
    map.dispose();
  });

  it('draws the planned route along the sea when given, else joins the ports straight', () => {
    const target = document.createElement('div');
    document.body.appendChild(target);
    const map = createRouteMap(target, { positions: [], ports, vessel: null });
    expect(map.plannedVertices()).toBe(3);
    const sea: [number, number][] = [
      [121.5, 31.2],
      [122.5, 25],
      [117, 19],
      [109, 8],
      [103.8, 1.26],
      [80, -5],
      [40, -35],
      [-46.3, -23.9],
    ];
    map.update({ positions: [], planned: sea, ports, vessel: null });
    expect(map.counts()).toEqual({ route: 0, planned: 1, markers: 3, vessel: 0 });
    expect(map.plannedVertices()).toBe(sea.length);
    // an unusable planned route (one point, or bad numbers) falls back to the ports
    map.update({
      positions: [],
      planned: [[Number.NaN, 1] as [number, number], [1, 2]],
      ports,
      vessel: null,
    });
    expect(map.plannedVertices()).toBe(3);
    map.dispose();
  });
});
