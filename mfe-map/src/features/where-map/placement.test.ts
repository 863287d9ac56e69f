import { placeInfo, type InfoPlacementInput } from './placement';

const base: InfoPlacementInput = {
  point: [683, 300],
  map: [1366, 600],
  visible: [0, 600],
  info: [320, 200],
  cap: 360,
  gap: 16,
  margin: 12,
  marker: 14,
};

/** Where the marker and the window end up once the map has moved (map pixels). */
function after(input: InfoPlacementInput) {
  const p = placeInfo(input);
  const [x, y] = [input.point[0] + p.shift[0], input.point[1] + p.shift[1]];
  const height = Math.min(input.info[1], p.maxHeight);
  const top = p.below ? y + input.gap : y - input.gap - height;
  return { p, x, y, top, bottom: top + height, left: x - input.info[0] / 2, right: x + input.info[0] / 2 };
}

describe('the info window placement', () => {
  it('goes above a marker with room above, and the map does not move', () => {
    expect(placeInfo(base)).toEqual({ below: false, maxHeight: 360, shift: [0, 0] });
  });

  it('goes below a marker near the top instead of pushing it out of view', () => {
    const r = after({ ...base, point: [683, 40] });
    expect(r.p.below).toBe(true);
    expect(r.p.shift).toEqual([0, 0]);
    expect(r.y).toBe(40);
  });

  it('moves the map by the least that keeps the marker and the window in view near an edge', () => {
    const r = after({ ...base, point: [40, 300], info: [320, 360], map: [1366, 420], visible: [0, 420] });
    expect(r.left).toBeGreaterThanOrEqual(12);
    expect(r.x).toBeGreaterThan(0);
    expect(r.top).toBeGreaterThanOrEqual(12);
    expect(r.y + 14).toBeLessThanOrEqual(420 - 12);
  });

  it('at 620 px, with the map half below the fold, keeps both in the part on screen', () => {
    // a 380 px map whose last 140 rows are below the window's bottom edge; the marker in the hidden part
    const input = { ...base, point: [300, 330] as [number, number], map: [590, 380] as [number, number] };
    const r = after({ ...input, visible: [0, 240], info: [320, 400], cap: 240 });
    expect(r.top).toBeGreaterThanOrEqual(12);
    expect(r.bottom).toBeLessThanOrEqual(240 - 12);
    expect(r.y).toBeGreaterThanOrEqual(12);
    expect(r.y + 14).toBeLessThanOrEqual(240 - 12);
    expect(r.p.maxHeight).toBeLessThan(240);
  });
});
