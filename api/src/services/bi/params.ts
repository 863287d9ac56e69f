// The filters of `GET bi/{metric}` (spec section 2 "BI page", 5, 9): carrier, POL, POD, the created_at range
// (created_at_range_after / created_at_range_before), the metric's numeric filters (whole numbers, minimum 1)
// and the page of table metrics (from 0). Carrier, POL, POD and dates are parsed by the shipment list's own
// parser (services/shipment-filters), so a BI number and the list agree on what a filter means; its field
// errors come back under the BI parameter names.
import type { BiListQuery } from '@portal/shared-api/domain';
import { ApiError, ErrorCollector, type FieldErrors } from '../../lib/errors';
import { parseShipmentFilters, type RawQuery, type ShipmentFilters } from '../shipments/filters';
import type { MetricDef } from './catalogue';

/** A shipment-list query (`/shipments?…`): what a chart click drills down to. */
export type ListQuery = BiListQuery;

export interface BiParams {
  /** carrier, pol_loc, pod_loc and dates.created_at (hidden shipments excluded). */
  filters: ShipmentFilters;
  numeric: Record<string, number>;
  /** Table page, from 0. */
  page: number;
  /** The same filters as a shipment-list query. */
  listQuery: ListQuery;
  /** created_at range as given (yyyy-MM-dd or date-time), for the drill-downs. */
  after?: string;
  before?: string;
}

const BI_MESSAGES = {
  integer: 'A valid integer is required.',
  min: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  max: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  range: 'Must be on or before created_at_range_before.',
  tooMany: (n: number) => `Ensure this field has no more than ${n} elements.`,
} as const;

/** Names of the list parser's fields → the BI parameter names. */
const RENAME: Record<string, string> = {
  created_at_after: 'created_at_range_after',
  created_at_before: 'created_at_range_before',
};

function list(query: RawQuery, key: string): string[] {
  const raw = query[key];
  const all = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return all
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
const last = (query: RawQuery, key: string) => {
  const l = list(query, key);
  return l.length ? l[l.length - 1] : undefined;
};

export function parseBiParams(def: MetricDef, query: RawQuery, now: Date = new Date()): BiParams {
  const errors = new ErrorCollector();
  const carriers = list(query, 'carrier');
  if (carriers.length > 50) errors.add('carrier', BI_MESSAGES.tooMany(50));
  const pol = last(query, 'pol_loc') ?? last(query, 'pol');
  const pod = last(query, 'pod_loc') ?? last(query, 'pod');
  const after = last(query, 'created_at_range_after');
  const before = last(query, 'created_at_range_before');
  const listQuery: ListQuery = {};
  if (carriers.length) listQuery.carrier = carriers.slice(0, 50);
  if (pol) listQuery.pol_loc = pol.slice(0, 100);
  if (pod) listQuery.pod_loc = pod.slice(0, 100);
  if (after) listQuery.created_at_after = after;
  if (before) listQuery.created_at_before = before;

  let filters: ShipmentFilters | null = null;
  try {
    filters = parseShipmentFilters(listQuery, now);
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
    for (const [field, messages] of Object.entries(error.body as FieldErrors)) {
      for (const m of messages) errors.add(RENAME[field] ?? field, m);
    }
  }
  const range = filters?.dates.created_at;
  if (range?.from && range.to && range.from >= range.to)
    errors.add('created_at_range_after', BI_MESSAGES.range);

  const numeric: Record<string, number> = {};
  for (const f of def.numericFilters) {
    const raw = last(query, f.name);
    if (raw === undefined) {
      numeric[f.name] = f.default;
      continue;
    }
    if (!/^[+-]?\d{1,7}$/.test(raw)) errors.add(f.name, BI_MESSAGES.integer);
    else if (Number(raw) < f.min) errors.add(f.name, BI_MESSAGES.min(f.min));
    else if (Number(raw) > f.max) errors.add(f.name, BI_MESSAGES.max(f.max));
    else numeric[f.name] = Number(raw);
  }

  let page = 0;
  const rawPage = last(query, 'page');
  if (rawPage !== undefined) {
    if (!/^\d{1,7}$/.test(rawPage)) errors.add('page', BI_MESSAGES.integer);
    else page = Number(rawPage);
  }
  errors.throwIfAny();
  return { filters: filters!, numeric, page, listQuery, after, before };
}
