// The single markers on a plain 2D canvas, drawn straight from the typed arrays on every frame: the stand-in for
// the WebGL points layer where WebGL is missing or only software-rendered (SwiftShader, llvmpipe: headless
// browsers, virtual machines and remote desktops without a GPU), where each WebGL frame costs 100 ms and more.
// Nothing is prepared beforehand (no feature objects, no spatial index): a frame projects every point with the
// view's transform (a couple of milliseconds for 100,000) and skips those out of view. Each health is drawn once
// per 2×2-pixel cell (the containers of one vessel or terminal share a position; a marker is 15 pixels wide, so a
// neighbour within a pixel or two adds nothing visible). The markers are copied pixel by pixel into one image put
// on the canvas at once: thousands of drawImage calls cost about 4 µs each, which a zoom past the cluster levels
// with 100,000 points (some 10,000 markers in view) could not afford in a frame. They are copied from the topmost
// down, each under what is already there, so that the pixels of a crowd are written once. `warm` draws once off
// screen, so the first frame past the cluster levels does not run unoptimised code.
import Layer from 'ol/layer/Layer';
import type { FrameState } from 'ol/Map';
import type { MapData } from './cluster';

const HALF_WORLD = 20037508.342789244;
const WORLD = 2 * HALF_WORLD;
/** Side of the cells in which a health is drawn once (CSS pixels). */
const CELL_PX = 2;

export interface CanvasPointsOptions {
  /** The points to draw (read on every frame). */
  data: () => MapData | null;
  /** Fill colour of each health code (0, 1, 2). */
  colors: readonly string[];
  radius: number;
  strokeWidth: number;
  minZoom: number;
  zIndex: number;
}

/** A marker's pixels (RGBA, not premultiplied, as getImageData gives them), `size` × `size`. */
interface Sprite {
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
function markerSprite(color: string, radius: number, strokeWidth: number, ratio: number): Sprite {
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
function placeSprite(sprite: Sprite, width: number): void {
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
function blitUnder(
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

export interface CanvasPoints {
  layer: Layer;
  /** Draws the points once off screen, near a frame's view: the code is then optimised. */
  warm(frameState: FrameState): void;
}

export function canvasPointsLayer(options: CanvasPointsOptions): CanvasPoints {
  const canvas = document.createElement('canvas');
  canvas.style.position = 'absolute';
  canvas.style.left = '0';
  canvas.style.top = '0';
  /** Made on the first frame drawn (undefined until then, null without 2D canvas). */
  let context: CanvasRenderingContext2D | null | undefined;
  let sprites: Sprite[] = [];
  let spritesRatio = 0;
  let image: ImageData | null = null;
  let words = new Uint32Array(0);
  /** Health bits already drawn per cell of this frame. */
  let drawn = new Uint8Array(0);
  let layer: Layer | null = null;

  const render = (frameState: FrameState): HTMLElement => {
    const [width, height] = frameState.size;
    const ratio = frameState.pixelRatio;
    const w = Math.round(width * ratio);
    const h = Math.round(height * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    canvas.style.opacity = String(layer?.getOpacity() ?? 1);
    if (context === undefined) context = canvas.getContext('2d');
    const d = options.data();
    const extent = frameState.extent;
    if (!context || !extent || !d || d.count === 0 || w === 0 || h === 0) {
      context?.clearRect(0, 0, w, h);
      return canvas;
    }
    if (spritesRatio !== ratio) {
      sprites = options.colors.map((color) =>
        markerSprite(color, options.radius, options.strokeWidth, ratio),
      );
      spritesRatio = ratio;
    }
    if (!image || image.width !== w || image.height !== h) {
      image = context.createImageData(w, h);
      words = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h);
    } else {
      words.fill(0);
    }
    const bytes = image.data;
    for (const sprite of sprites) placeSprite(sprite, w);
    const half = sprites[0].size / 2;
    const margin = half / ratio;
    const columns = Math.ceil(width / CELL_PX);
    const cells = columns * Math.ceil(height / CELL_PX);
    if (drawn.length < cells) drawn = new Uint8Array(cells);
    else drawn.fill(0, 0, cells);
    // map coordinates → CSS pixels: x' = a x + c y + e, y' = b x + d y + f (rotation included)
    const [a, b, c, dd, e, f] = frameState.coordinateToPixelTransform;
    const { xs, ys, health } = d;
    let count = 0;
    // the world copies in view (a view across the antimeridian shows two); the points from the last (drawn on
    // top, as in data order) to the first
    const firstWorld = Math.floor((extent[0] + HALF_WORLD) / WORLD);
    const lastWorld = Math.floor((extent[2] + HALF_WORLD) / WORLD);
    for (let world = firstWorld; world <= lastWorld; world++) {
      const offset = world * WORLD;
      for (let i = d.count - 1; i >= 0; i--) {
        const x = xs[i] + offset;
        const y = ys[i];
        const px = a * x + c * y + e;
        const py = b * x + dd * y + f;
        if (px < -margin || py < -margin || px > width + margin || py > height + margin) continue;
        const code = health[i] < sprites.length ? health[i] : 0;
        if (px >= 0 && py >= 0 && px < width && py < height) {
          const cell = Math.floor(py / CELL_PX) * columns + Math.floor(px / CELL_PX);
          const bit = 1 << code;
          if (drawn[cell] & bit) continue;
          drawn[cell] |= bit;
        }
        blitUnder(
          words,
          bytes,
          w,
          h,
          sprites[code],
          Math.round(px * ratio - half),
          Math.round(py * ratio - half),
        );
        count++;
      }
    }
    if (count > 0) context.putImageData(image, 0, 0);
    else context.clearRect(0, 0, w, h);
    return canvas;
  };

  layer = new Layer({ render, minZoom: options.minZoom, zIndex: options.zIndex });
  /**
   * Draws the frame's view 4 times closer (off screen), as the first frame past the cluster levels will: most
   * points out of view, the rest in it (code optimised on a view where every point is in it would be thrown away
   * by that frame).
   */
  const warm = (frameState: FrameState) => {
    const [a, b, c, d, e, f] = frameState.coordinateToPixelTransform;
    const [width, height] = frameState.size;
    const extent = frameState.extent;
    if (!extent) return;
    const zoom = 4;
    const [cx, cy] = [(extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2];
    const [hw, hh] = [(extent[2] - extent[0]) / 2 / zoom, (extent[3] - extent[1]) / 2 / zoom];
    render({
      ...frameState,
      extent: [cx - hw, cy - hh, cx + hw, cy + hh],
      // the centre stays where it is: x' = zoom (x - centre) + centre on screen
      coordinateToPixelTransform: [
        a * zoom,
        b * zoom,
        c * zoom,
        d * zoom,
        zoom * e - ((zoom - 1) * width) / 2,
        zoom * f - ((zoom - 1) * height) / 2,
      ],
    });
  };
  return { layer, warm };
}
