// The columns of the tracking request list (spec section 2): every one the Configure Columns modal offers,
// the defaults, and the ones the API can sort by.
import {
  TRACKING_REQUEST_DEFAULT_COLUMNS,
  TRACKING_REQUEST_LIST_COLUMNS,
  TRACKING_REQUEST_ORDERING_FIELDS,
  type TrackingRequestListColumn,
} from '@portal/shared-api/domain';

/** Display order; id is always shown. */
export const ALL_COLUMNS = TRACKING_REQUEST_LIST_COLUMNS;

export type ColumnKey = TrackingRequestListColumn;

export const DEFAULT_COLUMNS: readonly ColumnKey[] = TRACKING_REQUEST_DEFAULT_COLUMNS;

export const FIXED_COLUMNS: readonly ColumnKey[] = ['id'];

/** Columns whose header sorts the list (the API's ordering fields); the others are computed or lists. */
export const SORTABLE_COLUMNS: readonly ColumnKey[] = TRACKING_REQUEST_ORDERING_FIELDS;

export const DEFAULT_ORDERING = '-created_at';

/** At 620 px the columns that say which request it is and how it goes, first (after the fixed id). */
export const NARROW_KEY_COLUMNS: readonly ColumnKey[] = [
  'id',
  'status',
  'code_value',
  'shipments_health',
  'shipments_count',
  'carrier',
];

/** The visible columns in display order: on a narrow screen the key ones come first, the rest keep their order. */
export function orderedColumns(visible: readonly ColumnKey[], narrow: boolean): ColumnKey[] {
  if (!narrow) return [...visible];
  const keys = NARROW_KEY_COLUMNS.filter((key) => visible.includes(key));
  return [...keys, ...visible.filter((key) => !keys.includes(key))];
}

/** The list's filters, as kept in the URL. */
export const FILTERS = {
  search: 'text',
  status: 'list',
  carrier_id: 'value',
  project_id: 'value',
  last_update_after: 'value',
  last_update_before: 'value',
  created_at_after: 'value',
  created_at_before: 'value',
} as const;
