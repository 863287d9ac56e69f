// The info window's selection on the page, and the focus around it: what had the focus when the window opened
// gets it back when the window closes (else the map).
import { useCallback, useRef, useState } from 'react';
import type { MapSelection, WhereMapHandle } from './where-map-types';

export interface MapSelectionState {
  selection: MapSelection | null;
  /** The map selected (or dropped its selection). */
  onSelect: (selection: MapSelection | null) => void;
  /** Closes the window and gives the focus back. */
  close: () => void;
  /** Drops the selection (new points). */
  clear: () => void;
}

export function useMapSelection(handle: WhereMapHandle | null): MapSelectionState {
  const [selection, setSelection] = useState<MapSelection | null>(null);
  /** What had the focus when the info window opened: it gets it back when the window closes. */
  const opener = useRef<HTMLElement | null>(null);
  const onSelect = useCallback((s: MapSelection | null) => {
    if (s) {
      const active = document.activeElement;
      // the window itself when one replaces another
      if (active instanceof HTMLElement && !active.closest('.map-where__info')) opener.current = active;
    }
    setSelection(s);
  }, []);
  const close = useCallback(() => {
    if (handle) handle.closeInfo();
    else setSelection(null);
    const back = opener.current;
    opener.current = null;
    const map = document.querySelector<HTMLElement>('[data-testid="where-map-focus"]');
    (back?.isConnected && back !== document.body ? back : map)?.focus({ preventScroll: true });
  }, [handle]);
  const clear = useCallback(() => setSelection(null), []);
  return { selection, onSelect, close, clear };
}
