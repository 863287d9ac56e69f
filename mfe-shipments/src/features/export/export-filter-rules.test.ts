import { datesApplied, daysApplied, liveProblem, many, one, withAppliedValue } from './export-filter-rules';

describe('one and many', () => {
  it('read a filter as one text or as a list', () => {
    expect(one(['3', '5'])).toBe('3');
    expect(one([])).toBe('');
    expect(one(undefined)).toBe('');
    expect(one('x')).toBe('x');
    expect(many('x')).toEqual(['x']);
    expect(many('')).toEqual([]);
    expect(many(undefined)).toEqual([]);
    expect(many(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('liveProblem', () => {
  it('waits for a whole date before calling it wrong', () => {
    expect(liveProblem('2024-13', 'date')).toBeUndefined();
    expect(liveProblem('2024-13-40', 'date')).toBe('errors.invalidDate');
    expect(liveProblem('2024-02-29', 'date')).toBeUndefined();
  });

  it('lets a minus sign alone be typed, and names a day count that is not a whole number', () => {
    expect(liveProblem('-', 'day')).toBeUndefined();
    expect(liveProblem('', 'day')).toBeUndefined();
    expect(liveProblem('-12', 'day')).toBeUndefined();
    expect(liveProblem('1.5', 'day')).toBe('errors.number');
  });
});

describe('applied counts', () => {
  it('counts the day filters set, with the order by days to arrival as one', () => {
    expect(daysApplied({})).toBe(0);
    expect(daysApplied({ dta: '3', dtd_max: '', order_dta: 'true' })).toBe(2);
    expect(daysApplied({ order_dta: 'false' })).toBe(0);
  });

  it('counts the date range ends set', () => {
    expect(datesApplied({ eta_after: '2024-01-01', etd_rel_max: '5', search: 'x' })).toBe(2);
  });
});

describe('withAppliedValue', () => {
  const options = [{ value: '3', label: 'Maersk' }];

  it('adds an applied value the options do not hold, as itself', () => {
    expect(withAppliedValue(options, '9')).toEqual([...options, { value: '9', label: '9' }]);
  });

  it('adds nothing for a known or empty value', () => {
    expect(withAppliedValue(options, '3')).toEqual(options);
    expect(withAppliedValue(options, '')).toEqual(options);
  });
});
