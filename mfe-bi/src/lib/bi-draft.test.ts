import type { Catalogue, MetricResult } from './bi-api';
import {
  draftFollowing,
  draftWithCategory,
  draftWithMetric,
  emptyDraft,
  isEmptyResult,
  type Draft,
} from './bi-draft';
import { emptyFilters } from './bi-url';

const metric = (category: string, name: string, numeric: { name: string; default: number }[] = []) => ({
  category,
  metric: name,
  numericFilters: numeric.map((n) => ({ ...n, min: 1, max: 365 })),
  filters: ['carrier'],
});
const CATALOGUE = {
  categories: [{ key: 'real_time' }, { key: 'shipments' }],
  metrics: [
    metric('real_time', 'active_by_stage'),
    metric('real_time', 'arrivals_next_days', [{ name: 'dta', default: 7 }]),
    metric('shipments', 'created_per_month'),
  ],
} as unknown as Catalogue;

const draft = (over: Partial<Draft>): Draft => ({ ...emptyDraft(), ...over });

describe('the BI draft', () => {
  it('follows the URL view when it names a metric', () => {
    const filters = { ...emptyFilters(), carrier: '4', numeric: { dta: '30' } };
    expect(
      draftFollowing(CATALOGUE, { metric: 'arrivals_next_days', filters, page: 0 }, emptyDraft()),
    ).toEqual({
      category: 'real_time',
      metric: 'arrivals_next_days',
      filters,
    });
  });

  it('with nothing asked keeps the chosen metric, or starts on the first of the first category', () => {
    const kept = draftFollowing(CATALOGUE, null, draft({ metric: 'arrivals_next_days', category: 'x' }));
    expect(kept).toEqual({
      category: 'real_time',
      metric: 'arrivals_next_days',
      filters: { ...emptyFilters(), numeric: { dta: '7' } },
    });
    expect(draftFollowing(CATALOGUE, null, emptyDraft())).toMatchObject({
      category: 'real_time',
      metric: 'active_by_stage',
    });
  });

  it('another metric keeps the common filters and resets the numeric ones to its defaults', () => {
    const d = draft({
      category: 'shipments',
      metric: 'created_per_month',
      filters: { ...emptyFilters(), pol: 'ESVLC' },
    });
    expect(draftWithMetric(CATALOGUE, d, 'arrivals_next_days')).toEqual({
      category: 'real_time',
      metric: 'arrivals_next_days',
      filters: { ...emptyFilters(), pol: 'ESVLC', numeric: { dta: '7' } },
    });
  });

  it('another category chooses its first metric', () => {
    const d = draft({
      category: 'real_time',
      metric: 'arrivals_next_days',
      filters: { ...emptyFilters(), numeric: { dta: '9' } },
    });
    expect(draftWithCategory(CATALOGUE, d, 'shipments')).toEqual({
      category: 'shipments',
      metric: 'created_per_month',
      filters: emptyFilters(),
    });
    expect(draftWithCategory(CATALOGUE, d, 'unknown')).toMatchObject({ category: 'unknown', metric: '' });
  });

  it('an answer is empty without labels, or without rows on the first table page', () => {
    expect(isEmptyResult(null)).toBe(true);
    expect(isEmptyResult({ kind: 'chart', labels: [] } as unknown as MetricResult)).toBe(true);
    expect(isEmptyResult({ kind: 'chart', labels: ['a'] } as unknown as MetricResult)).toBe(false);
    expect(isEmptyResult({ kind: 'table', count: 0, page: 0 } as unknown as MetricResult)).toBe(true);
    expect(isEmptyResult({ kind: 'table', count: 0, page: 2 } as unknown as MetricResult)).toBe(false);
  });
});
