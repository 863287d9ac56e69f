// The map element of the page: mounts the OpenLayers island once, shows new data, renders the info window into
// the island's overlay, and marks what was drawn as data attributes (read by the end-to-end tests and the bench).
// With localStorage 'portal.mapDebug' = '1' (tests, bench) it also exposes window.__mapDebug.
// OpenLayers is its own chunk, loaded by loadWhereMap(): the exposed page starts it when it is evaluated, so the
// chunk downloads and parses while the page renders and the points are fetched (not before either can start).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MapData } from './cluster';
import type { MapSelection, MapTarget, WhereMapHandle, WhereMapLabels } from './create-where-map';

/** Keyboard targets offered at once (the biggest when more are on screen; the list shows the rest). */
const MAX_TARGETS = 60;

type WhereMapModule = typeof import('./create-where-map');
let loading: Promise<WhereMapModule> | null = null;

/** The OpenLayers part of the map (one chunk), loaded once; a failed load is tried again on the next call. */
export function loadWhereMap(): Promise<WhereMapModule> {
  loading ??= import(/* webpackChunkName: "where-map-ol" */ './create-where-map').then(
    (module) => {
      // parse the basemap while the page is still mounting (the main thread is idle then)
      module.prepareWhereMap();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface WhereMapProps {
  data: MapData | null;
  /** Increases when the data comes from new filters (the view is fitted to it), not from a refresh. */
  fitKey: number;
  label: string;
  onSelect: (selection: MapSelection | null) => void;
  /** The info window's content (rendered inside the map's overlay). */
  info: ReactNode;
  /** Called when the map's code could not be loaded (the page offers a retry). */
  onLoadError?: () => void;
  /** A change tries loading the map's code again after a failure. */
  loadKey?: number;
  /** The texts the map draws itself, in the page's language. */
  labels: WhereMapLabels;
  /** How to use the map from the keyboard (read with the map by screen readers). */
  keyboardHint: string;
  /** The name of a keyboard target (a cluster, the markers of one place, a vessel). */
  targetLabel: (target: MapTarget) => string;
  /** The map's handle once it exists (null when it is gone). */
  onHandle?: (handle: WhereMapHandle | null) => void;
  /** The view stopped moving (or new data was drawn): what is on screen changed. */
  onViewChange?: () => void;
  children?: ReactNode;
}

interface MapDebug {
  handle: WhereMapHandle;
  data: () => MapData | null;
  /** performance.now() of the first render that drew data, and of the last one. */
  firstDrawnAt: number | null;
  lastDrawnAt: number | null;
  draws: number;
}

declare global {
  interface Window {
    __mapDebug?: MapDebug;
  }
}

function debugEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem('portal.mapDebug') === '1';
  } catch {
    return false;
  }
}

export function WhereMap({
  data,
  fitKey,
  label,
  onSelect,
  info,
  onLoadError,
  loadKey = 0,
  labels,
  keyboardHint,
  targetLabel,
  onHandle,
  onViewChange,
  children,
}: WhereMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<WhereMapHandle | null>(null);
  const [targets, setTargets] = useState<MapTarget[]>([]);
  const onHandleRef = useRef(onHandle);
  onHandleRef.current = onHandle;
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;
  const handleRef = useRef<WhereMapHandle | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const fitKeyRef = useRef(fitKey);
  fitKeyRef.current = fitKey;
  const lastFit = useRef(-1);
  /** The data last given to the map (not given twice). */
  const shown = useRef<MapData | null>(null);

  // the map lives as long as the element
  useEffect(
    () => () => {
      const h = handleRef.current;
      handleRef.current = null;
      if (!h) return;
      h.dispose();
      if (window.__mapDebug?.handle === h) delete window.__mapDebug;
      setHandle(null);
      onHandleRef.current?.(null);
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
        const created = createWhereMap(element, (s) => onSelectRef.current(s), focusRef.current ?? undefined);
        handleRef.current = created;
        const debug: MapDebug | null = debugEnabled()
          ? { handle: created, data: () => dataRef.current, firstDrawnAt: null, lastDrawnAt: null, draws: 0 }
          : null;
        created.onDrawn(() => {
          const stats = created.stats();
          element.dataset.state = 'drawn';
          element.dataset.points = String(stats.points);
          element.dataset.clusters = String(stats.clusters);
          element.dataset.vessels = String(stats.vessels);
          element.dataset.renderer = stats.webgl ? 'webgl' : 'canvas';
          if (debug) {
            const now = performance.now();
            debug.firstDrawnAt ??= now;
            debug.lastDrawnAt = now;
            debug.draws++;
          }
        });
        if (debug) window.__mapDebug = debug;
        const seen = () => {
          setTargets(created.targets(MAX_TARGETS));
          onViewChangeRef.current?.();
        };
        created.onViewChange(seen);
        created.onDrawn(seen);
        onHandleRef.current?.(created);
        // data that came before the map's code is drawn now, without waiting for another render
        if (dataRef.current) show(created, dataRef.current, fitKeyRef.current);
        setHandle(created);
      },
      () => {
        if (!cancelled) onLoadErrorRef.current?.();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadKey]);

  function show(h: WhereMapHandle, next: MapData, key: number): void {
    const fit = lastFit.current !== key;
    if (next === shown.current && !fit) return;
    lastFit.current = key;
    shown.current = next;
    if (ref.current) ref.current.dataset.state = 'drawing';
    h.setData(next, { fit });
  }

  // a layout effect: the map gets new data in the same task as React's commit, not after the next paint (a passive
  // effect would add a frame or more before the clusters can be drawn)
  useLayoutEffect(() => {
    if (handle && data) show(handle, data, fitKey);
  }, [handle, data, fitKey]);

  // the zoom buttons' tooltips follow the language
  useEffect(() => {
    handle?.setLabels(labels);
  }, [handle, labels]);

  /**
   * Enter on a target: as a click where it is now (the map may still be moving since its button was last placed);
   * a cluster zoomed into leaves the focus on the map (its target is gone).
   */
  const activate = (target: MapTarget) => {
    if (!handle) return;
    const now = handle.targets(MAX_TARGETS).find((t) => t.id === target.id) ?? target;
    if (handle.selectAt(now.pixel) === 'zoom') focusRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="map-where-frame">
      <div
        ref={focusRef}
        className="map-where-focus"
        role="region"
        aria-label={label}
        aria-describedby="map-where-keyboard"
        // focusable: arrow keys move the map, + and - zoom (OpenLayers' keyboard interactions listen here)
        tabIndex={0}
        data-testid="where-map-focus"
      >
        <div ref={ref} className="map-route" data-testid="where-map" data-state="loading" />
      </div>
      <p id="map-where-keyboard" className="pui-visually-hidden">
        {keyboardHint}
      </p>
      <div className="map-where-keys" data-testid="map-keys">
        {targets.map((target) => (
          <button
            // keyed by what it stands for, not where: a focused marker keeps the focus while the map pans
            key={target.id}
            type="button"
            className="map-where-key"
            style={{ left: `${target.pixel[0]}px`, top: `${target.pixel[1]}px` }}
            aria-label={targetLabel(target)}
            data-testid="map-key"
            data-kind={target.kind}
            onClick={() => activate(target)}
          />
        ))}
      </div>
      {children}
      {handle && createPortal(info, handle.infoElement)}
    </div>
  );
}
