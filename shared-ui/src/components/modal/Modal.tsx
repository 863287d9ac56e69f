import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { trapTab, useModalFocus } from './use-modal-focus';

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Usually the action buttons; right-aligned under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * Dialog rendered in a portal on document.body. Escape, a click on the backdrop and the × button call
 * `onClose`. Focus moves to the first focusable control of the body (else the dialog), Tab is kept inside,
 * and focus returns to the previously focused element when it closes.
 */
export function Modal({ open, title, onClose, children, footer, size = 'md', className }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  useModalFocus(open, onClose, dialogRef, bodyRef);

  if (!open || typeof document === 'undefined') return null;

  // Close only when the press both started and ended on the backdrop (a drag out of a field must not close).
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    <div
      className="pui-modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
    >
      <div
        ref={dialogRef}
        className={['pui-modal', `pui-modal--${size}`, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => trapTab(event, dialogRef.current)}
      >
        <div className="pui-modal__header">
          <h2 className="pui-modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="pui-modal__close" aria-label={t('modal.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div ref={bodyRef} className="pui-modal__body">
          {children}
        </div>
        {footer && <div className="pui-modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
