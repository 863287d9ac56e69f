// The offline basemap both maps draw (world-atlas countries, no tile server) and the map constants of spec
// section 9.
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import type { Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { countriesGeoJson } from '../route-map/geo';

/** Spec section 9: initial zoom 2.2, minimum 2, fit capped at 8, default centre near Montreal. */
export const MAP_DEFAULTS = {
  zoom: 2.2,
  minZoom: 2,
  maxFitZoom: 8,
  center: [-73.587, 45.508] as [number, number],
};

let basemap: Feature[] | null = null;
/** The countries as features in EPSG:3857 (parsed once, cloned for each map). */
export function basemapFeatures(): Feature[] {
  basemap ??= new GeoJSON().readFeatures(countriesGeoJson(countries110m as unknown as Topology), {
    featureProjection: 'EPSG:3857',
  }) as Feature[];
  return basemap.map((f) => f.clone());
}

export const landStyle = new Style({
  fill: new Fill({ color: '#dfe6d8' }),
  stroke: new Stroke({ color: '#b7c2ad', width: 0.6 }),
});

/** The basemap layer (drawn once into an image while the view moves: it never changes). */
export function basemapLayer(): VectorLayer {
  return new VectorLayer({
    source: new VectorSource({ features: basemapFeatures() }),
    style: landStyle,
    updateWhileAnimating: false,
    updateWhileInteracting: false,
  });
}
