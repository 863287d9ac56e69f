// The 'Where Are They?' map as an imperative OpenLayers island (as the route map): offline basemap (base-map.ts),
// clusters up to zoom 4 (cluster-layer.ts, canvas: a few hundred features), every single point beyond zoom 4
// (single-markers.ts: WebGL points on a GPU, 100,000 features in one call; where WebGL is missing or
// software-rendered, a 2D canvas drawn straight from the typed arrays, canvas-points.ts), the vessels as their own
// layer (vessel-layer.ts), and one overlay for the info window (info-overlay.ts), whose content the page renders
// (React portal into `infoElement`). A click selects (map-select.ts); the keyboard reaches what is on screen
// (map-targets.ts).
//
// Speed: nothing that the first drawn clusters do not need is done before them. The clusters of the shown level
// are computed from the typed arrays (cluster.ts) and drawn as light RenderFeatures; the other levels and the WebGL
// markers are prepared afterwards, one small task at a time while the browser is idle (preparation.ts).
import type OlMap from 'ol/Map';
import { basemapFeatures, MAP_DEFAULTS } from '../../lib/basemap';
import { mark } from '../../lib/perf';
import { CLUSTER_MAX_ZOOM, clusterZoomFor, extentOf, toMercator, type MapData } from './cluster';
import { createBaseMap, fitFollowingSize, setZoomLabels } from './base-map';
import { createClusterLayer } from './cluster-layer';
import { watchDraws, type DrawEvents } from './draw-events';
import { createInfoOverlay, type InfoOverlay } from './info-overlay';
import { pointerOverClickable, selectionAt, type SelectParts } from './map-select';
import {
  clusterTargets,
  frameToPixel,
  inReadingOrder,
  markerTargets,
  pointsInView,
  vesselTargets,
} from './map-targets';
import { createPreparation, type Preparation } from './preparation';
import { createSingleMarkers, type SingleMarkers } from './single-markers';
import { createVesselLayer } from './vessel-layer';
import { drawsWithWebGl, loadWebGlPoints } from './webgl-support';
import type { MapSelection, MapTarget, SelectResult, WhereMapHandle } from './where-map-types';

export type { MapSelection, MapTarget, WhereMapHandle } from './where-map-types';

/** Work that can be done before the map has an element: the basemap's countries are parsed (once). */
export function prepareWhereMap(): void {
  basemapFeatures();
}

/** The parts of one where map, which its handle's methods work on. */
interface WhereMapParts extends SelectParts {
  webgl: boolean;
  data(): MapData | null;
  markers: SingleMarkers;
  info: InfoOverlay;
  draws: DrawEvents;
  preparation: Preparation;
  onSelect(selection: MapSelection | null): void;
}

/** The view's zoom, or the start's before it has one. */
const zoomOf = (map: OlMap) => map.getView().getZoom() ?? MAP_DEFAULTS.zoom;

/** Closes the info window and tells the page. */
function closeInfo(parts: WhereMapParts): void {
  parts.info.close();
  parts.onSelect(null);
}

/** A click (or a keyboard user's Enter) at a pixel: zoom into a cluster, or open the info window. */
function selectAt(parts: WhereMapParts, pixel: number[], coordinate: number[]): SelectResult {
  const data = parts.data();
  if (!data) return 'none';
  const { selection, zoomed } = selectionAt(parts, data, pixel, coordinate);
  if (selection) {
    parts.info.open(selection.coordinate);
    parts.onSelect(selection);
    parts.info.place();
    return 'open';
  }
  if (parts.info.isOpen()) closeInfo(parts);
  return zoomed ? 'zoom' : 'none';
}

/** New data: everything of the old is dropped, the vessels and the level in view are drawn. */
function showData(parts: WhereMapParts, next: MapData, fit: () => void, showLevel: () => void): void {
  parts.clusters.reset();
  parts.preparation.stop();
  parts.markers.drop();
  parts.info.hide();
  parts.vessels.draw(next);
  fit();
  showLevel();
  parts.markers.canvas?.layer.changed();
  parts.draws.expectDraw();
}

/** The handle's view commands (the page's list and the tests move the map with them). */
function viewCommands(
  parts: WhereMapParts,
): Pick<WhereMapHandle, 'pixelOf' | 'vesselPixel' | 'zoomTo' | 'centerOn' | 'showPoint'> {
  const { map } = parts;
  const view = map.getView();
  const pixelAt = (coordinate: [number, number] | null): [number, number] | null => {
    const pixel = coordinate ? map.getPixelFromCoordinate(coordinate) : null;
    return pixel ? [pixel[0], pixel[1]] : null;
  };
  /** The position of a point of the data, null for an index out of it. */
  const pointAt = (index: number): [number, number] | null => {
    const data = parts.data();
    return data && index >= 0 && index < data.count ? [data.xs[index], data.ys[index]] : null;
  };
  return {
    pixelOf: (index) => pixelAt(pointAt(index)),
    vesselPixel: (vessel) => pixelAt(parts.vessels.positionOf(vessel)),
    zoomTo(zoom, lngLat, duration = 0) {
      const center = lngLat ? toMercator(lngLat[0], lngLat[1]) : undefined;
      if (duration > 0) view.animate({ zoom, center, duration });
      else {
        if (center) view.setCenter(center);
        view.setZoom(zoom);
        // draw the new view now: pixelOf / vesselPixel read the last drawn frame, which would otherwise still
        // be the old view until the next animation frame (a click there would miss)
        map.renderSync();
      }
    },
    centerOn(index, zoom) {
      const coordinate = pointAt(index);
      if (!coordinate) return;
      view.setCenter(coordinate);
      view.setZoom(zoom);
      map.renderSync();
    },
    showPoint(index) {
      const coordinate = pointAt(index);
      if (!coordinate) return;
      view.cancelAnimations();
      view.setCenter(coordinate);
      view.setZoom(Math.max(view.getZoom() ?? 0, CLUSTER_MAX_ZOOM + 1.5));
      map.renderSync();
      const pixel = map.getPixelFromCoordinate(coordinate);
      if (pixel) selectAt(parts, pixel, coordinate);
    },
  };
}

/** The handle's reads of what is drawn and on screen. */
function readings(parts: WhereMapParts): Pick<WhereMapHandle, 'stats' | 'targets' | 'visiblePoints'> {
  const { map } = parts;
  return {
    stats() {
      const zoom = zoomOf(map);
      const level = clusterZoomFor(zoom);
      return {
        zoom,
        level,
        clusters: level === null ? 0 : parts.clusters.count(),
        points: parts.data()?.count ?? 0,
        vessels: parts.vessels.drawn().length,
        webgl: parts.webgl,
        prepared: parts.preparation.prepared(),
      };
    },
    targets(max) {
      const size = map.getSize();
      const data = parts.data();
      const frame = parts.draws.lastFrame();
      if (!data || !size || !frame) return [];
      const toPixel = frameToPixel(frame);
      const found: MapTarget[] = [];
      const level = parts.clusters.levelAt(zoomOf(map));
      if (level) found.push(...clusterTargets(level, toPixel, size));
      else if (clusterZoomFor(zoomOf(map)) === null) found.push(...markerTargets(data, toPixel, size));
      found.push(...vesselTargets(data, parts.vessels.drawn(), toPixel, size));
      return inReadingOrder(found, max);
    },
    visiblePoints(max) {
      const size = map.getSize();
      const data = parts.data();
      const frame = parts.draws.lastFrame();
      if (!data || !size || !frame) return { points: [], total: 0 };
      return pointsInView(data, frameToPixel(frame), size, max);
    },
  };
}

/** @public loaded through a dynamic import (WhereMap.tsx's loadWhereMap), which knip does not follow */
export function createWhereMap(
  target: HTMLElement,
  onSelect: (selection: MapSelection | null) => void,
  /**
   * The focusable element around the map that hears the keyboard (arrow keys pan, + and - zoom). Not the map's
   * own element: OpenLayers ignores the wheel over a map element that has a tabindex until it has the focus.
   */
  keyboardTarget?: HTMLElement,
): WhereMapHandle {
  mark('create-start');
  const webgl = drawsWithWebGl();
  const map = createBaseMap(target, keyboardTarget);
  let data: MapData | null = null;
  const getData = () => data;
  const clusters = createClusterLayer(map, getData);
  const markers = createSingleMarkers(map, webgl, getData);
  const vessels = createVesselLayer(map);
  const info = createInfoOverlay(map, target);
  mark('create-end');
  const preparation = createPreparation({
    data: getData,
    lastFrame: () => draws.lastFrame(),
    prepareLevel: () => clusters.prepareNext(),
    prepareMarkers: (d, size) => markers.buildNext(d, size),
    finish: (frame, again) => markers.finish(frame, again),
  });
  const draws = watchDraws(map, () => {
    // what the first draw did not need is prepared now, while the user looks at the clusters (the WebGL
    // layer's code downloads meanwhile)
    if (webgl) loadWebGlPoints().catch(() => undefined);
    preparation.start();
  });
  const parts: WhereMapParts = {
    map,
    clusters,
    vessels,
    webgl,
    data: getData,
    markers,
    info,
    draws,
    preparation,
    onSelect,
  };
  const showLevel = () => {
    if (clusters.show(zoomOf(map)) === 'points') markers.ensure();
  };
  map.getView().on('change:resolution', showLevel);
  // The view fitted to the points follows the map's size until the user moves it.
  const fitToData = fitFollowingSize(map, () => (data ? extentOf(data) : null));
  map.on('singleclick', (event) => {
    selectAt(parts, event.pixel, event.coordinate);
  });
  pointerOverClickable(parts, target);

  return {
    infoElement: info.element,
    setData(next, { fit }) {
      mark('setdata-start');
      data = next;
      showData(parts, next, fit ? fitToData : () => undefined, showLevel);
      mark('setdata-end');
      map.render();
    },
    closeInfo: () => closeInfo(parts),
    ...viewCommands(parts),
    ...readings(parts),
    selectAt(pixel) {
      const coordinate = map.getCoordinateFromPixel(pixel);
      return coordinate ? selectAt(parts, pixel, coordinate) : 'none';
    },
    onDrawn: (listener) => draws.onDrawn(listener),
    onViewChange: (listener) => draws.onViewChange(listener),
    setLabels: (labels) => setZoomLabels(target, labels),
    dispose() {
      info.dispose();
      preparation.stop();
      markers.drop();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
