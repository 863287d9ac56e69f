// The page's points: loaded for the filters (the view is fitted to them: `fitKey` increases), taken from the
// prefetch when it is here (drawn on the first render), and refreshed every two minutes without moving the view.
import { useEffect, useRef, useState } from 'react';
import type { Query } from '@portal/shared-api';
import { mapApi, takePrefetchedPoints, takeReadyPrefetchedPoints } from '../../lib/map-api';
import { mark } from '../../lib/perf';
import { decodeMapData, type MapData } from './cluster';

/** The map is live: its points are asked again this often (ms). */
const REFRESH_MS = 120_000;

export type LoadState = 'loading' | 'ready' | 'error';

export interface MapPoints {
  data: MapData | null;
  fitKey: number;
  state: LoadState;
  setState: (state: LoadState) => void;
}

/** Every REFRESH_MS a new tick (0 before the first). */
function useRefreshTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return tick;
}

/**
 * The points of the filters in `queryKey` (JSON of the query); `retry` loads again after an error. `onNewData` is
 * called when other points are coming (the open info window belongs to the old ones).
 */
export function useMapPoints(queryKey: string, retry: number, onNewData: () => void): MapPoints {
  // The first points may already be here (asked for when the page's module loaded): drawn on the first render.
  const [initial] = useState(() => {
    const answer = takeReadyPrefetchedPoints(JSON.parse(queryKey) as Query);
    return answer ? { key: queryKey, data: decodeMapData(answer) } : null;
  });
  const [data, setData] = useState<MapData | null>(initial?.data ?? null);
  const [fitKey, setFitKey] = useState(0);
  const [state, setState] = useState<LoadState>(initial ? 'ready' : 'loading');
  const tick = useRefreshTick();

  // New filters: load, fit the view to the points.
  const skipLoad = useRef(initial?.key ?? null);
  useEffect(() => {
    if (skipLoad.current !== null) {
      const skip = skipLoad.current === queryKey && retry === 0;
      skipLoad.current = null;
      if (skip) return;
    }
    const controller = new AbortController();
    setState('loading');
    onNewData();
    mark('fetch-start');
    const query = JSON.parse(queryKey) as Query;
    (takePrefetchedPoints(query) ?? mapApi.points(query, controller.signal))
      .then((answer) => {
        if (controller.signal.aborted) return;
        mark('fetch-end');
        setData(decodeMapData(answer));
        mark('decoded');
        setFitKey((n) => n + 1);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [queryKey, retry, onNewData]);

  // Live: the same filters again every REFRESH_MS, keeping the view (and the open info window when possible).
  useEffect(() => {
    if (tick === 0) return;
    const controller = new AbortController();
    mapApi
      .points(JSON.parse(queryKey) as Query, controller.signal)
      .then((answer) => {
        onNewData();
        setData(decodeMapData(answer));
      })
      .catch(() => undefined);
    return () => controller.abort();
    // a refresh only follows the clock, not the filters (their change loads above)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick]);

  return { data, fitKey, state, setState };
}
