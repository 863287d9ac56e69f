import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { useFieldId } from '../field/Field';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'checked'> & {
  label?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Mixed state, e.g. a "Select all" box with some columns chosen. */
  indeterminate?: boolean;
};

export function Checkbox({
  label,
  checked,
  onChange,
  indeterminate = false,
  id,
  className,
  disabled,
  ...rest
}: CheckboxProps) {
  const inputId = useFieldId(id);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label
      className={['pui-checkbox', disabled && 'pui-checkbox--disabled', className].filter(Boolean).join(' ')}
      htmlFor={inputId}
    >
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-checked={indeterminate ? 'mixed' : undefined}
        onChange={(event) => onChange(event.target.checked)}
        {...rest}
      />
      {label !== undefined && <span className="pui-checkbox__label">{label}</span>}
    </label>
  );
}
