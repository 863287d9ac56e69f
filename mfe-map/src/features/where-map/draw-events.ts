// What the where map tells about its frames: the last drawn frame (its transform places the keyboard targets), the
// first frame that drew new data ('drawn' listeners, then the work it did not need), and the view having stopped.
import type OlMap from 'ol/Map';
import type { FrameState } from 'ol/Map';
import { mark } from '../../lib/perf';

export interface DrawEvents {
  /** The last drawn frame (null before the first). */
  lastFrame(): FrameState | null;
  /** New data is shown: the next frame calls the 'drawn' listeners. */
  expectDraw(): void;
  /** Called after each render that drew new data. */
  onDrawn(listener: () => void): void;
  /** Called when the view has stopped moving. */
  onViewChange(listener: () => void): void;
}

/** Watches the map's frames; `afterDrawn` runs after the 'drawn' listeners of each frame that drew new data. */
export function watchDraws(map: OlMap, afterDrawn: () => void): DrawEvents {
  let lastFrame: FrameState | null = null;
  let drawnPending = false;
  const drawnListeners: Array<() => void> = [];
  const viewListeners: Array<() => void> = [];

  // 'postrender' rather than 'rendercomplete': the latter waits for every layer to be idle, which the WebGL
  // layer is not while its worker builds buffers; the clusters are on the canvas after this frame.
  map.on('postrender', (event) => {
    if (event.frameState) lastFrame = event.frameState;
    if (!drawnPending || !event.frameState) return;
    drawnPending = false;
    mark('drawn');
    for (const listener of drawnListeners) listener();
    afterDrawn();
  });
  map.on('moveend', () => {
    for (const listener of viewListeners) listener();
  });

  return {
    lastFrame: () => lastFrame,
    expectDraw() {
      drawnPending = true;
    },
    onDrawn(listener) {
      drawnListeners.push(listener);
    },
    onViewChange(listener) {
      viewListeners.push(listener);
    },
  };
}
