// The info window's place on the map: one overlay whose content the page renders (React portal into its element).
// It is placed above or below the marker, no taller than the part of the map on screen, and the map is moved by
// the least that shows both the window and the marker (placement.ts decides; OpenLayers' own auto-pan brings the
// window into view but not the marker under it).
import type OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import { placeInfo } from './placement';

/** The info window: its distance from the marker, the edges kept free, half a marker kept in view. */
const INFO_GAP = 16;
const INFO_MARGIN = 12;
const INFO_MARKER = 14;

export interface InfoOverlay {
  element: HTMLElement;
  /** Points the window at a coordinate (its content comes next; `place` then places it). */
  open(coordinate: [number, number]): void;
  /** Places the open window for its content's size (once per opening and size). */
  place(): void;
  isOpen(): boolean;
  /** Hides the window (new data: the page drops its content itself). */
  hide(): void;
  /** Closes the window (its height cap goes with it). */
  close(): void;
  dispose(): void;
}

/** Height the window needs on screen: as tall as its content (at most `cap`), with its gap, marker and margins. */
export function neededHeight(mapHeight: number, cap: number, contentHeight: number): number {
  return Math.min(mapHeight, Math.min(cap, contentHeight) + INFO_GAP + 2 * INFO_MARKER + 2 * INFO_MARGIN);
}

export function createInfoOverlay(map: OlMap, target: HTMLElement): InfoOverlay {
  const element = document.createElement('div');
  element.className = 'map-where__info';
  const overlay = new Overlay({
    element,
    positioning: 'bottom-center',
    offset: [0, -INFO_GAP],
    stopEvent: true,
    // placed by `place` (the window and the marker in view)
    autoPan: false,
  });
  map.addOverlay(overlay);
  const view = map.getView();
  // The page renders the window's content after the click (React): it is placed once that content has a size,
  // and again when the content grows (the details arrive), never twice for the same size.
  let placedFor = '';
  let opened = 0;

  /** The vertical band of the map on screen (the page is scrolled to the map when too little of it shows). */
  const shownBand = (mapHeight: number, needed: number): [number, number] => {
    let rect = target.getBoundingClientRect();
    const shown = () => [Math.max(0, -rect.top), Math.min(mapHeight, window.innerHeight - rect.top)] as const;
    if (shown()[1] - shown()[0] < needed) {
      target.scrollIntoView({ block: 'nearest' });
      rect = target.getBoundingClientRect();
    }
    const [first, last] = shown();
    return [first, last];
  };

  const place = () => {
    const position = overlay.getPosition();
    if (!position || element.offsetWidth === 0) return;
    element.style.maxHeight = '';
    const natural: [number, number] = [element.offsetWidth, element.scrollHeight];
    const key = `${opened}:${natural[0]}x${natural[1]}`;
    if (key === placedFor) return;
    placedFor = key;
    const size = map.getSize();
    const point = map.getPixelFromCoordinate(position);
    if (!size || !point) return;
    const cap = parseFloat(getComputedStyle(element).maxHeight) || 360;
    const placement = placeInfo({
      point: [point[0], point[1]],
      map: [size[0], size[1]],
      visible: shownBand(size[1], neededHeight(size[1], cap, natural[1])),
      info: natural,
      cap,
      gap: INFO_GAP,
      margin: INFO_MARGIN,
      marker: INFO_MARKER,
    });
    element.style.maxHeight = `${placement.maxHeight}px`;
    overlay.setPositioning(placement.below ? 'top-center' : 'bottom-center');
    overlay.setOffset([0, placement.below ? INFO_GAP : -INFO_GAP]);
    const [dx, dy] = placement.shift;
    const center = view.getCenter();
    const resolution = view.getResolution();
    if ((dx !== 0 || dy !== 0) && center && resolution) {
      view.animate({ center: [center[0] - dx * resolution, center[1] + dy * resolution], duration: 200 });
    }
  };

  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => place()) : null;
  resize?.observe(element);

  return {
    element,
    open(coordinate) {
      opened++;
      overlay.setPositioning('bottom-center');
      overlay.setOffset([0, -INFO_GAP]);
      overlay.setPosition(coordinate);
    },
    place,
    isOpen: () => overlay.getPosition() !== undefined,
    hide() {
      overlay.setPosition(undefined);
    },
    close() {
      overlay.setPosition(undefined);
      element.style.maxHeight = '';
    },
    dispose() {
      resize?.disconnect();
    },
  };
}
