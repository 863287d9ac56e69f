// Every single point beyond zoom 4. With WebGL: RenderFeatures made in chunks while the browser is idle, then put
// in OpenLayers' WebGL points layer (its code is its own chunk), which is drawn once invisibly so that zooming in
// later finds its program compiled and its buffers built instead of stalling the first frame past zoom 4. Without
// WebGL (or with a software one): the 2D canvas layer of canvas-points.ts, there from the start, which draws from
// the data and needs nothing prepared but a warm-up.
import type OlMap from 'ol/Map';
import type BaseLayer from 'ol/layer/Base';
import RenderFeature from 'ol/render/Feature';
import VectorSource from 'ol/source/Vector';
import type { FrameState } from 'ol/Map';
import { CLUSTER_MAX_ZOOM, clusterZoomFor, type MapData } from './cluster';
import { canvasPointsLayer, type CanvasPoints } from './canvas-points';
import { loadWebGlPoints, webGlPointsClass } from './webgl-support';
import { HEALTH_COLORS, pointsStyle } from './where-map-styles';

export interface SingleMarkers {
  /** The canvas layer (null with WebGL). */
  canvas: CanvasPoints | null;
  /** Makes one chunk of `size` WebGL markers of the data if some are missing; false when there was nothing to do. */
  buildNext(data: MapData, size: number): boolean;
  /**
   * A step of the preparation once every marker is made (warm-up, WebGL layer); `again` is called when another
   * step is due. Returns whether everything is prepared.
   */
  finish(lastFrame: FrameState | null, again: () => void): boolean;
  /** The WebGL markers now (zoomed in past the cluster levels before they were ready). */
  ensure(): void;
  /** Forgets the markers of the data shown (new data). */
  drop(): void;
}

/**
 * The single markers of the data for WebGL: made in chunks (`features` grows to data.count), then put in their
 * own layer (a new one for each data: a WebGL layer's renderer keeps the source it was made with).
 */
interface WebGlMarkers {
  features: RenderFeature[];
  layer: BaseLayer | null;
  warm: boolean;
}

/** Appends the next markers of the data to `out`, at most `size`; true when they are all made. */
export function appendMarkers(out: RenderFeature[], data: MapData, size: number): boolean {
  const end = Math.min(data.count, out.length + size);
  for (let i = out.length; i < end; i++) {
    out.push(new RenderFeature('Point', [data.xs[i], data.ys[i]], [], 2, { h: data.health[i] }, undefined));
  }
  return out.length === data.count;
}

/** The WebGL markers of the data shown: made in chunks, then their layer (its code loaded first) and its warm-up. */
function createWebGlMarkers(map: OlMap) {
  const view = map.getView();
  let points: WebGlMarkers = { features: [], layer: null, warm: false };

  /** The WebGL markers' layer, added to the map once every marker is made and its code is here. */
  const addLayer = () => {
    const WebGLPoints = webGlPointsClass();
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
  };

  return {
    points: () => points,
    addLayer,
    /** Loads the WebGL layer's code, then goes on with `next` if the data is still the same. */
    afterWebGl(next: () => void) {
      const current = points;
      loadWebGlPoints().then(
        () => {
          if (points === current) next();
        },
        () => {
          // without its code there are no single markers; the clusters stay
        },
      );
    },
    /**
     * Draws the WebGL layer once, invisibly, at the current view: its context, program and buffers are then ready
     * for the first frame past zoom 4 (otherwise that frame takes them all at once).
     */
    warm() {
      const layer = points.layer;
      if (!layer || points.warm || clusterZoomFor(view.getZoom() ?? 0) === null) return;
      points.warm = true;
      layer.setOpacity(0);
      layer.setMinZoom(-Infinity);
      map.renderSync();
      layer.setMinZoom(CLUSTER_MAX_ZOOM);
      layer.setOpacity(1);
    },
    drop() {
      if (points.layer) {
        map.removeLayer(points.layer);
        points.layer.dispose();
      }
      points = { features: [], layer: null, warm: false };
    },
  };
}

export function createSingleMarkers(map: OlMap, webgl: boolean, data: () => MapData | null): SingleMarkers {
  const view = map.getView();
  const canvas = webgl
    ? null
    : canvasPointsLayer({
        data,
        colors: HEALTH_COLORS,
        radius: 6,
        strokeWidth: 1.5,
        minZoom: CLUSTER_MAX_ZOOM,
        zIndex: 2,
      });
  if (canvas) map.addLayer(canvas.layer);
  const gl = createWebGlMarkers(map);

  return {
    canvas,
    buildNext(d, size) {
      if (!webgl || gl.points().features.length >= d.count) return false;
      appendMarkers(gl.points().features, d, size);
      return true;
    },
    finish(lastFrame, again) {
      if (canvas) {
        if (lastFrame) canvas.warm(lastFrame);
        return true;
      }
      if (view.getAnimating() || view.getInteracting()) {
        again();
        return false;
      }
      if (!webGlPointsClass()) {
        gl.afterWebGl(again);
        return false;
      }
      if (!gl.points().layer) {
        gl.addLayer();
        again();
        return false;
      }
      gl.warm();
      return gl.points().warm || clusterZoomFor(view.getZoom() ?? 0) === null;
    },
    ensure() {
      const d = data();
      if (!webgl || !d || gl.points().layer) return;
      appendMarkers(gl.points().features, d, d.count);
      if (!webGlPointsClass()) gl.afterWebGl(gl.addLayer);
      else gl.addLayer();
    },
    drop: () => gl.drop(),
  };
}
