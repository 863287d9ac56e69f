// ISO 6346 container numbers: the tag format of spec section 5 and the check digit.

/** Four uppercase letters, six digits, an optional hyphen and one more digit (spec section 5). */
export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{4}\d{6}-?\d$/;

export function isContainerNumberFormat(text: string): boolean {
  return CONTAINER_NUMBER_PATTERN.test(text);
}

/** The same number without the optional hyphen (ABCU123456-5 → ABCU1234565). */
export function normalizeContainerNumber(text: string): string {
  return text.replace('-', '');
}

// Letter values of ISO 6346: A=10 upwards, skipping the multiples of 11.
function letterValue(letter: string): number {
  let value = 10;
  for (let code = 'A'.charCodeAt(0); code < letter.charCodeAt(0); code++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
}

/** The check digit ISO 6346 gives for the first ten characters (owner code + serial), or null when malformed. */
export function containerCheckDigit(text: string): number | null {
  const base = normalizeContainerNumber(text).slice(0, 10);
  if (!/^[A-Z]{4}\d{6}$/.test(base)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = base[i];
    const value = i < 4 ? letterValue(ch) : Number(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** True when the number has the right format and its last digit is the ISO 6346 check digit. */
export function hasValidCheckDigit(text: string): boolean {
  if (!isContainerNumberFormat(text)) return false;
  const normalized = normalizeContainerNumber(text);
  return containerCheckDigit(normalized) === Number(normalized[10]);
}
