// The offline basemap both maps draw (world-atlas countries, no tile server) and the map constants of spec
// section 9.
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import type { Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { countriesGeoJson } from '../features/route-map/geo';

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

/**
 * The basemap layer of the 'Where Are They?' map: rendered into an image, which a zoom or pan animation only
 * scales and moves (one drawImage a frame instead of replaying every country's outline), redrawn sharp when the
 * view stops. It never changes, so nothing else is lost.
 */
export function basemapLayer(): VectorImageLayer {
  return new VectorImageLayer({
    source: new VectorSource({ features: basemapFeatures() }),
    style: landStyle,
  });
}
