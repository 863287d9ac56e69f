import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '../text-input/TextInput';

export type NumberInputProps = Omit<
  TextInputProps,
  'type' | 'min' | 'max' | 'value' | 'defaultValue' | 'onChange'
> & {
  /** The applied value: '' (empty) or a whole number, e.g. '-7'. */
  value: string;
  /** Called with '' or a whole number within `min`/`max` (as text); never with a half-typed '-'. */
  onValueChange: (value: string) => void;
  /** Told whether what is typed is a number the field accepts (for forms that disable Save). */
  onValidityChange?: (valid: boolean) => void;
  min?: number;
  max?: number;
  /** Digits accepted, sign excluded (5 by default). */
  maxDigits?: number;
  /** The field's own wording of its messages, e.g. { min: 'The minimum is 1.' } (common texts otherwise). */
  messages?: { number?: string; min?: string; max?: string };
};

export type IntegerCheck =
  { ok: true; value: number | null } | { ok: false; reason: 'number' | 'min' | 'max' };

/** Reads a typed whole number: '' → null, '-7' → -7; '-' alone, '7-' or out of bounds are refused with a reason. */
export function checkInteger(
  text: string,
  { min, max, maxDigits = 5 }: { min?: number; max?: number; maxDigits?: number } = {},
): IntegerCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!new RegExp(`^-?\\d{1,${maxDigits}}$`).test(trimmed)) return { ok: false, reason: 'number' };
  const n = Number(trimmed);
  if (min !== undefined && n < min) return { ok: false, reason: 'min' };
  if (max !== undefined && n > max) return { ok: false, reason: 'max' };
  return { ok: true, value: n };
}

/** What may be on screen while typing: an optional leading minus, then digits. */
const TYPABLE = /^\s*-?\d*\s*$/;

/**
 * Whole-number input that takes negative numbers (a leading minus, e.g. days to arrival of a delivered
 * shipment). It keeps what is being typed ('-' on the way to '-7') and reports to `onValueChange` only
 * numbers it accepts, so a half-typed value is never applied; other characters are not taken; a value out
 * of `min`/`max` or a lone '-' shows why under the field instead of being changed silently.
 */
export function NumberInput({
  value,
  onValueChange,
  onValidityChange,
  min,
  max,
  maxDigits = 5,
  messages: wording,
  error,
  inputMode,
  ...rest
}: NumberInputProps) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState(value);

  // a change from outside (Reset Filters, a URL, a reopened form) replaces what is typed
  useEffect(() => {
    setDraft((current) => {
      const check = checkInteger(current, { min, max, maxDigits });
      const applied = check.ok ? (check.value === null ? '' : String(check.value)) : null;
      return applied === value.trim() ? current : value;
    });
  }, [value, min, max, maxDigits]);

  const check = checkInteger(draft, { min, max, maxDigits });
  useEffect(() => {
    onValidityChange?.(check.ok);
    // only when the validity flips
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.ok]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    if (!TYPABLE.test(text) || text.replace(/\D/g, '').length > maxDigits) return;
    setDraft(text);
    const next = checkInteger(text, { min, max, maxDigits });
    if (next.ok) onValueChange(next.value === null ? '' : String(next.value));
  };

  const own = check.ok
    ? undefined
    : check.reason === 'min'
      ? (wording?.min ?? t('numberInput.min', { min }))
      : check.reason === 'max'
        ? (wording?.max ?? t('numberInput.max', { max }))
        : (wording?.number ?? t('numberInput.number'));
  const messages = [...new Set([own, ...(Array.isArray(error) ? error : error ? [error] : [])])].filter(
    (m): m is string => Boolean(m),
  );

  return (
    <TextInput
      type="text"
      // 'numeric' keyboards on phones have no minus key: offer it only when negatives are refused anyway
      inputMode={inputMode ?? (min !== undefined && min >= 0 ? 'numeric' : 'text')}
      autoComplete="off"
      value={draft}
      onChange={handleChange}
      error={messages.length ? messages : undefined}
      {...rest}
    />
  );
}
