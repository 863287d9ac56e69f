// The map page's filters as kept in the URL query (spec section 2: search, health, POL, POD), through
// useUrlFilters: typed text reaches the URL after 500 ms, health at once. The URL keys are the API's parameter
// names, so the applied filters are the coordinates query.
import type { FilterSchema } from '@portal/shared-ui/lists';
import type { Query } from '@portal/shared-api';

export const MAP_FILTERS = {
  search: 'text',
  health: 'value',
  pol_loc: 'text',
  pod_loc: 'text',
} as const satisfies FilterSchema;

/** The coordinates call's query: the applied filters without the list's page and ordering. */
export function mapQuery(query: Query): Query {
  const out: Query = {};
  for (const key of Object.keys(MAP_FILTERS) as Array<keyof typeof MAP_FILTERS>) {
    const value = query[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** mapQuery of a URL's query string, as the page reads it (used before the page has rendered). */
export function mapQueryFromSearch(search: string): Query {
  const params = new URLSearchParams(search);
  const out: Query = {};
  for (const key of Object.keys(MAP_FILTERS) as Array<keyof typeof MAP_FILTERS>) {
    const value = params.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}
