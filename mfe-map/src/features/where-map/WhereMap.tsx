// The map element of the page: mounts the OpenLayers island once, shows new data, renders the info window into
// the island's overlay, and marks what was drawn as data attributes (read by the end-to-end tests and the bench).
// With localStorage 'portal.mapDebug' = '1' (tests, bench) it also exposes window.__mapDebug.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MapData } from './cluster';
import { createWhereMap, type MapSelection, type WhereMapHandle } from './createWhereMap';

export interface WhereMapProps {
  data: MapData | null;
  /** Increases when the data comes from new filters (the view is fitted to it), not from a refresh. */
  fitKey: number;
  label: string;
  onSelect: (selection: MapSelection | null) => void;
  /** The info window's content (rendered inside the map's overlay). */
  info: ReactNode;
  children?: ReactNode;
}

export interface MapDebug {
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

export function WhereMap({ data, fitKey, label, onSelect, info, children }: WhereMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<WhereMapHandle | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const dataRef = useRef(data);
  dataRef.current = data;
  const lastFit = useRef(-1);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const h = createWhereMap(element, (s) => onSelectRef.current(s));
    const debug: MapDebug | null = debugEnabled()
      ? { handle: h, data: () => dataRef.current, firstDrawnAt: null, lastDrawnAt: null, draws: 0 }
      : null;
    h.onDrawn(() => {
      const stats = h.stats();
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
    setHandle(h);
    return () => {
      h.dispose();
      if (window.__mapDebug?.handle === h) delete window.__mapDebug;
      setHandle(null);
    };
  }, []);

  useEffect(() => {
    if (!handle || !data) return;
    const fit = lastFit.current !== fitKey;
    lastFit.current = fitKey;
    if (ref.current) ref.current.dataset.state = 'drawing';
    handle.setData(data, { fit });
  }, [handle, data, fitKey]);

  return (
    <div className="map-where-frame">
      <div
        ref={ref}
        className="map-route"
        role="region"
        aria-label={label}
        data-testid="where-map"
        data-state="loading"
      />
      {children}
      {handle && createPortal(info, handle.infoElement)}
    </div>
  );
}
