import {
  cutLabel,
  dayDiff,
  formatDate,
  formatDecimal,
  formatNumber,
  formatTimestamp,
  percentOf,
} from './formats';

describe('dates and timestamps (spec section 9)', () => {
  it('shows a plain date as it is and a timestamp as its local date', () => {
    expect(formatDate('2026-03-01')).toBe('2026-03-01');
    const local = new Date(2026, 2, 1, 23, 30);
    expect(formatDate(local.toISOString())).toBe('2026-03-01');
    expect(formatDate(local.getTime())).toBe('2026-03-01');
  });

  it('shows timestamps as YYYY-MM-DD HH:mm in local time', () => {
    expect(formatTimestamp(new Date(2026, 0, 5, 7, 4, 59).toISOString())).toBe('2026-01-05 07:04');
    expect(formatTimestamp('2026-01-05')).toBe('2026-01-05 00:00');
  });

  it('gives the caller’s empty text for nothing and for what cannot be read', () => {
    for (const value of [null, undefined, '', 'soon', '2024-02-30', {}, Number.NaN]) {
      expect(formatDate(value)).toBe('');
      expect(formatDate(value, '—')).toBe('—');
      expect(formatTimestamp(value, '-')).toBe('-');
    }
  });

  it('counts whole calendar days between two dates', () => {
    expect(dayDiff('2026-03-01', '2026-03-04')).toBe(3);
    expect(dayDiff('2026-03-29', '2026-03-26')).toBe(-3);
    expect(dayDiff(null, '2026-03-04')).toBeNull();
  });
});

describe('numbers and labels', () => {
  it('shows at most 2 decimals, whole numbers plain', () => {
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(2.456)).toBe('2.46');
    expect(formatNumber('7.5')).toBe('7.50');
    expect(formatNumber(null, '—')).toBe('—');
  });

  it('shows exactly 2 decimals in the language’s notation', () => {
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.50');
    expect(formatDecimal(1234.5, 'es')).toMatch(/^1\.?234,50$/);
    expect(formatDecimal(null, 'es')).toBe('—');
  });

  it('scales BI percent values by 100 and cuts labels at 13 characters', () => {
    expect(percentOf(0.256)).toBeCloseTo(25.6);
    expect(percentOf(null)).toBeNull();
    expect(cutLabel('Rotterdam')).toBe('Rotterdam');
    expect(cutLabel('Mediterranean Shipping Company')).toBe('Mediterranea…');
    expect(cutLabel('Mediterranean Shipping Company').length).toBe(13);
  });
});
