import { axisTitleKey, cutLabel, drillQuery, formatValue, scale, smallCountAxis } from './format';

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

  it('gives small count charts whole-number ticks', () => {
    // Two bars of 1: ticks 0 and 1, not 0,20 … 1,20.
    expect(smallCountAxis([[1, 1]], 'count', false)).toEqual({ min: 0, max: 1, tickAmount: 1 });
    // Stacked: the tallest stack (1 + 2) sets the top.
    expect(
      smallCountAxis(
        [
          [1, 0],
          [2, 1],
        ],
        'count',
        true,
      ),
    ).toEqual({ min: 0, max: 3, tickAmount: 3 });
    expect(
      smallCountAxis(
        [
          [1, 0],
          [2, 1],
        ],
        'count',
        false,
      ),
    ).toEqual({ min: 0, max: 2, tickAmount: 2 });
    expect(smallCountAxis([[null, 0]], 'count', false)).toEqual({ min: 0, max: 1, tickAmount: 1 });
    // Taller bars and other units keep the chart's own scale.
    expect(smallCountAxis([[4, 8]], 'count', false)).toBeNull();
    expect(smallCountAxis([[0.4]], 'days', false)).toBeNull();
  });

  it('titles the y axis by what is counted', () => {
    expect(axisTitleKey('count', 'shipment')).toBe('units.count');
    expect(axisTitleKey('count', 'company')).toBe('units.count');
    expect(axisTitleKey('count', 'tracking_request')).toBe('units.number');
    expect(axisTitleKey('count', 'carrier_event')).toBe('units.number');
    expect(axisTitleKey('percent', 'tracking_request')).toBe('units.percent');
    expect(axisTitleKey('hours', 'carrier_event')).toBe('units.hours');
  });
});
