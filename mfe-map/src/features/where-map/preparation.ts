// Nothing that the first drawn clusters do not need is done before them: the other cluster levels and the single
// markers are prepared afterwards, while the browser is idle, in short slices (as many as an idle period holds,
// also while the view moves, so that a zoom past the cluster levels finds them made), then the markers' last
// steps (one longer task each, which the markers put off while the view moves).
import type { FrameState } from 'ol/Map';
import type { MapData } from './cluster';
import { whenIdle } from './when-idle';

/** Single markers made per slice of idle time (a few milliseconds: a zoom that starts meanwhile is not held up). */
const POINTS_CHUNK = 10_000;
/** Another slice of the work after the first draw is done in the same idle period while this much is left (ms). */
const IDLE_SLICE_MS = 8;

export interface PreparationParts {
  data(): MapData | null;
  lastFrame(): FrameState | null;
  /** Computes a cluster level not computed yet; false when none is left. */
  prepareLevel(): boolean;
  /** Makes a chunk of single markers; false when none is left. */
  prepareMarkers(data: MapData, size: number): boolean;
  /** The markers' last steps (see SingleMarkers.finish). */
  finish(lastFrame: FrameState | null, again: () => void): boolean;
}

export interface Preparation {
  /** Starts preparing the data shown (when the browser is next idle). */
  start(): void;
  /** Stops (new data): nothing is prepared. */
  stop(): void;
  /** Everything the first draw did not need is prepared. */
  prepared(): boolean;
}

export function createPreparation(parts: PreparationParts): Preparation {
  let cancelIdle: (() => void) | null = null;
  let prepared = false;
  const later = () => {
    cancelIdle = whenIdle(run);
  };
  /** One slice of the work (a cluster level or a chunk of markers); false when none is left. */
  const slice = (d: MapData) => parts.prepareLevel() || parts.prepareMarkers(d, POINTS_CHUNK);

  function run(deadline: IdleDeadline | null = null): void {
    cancelIdle?.();
    cancelIdle = null;
    const d = parts.data();
    if (!d) return;
    if (slice(d)) {
      let more = true;
      while (more && deadline && !deadline.didTimeout && deadline.timeRemaining() >= IDLE_SLICE_MS) {
        more = slice(d);
      }
      later();
      return;
    }
    if (parts.finish(parts.lastFrame(), later)) prepared = true;
  }

  return {
    start() {
      cancelIdle?.();
      later();
    },
    stop() {
      cancelIdle?.();
      cancelIdle = null;
      prepared = false;
    },
    prepared: () => prepared,
  };
}
