import { useSyncExternalStore } from 'react';
import { tokens } from '../styles/tokens';

const QUERY = `(max-width: ${tokens.breakpoint.mobile}px)`;

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mql = mediaQuery();
  if (!mql) return () => {};
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

const getSnapshot = (): boolean => mediaQuery()?.matches ?? false;
const getServerSnapshot = (): boolean => false;

/** True while the viewport is at most 620 px wide (spec section 9 mobile breakpoint); re-renders on change. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
