// The vessels as their own layer: above the single markers, but under the clusters while the map is clustered, so
// that a cluster's count stays readable where vessels crowd (a cluster is clicked first there too). Names that
// would overlap give way (declutter).
import type OlMap from 'ol/Map';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { MAP_DEFAULTS } from '../../lib/basemap';
import { clusterZoomFor, toMercator, type MapData } from './cluster';
import { VESSEL_Z_CLUSTERED, VESSEL_Z_SINGLE, vesselStyle } from './where-map-styles';

/** A vessel drawn: its index in data.vessels and its position (EPSG:3857). */
export interface VesselAt {
  vessel: number;
  x: number;
  y: number;
}

export interface VesselLayer {
  layer: VectorLayer<VectorSource>;
  /** Draws the vessels of the data (those with a position). */
  draw(data: MapData): void;
  /** The vessels drawn. */
  drawn(): VesselAt[];
  /** A vessel's position, null when it is not drawn. */
  positionOf(vessel: number): [number, number] | null;
}

/** The vessel layer's zIndex at a view zoom: under the clusters while they are drawn, over the single markers. */
export function vesselZIndex(viewZoom: number): number {
  return clusterZoomFor(viewZoom) === null ? VESSEL_Z_SINGLE : VESSEL_Z_CLUSTERED;
}

/** The data's vessels with a finite position, as features (`vessel` their index, `name`). */
export function vesselFeatures(data: MapData): Feature[] {
  const features: Feature[] = [];
  data.vessels.forEach((v, i) => {
    if (v.lng === null || v.lat === null || !Number.isFinite(v.lng) || !Number.isFinite(v.lat)) return;
    features.push(new Feature({ geometry: new Point(toMercator(v.lng, v.lat)), vessel: i, name: v.name }));
  });
  return features;
}

const positionOfFeature = (feature: Feature) =>
  (feature.getGeometry() as Point).getCoordinates() as [number, number];

export function createVesselLayer(map: OlMap): VesselLayer {
  const source = new VectorSource();
  const layer = new VectorLayer({ source, style: vesselStyle, zIndex: VESSEL_Z_CLUSTERED, declutter: true });
  map.addLayer(layer);
  const view = map.getView();
  view.on('change:resolution', () => layer.setZIndex(vesselZIndex(view.getZoom() ?? MAP_DEFAULTS.zoom)));
  return {
    layer,
    draw(data) {
      source.clear(true);
      source.addFeatures(vesselFeatures(data));
    },
    drawn() {
      return source.getFeatures().map((feature) => {
        const [x, y] = positionOfFeature(feature);
        return { vessel: feature.get('vessel') as number, x, y };
      });
    },
    positionOf(vessel) {
      const feature = source.getFeatures().find((f) => f.get('vessel') === vessel);
      return feature ? positionOfFeature(feature) : null;
    },
  };
}
