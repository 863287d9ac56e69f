// ISO 6346 container numbers: four letters (owner code + category) and six digits plus a check digit.

const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let v = 10;
  for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (v % 11 === 0) v++; // 11, 22, 33 are skipped
    values[ch] = v++;
  }
  return values;
})();

/** The check digit of the first ten characters (e.g. 'MSKU123456'). */
export function iso6346CheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i];
    const value = /\d/.test(ch) ? Number(ch) : LETTER_VALUES[ch];
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** Whether `value` is a well-formed ISO 6346 number with the right check digit (hyphen allowed). */
export function isValidContainerNumber(value: string): boolean {
  const s = value.replace('-', '');
  if (!/^[A-Z]{3}[UJZ][0-9]{7}$/.test(s)) return false;
  return iso6346CheckDigit(s.slice(0, 10)) === Number(s[10]);
}
