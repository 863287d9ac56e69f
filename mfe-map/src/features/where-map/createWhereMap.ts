// The 'Where Are They?' map as an imperative OpenLayers island (as the route map): offline basemap, clusters up to
// zoom 4 (canvas: a few hundred features), every single point beyond zoom 4 (WebGL points: 100,000 features draw
// in one call; canvas only when the browser has no WebGL), the vessels as their own layer, and one overlay for the
// info window, whose content the page renders (React portal into `infoElement`).
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Overlay from 'ol/Overlay';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import WebGLPointsLayer from 'ol/layer/WebGLPoints';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { fromLonLat } from 'ol/proj';
import { defaults as defaultControls } from 'ol/control/defaults';
import type { FlatStyle } from 'ol/style/flat';
import type { MapBrowserEvent } from 'ol';
import type { FeatureLike } from 'ol/Feature';
import { basemapFeatures, basemapLayer, MAP_DEFAULTS } from '../../lib/basemap';
import { mark } from '../../lib/perf';
import {
  CLUSTER_MAX_ZOOM,
  clusterAt,
  clusterZoomFor,
  extentOf,
  familyOf,
  membersOf,
  pointsNear,
  pointsOnVessel,
  toMercator,
  type ClusterLevel,
  type MapData,
} from './cluster';
import { FAMILY_COLORS, VESSEL_COLOR } from './palette';

/** Most points one info window lists (the details call's limit). */
const INFO_LIMIT = 200;
/** Click tolerance around a single marker, in pixels. */
const HIT_PX = 9;

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
}

interface WhereMapStats {
  zoom: number;
  /** The cluster level drawn, or null when single markers are. */
  level: number | null;
  clusters: number;
  points: number;
  vessels: number;
  webgl: boolean;
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
  /** Called after each render that drew new data. */
  onDrawn(listener: () => void): void;
  dispose(): void;
}

function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
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

const styleCache = new Map<string, Style>();
function clusterStyle(index: number, count: number): Style {
  const label = count === 1 ? '' : shortCount(count);
  const key = `${index}:${label}`;
  let style = styleCache.get(key);
  if (!style) {
    const color = FAMILY_COLORS[familyOf(index)];
    const radius = count === 1 ? 7 : SIZE_RADII[index % 4];
    style = new Style({
      image: new Circle({
        radius,
        fill: new Fill({ color }),
        stroke: new Stroke({
          color: count === 1 ? '#ffffff' : 'rgba(255,255,255,0.75)',
          width: count === 1 ? 2 : 4,
        }),
      }),
      text: label
        ? new Text({
            text: label,
            font: '700 12px sans-serif',
            fill: new Fill({ color: '#ffffff' }),
          })
        : undefined,
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
});
const vesselPlain = new Style({ image: vesselIcon });
function vesselStyle(feature: FeatureLike, resolution: number): Style {
  // names only where they fit (beyond the cluster levels)
  if (resolution > 40075016.68557849 / 256 / 2 ** (CLUSTER_MAX_ZOOM + 0.5)) return vesselPlain;
  return new Style({
    image: vesselIcon,
    text: new Text({
      text: String(feature.get('name') ?? ''),
      offsetY: -16,
      font: '600 11px sans-serif',
      fill: new Fill({ color: '#1b2633' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  });
}

const pointsStyle: FlatStyle = {
  'circle-radius': 6,
  'circle-fill-color': ['match', ['get', 'h'], 1, HEALTH_COLORS[1], 2, HEALTH_COLORS[2], HEALTH_COLORS[0]],
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1.5,
};
const canvasPointStyles = HEALTH_COLORS.map(
  (color) =>
    new Style({
      image: new Circle({
        radius: 6,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#fff', width: 1.5 }),
      }),
    }),
);

/** Work that can be done before the map has an element: the basemap's countries are parsed (once). */
export function prepareWhereMap(): void {
  basemapFeatures();
}

/** @public loaded through a dynamic import (WhereMap.tsx's loadWhereMap), which knip does not follow */
export function createWhereMap(
  target: HTMLElement,
  onSelect: (selection: MapSelection | null) => void,
): WhereMapHandle {
  mark('create-start');
  const webgl = hasWebGl();
  const clusterSource = new VectorSource();
  const vesselSource = new VectorSource();
  const pointSource = new VectorSource();
  const clusterLayer = new VectorLayer({
    source: clusterSource,
    maxZoom: CLUSTER_MAX_ZOOM,
    style: (f) => clusterStyle(f.get('index') as number, f.get('count') as number),
    zIndex: 2,
  });
  const pointLayer = webgl
    ? new WebGLPointsLayer({
        source: pointSource,
        style: pointsStyle,
        minZoom: CLUSTER_MAX_ZOOM,
        disableHitDetection: true,
        zIndex: 2,
      })
    : new VectorLayer({
        source: pointSource,
        minZoom: CLUSTER_MAX_ZOOM,
        style: (f) => canvasPointStyles[(f.get('h') as number) ?? 0],
        zIndex: 2,
      });
  const vesselLayer = new VectorLayer({ source: vesselSource, style: vesselStyle, zIndex: 3 });

  const infoElement = document.createElement('div');
  infoElement.className = 'map-where__info';
  const overlay = new Overlay({
    element: infoElement,
    positioning: 'bottom-center',
    offset: [0, -16],
    stopEvent: true,
    autoPan: { animation: { duration: 200 }, margin: 16 },
  });

  const view = new View({
    center: fromLonLat(MAP_DEFAULTS.center),
    zoom: MAP_DEFAULTS.zoom,
    minZoom: MAP_DEFAULTS.minZoom,
    maxZoom: 18,
  });
  const map = new OlMap({
    target,
    controls: defaultControls({ attribution: false, rotate: false }),
    layers: [basemapLayer(), clusterLayer, pointLayer, vesselLayer],
    overlays: [overlay],
    view,
  });

  mark('create-end');
  let data: MapData | null = null;
  let levels = new Map<number, ClusterLevel>();
  let shownLevel: number | null | undefined;
  let pointsBuilt = false;
  let pointsTimer: ReturnType<typeof setTimeout> | undefined;
  let drawnPending = false;
  const drawnListeners: Array<() => void> = [];

  const levelFor = (zoom: number): ClusterLevel | null => {
    if (!data) return null;
    let level = levels.get(zoom);
    if (!level) {
      level = clusterAt(data, zoom);
      levels.set(zoom, level);
    }
    return level;
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
    const level = levelFor(zoom);
    if (!level) return;
    clusterSource.addFeatures(
      level.clusters.map((c, i) => {
        const f = new Feature({ geometry: new Point([c.x, c.y]), index: c.index, count: c.count });
        f.set('cluster', i);
        return f;
      }),
    );
  };

  /** The single markers (built after the clusters are on screen, or at once when zoomed in). */
  function ensurePoints(): void {
    if (pointsBuilt || !data) return;
    pointsBuilt = true;
    clearTimeout(pointsTimer);
    const d = data;
    const features = new Array<Feature>(d.count);
    for (let i = 0; i < d.count; i++) {
      const f = new Feature({ geometry: new Point([d.xs[i], d.ys[i]]), h: d.health[i] });
      features[i] = f;
    }
    pointSource.clear(true);
    pointSource.addFeatures(features);
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

  view.on('change:resolution', showLevel);

  // 'postrender' rather than 'rendercomplete': the latter waits for every layer to be idle, which the WebGL
  // layer is not while its worker builds buffers; the clusters are on the canvas after this frame.
  map.on('postrender', (event) => {
    if (!drawnPending || !event.frameState) return;
    drawnPending = false;
    mark('drawn');
    for (const listener of drawnListeners) listener();
  });

  const close = () => {
    overlay.setPosition(undefined);
    onSelect(null);
  };

  map.on('singleclick', (event: MapBrowserEvent) => {
    if (!data) return;
    const d = data;
    let selection: MapSelection | null = null;
    map.forEachFeatureAtPixel(
      event.pixel,
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
          const level = zoom === null ? null : levels.get(zoom);
          if (!level) return false;
          const index = feature.get('cluster') as number;
          const cluster = level.clusters[index];
          const coordinate: [number, number] = [cluster.x, cluster.y];
          if (cluster.count > 1 && level.zoom < CLUSTER_MAX_ZOOM) {
            // not the last level: zoom in on the cluster
            view.animate({ center: coordinate, zoom: level.zoom + 1.01, duration: 250 });
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
    if (!selection && clusterZoomFor(view.getZoom() ?? 0) === null) {
      const resolution = view.getResolution() ?? 1;
      const [x, y] = event.coordinate;
      const near = pointsNear(d, x, y, HIT_PX * resolution, Number.MAX_SAFE_INTEGER);
      if (near.length > 0) {
        selection = {
          kind: 'points',
          coordinate: [d.xs[near[0]], d.ys[near[0]]],
          points: near.slice(0, INFO_LIMIT),
          total: near.length,
        };
      }
    }
    if (selection) {
      overlay.setPosition((selection as MapSelection).coordinate);
      onSelect(selection);
    } else if (overlay.getPosition()) {
      close();
    }
  });

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
      pointsBuilt = false;
      pointSource.clear(true);
      clearTimeout(pointsTimer);
      overlay.setPosition(undefined);
      drawVessels(next);
      const extent = extentOf(next);
      if (fit && extent) {
        view.fit(extent, { padding: [48, 48, 48, 48], maxZoom: MAP_DEFAULTS.maxFitZoom });
      }
      showLevel();
      drawnPending = true;
      mark('setdata-end');
      map.render();
      // the single markers are made when the map is idle, so zooming in later finds them ready
      if (!pointsBuilt) pointsTimer = setTimeout(ensurePoints, 300);
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
    dispose() {
      clearTimeout(pointsTimer);
      map.setTarget(undefined);
      map.dispose();
      pointLayer.dispose();
    },
  };
}
