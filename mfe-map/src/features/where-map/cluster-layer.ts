// The clusters up to zoom 4: the levels' clusters are computed from the typed arrays on demand (cluster.ts) and kept
// per data, drawn as light RenderFeatures on a canvas layer (a few hundred features).
import type OlMap from 'ol/Map';
import VectorLayer from 'ol/layer/Vector';
import RenderFeature from 'ol/render/Feature';
import VectorSource from 'ol/source/Vector';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_MIN_ZOOM,
  clusterAt,
  clusterZoomFor,
  type ClusterLevel,
  type MapData,
} from './cluster';
import { clusterStyle } from './where-map-styles';

export interface ClusterLayer {
  layer: VectorLayer<VectorSource<RenderFeature>>;
  /**
   * Draws the level of a view zoom (nothing when it is the one drawn); 'points' when that zoom is past the cluster
   * levels and was not before (the single markers are due).
   */
  show(viewZoom: number): 'clusters' | 'points' | 'unchanged';
  /** The level drawn at a view zoom, if it is computed (null past the cluster levels). */
  levelAt(viewZoom: number): ClusterLevel | null;
  /** Computes the first level not computed yet; false when they all are. */
  prepareNext(): boolean;
  /** Forgets the levels (new data): the next show draws again. */
  reset(): void;
  /** Clusters drawn. */
  count(): number;
}

/** A level's clusters as features: `index` the icon, `count` its points, `cluster` its place in the level. */
function clusterFeatures(level: ClusterLevel): RenderFeature[] {
  return level.clusters.map(
    (c, i) =>
      new RenderFeature(
        'Point',
        [c.x, c.y],
        [],
        2,
        { index: c.index, count: c.count, cluster: i },
        undefined,
      ),
  );
}

export function createClusterLayer(map: OlMap, data: () => MapData | null): ClusterLayer {
  const source = new VectorSource<RenderFeature>();
  const layer = new VectorLayer({
    source,
    maxZoom: CLUSTER_MAX_ZOOM,
    style: (f) => clusterStyle(f.get('index') as number, f.get('count') as number),
    zIndex: 2,
  });
  map.addLayer(layer);
  let levels = new Map<number, { level: ClusterLevel; features: RenderFeature[] }>();
  let shown: number | null | undefined;

  const levelFor = (zoom: number) => {
    const d = data();
    if (!d) return null;
    let entry = levels.get(zoom);
    if (!entry) {
      const level = clusterAt(d, zoom);
      entry = { level, features: clusterFeatures(level) };
      levels.set(zoom, entry);
    }
    return entry;
  };

  return {
    layer,
    show(viewZoom) {
      const zoom = clusterZoomFor(viewZoom);
      if (zoom === shown) return 'unchanged';
      shown = zoom;
      source.clear(true);
      if (zoom === null) return 'points';
      const entry = levelFor(zoom);
      if (entry) source.addFeatures(entry.features);
      return 'clusters';
    },
    levelAt(viewZoom) {
      const zoom = clusterZoomFor(viewZoom);
      return zoom === null ? null : (levels.get(zoom)?.level ?? null);
    },
    prepareNext() {
      for (let zoom = CLUSTER_MIN_ZOOM; zoom <= CLUSTER_MAX_ZOOM; zoom++) {
        if (!levels.has(zoom)) {
          levelFor(zoom);
          return true;
        }
      }
      return false;
    },
    reset() {
      levels = new Map();
      shown = undefined;
    },
    count: () => source.getFeatures().length,
  };
}
