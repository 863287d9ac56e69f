// A threshold in days (spec section 5: numbers, thresholds at least 1), kept exactly as typed: '2.5', 'abc' or
// an eleven-digit number stay on screen with the field's message and are never applied (no character dropped,
// no number cut short); only a whole number within the bounds reaches the form. `onValidityChange` lets the
// page hold Save while the text is not acceptable.
import { useEffect, useState, type ChangeEvent } from 'react';
import { checkInteger, TextInput, type IntegerCheck, type TextInputProps } from '@portal/shared-ui';

/** The API keeps every number of a profile in a PostgreSQL integer. */
export const INT4_MAX = 2_147_483_647;
const MAX_DIGITS = String(INT4_MAX).length;

export type ThresholdInputProps = Omit<TextInputProps, 'type' | 'min' | 'max' | 'value' | 'onChange'> & {
  /** The applied value: '' or a whole number as text. */
  value: string;
  onValueChange: (value: string) => void;
  onValidityChange?: (valid: boolean) => void;
  min: number;
  max: number;
  /** The field's own messages. */
  messages: { number: string; min: string; max: string };
};

/** Reads a typed threshold: a whole number within [min, max]; a longer run of digits is out of bounds, not cut. */
export function checkThreshold(text: string, min: number, max: number): IntegerCheck {
  const check = checkInteger(text, { min, max, maxDigits: MAX_DIGITS });
  if (!check.ok && check.reason === 'number' && /^\s*-?\d+\s*$/.test(text)) {
    return { ok: false, reason: text.trim().startsWith('-') ? 'min' : 'max' };
  }
  return check;
}

const appliedText = (check: IntegerCheck) =>
  check.ok ? (check.value === null ? '' : String(check.value)) : null;

export function ThresholdInput({
  value,
  onValueChange,
  onValidityChange,
  min,
  max,
  messages,
  error,
  ...rest
}: ThresholdInputProps) {
  const [draft, setDraft] = useState(value);

  // a change from outside (a reloaded profile, "same as the portal") replaces what is typed
  useEffect(() => {
    setDraft((current) =>
      appliedText(checkThreshold(current, min, max)) === value.trim() ? current : value,
    );
  }, [value, min, max]);

  const check = checkThreshold(draft, min, max);
  useEffect(() => {
    onValidityChange?.(check.ok);
    // only when the validity flips
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.ok]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    const applied = appliedText(checkThreshold(text, min, max));
    if (applied !== null) onValueChange(applied);
  };

  const own = check.ok ? undefined : messages[check.reason];
  const shown = [...new Set([own, ...(Array.isArray(error) ? error : error ? [error] : [])])].filter(
    (m): m is string => Boolean(m),
  );
  return (
    <TextInput
      type="text"
      inputMode={min >= 0 ? 'numeric' : 'text'}
      autoComplete="off"
      maxLength={40}
      value={draft}
      onChange={handleChange}
      error={shown.length ? shown : undefined}
      {...rest}
    />
  );
}
