import type { ReactNode } from 'react';
import { Field, fieldAria, useFieldId } from '../field/Field';

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  label?: ReactNode;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** First option with value ''; choosing it clears the selection. */
  placeholder?: string;
  error?: string | string[];
  hint?: ReactNode;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
};

/** A styled native select. */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  hint,
  disabled,
  id,
  name,
  className,
}: SelectProps) {
  const selectId = useFieldId(id);
  return (
    <Field id={selectId} label={label} hint={hint} error={error} className={className}>
      <select
        id={selectId}
        name={name}
        className="pui-select"
        value={value}
        disabled={disabled}
        {...fieldAria(selectId, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
