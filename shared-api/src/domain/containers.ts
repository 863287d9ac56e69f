// ISO 6346 container numbers: four letters (owner code + category), six digits and a check digit; spec
// section 5 lets a hyphen stand before the check digit (ABCU123456-5).

/** Four uppercase letters, six digits, an optional hyphen and one more digit (spec section 5). */
export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{4}\d{6}-?\d$/;

export function isContainerNumberFormat(text: string): boolean {
  return CONTAINER_NUMBER_PATTERN.test(text);
}

/** The same number without the optional hyphen (ABCU123456-5 → ABCU1234565). */
export function normalizeContainerNumber(text: string): string {
  return text.replace('-', '');
}

/** Letter values of ISO 6346: A = 10 upwards, skipping the multiples of 11 (11, 22, 33). */
const LETTER_VALUES: Readonly<Record<string, number>> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++;
    values[letter] = value++;
  }
  return values;
})();

/** The check digit of the first ten characters (owner code + serial, e.g. 'MSKU123456'). */
export function iso6346CheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i];
    const value = /\d/.test(ch) ? Number(ch) : LETTER_VALUES[ch];
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** The check digit ISO 6346 gives for the first ten characters, or null when they are malformed. */
export function containerCheckDigit(text: string): number | null {
  const base = normalizeContainerNumber(text).slice(0, 10);
  return /^[A-Z]{4}\d{6}$/.test(base) ? iso6346CheckDigit(base) : null;
}

/** True when the number has the format of spec section 5 and its last digit is the ISO 6346 check digit. */
export function hasValidCheckDigit(text: string): boolean {
  if (!isContainerNumberFormat(text)) return false;
  const normalized = normalizeContainerNumber(text);
  return containerCheckDigit(normalized) === Number(normalized[10]);
}

/**
 * Whether `value` is a freight container number: the category letter is U (freight), J (detachable equipment)
 * or Z (trailer or chassis), and the check digit is right (a hyphen before it allowed).
 */
export function isValidContainerNumber(value: string): boolean {
  const s = normalizeContainerNumber(value);
  if (!/^[A-Z]{3}[UJZ][0-9]{7}$/.test(s)) return false;
  return iso6346CheckDigit(s.slice(0, 10)) === Number(s[10]);
}
