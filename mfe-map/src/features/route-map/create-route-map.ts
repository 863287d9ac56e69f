// The route map as an imperative OpenLayers island: one factory builds the map on an element, `update` redraws the
// route, `dispose` removes it. Offline basemap (world-atlas countries), route polyline, start / end markers, the
// ports between them, and the vessel's last position (where, route-plan.ts). Fitting the view is capped at zoom 8.
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { fromLonLat } from 'ol/proj';
import { createEmpty, extend, isEmpty, type Extent } from 'ol/extent';
import { defaults as defaultControls } from 'ol/control/defaults';
import type { RouteMapProps } from '@portal/shared-ui';
import { basemapFeatures, landStyle, MAP_DEFAULTS } from '../../lib/basemap';
import { planRoute, type MarkerKind, type RoutePlan } from './route-plan';

const routeStyle = [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 6 }) }),
  new Style({ stroke: new Stroke({ color: '#0b3d91', width: 3 }) }),
];
const plannedStyle = new Style({
  stroke: new Stroke({ color: 'rgba(11, 61, 145, 0.55)', width: 2, lineDash: [6, 6] }),
});

function markerStyle(kind: MarkerKind, label?: string): Style {
  const text = label
    ? new Text({
        text: label,
        offsetY: -16,
        font: '600 12px sans-serif',
        fill: new Fill({ color: '#1b2633' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      })
    : undefined;
  if (kind === 'vessel') {
    return new Style({
      image: new RegularShape({
        points: 3,
        radius: 9,
        fill: new Fill({ color: '#f28c00' }),
        stroke: new Stroke({ color: '#ffffff', width: 2 }),
      }),
      text,
    });
  }
  const color = kind === 'start' ? '#1e7b34' : kind === 'end' ? '#c62828' : '#0b3d91';
  return new Style({
    image: new Circle({
      radius: kind === 'stop' ? 5 : 7,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
    }),
    text,
  });
}

export interface RouteMapHandle {
  update(props: RouteMapProps): void;
  /** Number of features drawn per kind (for tests and the page's accessible summary). */
  counts(): { route: number; planned: number; markers: number; vessel: number };
  /** Vertices of the planned line (many when it follows the sea, one per port when the ports are joined). */
  plannedVertices(): number;
  dispose(): void;
}

/** The plan's features, in drawing order: planned line, travelled line, markers (each with its `kind`). */
function routeFeatures(plan: RoutePlan): Feature[] {
  const features: Feature[] = [];
  if (plan.planned.length >= 2) {
    const planned = new Feature(new LineString(plan.planned.map((c) => fromLonLat(c))));
    planned.setStyle(plannedStyle);
    planned.set('kind', 'planned');
    features.push(planned);
  }
  if (plan.travelled.length >= 2) {
    const route = new Feature(new LineString(plan.travelled.map((c) => fromLonLat(c))));
    route.setStyle(routeStyle);
    route.set('kind', 'route');
    features.push(route);
  }
  for (const { kind, at, label } of plan.markers) {
    const marker = new Feature(new Point(fromLonLat(at)));
    marker.setStyle(markerStyle(kind, label));
    marker.set('kind', kind);
    features.push(marker);
  }
  return features;
}

/** The features' extent, null when there are none. */
function extentOfFeatures(features: Feature[]): Extent | null {
  const extent = createEmpty();
  for (const f of features) {
    const g = f.getGeometry();
    if (g) extend(extent, g.getExtent());
  }
  return isEmpty(extent) ? null : extent;
}

export function createRouteMap(target: HTMLElement, props: RouteMapProps): RouteMapHandle {
  const routeSource = new VectorSource();
  const map = new OlMap({
    target,
    controls: defaultControls({ attribution: false, rotate: false }),
    layers: [
      new VectorLayer({ source: new VectorSource({ features: basemapFeatures() }), style: landStyle }),
      new VectorLayer({ source: routeSource }),
    ],
    view: new View({
      center: fromLonLat(MAP_DEFAULTS.center),
      zoom: MAP_DEFAULTS.zoom,
      minZoom: MAP_DEFAULTS.minZoom,
    }),
  });

  const draw = (p: RouteMapProps) => {
    routeSource.clear();
    const features = routeFeatures(planRoute(p));
    routeSource.addFeatures(features);
    const extent = extentOfFeatures(features);
    if (extent) map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: MAP_DEFAULTS.maxFitZoom });
  };

  draw(props);
  return {
    update: draw,
    counts() {
      const kinds = routeSource.getFeatures().map((f) => f.get('kind') as string);
      return {
        route: kinds.filter((k) => k === 'route').length,
        planned: kinds.filter((k) => k === 'planned').length,
        markers: kinds.filter((k) => k === 'start' || k === 'end' || k === 'stop').length,
        vessel: kinds.filter((k) => k === 'vessel').length,
      };
    },
    plannedVertices() {
      const line = routeSource.getFeatures().find((f) => f.get('kind') === 'planned');
      const geometry = line?.getGeometry();
      return geometry instanceof LineString ? geometry.getCoordinates().length : 0;
    },
    dispose() {
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
