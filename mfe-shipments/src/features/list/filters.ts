// The shipment list's filters as kept in the URL query (through useUrlFilters): their kinds, and the values the
// choice filters accept. URL keys are the API's parameter names, so the applied filters are the API query.
import {
  FILTERABLE_TRACKING_STATUSES,
  SHIPMENT_DATE_FILTER_FIELDS,
  type ShipmentDateFilterField as DateField,
} from '@portal/shared-api/domain';
import type { FilterSchema, FilterValues } from '@portal/shared-ui/lists';

export const STATUS_VALUES = FILTERABLE_TRACKING_STATUSES;

/** The eight date fields filtered by a range (`<field>_after` / `<field>_before`, yyyy-MM-dd). */
export const DATE_FIELDS = SHIPMENT_DATE_FILTER_FIELDS;
export const DAY_FIELDS = ['dtd', 'dta'] as const;

const dateKeys = Object.fromEntries(
  DATE_FIELDS.flatMap((f) => [
    [`${f}_after`, 'value'],
    [`${f}_before`, 'value'],
  ]),
) as Record<`${DateField}_${'after' | 'before'}`, 'value'>;

export const SHIPMENT_FILTERS = {
  search: 'text',
  health: 'value',
  status: 'list',
  carrier: 'value',
  project: 'value',
  pol_loc: 'text',
  pod_loc: 'text',
  ...dateKeys,
  dtd_min: 'text',
  dtd_max: 'text',
  dta_min: 'text',
  dta_max: 'text',
  free_time_ends_within: 'text',
  over_free_time: 'value',
} as const satisfies FilterSchema;

export type ShipmentFilterValues = FilterValues<typeof SHIPMENT_FILTERS>;

/** Keys inside the collapsible More Filters area. */
const MORE_FILTER_KEYS = [
  ...DATE_FIELDS.flatMap((f) => [`${f}_after`, `${f}_before`] as const),
  'dtd_min',
  'dtd_max',
  'dta_min',
  'dta_max',
] as const;

/** How many More Filters fields are applied (shown on the toggle; the area opens by itself when some are). */
export function moreFiltersCount(values: ShipmentFilterValues): number {
  return MORE_FILTER_KEYS.filter((key) => values[key] !== '').length;
}
