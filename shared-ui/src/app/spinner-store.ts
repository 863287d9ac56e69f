// The global spinner page: any app can show it around long work; it stays up while at least one caller holds it.
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';

interface SpinnerState {
  count: number;
  label: string | null;
  show(label?: string): void;
  hide(): void;
}

export const globalSpinnerStore = createStore<SpinnerState>()((set) => ({
  count: 0,
  label: null,
  show: (label) => set((s) => ({ count: s.count + 1, label: label ?? s.label })),
  hide: () => set((s) => ({ count: Math.max(0, s.count - 1), label: s.count <= 1 ? null : s.label })),
}));

export function useGlobalSpinner<T>(selector: (s: SpinnerState) => T): T {
  return useStore(globalSpinnerStore, selector);
}

/** Shows the global spinner until the promise settles. */
export async function withGlobalSpinner<T>(work: Promise<T>, label?: string): Promise<T> {
  globalSpinnerStore.getState().show(label);
  try {
    return await work;
  } finally {
    globalSpinnerStore.getState().hide();
  }
}

/**
 * Shows the global spinner (the shell's full-page overlay) while `active` is true: for a page that has nothing
 * to show until its data comes (a detail page's first load). Released when `active` turns false or on unmount.
 */
export function usePageSpinner(active: boolean, label?: string): void {
  useEffect(() => {
    if (!active) return;
    globalSpinnerStore.getState().show(label);
    return () => globalSpinnerStore.getState().hide();
  }, [active, label]);
}
