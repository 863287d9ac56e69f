// Whether the single markers are drawn with WebGL, and OpenLayers' WebGL points layer, which is its own chunk (the
// first drawn clusters do not need it).
import type WebGLPointsLayer from 'ol/layer/WebGLPoints';

let WebGLPoints: typeof WebGLPointsLayer | null = null;
let loadingWebGl: Promise<void> | null = null;

/** The WebGL points layer's class once loadWebGlPoints has brought it (null until then). */
export function webGlPointsClass(): typeof WebGLPointsLayer | null {
  return WebGLPoints;
}

/** Loads the WebGL points layer's code once; a failed load is tried again on the next call. */
export function loadWebGlPoints(): Promise<void> {
  loadingWebGl ??= import(/* webpackChunkName: "where-map-webgl" */ 'ol/layer/WebGLPoints').then(
    (module) => {
      WebGLPoints = module.default;
    },
    (error: unknown) => {
      loadingWebGl = null;
      throw error;
    },
  );
  return loadingWebGl;
}

/** WebGL drivers that draw on the CPU: there a 2D canvas is much faster than WebGL for the single markers. */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer's name is one of a driver that draws on the CPU. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_GL.test(renderer);
}

/**
 * Whether the single markers are drawn with WebGL: only with a hardware WebGL. localStorage
 * 'portal.mapRenderer' = 'webgl' or 'canvas' forces one (tests, benchmarks).
 */
export function drawsWithWebGl(): boolean {
  try {
    const forced = globalThis.localStorage?.getItem('portal.mapRenderer');
    // no WebGL at all (jsdom in the unit tests, very old browsers): not even asked
    if (forced === 'canvas' || typeof WebGLRenderingContext === 'undefined') return false;
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return forced === 'webgl' || !isSoftwareRenderer(String(renderer));
  } catch {
    return false;
  }
}
