// Where the info window goes and how far the map moves so that both the window and the container clicked stay in
// view: above the marker when there is room, else below it; the window no taller than the part of the map the
// browser shows (at 620 px the map runs below the fold); the map moved by the least that brings both inside.
// Pure (pixels in, pixels out) so that it is tested without a browser.

export interface InfoPlacementInput {
  /** The marker's pixel in the map element. */
  point: [number, number];
  /** The map element's width and height. */
  map: [number, number];
  /** The rows of the map element the browser shows: [first, last) in the map's pixels. */
  visible: [number, number];
  /** The window's natural width and height (its content, before any cap). */
  info: [number, number];
  /** The window's own height cap (its CSS max-height). */
  cap: number;
  /** Between the marker and the window. */
  gap: number;
  /** Kept free at the edges. */
  margin: number;
  /** Half the marker's size: kept in view around the point. */
  marker: number;
}

export interface InfoPlacement {
  /** The window goes below the marker (else above). */
  below: boolean;
  /** The window's height cap for this placement. */
  maxHeight: number;
  /** How far the map's content moves, in pixels (+x right, +y down); [0, 0] when it already fits. */
  shift: [number, number];
}

/** Smallest window height offered, even on a very short map (it scrolls inside). */
const MIN_HEIGHT = 96;

export function placeInfo({
  point,
  map,
  visible,
  info,
  cap,
  gap,
  margin,
  marker,
}: InfoPlacementInput): InfoPlacement {
  const top = Math.max(0, visible[0]) + margin;
  const bottom = Math.min(map[1], visible[1]) - margin;
  const room = Math.max(0, bottom - top);
  const maxHeight = Math.max(MIN_HEIGHT, Math.min(cap, room - gap - 2 * marker));
  const height = Math.min(info[1], maxHeight);
  const [px, py] = point;

  // above as long as the window fits there once the map has moved; below when the marker sits high
  const roomAbove = py - marker - gap - top;
  const roomBelow = bottom - (py + marker + gap);
  const below = roomAbove < height && roomBelow > roomAbove;

  // the window and the marker together, vertically
  const spanTop = below ? py - marker : py - gap - height;
  const spanBottom = below ? py + gap + height : py + marker;
  let dy = 0;
  if (spanBottom - spanTop > room) {
    // cannot both fit (a very short map): the marker stays in view, at the edge the window leaves free
    dy = below ? top - spanTop : bottom - spanBottom;
  } else if (spanTop < top) dy = top - spanTop;
  else if (spanBottom > bottom) dy = bottom - spanBottom;

  // horizontally the window is centred on the marker
  const half = Math.min(info[0], map[0] - 2 * margin) / 2;
  let dx = 0;
  if (px - half < margin) dx = margin - (px - half);
  else if (px + half > map[0] - margin) dx = map[0] - margin - (px + half);

  return { below, maxHeight, shift: [Math.round(dx), Math.round(dy)] };
}
