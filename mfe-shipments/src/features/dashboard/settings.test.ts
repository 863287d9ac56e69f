import { groupEventCodes, parseDays, showDaysInAdvance, storedDaysInAdvance } from './settings';

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

describe('attention-code groups', () => {
  it('groups the codes by category, alerts first, codes ascending, unknown categories under other', () => {
    const groups = groupEventCodes([
      { code: 202, category: 'transport' },
      { code: 906, category: 'alert' },
      { code: 101, category: 'equipment' },
      { code: 901, category: 'alert' },
      { code: 301, category: 'shipment' },
      { code: 999, category: 'mystery' },
      { code: 998 },
    ]);
    expect(groups.map((g) => [g.category, g.codes.map((c) => c.code)])).toEqual([
      ['alert', [901, 906]],
      ['transport', [202]],
      ['equipment', [101]],
      ['shipment', [301]],
      ['other', [998, 999]],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupEventCodes([{ code: 101, category: 'equipment' }]).map((g) => g.category)).toEqual([
      'equipment',
    ]);
    expect(groupEventCodes([])).toEqual([]);
  });
});
