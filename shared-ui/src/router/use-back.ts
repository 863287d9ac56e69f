// A Back button that never leaves the portal: one step back in history when the previous entry is a page of
// the portal, else (the page was opened in a new tab, from a bookmark or from an e-mail link) to `fallback`.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Whether the history entry before this one belongs to the portal. In the browser the router numbers its
 * entries in `history.state.idx` (0 = the first page of the portal in this tab, replacements keep it); a
 * memory router (tests) has no such number, and its first entry's key is 'default'.
 */
export function hasPortalHistory(locationKey: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number') return idx > 0;
  return locationKey !== 'default';
}

/** `back()` goes one step back inside the portal, else to `fallback` (replacing the current entry). */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (hasPortalHistory(key)) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, key, fallback]);
}
