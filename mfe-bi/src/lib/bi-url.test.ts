import type { Catalogue } from './bi-api';
import { checkNumeric, readBiView, writeBiView } from './bi-url';

const text = (s: string) => ({ en: s, es: s });
const STOPPED = {
  category: 'real_time',
  metric: 'stopped_containers',
  specialType: 'table',
  filters: ['carrier', 'pol_loc'],
  numericFilters: [{ name: 'stopped_days', default: 3, min: 1, max: 365, labels: text('Days') }],
};
const CATALOGUE = { categories: [], metrics: [STOPPED] } as unknown as Catalogue;
const def = CATALOGUE.metrics[0];

describe('the BI view in the URL', () => {
  it('writes the metric, the filters it takes under the API names and the table page from 1', () => {
    const params = writeBiView(
      def,
      {
        carrier: '3',
        pol: ' ESVLC ',
        pod: 'ignored',
        after: '2026-01-01',
        before: '',
        numeric: { stopped_days: '9' },
      },
      2,
    );
    expect(params.toString()).toBe('metric=stopped_containers&carrier=3&pol_loc=ESVLC&stopped_days=9&page=3');
  });

  it('reads it back; numeric filters missing take their default; page 1 is the API page 0', () => {
    expect(readBiView(new URLSearchParams('metric=stopped_containers&carrier=3&page=3'), CATALOGUE)).toEqual({
      metric: 'stopped_containers',
      filters: { carrier: '3', pol: '', pod: '', after: '', before: '', numeric: { stopped_days: '3' } },
      page: 2,
    });
    expect(readBiView(new URLSearchParams('metric=stopped_containers&page=-4'), CATALOGUE)?.page).toBe(0);
  });

  it('reads nothing for a URL without a metric of the catalogue, and bounds what it keeps', () => {
    expect(readBiView(new URLSearchParams(''), CATALOGUE)).toBeNull();
    expect(readBiView(new URLSearchParams('metric=tq_completeness'), CATALOGUE)).toBeNull();
    expect(readBiView(new URLSearchParams('metric=stopped_containers'), null)).toBeNull();
    const long = readBiView(
      new URLSearchParams(`metric=stopped_containers&pol_loc=${'x'.repeat(500)}`),
      CATALOGUE,
    );
    expect(long?.filters.pol).toHaveLength(100);
  });

  it('accepts whole numbers within the bounds only', () => {
    expect(checkNumeric('7', 1, 365)).toBeNull();
    for (const bad of ['', '0', '2.5', '-3', 'abc', '366', '1e3'])
      expect(checkNumeric(bad, 1, 365)).toBe('whole');
  });
});
