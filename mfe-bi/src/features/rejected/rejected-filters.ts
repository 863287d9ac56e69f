// The filters of the rejected-events view and the API query they make; no screen here.
import type { Query } from '@portal/shared-api';

export interface RejectedFilters {
  kind: string;
  carrier: string;
  source: string;
  trackingRequest: string;
  search: string;
  after: string;
  before: string;
}

export const EMPTY_REJECTED_FILTERS: RejectedFilters = {
  kind: '',
  carrier: '',
  source: '',
  trackingRequest: '',
  search: '',
  after: '',
  before: '',
};

/** The list call's query: only the filters given (trimmed), the page beyond the first. */
export function toRejectedQuery(f: RejectedFilters, page: number): Query {
  const q: Query = {};
  if (f.kind) q.kind = f.kind;
  if (f.carrier) q.carrier = f.carrier;
  if (f.source) q.source = f.source;
  if (f.trackingRequest.trim()) q.tracking_request = f.trackingRequest.trim();
  if (f.search.trim()) q.search = f.search.trim();
  if (f.after) q.received_after = f.after;
  if (f.before) q.received_before = f.before;
  if (page > 1) q.page = String(page);
  return q;
}

/** A tracking request is asked by its id: up to ten digits, or nothing. */
export const requestIdValid = (text: string) => /^\d{0,10}$/.test(text.trim());

/** Whether any filter is set (the empty list then says that nothing matches them). */
export const isFiltered = (f: RejectedFilters) => Object.values(f).some(Boolean);
