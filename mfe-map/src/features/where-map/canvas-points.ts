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
import { blitUnder, markerSprite, placeSprite, type Sprite } from './marker-sprite';

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

export interface CanvasPoints {
  layer: Layer;
  /** Draws the points once off screen, near a frame's view: the code is then optimised. */
  warm(frameState: FrameState): void;
}

/** The image a frame is drawn into, kept from frame to frame (made again for another size). */
interface FrameImage {
  image: ImageData;
  words: Uint32Array;
  /** Health bits already drawn per cell of this frame. */
  drawn: Uint8Array;
}

/** Sizes the canvas for a frame (device pixels, CSS pixels on screen); returns its size in device pixels. */
function fitCanvas(canvas: HTMLCanvasElement, [width, height]: number[], ratio: number): [number, number] {
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  }
  return [w, h];
}

/**
 * Copies the points in a frame's view into the image (`w` device pixels wide), each health once per cell;
 * returns how many were copied.
 */
function drawPoints(d: MapData, frameState: FrameState, sprites: Sprite[], out: FrameImage): number {
  const [width, height] = frameState.size;
  const ratio = frameState.pixelRatio;
  const extent = frameState.extent!;
  const { words, drawn } = out;
  const { data: bytes, width: w, height: h } = out.image;
  const half = sprites[0].size / 2;
  const margin = half / ratio;
  const columns = Math.ceil(width / CELL_PX);
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
  return count;
}

/**
 * A frame's view `zoom` times closer (as the first frame past the cluster levels will be): the centre stays where
 * it is, x' = zoom (x - centre) + centre on screen.
 */
export function closerFrame(frameState: FrameState, zoom: number): FrameState | null {
  const [a, b, c, d, e, f] = frameState.coordinateToPixelTransform;
  const [width, height] = frameState.size;
  const extent = frameState.extent;
  if (!extent) return null;
  const [cx, cy] = [(extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2];
  const [hw, hh] = [(extent[2] - extent[0]) / 2 / zoom, (extent[3] - extent[1]) / 2 / zoom];
  return {
    ...frameState,
    extent: [cx - hw, cy - hh, cx + hw, cy + hh],
    coordinateToPixelTransform: [
      a * zoom,
      b * zoom,
      c * zoom,
      d * zoom,
      zoom * e - ((zoom - 1) * width) / 2,
      zoom * f - ((zoom - 1) * height) / 2,
    ],
  };
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
  let out: FrameImage | null = null;
  let layer: Layer | null = null;

  /** The image for a frame of `w` × `h` device pixels, cleared, with `cells` cells. */
  const imageFor = (ctx: CanvasRenderingContext2D, w: number, h: number, cells: number): FrameImage => {
    if (!out || out.image.width !== w || out.image.height !== h) {
      const image = ctx.createImageData(w, h);
      out = {
        image,
        words: new Uint32Array(image.data.buffer, image.data.byteOffset, w * h),
        drawn: out?.drawn ?? new Uint8Array(0),
      };
    } else {
      out.words.fill(0);
    }
    if (out.drawn.length < cells) out.drawn = new Uint8Array(cells);
    else out.drawn.fill(0, 0, cells);
    return out;
  };

  const render = (frameState: FrameState): HTMLElement => {
    const ratio = frameState.pixelRatio;
    const [w, h] = fitCanvas(canvas, frameState.size, ratio);
    canvas.style.opacity = String(layer?.getOpacity() ?? 1);
    if (context === undefined) context = canvas.getContext('2d');
    const d = options.data();
    if (!context || !frameState.extent || !d || d.count === 0 || w === 0 || h === 0) {
      context?.clearRect(0, 0, w, h);
      return canvas;
    }
    if (spritesRatio !== ratio) {
      sprites = options.colors.map((color) =>
        markerSprite(color, options.radius, options.strokeWidth, ratio),
      );
      spritesRatio = ratio;
    }
    const [width, height] = frameState.size;
    const image = imageFor(context, w, h, Math.ceil(width / CELL_PX) * Math.ceil(height / CELL_PX));
    for (const sprite of sprites) placeSprite(sprite, w);
    if (drawPoints(d, frameState, sprites, image) > 0) context.putImageData(image.image, 0, 0);
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
    const closer = closerFrame(frameState, 4);
    if (closer) render(closer);
  };
  return { layer, warm };
}
