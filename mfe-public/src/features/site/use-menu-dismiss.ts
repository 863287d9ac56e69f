// The side menu's focus and dismissal: while open, focus moves into the panel and an outside click or Escape
// closes it; on close the focus returns to the hamburger button (when it was inside the panel).
import { useEffect, useRef, type RefObject } from 'react';

export function useMenuDismiss(
  open: boolean,
  onClose: () => void,
  panel: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLButtonElement | null>,
) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open) {
      if (wasOpen.current && panel.current?.contains(document.activeElement)) trigger.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose, panel, trigger]);
}
