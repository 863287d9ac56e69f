import { cutLabel, drillQuery, formatValue, scale } from './format';

describe('BI display rules (spec section 9)', () => {
  it('cuts labels at 13 characters', () => {
    expect(cutLabel('ESVLC → CNSHA')).toBe('ESVLC → CNSHA');
    expect(cutLabel('Waiting for departure from POL')).toBe('Waiting for …');
    expect(cutLabel('Waiting for departure from POL')).toHaveLength(13);
  });

  it('scales percent values by 100 and keeps the others', () => {
    expect(scale(0.125, 'percent')).toBe(12.5);
    expect(scale(3, 'days')).toBe(3);
    expect(scale(null, 'percent')).toBeNull();
  });

  it('shows numbers with 2 decimals in the language', () => {
    expect(formatValue(2.256, 'days', 'en')).toBe('2.26');
    expect(formatValue(1234.5, 'count', 'es')).toMatch(/^1\.?234,50$/);
    expect(formatValue(50, 'percent', 'en')).toBe('50.00 %');
    expect(formatValue(null, 'days', 'en')).toBe('—');
  });

  it('builds the drill-down query, or none when a part has no drill-down', () => {
    expect(
      drillQuery({ carrier: ['1', '2'], pol_loc: 'ESVLC' }, { carrier: '3' }, { health: 'delayed' }),
    ).toBe('carrier=3&pol_loc=ESVLC&health=delayed');
    expect(drillQuery({ a: 'x' }, { b: 'y' }, {})).toBe('a=x&b=y');
    expect(drillQuery(null, {}, {})).toBeNull();
    expect(drillQuery({}, null, {})).toBeNull();
    expect(drillQuery({}, {}, null)).toBeNull();
  });
});
