// The map element of the page: mounts the OpenLayers island once, shows new data, renders the info window into
// the island's overlay, and marks what was drawn as data attributes (read by the end-to-end tests and the bench).
// With localStorage 'portal.mapDebug' = '1' (tests, bench) it also exposes window.__mapDebug (map-debug.ts).
// OpenLayers is its own chunk, loaded by loadWhereMap() (load-where-map.ts); the island's life is use-where-map.ts.
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MapData } from './cluster';
import { MapKeys } from './MapKeys';
import { MAX_TARGETS, useWhereMap } from './use-where-map';
import type { MapSelection, MapTarget, WhereMapHandle, WhereMapLabels } from './where-map-types';

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
  const { ref, focusRef, handle, targets } = useWhereMap({
    data,
    fitKey,
    onSelect,
    onLoadError,
    loadKey,
    labels,
    onHandle,
    onViewChange,
  });

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
      <MapKeys targets={targets} label={targetLabel} onActivate={activate} />
      {children}
      {handle && createPortal(info, handle.infoElement)}
    </div>
  );
}
