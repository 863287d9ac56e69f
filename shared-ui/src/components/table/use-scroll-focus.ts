// A table wider than its box scrolls sideways: then the box takes the focus, so the keyboard can scroll it too
// (WCAG 2.1.1); a table that fits adds no tab stop.
import { useEffect, useRef, useState } from 'react';

/** The scrolling box's ref, and whether its content is wider than it (kept up to date as sizes change). */
export function useScrollFocus() {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { scroller, scrolls };
}
