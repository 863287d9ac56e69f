// The portal's notices stack up at the bottom left over the page (spec section 2). On the contact page that is
// where Send sits, so a visitor who got an error could not press Send again until the notices went (4 s each).
// While notices are shown, this scrolls the page just enough to keep the target above the stack, adding room
// below the form (`spacer`) when the page is too short to scroll that far.
import { useEffect, type RefObject } from 'react';
import { useNotifications } from '@portal/shared-ui';

const GAP = 12;
const STACK = '.pui-notifications';

export function useClearOfNotices(
  target: RefObject<HTMLElement | null>,
  spacer: RefObject<HTMLElement | null>,
): void {
  const count = useNotifications((state) => state.items.length);
  useEffect(() => {
    const el = target.current;
    const room = spacer.current;
    if (!el || !room) return;
    if (count === 0) {
      room.style.height = '0px';
      return;
    }
    const keepClear = (stack: HTMLElement) => {
      const s = stack.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      if (s.height === 0) return;
      const sideBySide = b.right <= s.left || b.left >= s.right;
      if (sideBySide || b.bottom + GAP <= s.top || b.top >= s.bottom) return;
      room.style.height = `${Math.ceil(s.height + GAP)}px`;
      el.style.scrollMarginBottom = `${Math.ceil(window.innerHeight - s.top + GAP)}px`;
      el.scrollIntoView({ block: 'end', inline: 'nearest' });
    };
    // the stack grows as notices arrive (one per problem) and moves as it animates in: check on every change
    let observer: ResizeObserver | null = null;
    const frame = requestAnimationFrame(() => {
      const stack = document.querySelector<HTMLElement>(STACK);
      if (!stack) return;
      keepClear(stack);
      if (typeof ResizeObserver === 'undefined') return;
      observer = new ResizeObserver(() => keepClear(stack));
      observer.observe(stack);
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [count, target, spacer]);
}
