// What a click (or a keyboard user's Enter) at a pixel selects: a vessel, a cluster of the last level, or the
// single markers under the pointer; a cluster of an earlier level is zoomed into instead. The pointer shows a hand
// over what can be clicked.
import type OlMap from 'ol/Map';
import type BaseLayer from 'ol/layer/Base';
import type Point from 'ol/geom/Point';
import { MAP_DEFAULTS } from '../../lib/basemap';
import {
  CLUSTER_MAX_ZOOM,
  clusterZoomFor,
  membersOf,
  pointsNear,
  pointsOnVessel,
  type ClusterLevel,
  type MapData,
} from './cluster';
import type { ClusterLayer } from './cluster-layer';
import { HIT_PX } from './map-targets';
import type { VesselLayer } from './vessel-layer';
import type { MapSelection } from './where-map-types';

/** Most points one info window lists (the details call's limit). */
const INFO_LIMIT = 200;
/** Click tolerance around a cluster or a vessel, in pixels. */
const FEATURE_HIT_PX = 4;

export interface SelectParts {
  map: OlMap;
  clusters: ClusterLayer;
  vessels: VesselLayer;
}

/** A vessel's window: the containers on board. */
export function vesselSelection(data: MapData, vessel: number, coordinate: [number, number]): MapSelection {
  const points = pointsOnVessel(data, vessel, Number.MAX_SAFE_INTEGER);
  return { kind: 'vessel', vessel, coordinate, points: points.slice(0, INFO_LIMIT), total: points.length };
}

/** A last-level cluster's window: its points. */
export function clusterSelection(level: ClusterLevel, index: number): MapSelection {
  const cluster = level.clusters[index];
  return {
    kind: 'points',
    coordinate: [cluster.x, cluster.y],
    points: membersOf(level, index, INFO_LIMIT),
    total: cluster.count,
  };
}

/**
 * Past the cluster levels, the single markers `near` the pointer: a window of their own when nothing else was hit;
 * with a vessel, those not on board it (in port, on a ship alongside) are listed in its window, as its icon is
 * drawn over them (or they could never be clicked).
 */
export function withPointsNear(data: MapData, hit: MapSelection | null, near: number[]): MapSelection | null {
  if (hit) {
    const others = near.filter((i) => data.vessel[i] !== hit.vessel);
    if (others.length > 0) {
      hit.alsoHere = others.slice(0, INFO_LIMIT);
      hit.alsoHereTotal = others.length;
    }
    return hit;
  }
  if (near.length === 0) return null;
  return {
    kind: 'points',
    coordinate: [data.xs[near[0]], data.ys[near[0]]],
    points: near.slice(0, INFO_LIMIT),
    total: near.length,
  };
}

/** The vessel or cluster at a pixel; a cluster of an earlier level is zoomed into (`zoomed`) instead. */
function featureAt(
  { map, clusters, vessels }: SelectParts,
  data: MapData,
  pixel: number[],
): { selection: MapSelection | null; zoomed: boolean } {
  const view = map.getView();
  let selection: MapSelection | null = null;
  let zoomed = false;
  map.forEachFeatureAtPixel(
    pixel,
    (feature, layer) => {
      if (layer === vessels.layer) {
        const coordinate = (feature.getGeometry() as Point).getCoordinates() as [number, number];
        selection = vesselSelection(data, feature.get('vessel') as number, coordinate);
        return true;
      }
      if (layer === clusters.layer) {
        const level = clusters.levelAt(view.getZoom() ?? MAP_DEFAULTS.zoom);
        if (!level) return false;
        const index = feature.get('cluster') as number;
        const cluster = level.clusters[index];
        if (cluster.count > 1 && level.zoom < CLUSTER_MAX_ZOOM) {
          // not the last level: zoom in on the cluster
          view.animate({ center: [cluster.x, cluster.y], zoom: level.zoom + 1.01, duration: 250 });
          zoomed = true;
          return true;
        }
        selection = clusterSelection(level, index);
        return true;
      }
      return false;
    },
    { hitTolerance: FEATURE_HIT_PX, layerFilter: clickable({ clusters, vessels }) },
  );
  return { selection, zoomed };
}

const clickable =
  ({ clusters, vessels }: Pick<SelectParts, 'clusters' | 'vessels'>) =>
  (layer: BaseLayer) =>
    layer === vessels.layer || layer === clusters.layer;

/** What a click at a pixel (at a map coordinate) selects, and whether it zoomed into a cluster instead. */
export function selectionAt(
  parts: SelectParts,
  data: MapData,
  pixel: number[],
  coordinate: number[],
): { selection: MapSelection | null; zoomed: boolean } {
  const view = parts.map.getView();
  const { selection, zoomed } = featureAt(parts, data, pixel);
  if ((!selection || selection.kind === 'vessel') && clusterZoomFor(view.getZoom() ?? 0) === null) {
    const resolution = view.getResolution() ?? 1;
    const [x, y] = coordinate;
    const near = pointsNear(data, x, y, HIT_PX * resolution, Number.MAX_SAFE_INTEGER);
    return { selection: withPointsNear(data, selection, near), zoomed };
  }
  return { selection, zoomed };
}

/** A hand over what can be clicked (not while dragging). */
export function pointerOverClickable(parts: SelectParts, target: HTMLElement): void {
  const { map } = parts;
  map.on('pointermove', (event) => {
    if (event.dragging) return;
    const hit = map.hasFeatureAtPixel(event.pixel, {
      hitTolerance: FEATURE_HIT_PX,
      layerFilter: clickable(parts),
    });
    target.style.cursor = hit ? 'pointer' : '';
  });
}
