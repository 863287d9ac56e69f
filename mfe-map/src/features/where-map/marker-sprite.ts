// The canvas single markers' sprites: one marker drawn once per health and pixel ratio, and copied pixel by pixel
// into the frame's image under what is already there (the markers are drawn from the topmost down, so that the
// pixels of a crowd are written once).

/** A marker's pixels (RGBA, not premultiplied, as getImageData gives them), `size` × `size`. */
export interface Sprite {
  size: number;
  words: Uint32Array;
  bytes: Uint8ClampedArray;
  /** The indexes of its pixels that are not transparent. */
  pixels: Int32Array;
  /** Where those pixels fall in an image `rowWidth` wide, from the sprite's top left corner. */
  rowWidth: number;
  pixelsAt: Int32Array;
}

/** One marker drawn once: a filled circle with a white outline, at the device's pixel ratio. */
export function markerSprite(color: string, radius: number, strokeWidth: number, ratio: number): Sprite {
  const size = Math.ceil((radius + strokeWidth) * 2 * ratio);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) {
    const none = new Int32Array(0);
    return {
      size: 0,
      words: new Uint32Array(0),
      bytes: new Uint8ClampedArray(0),
      pixels: none,
      rowWidth: 0,
      pixelsAt: none,
    };
  }
  context.beginPath();
  context.arc(size / 2, size / 2, radius * ratio, 0, 2 * Math.PI);
  context.fillStyle = color;
  context.fill();
  context.lineWidth = strokeWidth * ratio;
  context.strokeStyle = '#ffffff';
  context.stroke();
  const bytes = context.getImageData(0, 0, size, size).data;
  const pixels: number[] = [];
  for (let i = 0; i < size * size; i++) if (bytes[i * 4 + 3] > 0) pixels.push(i);
  return {
    size,
    words: new Uint32Array(bytes.buffer, bytes.byteOffset, size * size),
    bytes,
    pixels: Int32Array.from(pixels),
    rowWidth: 0,
    pixelsAt: new Int32Array(0),
  };
}

/** Places the sprite's pixels for an image `width` wide (once per width). */
export function placeSprite(sprite: Sprite, width: number): void {
  if (sprite.rowWidth === width) return;
  sprite.pixelsAt = sprite.pixels.map((i) => Math.floor(i / sprite.size) * width + (i % sprite.size));
  sprite.rowWidth = width;
}

/**
 * Puts pixel s of a sprite under pixel t of the image (destination-over, not premultiplied): the markers are
 * drawn from the topmost down, so a pixel already covered costs one read and nothing else (the callers test
 * that and an empty pixel themselves: this is the rare partly covered one).
 */
function under(words: Uint32Array, bytes: Uint8ClampedArray, t: number, sprite: Sprite, s: number): void {
  const da = bytes[t * 4 + 3];
  if (da === 255) return;
  if (da === 0) {
    words[t] = sprite.words[s];
    return;
  }
  const from = sprite.bytes;
  const a = (from[s * 4 + 3] * (255 - da)) / 255;
  const out = da + a;
  bytes[t * 4] = (bytes[t * 4] * da + from[s * 4] * a) / out;
  bytes[t * 4 + 1] = (bytes[t * 4 + 1] * da + from[s * 4 + 1] * a) / out;
  bytes[t * 4 + 2] = (bytes[t * 4 + 2] * da + from[s * 4 + 2] * a) / out;
  bytes[t * 4 + 3] = out;
}

/** Draws `sprite` with its top left corner at (x0, y0) under what the `width` × `height` image already holds. */
export function blitUnder(
  words: Uint32Array,
  bytes: Uint8ClampedArray,
  width: number,
  height: number,
  sprite: Sprite,
  x0: number,
  y0: number,
): void {
  const { size, pixels, pixelsAt } = sprite;
  if (x0 >= 0 && y0 >= 0 && x0 + size <= width && y0 + size <= height) {
    // wholly inside (nearly every marker): the pixels' places are known
    const base = y0 * width + x0;
    const from = sprite.words;
    for (let k = 0; k < pixels.length; k++) {
      const t = base + pixelsAt[k];
      const da = bytes[t * 4 + 3];
      if (da === 0) words[t] = from[pixels[k]];
      else if (da !== 255) under(words, bytes, t, sprite, pixels[k]);
    }
    return;
  }
  const xStart = x0 < 0 ? -x0 : 0;
  const yStart = y0 < 0 ? -y0 : 0;
  const xEnd = Math.min(size, width - x0);
  const yEnd = Math.min(size, height - y0);
  for (let sy = yStart; sy < yEnd; sy++) {
    for (let sx = xStart; sx < xEnd; sx++) {
      const s = sy * size + sx;
      if (sprite.bytes[s * 4 + 3] > 0) under(words, bytes, (y0 + sy) * width + x0 + sx, sprite, s);
    }
  }
}
