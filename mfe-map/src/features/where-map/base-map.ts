// The where map's ground: the OpenLayers map on its element with the offline basemap, the view (spec section 9's
// start, zoom up to 18), OpenLayers' zoom buttons named in the page's language, and the view fitted to the points,
// which follows the map's size until the user moves it.
import OlMap from 'ol/Map';
import View from 'ol/View';
import { fromLonLat } from 'ol/proj';
import { defaults as defaultControls } from 'ol/control/defaults';
import type { Extent } from 'ol/extent';
import { basemapLayer, MAP_DEFAULTS } from '../../lib/basemap';
import type { WhereMapLabels } from './where-map-types';

/**
 * The map on `target` with the basemap only (the other layers add themselves). `keyboardTarget` hears the keyboard
 * (arrow keys pan, + and - zoom).
 */
export function createBaseMap(target: HTMLElement, keyboardTarget?: HTMLElement): OlMap {
  return new OlMap({
    target,
    keyboardEventTarget: keyboardTarget,
    controls: defaultControls({ attribution: false, rotate: false }),
    layers: [basemapLayer()],
    view: new View({
      center: fromLonLat(MAP_DEFAULTS.center),
      zoom: MAP_DEFAULTS.zoom,
      minZoom: MAP_DEFAULTS.minZoom,
      maxZoom: 18,
    }),
  });
}

/** Names OpenLayers' zoom buttons inside `target` (tooltip and accessible name). */
export function setZoomLabels(target: HTMLElement, labels: WhereMapLabels): void {
  for (const [selector, text] of [
    ['.ol-zoom-in', labels.zoomIn],
    ['.ol-zoom-out', labels.zoomOut],
  ] as const) {
    const button = target.querySelector<HTMLButtonElement>(selector);
    if (!button) continue;
    button.title = text;
    button.setAttribute('aria-label', text);
  }
}

/**
 * Fits the view to `extent()` (zoom ≤ 8) when called, and again whenever the map's size changes (a narrower window
 * fits them again) until the user moves the view. Returns the fit function.
 */
export function fitFollowingSize(map: OlMap, extent: () => Extent | null): () => void {
  const view = map.getView();
  let fitted = false;
  let fitting = false;
  const fit = () => {
    const wanted = extent();
    const size = map.getSize();
    if (!wanted || !size || size[0] === 0 || size[1] === 0) return;
    fitting = true;
    view.fit(wanted, { padding: [48, 48, 48, 48], maxZoom: MAP_DEFAULTS.maxFitZoom });
    fitting = false;
    fitted = true;
  };
  const moved = () => {
    if (!fitting) fitted = false;
  };
  view.on('change:center', moved);
  view.on('change:resolution', moved);
  map.on('change:size', () => {
    if (fitted) fit();
  });
  return fit;
}
