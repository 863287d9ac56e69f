import {
  containerCheckDigit,
  hasValidCheckDigit,
  isContainerNumberFormat,
  normalizeContainerNumber,
} from './container-number';

describe('container numbers', () => {
  it('accepts four uppercase letters, six digits, an optional hyphen and a digit', () => {
    expect(isContainerNumberFormat('CSQU3054383')).toBe(true);
    expect(isContainerNumberFormat('CSQU305438-3')).toBe(true);
    for (const bad of [
      'csqu3054383',
      'CSQ3054383',
      'CSQU305438',
      'CSQU30543833',
      'CSQU 3054383',
      'CSQU30543-83',
    ])
      expect(isContainerNumberFormat(bad)).toBe(false);
  });

  it('computes the ISO 6346 check digit (letter values skip multiples of 11)', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    expect(containerCheckDigit('TGH1123456')).toBe(null);
    expect(hasValidCheckDigit('CSQU3054383')).toBe(true);
    expect(hasValidCheckDigit('CSQU305438-3')).toBe(true);
    expect(hasValidCheckDigit('CSQU3054384')).toBe(false);
  });

  it('drops the hyphen when normalizing', () => {
    expect(normalizeContainerNumber('CSQU305438-3')).toBe('CSQU3054383');
  });
});
