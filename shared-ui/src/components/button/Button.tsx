import type { ComponentProps } from 'react';
import { Spinner } from '../spinner/Spinner';

/** All native button props (ref included) plus the design-system ones. */
export type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  size?: 'sm' | 'md';
  /** Shows a small spinner, disables the button and sets aria-busy. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  type = 'button',
  disabled,
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  const classes = ['pui-button', `pui-button--${variant}`, `pui-button--${size}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
}
