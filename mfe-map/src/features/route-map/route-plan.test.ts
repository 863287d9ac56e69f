import { nearLongitude, planRoute } from './route-plan';

const ports = [
  { lng: 121.5, lat: 31.2, label: 'CNSHA' },
  { lng: 103.8, lat: 1.26, label: 'SGSIN' },
  { lng: -46.3, lat: -23.9, label: 'BRSSZ' },
];

describe('the route plan', () => {
  it('puts a longitude on the copy of the world nearest another', () => {
    expect(nearLongitude(-170, 170)).toBe(190);
    expect(nearLongitude(170, -170)).toBe(-190);
    expect(nearLongitude(10, 20)).toBe(10);
    expect(nearLongitude(10, undefined)).toBe(10);
  });

  it('joins the ports without a sea route: start, stops and end with their labels', () => {
    const plan = planRoute({ positions: [], ports, vessel: null });
    expect(plan.planned).toHaveLength(3);
    expect(plan.travelled).toEqual([]);
    expect(plan.markers.map((m) => [m.kind, m.label])).toEqual([
      ['start', 'CNSHA'],
      ['stop', 'SGSIN'],
      ['end', 'BRSSZ'],
    ]);
  });

  it('follows the sea route when there is one, on the copy of the world of the ports', () => {
    const sea: [number, number][] = [
      [-240, 30],
      [-250, 10],
      [-256, 1],
    ];
    const plan = planRoute({ positions: [], planned: sea, ports: ports.slice(0, 2), vessel: null });
    expect(plan.planned).toEqual([
      [120, 30],
      [110, 10],
      [104, 1],
    ]);
  });

  it('without ports the travelled ends are the markers; the vessel is put near the last position', () => {
    const plan = planRoute({
      positions: [
        [170, 0],
        [-175, 5],
      ],
      ports: [],
      vessel: { lng: -170, lat: 6, label: 'HLCU HORIZON' },
    });
    expect(plan.travelled).toEqual([
      [170, 0],
      [185, 5],
    ]);
    expect(plan.markers).toEqual([
      { kind: 'start', at: [170, 0], label: undefined },
      { kind: 'end', at: [185, 5], label: undefined },
      { kind: 'vessel', at: [190, 6], label: 'HLCU HORIZON' },
    ]);
    expect(planRoute({ positions: [[1, 2]], ports: [], vessel: null }).markers).toHaveLength(1);
    expect(planRoute({ positions: [], ports: [], vessel: { lng: Number.NaN, lat: 1 } }).markers).toEqual([]);
  });
});
