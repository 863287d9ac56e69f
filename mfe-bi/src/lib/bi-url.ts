// The BI view as it is kept in the page's URL (/bi?metric=…&carrier=…): the metric whose chart or table is shown
// and the filters it was asked with, under the API's own parameter names, so that Back from a drill-down finds
// the chart again and a view can be shared. A URL without a (known) metric means nothing has been asked yet.
import type { Query } from '@portal/shared-api';
import type { Catalogue, MetricDef } from './bi-api';

export interface BiFilters {
  carrier: string;
  pol: string;
  pod: string;
  after: string;
  before: string;
  /** The metric's numeric filters as typed (checked by checkNumeric). */
  numeric: Record<string, string>;
}

export interface BiView {
  metric: string;
  filters: BiFilters;
  /** Table page, from 0 (the API's numbering); 1-based in the URL as in the portal's lists. */
  page: number;
}

/** Longest value kept from the URL for a text filter (the API cuts ports at 100 too). */
const MAX_TEXT = 100;
/** Longest date text kept (yyyy-MM-dd, or a date-time the API accepts). */
const MAX_DATE = 30;
/** Highest table page read from the URL (30 rows a page: 300,000 rows). */
const MAX_PAGE = 10_000;

export const emptyFilters = (def?: MetricDef): BiFilters => ({
  carrier: '',
  pol: '',
  pod: '',
  after: '',
  before: '',
  numeric: Object.fromEntries((def?.numericFilters ?? []).map((f) => [f.name, String(f.default)])),
});

/** Why a numeric filter's text is refused ('whole': not a whole number within the bounds), or null when fine. */
export function checkNumeric(text: string, min: number, max: number): 'whole' | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return 'whole';
  const n = Number(trimmed);
  return n < min || n > max ? 'whole' : null;
}

/** True when every numeric filter of the metric holds a number it accepts. */
export function numericValid(def: MetricDef, filters: BiFilters): boolean {
  return def.numericFilters.every((n) => checkNumeric(filters.numeric[n.name] ?? '', n.min, n.max) === null);
}

/** The API query of a metric: only the filters the metric takes, the page for tables. */
export function toApiQuery(def: MetricDef, f: BiFilters, page: number): Query {
  const q: Query = {};
  if (def.filters.includes('carrier') && f.carrier) q.carrier = f.carrier;
  if (def.filters.includes('pol_loc') && f.pol.trim()) q.pol_loc = f.pol.trim();
  if (def.filters.includes('pod_loc') && f.pod.trim()) q.pod_loc = f.pod.trim();
  if (def.filters.includes('created_at_range')) {
    if (f.after) q.created_at_range_after = f.after;
    if (f.before) q.created_at_range_before = f.before;
  }
  for (const n of def.numericFilters) if (f.numeric[n.name]?.trim()) q[n.name] = f.numeric[n.name].trim();
  if (def.specialType === 'table') q.page = String(page);
  return q;
}

/** The URL query of a view: the metric, its filters under the API names, the page (1-based) beyond the first. */
export function writeBiView(def: MetricDef, filters: BiFilters, page = 0): URLSearchParams {
  const params = new URLSearchParams({ metric: def.metric });
  for (const [key, value] of Object.entries(toApiQuery(def, filters, page))) {
    if (key === 'page' || value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  if (def.specialType === 'table' && page > 0) params.set('page', String(page + 1));
  return params;
}

const text = (params: URLSearchParams, key: string, max: number) => (params.get(key) ?? '').slice(0, max);

/**
 * The view a URL asks for, or null when it names no metric of the caller's catalogue (nothing asked yet, a
 * metric of another kind of user, a mistyped link). Numeric filters absent from the URL take their default.
 */
export function readBiView(params: URLSearchParams, catalogue: Catalogue | null): BiView | null {
  const def = catalogue?.metrics.find((m) => m.metric === params.get('metric'));
  if (!def) return null;
  const defaults = emptyFilters(def);
  const filters: BiFilters = {
    carrier: def.filters.includes('carrier') ? text(params, 'carrier', 20) : '',
    pol: def.filters.includes('pol_loc') ? text(params, 'pol_loc', MAX_TEXT) : '',
    pod: def.filters.includes('pod_loc') ? text(params, 'pod_loc', MAX_TEXT) : '',
    after: def.filters.includes('created_at_range') ? text(params, 'created_at_range_after', MAX_DATE) : '',
    before: def.filters.includes('created_at_range') ? text(params, 'created_at_range_before', MAX_DATE) : '',
    numeric: Object.fromEntries(
      def.numericFilters.map((n) => [
        n.name,
        params.has(n.name) ? text(params, n.name, 10) : defaults.numeric[n.name],
      ]),
    ),
  };
  const asked = Number(params.get('page') ?? '1');
  const page =
    def.specialType === 'table' && Number.isInteger(asked) && asked > 1 ? Math.min(asked, MAX_PAGE) - 1 : 0;
  return { metric: def.metric, filters, page };
}
