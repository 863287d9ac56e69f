import { parseDays, showDaysInAdvance, storedDaysInAdvance } from './settings';

describe('dashboard thresholds', () => {
  it('shows days in advance negative, whatever sign was stored, 1 by default', () => {
    expect(showDaysInAdvance(-3)).toBe('-3');
    expect(showDaysInAdvance(3)).toBe('-3');
    expect(showDaysInAdvance(null)).toBe('-1');
  });

  it('takes the magnitude of what is typed, with a minimum of 1', () => {
    expect(parseDays('2')).toBe(2);
    expect(parseDays('-5')).toBe(5);
    expect(parseDays('0')).toBeNull();
    expect(parseDays('')).toBeNull();
    expect(parseDays('1.5')).toBeNull();
    expect(parseDays('abc')).toBeNull();
  });

  it('stores days in advance negative', () => {
    expect(storedDaysInAdvance(4)).toBe(-4);
    expect(storedDaysInAdvance(-4)).toBe(-4);
  });
});
