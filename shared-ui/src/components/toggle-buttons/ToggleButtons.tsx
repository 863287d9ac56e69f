import { useId, type ReactNode } from 'react';

export type ToggleOption = { value: string; label: string };

export type ToggleButtonsProps = {
  options: ToggleOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Several values may be pressed at once (default). When false, pressing one releases the others. */
  multiple?: boolean;
  label?: ReactNode;
  disabled?: boolean;
  className?: string;
};

/**
 * A group of toggle buttons (aria-pressed), e.g. the Tracking Status filter. Pressing a pressed button
 * releases it, also in single mode. The new value keeps the order of `options`.
 */
export function ToggleButtons({
  options,
  value,
  onChange,
  multiple = true,
  label,
  disabled,
  className,
}: ToggleButtonsProps) {
  const labelId = useId();
  const toggle = (optionValue: string) => {
    const pressed = value.includes(optionValue);
    if (!multiple) {
      onChange(pressed ? [] : [optionValue]);
      return;
    }
    const next = pressed ? value.filter((v) => v !== optionValue) : [...value, optionValue];
    const order = options.map((o) => o.value);
    onChange(
      next.sort((a, b) => {
        const ia = order.indexOf(a);
        const ib = order.indexOf(b);
        return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
      }),
    );
  };
  return (
    <div className={['pui-toggle-buttons', className].filter(Boolean).join(' ')}>
      {label !== undefined && (
        <span className="pui-field__label" id={labelId}>
          {label}
        </span>
      )}
      <div
        className="pui-toggle-buttons__group"
        role="group"
        aria-labelledby={label !== undefined ? labelId : undefined}
      >
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="pui-toggle-buttons__button"
            aria-pressed={value.includes(option.value)}
            disabled={disabled}
            onClick={() => toggle(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
