// The BI form as a draft until Update: which metric and filters it holds when the URL changes, when a metric or
// a category is chosen, and whether an answer has anything to show. No screen here, only the rules.
import type { Catalogue, MetricResult } from './bi-api';
import { emptyFilters, type BiFilters, type BiView } from './bi-url';

export interface Draft {
  category: string;
  metric: string;
  filters: BiFilters;
}

export const emptyDraft = (): Draft => ({ category: '', metric: '', filters: emptyFilters() });

/**
 * The form after the URL changed (arrival, Back, a shared link): the URL's view when it names a metric; with
 * nothing asked it keeps the chosen metric, or starts on the first metric of the first category.
 */
export function draftFollowing(catalogue: Catalogue, applied: BiView | null, current: Draft): Draft {
  const def = catalogue.metrics.find((m) => m.metric === applied?.metric);
  if (applied && def) return { category: def.category, metric: def.metric, filters: applied.filters };
  const kept = catalogue.metrics.find((m) => m.metric === current.metric);
  const first = catalogue.metrics.find((m) => m.category === catalogue.categories[0]?.key);
  const next = kept ?? first;
  return { category: next?.category ?? '', metric: next?.metric ?? '', filters: emptyFilters(next) };
}

/** Another metric: its category follows, the common filters stay, the numeric ones start at the metric's defaults. */
export function draftWithMetric(catalogue: Catalogue | null, d: Draft, name: string): Draft {
  const next = catalogue?.metrics.find((m) => m.metric === name);
  return {
    category: next?.category ?? d.category,
    metric: name,
    filters: { ...d.filters, numeric: emptyFilters(next).numeric },
  };
}

/** Another category: its first metric is chosen, as by draftWithMetric. */
export function draftWithCategory(catalogue: Catalogue | null, d: Draft, key: string): Draft {
  const first = catalogue?.metrics.find((m) => m.category === key);
  return {
    category: key,
    metric: first?.metric ?? '',
    filters: { ...d.filters, numeric: emptyFilters(first).numeric },
  };
}

/** Nothing to show: no answer, a chart without labels, or a table without rows on its first page. */
export function isEmptyResult(result: MetricResult | null): boolean {
  if (!result) return true;
  return result.kind === 'chart' ? result.labels.length === 0 : result.count === 0 && result.page === 0;
}

export const sameQuery = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
