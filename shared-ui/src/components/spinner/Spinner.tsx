export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** When given, the spinner is announced (role="status") with this text; otherwise it is decorative. */
  label?: string;
  className?: string;
};

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = ['pui-spinner', `pui-spinner--${size}`, className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status">
      <span className={classes} aria-hidden="true" />
      <span className="pui-visually-hidden">{label}</span>
    </span>
  );
}
