// The planned route for the map follows the sea (as the sailed part does), not straight lines across land.
import { plannedRoute, shipmentPorts } from '../../src/services/planned-route';
import { distanceNm } from '../../src/tracking/derive/geo';

const SHANGHAI = { longitude: 121.5, latitude: 31.23 };
const SINGAPORE = { longitude: 103.85, latitude: 1.29 };
const ROTTERDAM = { longitude: 4.48, latitude: 51.92 };

describe('plannedRoute', () => {
  it('routes Shanghai → Rotterdam by sea: through the Strait of Malacca and far longer than the straight line', () => {
    const route = plannedRoute([SHANGHAI, ROTTERDAM]);
    expect(route.length).toBeGreaterThan(10);
    expect(route[0]).toEqual([121.5, 31.23]);
    expect(route[route.length - 1]).toEqual([4.48, 51.92]);
    // passes near Singapore (the straight line runs over Central Asia, far from it)
    const nearSingapore = route.some(([lng, lat]) => distanceNm([lng, lat], [103.85, 1.29]) < 300);
    expect(nearSingapore).toBe(true);
    let length = 0;
    for (let i = 1; i < route.length; i++) length += distanceNm(route[i - 1], route[i]);
    expect(length).toBeGreaterThan(1.5 * distanceNm([121.5, 31.23], [4.48, 51.92]));
  });

  it('joins the legs through the transshipments, each port once', () => {
    const route = plannedRoute(
      shipmentPorts({ pol_loc: SHANGHAI, tsp1_loc: SINGAPORE, tsp2_loc: null, pod_loc: ROTTERDAM }),
    );
    expect(route[0]).toEqual([121.5, 31.23]);
    expect(route.filter(([lng, lat]) => lng === 103.85 && lat === 1.29)).toHaveLength(1);
    expect(route[route.length - 1]).toEqual([4.48, 51.92]);
  });

  it('answers nothing with fewer than two located ports; skips ports without coordinates', () => {
    expect(plannedRoute([])).toEqual([]);
    expect(plannedRoute([SHANGHAI, { longitude: null, latitude: null }])).toEqual([]);
    expect(plannedRoute([SHANGHAI, SHANGHAI])).toEqual([]);
    expect(plannedRoute([{ longitude: '121.5', latitude: '31.23' }, null, SINGAPORE]).length).toBeGreaterThan(
      2,
    );
  });
});
