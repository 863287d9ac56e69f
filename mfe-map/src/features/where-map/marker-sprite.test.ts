import { blitUnder, placeSprite, type Sprite } from './marker-sprite';

/** A 2×2 sprite: opaque red top left, half-transparent blue bottom right, the rest transparent. */
function sprite(): Sprite {
  const bytes = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 128]);
  return {
    size: 2,
    words: new Uint32Array(bytes.buffer),
    bytes,
    pixels: Int32Array.from([0, 3]),
    rowWidth: 0,
    pixelsAt: new Int32Array(0),
  };
}

function image(width: number, height: number) {
  const bytes = new Uint8ClampedArray(width * height * 4);
  return { bytes, words: new Uint32Array(bytes.buffer) };
}
const pixel = (bytes: Uint8ClampedArray, i: number) => Array.from(bytes.slice(i * 4, i * 4 + 4));

describe('the canvas markers sprite', () => {
  it('places its pixels for an image width once', () => {
    const s = sprite();
    placeSprite(s, 5);
    expect(Array.from(s.pixelsAt)).toEqual([0, 6]);
    const placed = s.pixelsAt;
    placeSprite(s, 5);
    expect(s.pixelsAt).toBe(placed);
  });

  it('copies its pixels into empty ones and leaves covered ones alone', () => {
    const s = sprite();
    placeSprite(s, 3);
    const { bytes, words } = image(3, 3);
    bytes.set([0, 255, 0, 255], 4 * 4); // the centre is already covered (green)
    blitUnder(words, bytes, 3, 3, s, 0, 0);
    expect(pixel(bytes, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(bytes, 4)).toEqual([0, 255, 0, 255]);
    expect(pixel(bytes, 1)).toEqual([0, 0, 0, 0]);
  });

  it('blends under a partly covered pixel, and clips at the edges', () => {
    const s = sprite();
    placeSprite(s, 2);
    const { bytes, words } = image(2, 2);
    bytes.set([255, 255, 255, 128], 0);
    // one pixel left and up: only the sprite's bottom right (blue, half) lands, on the image's top left
    blitUnder(words, bytes, 2, 2, s, -1, -1);
    const [r, g, b, a] = pixel(bytes, 0);
    expect(a).toBeGreaterThan(128);
    expect(b).toBe(255);
    expect(r).toBeLessThan(255);
    expect(g).toBeLessThan(255);
    expect(pixel(bytes, 3)).toEqual([0, 0, 0, 0]);
  });
});
