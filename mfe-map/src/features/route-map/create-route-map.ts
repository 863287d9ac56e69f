// The route map as an imperative OpenLayers island: one factory builds the map on an element, `update` redraws the
// route, `dispose` removes it. Offline basemap (world-atlas countries), route polyline, start / end markers, the
// ports between them, and the vessel's last position. Fitting the view is capped at zoom 8.
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { fromLonLat } from 'ol/proj';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import { defaults as defaultControls } from 'ol/control/defaults';
import type { RouteMapProps } from '@portal/shared-ui';
import { basemapFeatures, landStyle, MAP_DEFAULTS } from '../../lib/basemap';
import { cleanPositions, unwrapLongitudes } from './geo';

const routeStyle = [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 6 }) }),
  new Style({ stroke: new Stroke({ color: '#0b3d91', width: 3 }) }),
];
const plannedStyle = new Style({
  stroke: new Stroke({ color: 'rgba(11, 61, 145, 0.55)', width: 2, lineDash: [6, 6] }),
});

function markerStyle(kind: 'start' | 'end' | 'stop' | 'vessel', label?: string): Style {
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
    const ports = (p.ports ?? []).filter((x) => Number.isFinite(x.lng) && Number.isFinite(x.lat));
    const positions = cleanPositions(p.positions);
    // One unwrapped chain for the ports (planned route) and one for the travelled positions, both on the copy of
    // the world of the first point, so lines across the Pacific take the short way.
    const portChain = unwrapLongitudes(ports.map((x) => [x.lng, x.lat] as [number, number]));
    const travelled = unwrapLongitudes(positions);
    const anchor = portChain[0]?.[0] ?? travelled[0]?.[0];
    const near = (lng: number, to = anchor) => {
      if (to === undefined) return lng;
      let out = lng;
      while (out - to > 180) out -= 360;
      while (to - out > 180) out += 360;
      return out;
    };
    const shift = travelled.length > 0 ? near(travelled[0][0]) - travelled[0][0] : 0;
    const features: Feature[] = [];
    // The planned route: along the sea when the API gave it (as the sailed part is), else the ports joined.
    const seaPlanned = unwrapLongitudes(cleanPositions(p.planned));
    const plannedShift = seaPlanned.length > 0 ? near(seaPlanned[0][0]) - seaPlanned[0][0] : 0;
    const plannedLine: [number, number][] =
      seaPlanned.length >= 2 ? seaPlanned.map(([lng, lat]) => [lng + plannedShift, lat]) : portChain;
    if (plannedLine.length >= 2) {
      const planned = new Feature(new LineString(plannedLine.map((c) => fromLonLat(c))));
      planned.setStyle(plannedStyle);
      planned.set('kind', 'planned');
      features.push(planned);
    }
    if (travelled.length >= 2) {
      const route = new Feature(
        new LineString(travelled.map(([lng, lat]) => fromLonLat([lng + shift, lat]))),
      );
      route.setStyle(routeStyle);
      route.set('kind', 'route');
      features.push(route);
    }
    // Start and end markers: the first and last port, else the first and last position.
    const ends: { lng: number; lat: number; label: string }[] =
      ports.length > 0
        ? ports.map((x, i) => ({ ...x, lng: portChain[i][0] }))
        : travelled.length > 0
          ? [travelled[0], travelled[travelled.length - 1]]
              .slice(0, travelled.length >= 2 ? 2 : 1)
              .map(([lng, lat]) => ({ lng: lng + shift, lat, label: '' }))
          : [];
    ends.forEach((pt, i) => {
      const kind = i === 0 ? 'start' : i === ends.length - 1 ? 'end' : 'stop';
      const marker = new Feature(new Point(fromLonLat([pt.lng, pt.lat])));
      marker.setStyle(markerStyle(kind, pt.label || undefined));
      marker.set('kind', kind);
      features.push(marker);
    });
    if (p.vessel && Number.isFinite(p.vessel.lng) && Number.isFinite(p.vessel.lat)) {
      const lastLng = travelled.length > 0 ? travelled[travelled.length - 1][0] + shift : anchor;
      const vessel = new Feature(new Point(fromLonLat([near(p.vessel.lng, lastLng), p.vessel.lat])));
      vessel.setStyle(markerStyle('vessel', p.vessel.label));
      vessel.set('kind', 'vessel');
      features.push(vessel);
    }
    routeSource.addFeatures(features);
    const extent = createEmpty();
    for (const f of features) {
      const g = f.getGeometry();
      if (g) extend(extent, g.getExtent());
    }
    if (!isEmpty(extent)) {
      map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: MAP_DEFAULTS.maxFitZoom });
    }
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
