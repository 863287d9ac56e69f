import { iso6346CheckDigit, isValidContainerNumber } from '../../src/tracking/containers';

describe('ISO 6346 container numbers', () => {
  it('computes the check digit of known numbers', () => {
    expect(iso6346CheckDigit('CSQU305438')).toBe(3);
    expect(iso6346CheckDigit('MSKU907032')).toBe(3);
  });
  it('accepts right numbers and refuses wrong ones', () => {
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
    expect(isValidContainerNumber('CSQU305438-3')).toBe(true);
    expect(isValidContainerNumber('CSQU3054384')).toBe(false);
    expect(isValidContainerNumber('CSQ3054383')).toBe(false);
    expect(isValidContainerNumber('csqu3054383')).toBe(false);
  });
});
