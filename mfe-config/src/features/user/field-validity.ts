// Which of a form's number fields are not acceptable right now, so that the page can hold Save, and the rule of
// the days-in-advance field: typed without the minus, it is shown (and sent) negative, as stored.
import { useEffect, useState } from 'react';

/** The set of invalid keys after one field told its validity; the same set when nothing changed. */
export function withValidity(current: Set<string>, key: string, valid: boolean): Set<string> {
  if (valid === !current.has(key)) return current;
  const next = new Set(current);
  if (valid) next.delete(key);
  else next.add(key);
  return next;
}

/** `validity(key)` is the handler a field calls with its validity; the owner hears whether all are valid. */
export function useFieldValidity(onValidityChange: (valid: boolean) => void) {
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  useEffect(() => onValidityChange(invalid.size === 0), [invalid, onValidityChange]);
  return (key: string) => (valid: boolean) => setInvalid((current) => withValidity(current, key, valid));
}

/** A positive whole number typed in the days-in-advance field, made negative; null when it needs no change. */
export function negativeAdvance(typed: string): string | null {
  const trimmed = typed.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) > 0 ? `-${Number(trimmed)}` : null;
}
