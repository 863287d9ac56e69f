// A numeric filter of a BI metric (spec section 2: number inputs, minimum 1): an <input type="number"> with the
// metric's bounds, whose text is checked as typed. A decimal, an empty field, text the browser cannot read as a
// number and a value out of bounds show the field's message (and the page disables Update and Export) instead of
// being changed or dropped silently.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@portal/shared-ui';
import { checkNumeric } from '../../lib/bi-url';
import { NS } from '../../i18n';

export interface BiNumberInputProps {
  id: string;
  name: string;
  label: string;
  min: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
}

export function BiNumberInput({ id, name, label, min, max, value, onChange }: BiNumberInputProps) {
  const { t } = useTranslation(NS);
  // What the browser could not read as a number ('abc', '1e'): its value is then '' whatever is on screen.
  const [unreadable, setUnreadable] = useState(false);
  const invalid = unreadable || checkNumeric(value, min, max) !== null;
  return (
    <TextInput
      id={id}
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      required
      autoComplete="off"
      value={value}
      onChange={(event) => {
        setUnreadable(event.target.validity?.badInput ?? false);
        onChange(event.target.value);
      }}
      error={invalid ? t('numericInvalid', { min, max }) : undefined}
    />
  );
}
