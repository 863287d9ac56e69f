// The OpenLayers island's life in React: created once the map's code is loaded (again after a failure when
// `loadKey` changes), disposed with the element, given new data in the same task as React's commit, its zoom
// buttons named in the page's language, and its keyboard targets read again whenever the view stops or new data
// is drawn.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { MapData } from './cluster';
import { loadWhereMap } from './load-where-map';
import { exposeDraws, forgetDebug } from './map-debug';
import type { MapSelection, MapTarget, WhereMapHandle, WhereMapLabels } from './where-map-types';

/** Keyboard targets offered at once (the biggest when more are on screen; the list shows the rest). */
export const MAX_TARGETS = 60;

export interface UseWhereMapOptions {
  data: MapData | null;
  fitKey: number;
  onSelect: (selection: MapSelection | null) => void;
  onLoadError?: () => void;
  loadKey: number;
  labels: WhereMapLabels;
  onHandle?: (handle: WhereMapHandle | null) => void;
  onViewChange?: () => void;
}

export interface WhereMapState {
  /** The map's element and the focusable element around it (it hears the keyboard). */
  ref: RefObject<HTMLDivElement | null>;
  focusRef: RefObject<HTMLDivElement | null>;
  handle: WhereMapHandle | null;
  targets: MapTarget[];
}

/** Gives the map new data unless it already has it; `fit` when the key of the fitted data changed. */
function useShowData(ref: RefObject<HTMLDivElement | null>) {
  const lastFit = useRef(-1);
  /** The data last given to the map (not given twice). */
  const shown = useRef<MapData | null>(null);
  return useCallback(
    (h: WhereMapHandle, next: MapData, key: number): void => {
      const fit = lastFit.current !== key;
      if (next === shown.current && !fit) return;
      lastFit.current = key;
      shown.current = next;
      if (ref.current) ref.current.dataset.state = 'drawing';
      h.setData(next, { fit });
    },
    [ref],
  );
}

export function useWhereMap(options: UseWhereMapOptions): WhereMapState {
  const { data, fitKey, loadKey, labels } = options;
  const ref = useRef<HTMLDivElement>(null);
  const focusRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<WhereMapHandle | null>(null);
  const [targets, setTargets] = useState<MapTarget[]>([]);
  // the latest props, read by the map's callbacks (made once)
  const latest = useRef(options);
  latest.current = options;
  const handleRef = useRef<WhereMapHandle | null>(null);
  const show = useShowData(ref);

  // the map lives as long as the element
  useEffect(
    () => () => {
      const h = handleRef.current;
      handleRef.current = null;
      if (!h) return;
      h.dispose();
      forgetDebug(h);
      setHandle(null);
      latest.current.onHandle?.(null);
    },
    [],
  );

  useEffect(() => {
    if (handleRef.current) return;
    let cancelled = false;
    loadWhereMap().then(
      ({ createWhereMap }) => {
        const element = ref.current;
        if (cancelled || !element) return;
        const created = createWhereMap(
          element,
          (s) => latest.current.onSelect(s),
          focusRef.current ?? undefined,
        );
        handleRef.current = created;
        exposeDraws(created, element, () => latest.current.data);
        const seen = () => {
          setTargets(created.targets(MAX_TARGETS));
          latest.current.onViewChange?.();
        };
        created.onViewChange(seen);
        created.onDrawn(seen);
        latest.current.onHandle?.(created);
        // data that came before the map's code is drawn now, without waiting for another render
        const { data: first, fitKey: key } = latest.current;
        if (first) show(created, first, key);
        setHandle(created);
      },
      () => {
        if (!cancelled) latest.current.onLoadError?.();
      },
    );
    return () => {
      cancelled = true;
    };
    // the map is made once per load attempt (`show` never changes)
  }, [loadKey, show]);

  // a layout effect: the map gets new data in the same task as React's commit, not after the next paint (a passive
  // effect would add a frame or more before the clusters can be drawn)
  useLayoutEffect(() => {
    if (handle && data) show(handle, data, fitKey);
  }, [handle, data, fitKey, show]);

  // the zoom buttons' tooltips follow the language
  useEffect(() => {
    handle?.setLabels(labels);
  }, [handle, labels]);

  return { ref, focusRef, handle, targets };
}
