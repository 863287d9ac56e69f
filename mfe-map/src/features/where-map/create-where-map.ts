// The 'Where Are They?' map as an imperative OpenLayers island (as the route map): offline basemap, clusters up to
// zoom 4 (canvas: a few hundred features), every single point beyond zoom 4 (WebGL points on a GPU: 100,000
// features draw in one call; where WebGL is missing or software-rendered, a 2D canvas drawn straight from the
// typed arrays, canvasPoints.ts), the vessels as their own layer, and one overlay for the info window, whose
// content the page renders (React portal into `infoElement`).
//
// Speed: nothing that the first drawn clusters do not need is done before them. The clusters of the
// shown level are computed from the typed arrays (cluster.ts) and drawn as light RenderFeatures; the other levels
// are prepared afterwards, one small task at a time while the browser is idle. With WebGL, so are the 100,000
// single markers (RenderFeatures too, in chunks) and their layer, which is drawn once invisibly, so that zooming
// in later finds its program compiled and its buffers built instead of stalling the first frame past zoom 4. The
// canvas markers need nothing prepared.
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Overlay from 'ol/Overlay';
import Point from 'ol/geom/Point';
import type BaseLayer from 'ol/layer/Base';
import VectorLayer from 'ol/layer/Vector';
import type WebGLPointsLayer from 'ol/layer/WebGLPoints';
import RenderFeature from 'ol/render/Feature';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { fromLonLat } from 'ol/proj';
import { defaults as defaultControls } from 'ol/control/defaults';
import type { FlatStyle } from 'ol/style/flat';
import type { MapBrowserEvent } from 'ol';
import type { FrameState } from 'ol/Map';
import type { FeatureLike } from 'ol/Feature';
import { basemapFeatures, basemapLayer, MAP_DEFAULTS } from '../../lib/basemap';
import { mark } from '../../lib/perf';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_MIN_ZOOM,
  clusterAt,
  clusterZoomFor,
  extentOf,
  familyOf,
  membersOf,
  pointsNear,
  pointsOnVessel,
  toMercator,
  type ClusterFamily,
  type ClusterLevel,
  type MapData,
} from './cluster';
import { canvasPointsLayer } from './canvas-points';
import { FAMILY_COLORS, VESSEL_COLOR } from './palette';
import { placeInfo } from './placement';

/** Most points one info window lists (the details call's limit). */
const INFO_LIMIT = 200;
/** Click tolerance around a single marker, in pixels. */
const HIT_PX = 9;
/** The info window: its distance from the marker, the edges kept free, half a marker kept in view. */
const INFO_GAP = 16;
const INFO_MARGIN = 12;
const INFO_MARKER = 14;
/** Single markers closer than this (pixels) are one keyboard target (as one click reaches them). */
const TARGET_CELL_PX = 2 * HIT_PX;
/** Single markers made per slice of idle time (a few milliseconds: a zoom that starts meanwhile is not held up). */
const POINTS_CHUNK = 10_000;
/** Another slice of the work after the first draw is done in the same idle period while this much is left (ms). */
const IDLE_SLICE_MS = 8;

const HEALTH_COLORS = [FAMILY_COLORS.ontrack, FAMILY_COLORS.late, FAMILY_COLORS.attention];
const SIZE_RADII = [13, 17, 22, 28];

export interface MapSelection {
  kind: 'points' | 'vessel';
  /** Where the info window points (EPSG:3857). */
  coordinate: [number, number];
  /** Indexes into the data (at most INFO_LIMIT). */
  points: number[];
  /** How many points the clicked marker, cluster or vessel holds. */
  total: number;
  /** Index into data.vessels for a vessel. */
  vessel?: number;
  /**
   * For a vessel clicked beyond the cluster levels: the containers under the pointer that are not on board (in
   * port under the vessel's icon), at most INFO_LIMIT, and how many there are.
   */
  alsoHere?: number[];
  alsoHereTotal?: number;
}

/** Something on screen a keyboard user can reach: a cluster, a group of single markers or a vessel. */
export interface MapTarget {
  kind: 'cluster' | 'points' | 'vessel';
  /** What it stands for, stable while the map moves (its button keeps the keyboard's focus). */
  id: string;
  /** Its pixel in the map element (activating it acts as a click there). */
  pixel: [number, number];
  /** Containers it holds (a vessel: on board). */
  count: number;
  family: ClusterFamily;
  /** A vessel's name. */
  name?: string;
}

type SelectResult = 'zoom' | 'open' | 'none';

/** The texts the map draws itself (its zoom buttons' tooltips and names). */
export interface WhereMapLabels {
  zoomIn: string;
  zoomOut: string;
}

interface WhereMapStats {
  zoom: number;
  /** The cluster level drawn, or null when single markers are. */
  level: number | null;
  clusters: number;
  points: number;
  vessels: number;
  /** The single markers are drawn with WebGL (else on a 2D canvas). */
  webgl: boolean;
  /** Everything the first draw did not need is prepared (the other cluster levels, the WebGL markers). */
  prepared: boolean;
}

export interface WhereMapHandle {
  /** Shows new data; `fit` fits the view to the points (zoom ≤ 8). */
  setData(data: MapData, options: { fit: boolean }): void;
  /** The info window's element (the page renders into it). */
  infoElement: HTMLElement;
  closeInfo(): void;
  stats(): WhereMapStats;
  /** The pixel of a point on the map element (for tests), null when out of view. */
  pixelOf(index: number): [number, number] | null;
  /** The pixel of a vessel (for tests). */
  vesselPixel(vessel: number): [number, number] | null;
  zoomTo(zoom: number, lngLat?: [number, number], duration?: number): void;
  /** Centres the view on a point at a zoom (for tests). */
  centerOn(index: number, zoom: number): void;
  /**
   * Acts as a click at a pixel of the map element (a keyboard user's Enter on a target): 'zoom' when it zoomed
   * into a cluster, 'open' when it opened the info window.
   */
  selectAt(pixel: [number, number]): SelectResult;
  /** Brings a point into view (past the cluster levels) and opens its info window. */
  showPoint(index: number): void;
  /** What a keyboard user can reach on screen, at most `max` (the biggest first), in reading order. */
  targets(max: number): MapTarget[];
  /** The points in view, at most `max` (attention first, then late), and how many there are. */
  visiblePoints(max: number): { points: number[]; total: number };
  /** Called when the view has stopped moving (and after new data is drawn). */
  onViewChange(listener: () => void): void;
  setLabels(labels: WhereMapLabels): void;
  /** Called after each render that drew new data. */
  onDrawn(listener: () => void): void;
  dispose(): void;
}

let WebGLPoints: typeof WebGLPointsLayer | null = null;
let loadingWebGl: Promise<void> | null = null;
/**
 * OpenLayers' WebGL points layer (its own chunk: the first drawn clusters do not need it), loaded once; a failed
 * load is tried again on the next call.
 */
function loadWebGlPoints(): Promise<void> {
  loadingWebGl ??= import(/* webpackChunkName: "where-map-webgl" */ 'ol/layer/WebGLPoints').then(
    (module) => {
      WebGLPoints = module.default;
    },
    (error: unknown) => {
      loadingWebGl = null;
      throw error;
    },
  );
  return loadingWebGl;
}

/**
 * Runs `task` when the browser is idle (soon in any case), with the idle period's deadline (null without
 * requestIdleCallback); returns a cancel function.
 */
function whenIdle(task: (deadline: IdleDeadline | null) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(() => task(null), 16);
  return () => clearTimeout(id);
}

/** WebGL drivers that draw on the CPU: there a 2D canvas is much faster than WebGL for the single markers. */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * Whether the single markers are drawn with WebGL: only with a hardware WebGL. localStorage
 * 'portal.mapRenderer' = 'webgl' or 'canvas' forces one (tests, benchmarks).
 */
function drawsWithWebGl(): boolean {
  try {
    const forced = globalThis.localStorage?.getItem('portal.mapRenderer');
    // no WebGL at all (jsdom in the unit tests, very old browsers): not even asked
    if (forced === 'canvas' || typeof WebGLRenderingContext === 'undefined') return false;
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return forced === 'webgl' || !SOFTWARE_GL.test(String(renderer));
  } catch {
    return false;
  }
}

/** "1,234" stays short on the icon: 1.2k, 12k, 120k. */
function shortCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  return `${Math.floor(n / 1000)}k`;
}

/** The circles of the cluster icons, one per icon index (and one for a single point): their images are drawn once. */
const circleCache = new Map<string, Circle>();
function clusterCircle(index: number, single: boolean): Circle {
  const key = `${index}:${single ? 1 : 0}`;
  let circle = circleCache.get(key);
  if (!circle) {
    circle = new Circle({
      radius: single ? 7 : SIZE_RADII[index % 4],
      fill: new Fill({ color: FAMILY_COLORS[familyOf(index)] }),
      stroke: new Stroke({
        color: single ? '#ffffff' : 'rgba(255,255,255,0.75)',
        width: single ? 2 : 4,
      }),
    });
    circleCache.set(key, circle);
  }
  return circle;
}

const countFill = new Fill({ color: '#ffffff' });
const styleCache = new Map<string, Style>();
function clusterStyle(index: number, count: number): Style {
  const label = count === 1 ? '' : shortCount(count);
  const key = `${index}:${label}`;
  let style = styleCache.get(key);
  if (!style) {
    style = new Style({
      image: clusterCircle(index, count === 1),
      text: label ? new Text({ text: label, font: '700 12px sans-serif', fill: countFill }) : undefined,
    });
    styleCache.set(key, style);
  }
  return style;
}

const vesselIcon = new RegularShape({
  points: 3,
  radius: 9,
  rotation: Math.PI / 2,
  fill: new Fill({ color: VESSEL_COLOR }),
  stroke: new Stroke({ color: '#ffffff', width: 2 }),
  // every vessel keeps its icon; only the names give way to each other (the layer declutters)
  declutterMode: 'none',
});
const vesselPlain = new Style({ image: vesselIcon });
const vesselNameFill = new Fill({ color: '#1b2633' });
const vesselNameStroke = new Stroke({ color: '#ffffff', width: 3 });
const vesselStyles = new Map<string, Style>();
/** The vessel layer's place: under the clusters (zIndex 2) up to zoom 4, over the single markers beyond. */
const VESSEL_Z_CLUSTERED = 1;
const VESSEL_Z_SINGLE = 3;
function vesselStyle(feature: FeatureLike, resolution: number): Style {
  // names only where they fit (beyond the cluster levels)
  if (resolution > 40075016.68557849 / 256 / 2 ** (CLUSTER_MAX_ZOOM + 0.5)) return vesselPlain;
  const name = String(feature.get('name') ?? '');
  let style = vesselStyles.get(name);
  if (!style) {
    style = new Style({
      image: vesselIcon,
      text: new Text({
        text: name,
        offsetY: -16,
        font: '600 11px sans-serif',
        fill: vesselNameFill,
        stroke: vesselNameStroke,
      }),
    });
    vesselStyles.set(name, style);
  }
  return style;
}

const pointsStyle: FlatStyle = {
  'circle-radius': 6,
  'circle-fill-color': ['match', ['get', 'h'], 1, HEALTH_COLORS[1], 2, HEALTH_COLORS[2], HEALTH_COLORS[0]],
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1.5,
};

/** Work that can be done before the map has an element: the basemap's countries are parsed (once). */
export function prepareWhereMap(): void {
  basemapFeatures();
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
  const clusterSource = new VectorSource<RenderFeature>();
  const vesselSource = new VectorSource();
  const clusterLayer = new VectorLayer({
    source: clusterSource,
    maxZoom: CLUSTER_MAX_ZOOM,
    style: (f) => clusterStyle(f.get('index') as number, f.get('count') as number),
    zIndex: 2,
  });
  // Vessels: above the single markers, but under the clusters while the map is clustered, so that a cluster's
  // count stays readable where vessels crowd (a cluster is clicked first there too). Names that would overlap
  // give way (declutter).
  const vesselLayer = new VectorLayer({
    source: vesselSource,
    style: vesselStyle,
    zIndex: VESSEL_Z_CLUSTERED,
    declutter: true,
  });

  const infoElement = document.createElement('div');
  infoElement.className = 'map-where__info';
  const overlay = new Overlay({
    element: infoElement,
    positioning: 'bottom-center',
    offset: [0, -INFO_GAP],
    stopEvent: true,
    // OpenLayers' own auto-pan brings the window into view but not the marker under it (the clicked container
    // went out of view): placeInfoWindow does both
    autoPan: false,
  });
  // The page renders the window's content after the click (React): it is placed once that content has a size,
  // and again when the content grows (the details arrive), never twice for the same size.
  let placedFor = '';
  let opened = 0;
  const infoResize =
    typeof ResizeObserver === 'function' ? new ResizeObserver(() => placeInfoWindow()) : null;
  infoResize?.observe(infoElement);

  const view = new View({
    center: fromLonLat(MAP_DEFAULTS.center),
    zoom: MAP_DEFAULTS.zoom,
    minZoom: MAP_DEFAULTS.minZoom,
    maxZoom: 18,
  });
  const placeVessels = () =>
    vesselLayer.setZIndex(
      clusterZoomFor(view.getZoom() ?? MAP_DEFAULTS.zoom) === null ? VESSEL_Z_SINGLE : VESSEL_Z_CLUSTERED,
    );
  view.on('change:resolution', placeVessels);
  let data: MapData | null = null;
  // without WebGL the single markers' layer is there from the start: it draws from `data` and needs nothing else
  const canvasPoints = webgl
    ? null
    : canvasPointsLayer({
        data: () => data,
        colors: HEALTH_COLORS,
        radius: 6,
        strokeWidth: 1.5,
        minZoom: CLUSTER_MAX_ZOOM,
        zIndex: 2,
      });
  const map = new OlMap({
    target,
    keyboardEventTarget: keyboardTarget,
    controls: defaultControls({ attribution: false, rotate: false }),
    layers: canvasPoints
      ? [basemapLayer(), clusterLayer, canvasPoints.layer, vesselLayer]
      : [basemapLayer(), clusterLayer, vesselLayer],
    overlays: [overlay],
    view,
  });

  mark('create-end');
  let levels = new Map<number, { level: ClusterLevel; features: RenderFeature[] }>();
  let shownLevel: number | null | undefined;
  let drawnPending = false;
  const drawnListeners: Array<() => void> = [];

  /**
   * The single markers of the data for WebGL: made in chunks (`features` grows to data.count), then put in their
   * own layer (a new one for each data: a WebGL layer's renderer keeps the source it was made with).
   */
  let points: { features: RenderFeature[]; layer: BaseLayer | null; warm: boolean } = {
    features: [],
    layer: null,
    warm: false,
  };
  let cancelIdle: (() => void) | null = null;
  let prepared = false;
  /** The last drawn frame (the canvas markers' warm-up draws it off screen). */
  let lastFrame: FrameState | null = null;

  const levelFor = (zoom: number) => {
    if (!data) return null;
    let entry = levels.get(zoom);
    if (!entry) {
      const level = clusterAt(data, zoom);
      entry = {
        level,
        features: level.clusters.map(
          (c, i) =>
            new RenderFeature(
              'Point',
              [c.x, c.y],
              [],
              2,
              { index: c.index, count: c.count, cluster: i },
              undefined,
            ),
        ),
      };
      levels.set(zoom, entry);
    }
    return entry;
  };

  const showLevel = () => {
    const zoom = clusterZoomFor(view.getZoom() ?? MAP_DEFAULTS.zoom);
    if (zoom === shownLevel) return;
    shownLevel = zoom;
    clusterSource.clear(true);
    if (zoom === null) {
      ensurePoints();
      return;
    }
    const entry = levelFor(zoom);
    if (entry) clusterSource.addFeatures(entry.features);
  };

  /** One chunk of single markers; true when they are all made. */
  function buildPointsChunk(d: MapData, size: number): boolean {
    const out = points.features;
    const end = Math.min(d.count, out.length + size);
    for (let i = out.length; i < end; i++) {
      out.push(new RenderFeature('Point', [d.xs[i], d.ys[i]], [], 2, { h: d.health[i] }, undefined));
    }
    return out.length === d.count;
  }

  /** The WebGL markers' layer, added to the map once every marker is made and its code is here. */
  function addPointsLayer(): void {
    if (points.layer || !WebGLPoints) return;
    // no spatial index: the WebGL renderer reads every feature anyway, and clicks are found in the typed arrays
    const source = new VectorSource<RenderFeature>({ features: points.features, useSpatialIndex: false });
    const layer = new WebGLPoints({
      source,
      style: pointsStyle,
      minZoom: CLUSTER_MAX_ZOOM,
      disableHitDetection: true,
      zIndex: 2,
    });
    points.layer = layer;
    map.addLayer(layer);
  }

  /** Loads the WebGL layer's code, then goes on with `next` if the data is still the same. */
  function afterWebGl(next: () => void): void {
    const current = points;
    loadWebGlPoints().then(
      () => {
        if (points === current) next();
      },
      () => {
        // without its code there are no single markers; the clusters stay
      },
    );
  }

  /**
   * Draws the WebGL layer once, invisibly, at the current view: its context, program and buffers are then ready
   * for the first frame past zoom 4 (otherwise that frame takes them all at once).
   */
  function warmPointsLayer(): void {
    const layer = points.layer;
    if (!webgl || !layer || points.warm || clusterZoomFor(view.getZoom() ?? 0) === null) return;
    points.warm = true;
    layer.setOpacity(0);
    layer.setMinZoom(-Infinity);
    map.renderSync();
    layer.setMinZoom(CLUSTER_MAX_ZOOM);
    layer.setOpacity(1);
  }

  /** One slice of the work after the first draw (a cluster level or a chunk of markers); false when none is left. */
  function prepareSlice(d: MapData): boolean {
    for (let zoom = CLUSTER_MIN_ZOOM; zoom <= CLUSTER_MAX_ZOOM; zoom++) {
      if (!levels.has(zoom)) {
        levelFor(zoom);
        return true;
      }
    }
    if (webgl && points.features.length < d.count) {
      buildPointsChunk(d, POINTS_CHUNK);
      return true;
    }
    return false;
  }

  /**
   * The work after the first draw while the browser is idle: the other cluster levels and (WebGL) the single
   * markers in short slices (as many as an idle period holds, also while the view moves, so that a zoom past the
   * cluster levels finds them made), then their layer and its warm-up (one longer task each: only while the view
   * is still).
   */
  function prepareRest(deadline: IdleDeadline | null = null): void {
    cancelIdle?.();
    cancelIdle = null;
    const d = data;
    if (!d) return;
    if (prepareSlice(d)) {
      let more = true;
      while (more && deadline && !deadline.didTimeout && deadline.timeRemaining() >= IDLE_SLICE_MS) {
        more = prepareSlice(d);
      }
      cancelIdle = whenIdle(prepareRest);
      return;
    }
    if (canvasPoints) {
      if (lastFrame) canvasPoints.warm(lastFrame);
      prepared = true;
      return;
    }
    if (view.getAnimating() || view.getInteracting()) {
      cancelIdle = whenIdle(prepareRest);
      return;
    }
    if (webgl && !WebGLPoints) {
      afterWebGl(() => {
        cancelIdle = whenIdle(prepareRest);
      });
      return;
    }
    if (!points.layer) {
      addPointsLayer();
      cancelIdle = whenIdle(prepareRest);
      return;
    }
    warmPointsLayer();
    prepared = points.warm || clusterZoomFor(view.getZoom() ?? 0) === null;
  }

  /** The WebGL markers now (zoomed in past the cluster levels before they were ready). */
  function ensurePoints(): void {
    if (!webgl || !data || points.layer) return;
    buildPointsChunk(data, data.count);
    if (!WebGLPoints) afterWebGl(addPointsLayer);
    else addPointsLayer();
  }

  const drawVessels = (d: MapData) => {
    vesselSource.clear(true);
    const features: Feature[] = [];
    d.vessels.forEach((v, i) => {
      if (v.lng === null || v.lat === null || !Number.isFinite(v.lng) || !Number.isFinite(v.lat)) return;
      features.push(new Feature({ geometry: new Point(toMercator(v.lng, v.lat)), vessel: i, name: v.name }));
    });
    vesselSource.addFeatures(features);
  };

  const dropPoints = () => {
    cancelIdle?.();
    cancelIdle = null;
    if (points.layer) {
      map.removeLayer(points.layer);
      points.layer.dispose();
    }
    points = { features: [], layer: null, warm: false };
    prepared = false;
  };

  view.on('change:resolution', showLevel);

  // 'postrender' rather than 'rendercomplete': the latter waits for every layer to be idle, which the WebGL
  // layer is not while its worker builds buffers; the clusters are on the canvas after this frame.
  map.on('postrender', (event) => {
    if (event.frameState) lastFrame = event.frameState;
    if (!drawnPending || !event.frameState) return;
    drawnPending = false;
    mark('drawn');
    for (const listener of drawnListeners) listener();
    // what the first draw did not need is prepared now, while the user looks at the clusters (the WebGL
    // layer's code downloads meanwhile)
    if (webgl) loadWebGlPoints().catch(() => undefined);
    cancelIdle?.();
    cancelIdle = whenIdle(prepareRest);
  });

  /**
   * Above or below the marker, no taller than the part of the map on screen, and the map moved by the least that
   * shows both the window and the marker (at 620 px the map runs below the fold: the page scrolls to it first).
   */
  function placeInfoWindow(): void {
    const position = overlay.getPosition();
    if (!position || infoElement.offsetWidth === 0) return;
    infoElement.style.maxHeight = '';
    const natural: [number, number] = [infoElement.offsetWidth, infoElement.scrollHeight];
    const key = `${opened}:${natural[0]}x${natural[1]}`;
    if (key === placedFor) return;
    placedFor = key;
    const size = map.getSize();
    const point = map.getPixelFromCoordinate(position);
    if (!size || !point) return;
    const cap = parseFloat(getComputedStyle(infoElement).maxHeight) || 360;
    const needed = Math.min(
      size[1],
      Math.min(cap, natural[1]) + INFO_GAP + 2 * INFO_MARKER + 2 * INFO_MARGIN,
    );
    let rect = target.getBoundingClientRect();
    const shown = () => [Math.max(0, -rect.top), Math.min(size[1], window.innerHeight - rect.top)] as const;
    if (shown()[1] - shown()[0] < needed) {
      target.scrollIntoView({ block: 'nearest' });
      rect = target.getBoundingClientRect();
    }
    const [first, last] = shown();
    const placement = placeInfo({
      point: [point[0], point[1]],
      map: [size[0], size[1]],
      visible: [first, last],
      info: natural,
      cap,
      gap: INFO_GAP,
      margin: INFO_MARGIN,
      marker: INFO_MARKER,
    });
    infoElement.style.maxHeight = `${placement.maxHeight}px`;
    overlay.setPositioning(placement.below ? 'top-center' : 'bottom-center');
    overlay.setOffset([0, placement.below ? INFO_GAP : -INFO_GAP]);
    const [dx, dy] = placement.shift;
    const center = view.getCenter();
    const resolution = view.getResolution();
    if ((dx !== 0 || dy !== 0) && center && resolution) {
      view.animate({ center: [center[0] - dx * resolution, center[1] + dy * resolution], duration: 200 });
    }
  }

  // The view fitted to the points follows the map's size (a narrower window fits them again) until the user
  // moves it.
  let fitted = false;
  let fitting = false;
  const fitToData = () => {
    const extent = data ? extentOf(data) : null;
    const size = map.getSize();
    if (!extent || !size || size[0] === 0 || size[1] === 0) return;
    fitting = true;
    view.fit(extent, { padding: [48, 48, 48, 48], maxZoom: MAP_DEFAULTS.maxFitZoom });
    fitting = false;
    fitted = true;
  };
  const moved = () => {
    if (!fitting) fitted = false;
  };
  view.on('change:center', moved);
  view.on('change:resolution', moved);
  map.on('change:size', () => {
    if (fitted) fitToData();
  });

  const viewListeners: Array<() => void> = [];
  map.on('moveend', () => {
    for (const listener of viewListeners) listener();
  });

  const close = () => {
    overlay.setPosition(undefined);
    infoElement.style.maxHeight = '';
    onSelect(null);
  };

  map.on('singleclick', (event: MapBrowserEvent) => {
    selectAt(event.pixel, event.coordinate);
  });

  /** A click (or a keyboard user's Enter) at a pixel: zoom into a cluster, or open the info window. */
  function selectAt(pixel: number[], coordinate: number[]): SelectResult {
    if (!data) return 'none';
    const d = data;
    let selection: MapSelection | null = null;
    let zoomed = false;
    map.forEachFeatureAtPixel(
      pixel,
      (feature, layer) => {
        if (layer === vesselLayer) {
          const vessel = feature.get('vessel') as number;
          const points = pointsOnVessel(d, vessel, Number.MAX_SAFE_INTEGER);
          selection = {
            kind: 'vessel',
            vessel,
            coordinate: (feature.getGeometry() as Point).getCoordinates() as [number, number],
            points: points.slice(0, INFO_LIMIT),
            total: points.length,
          };
          return true;
        }
        if (layer === clusterLayer) {
          const zoom = clusterZoomFor(view.getZoom() ?? MAP_DEFAULTS.zoom);
          const level = zoom === null ? null : levels.get(zoom)?.level;
          if (!level) return false;
          const index = feature.get('cluster') as number;
          const cluster = level.clusters[index];
          const coordinate: [number, number] = [cluster.x, cluster.y];
          if (cluster.count > 1 && level.zoom < CLUSTER_MAX_ZOOM) {
            // not the last level: zoom in on the cluster
            view.animate({ center: coordinate, zoom: level.zoom + 1.01, duration: 250 });
            zoomed = true;
            return true;
          }
          selection = {
            kind: 'points',
            coordinate,
            points: membersOf(level, index, INFO_LIMIT),
            total: cluster.count,
          };
          return true;
        }
        return false;
      },
      { hitTolerance: 4, layerFilter: (l) => l === vesselLayer || l === clusterLayer },
    );
    const hit = selection as MapSelection | null;
    if ((!hit || hit.kind === 'vessel') && clusterZoomFor(view.getZoom() ?? 0) === null) {
      const resolution = view.getResolution() ?? 1;
      const [x, y] = coordinate;
      const near = pointsNear(d, x, y, HIT_PX * resolution, Number.MAX_SAFE_INTEGER);
      if (hit) {
        // the vessel's icon is drawn over containers that are not on board it (in port, on a ship alongside):
        // they are listed in the same window, or they could never be clicked
        const others = near.filter((i) => d.vessel[i] !== hit.vessel);
        if (others.length > 0) {
          hit.alsoHere = others.slice(0, INFO_LIMIT);
          hit.alsoHereTotal = others.length;
        }
      } else if (near.length > 0) {
        selection = {
          kind: 'points',
          coordinate: [d.xs[near[0]], d.ys[near[0]]],
          points: near.slice(0, INFO_LIMIT),
          total: near.length,
        };
      }
    }
    if (selection) {
      opened++;
      overlay.setPositioning('bottom-center');
      overlay.setOffset([0, -INFO_GAP]);
      overlay.setPosition(selection.coordinate);
      onSelect(selection);
      placeInfoWindow();
      return 'open';
    }
    if (overlay.getPosition()) close();
    return zoomed ? 'zoom' : 'none';
  }

  /** The view's pixel of a map coordinate from the last drawn frame (cheap for thousands of points). */
  const toPixel = (x: number, y: number): [number, number] | null => {
    const t = lastFrame?.coordinateToPixelTransform;
    if (!t) return null;
    return [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]];
  };
  const inView = (p: [number, number] | null, size: number[]): p is [number, number] =>
    p !== null && p[0] >= 0 && p[1] >= 0 && p[0] <= size[0] && p[1] <= size[1];
  const FAMILY_OF_HEALTH: ClusterFamily[] = ['ontrack', 'late', 'attention'];

  map.on('pointermove', (event) => {
    if (event.dragging) return;
    const hit = map.hasFeatureAtPixel(event.pixel, {
      hitTolerance: 4,
      layerFilter: (l) => l === vesselLayer || l === clusterLayer,
    });
    target.style.cursor = hit ? 'pointer' : '';
  });

  return {
    infoElement,
    setData(next, { fit }) {
      mark('setdata-start');
      data = next;
      levels = new Map();
      shownLevel = undefined;
      dropPoints();
      overlay.setPosition(undefined);
      drawVessels(next);
      if (fit) fitToData();
      showLevel();
      canvasPoints?.layer.changed();
      drawnPending = true;
      mark('setdata-end');
      map.render();
    },
    closeInfo: close,
    stats() {
      const zoom = view.getZoom() ?? MAP_DEFAULTS.zoom;
      const level = clusterZoomFor(zoom);
      return {
        zoom,
        level,
        clusters: level === null ? 0 : clusterSource.getFeatures().length,
        points: data?.count ?? 0,
        vessels: vesselSource.getFeatures().length,
        webgl,
        prepared,
      };
    },
    pixelOf(index) {
      if (!data || index < 0 || index >= data.count) return null;
      const pixel = map.getPixelFromCoordinate([data.xs[index], data.ys[index]]);
      return pixel ? [pixel[0], pixel[1]] : null;
    },
    vesselPixel(vessel) {
      const feature = vesselSource.getFeatures().find((f) => f.get('vessel') === vessel);
      if (!feature) return null;
      const pixel = map.getPixelFromCoordinate((feature.getGeometry() as Point).getCoordinates());
      return pixel ? [pixel[0], pixel[1]] : null;
    },
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
      if (!data || index < 0 || index >= data.count) return;
      view.setCenter([data.xs[index], data.ys[index]]);
      view.setZoom(zoom);
      map.renderSync();
    },
    onDrawn(listener) {
      drawnListeners.push(listener);
    },
    selectAt(pixel) {
      const coordinate = map.getCoordinateFromPixel(pixel);
      return coordinate ? selectAt(pixel, coordinate) : 'none';
    },
    showPoint(index) {
      if (!data || index < 0 || index >= data.count) return;
      const coordinate: [number, number] = [data.xs[index], data.ys[index]];
      view.cancelAnimations();
      view.setCenter(coordinate);
      view.setZoom(Math.max(view.getZoom() ?? 0, CLUSTER_MAX_ZOOM + 1.5));
      map.renderSync();
      const pixel = map.getPixelFromCoordinate(coordinate);
      if (pixel) selectAt(pixel, coordinate);
    },
    targets(max) {
      const size = map.getSize();
      if (!data || !size || !lastFrame) return [];
      const d = data;
      const found: MapTarget[] = [];
      const zoom = clusterZoomFor(view.getZoom() ?? MAP_DEFAULTS.zoom);
      const level = zoom === null ? null : levels.get(zoom)?.level;
      if (level) {
        for (const [n, c] of level.clusters.entries()) {
          const pixel = toPixel(c.x, c.y);
          if (inView(pixel, size))
            found.push({
              kind: 'cluster',
              id: `cluster:${zoom}:${n}`,
              pixel,
              count: c.count,
              family: familyOf(c.index),
            });
        }
      } else if (zoom === null) {
        // single markers: one target per small cell (the markers one click there reaches), the worst health
        const cells = new Map<string, MapTarget>();
        for (let i = 0; i < d.count; i++) {
          const pixel = toPixel(d.xs[i], d.ys[i]);
          if (!inView(pixel, size)) continue;
          const key = `${Math.floor(pixel[0] / TARGET_CELL_PX)}:${Math.floor(pixel[1] / TARGET_CELL_PX)}`;
          const family = FAMILY_OF_HEALTH[d.health[i]] ?? 'ontrack';
          const cell = cells.get(key);
          if (!cell) cells.set(key, { kind: 'points', id: `points:${i}`, pixel, count: 1, family });
          else {
            cell.count++;
            if (FAMILY_OF_HEALTH.indexOf(family) > FAMILY_OF_HEALTH.indexOf(cell.family))
              cell.family = family;
          }
        }
        found.push(...cells.values());
      }
      const onBoard = new Map<number, number>();
      for (let i = 0; i < d.count; i++)
        if (d.vessel[i] >= 0) onBoard.set(d.vessel[i], (onBoard.get(d.vessel[i]) ?? 0) + 1);
      for (const feature of vesselSource.getFeatures()) {
        const vessel = feature.get('vessel') as number;
        const [x, y] = (feature.getGeometry() as Point).getCoordinates();
        const pixel = toPixel(x, y);
        if (inView(pixel, size))
          found.push({
            kind: 'vessel',
            id: `vessel:${vessel}`,
            pixel,
            count: onBoard.get(vessel) ?? 0,
            family: 'ontrack',
            name: d.vessels[vessel]?.name ?? '',
          });
      }
      // the biggest when there are too many, then in reading order (rows of 32 px, left to right)
      const kept = found.length > max ? [...found].sort((a, b) => b.count - a.count).slice(0, max) : found;
      return kept.sort(
        (a, b) => Math.floor(a.pixel[1] / 32) - Math.floor(b.pixel[1] / 32) || a.pixel[0] - b.pixel[0],
      );
    },
    visiblePoints(max) {
      const size = map.getSize();
      if (!data || !size || !lastFrame) return { points: [], total: 0 };
      const byHealth: number[][] = [[], [], []];
      let total = 0;
      for (let i = 0; i < data.count; i++) {
        if (!inView(toPixel(data.xs[i], data.ys[i]), size)) continue;
        total++;
        const bucket = byHealth[2 - Math.min(2, data.health[i])];
        if (bucket.length < max) bucket.push(i);
      }
      return { points: byHealth.flat().slice(0, max), total };
    },
    onViewChange(listener) {
      viewListeners.push(listener);
    },
    setLabels(labels) {
      for (const [selector, text] of [
        ['.ol-zoom-in', labels.zoomIn],
        ['.ol-zoom-out', labels.zoomOut],
      ] as const) {
        const button = target.querySelector<HTMLButtonElement>(selector);
        if (!button) continue;
        button.title = text;
        button.setAttribute('aria-label', text);
      }
    },
    dispose() {
      infoResize?.disconnect();
      dropPoints();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
