import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export type PopoverProps = {
  /** Content of the trigger button. */
  trigger: ReactNode;
  children: ReactNode;
  /** Controlled open state; leave undefined to let the popover manage it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  /** Accessible name of the trigger button and the panel (needed when the trigger is an icon). */
  label?: string;
  className?: string;
};

/** A button that toggles a floating panel; a click outside or Escape closes it. */
export function Popover({
  trigger,
  children,
  open: openProp,
  onOpenChange,
  align = 'start',
  label,
  className,
}: PopoverProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const setOpenRef = useRef<(next: boolean) => void>(() => {});
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  useEffect(() => {
    setOpenRef.current = setOpen;
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) {
        setOpenRef.current(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenRef.current(false);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={['pui-popover', className].filter(Boolean).join(' ')}>
      <button
        ref={triggerRef}
        type="button"
        className="pui-popover__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          className={`pui-popover__panel pui-popover__panel--${align}`}
          role="dialog"
          aria-label={label}
        >
          {children}
        </div>
      )}
    </div>
  );
}
