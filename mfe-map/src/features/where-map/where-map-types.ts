// The where map's public shapes: what a click selects, what a keyboard user can reach, and the handle the page
// drives the OpenLayers island through (createWhereMap builds it; the React side only needs these types, so it
// does not pull OpenLayers into its chunk).
import type { ClusterFamily, MapData } from './cluster';

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

export type SelectResult = 'zoom' | 'open' | 'none';

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
