// Tracking requests (spec sections 3 to 5): their statuses and code types, as both the API and the screens
// know them.

/** Every status of a tracking request, in the order of its life (spec section 4). */
export const TRACKING_REQUEST_STATUSES = [
  'invalid',
  'new',
  'ongoing',
  'pending_archiving',
  'archived',
  'pending_cancelling',
  'cancelled',
] as const;
export type TrackingRequestStatus = (typeof TRACKING_REQUEST_STATUSES)[number];

/** The statuses the list filter offers (the two pending ones pass quickly). */
export const FILTERABLE_TRACKING_STATUSES: readonly TrackingRequestStatus[] = [
  'invalid',
  'new',
  'ongoing',
  'archived',
  'cancelled',
];

/** The statuses Archive and Cancel ask for (PATCH tracking-requests/{id}/). */
export const TRANSITION_STATUSES = ['pending_archiving', 'pending_cancelling'] as const;
export type TransitionStatus = (typeof TRANSITION_STATUSES)[number];

/** Statuses from which Archive and Cancel may be asked (spec section 4). */
export const TRANSITION_FROM: readonly TrackingRequestStatus[] = ['new', 'ongoing'];

/** Statuses in which client code, project and contractual dates may still be changed. */
export const EDITABLE_STATUSES: readonly TrackingRequestStatus[] = ['invalid', 'new', 'ongoing'];

/** The English label of each status (the API's status_verbose; screens translate the status key itself). */
export const TRACKING_REQUEST_STATUS_LABELS: Readonly<Record<TrackingRequestStatus, string>> = {
  invalid: 'Invalid',
  new: 'New',
  ongoing: 'On going',
  pending_archiving: 'Pending archiving',
  archived: 'Archived',
  pending_cancelling: 'Pending cancelling',
  cancelled: 'Cancelled',
};

/** The fixed code types a request tracks by (spec section 3), as GET code-types/ answers them. */
export const CODE_TYPES = [
  { id: 'c_id', name: 'Container number' },
  { id: 'b_id', name: 'Booking number' },
  { id: 'm_bl', name: 'B/L number' },
] as const;
export type CodeTypeId = (typeof CODE_TYPES)[number]['id'];
export interface CodeType {
  id: CodeTypeId;
  name: string;
}
export const CODE_TYPE_IDS: readonly CodeTypeId[] = CODE_TYPES.map((c) => c.id);
/** The English name of a code type ('Container number', …). */
export const codeTypeName = (id: CodeTypeId): string => CODE_TYPES.find((c) => c.id === id)?.name ?? id;

/** The columns of the tracking request list (spec section 2) in display order, each a field of its rows. */
export const TRACKING_REQUEST_LIST_COLUMNS = [
  'id',
  'status',
  'code_type',
  'code_value',
  'client_code',
  'project',
  'carrier',
  'shipments_count',
  'shipments_health',
  'contractual_eta_pod',
  'contractual_eta_dlv',
  'container_filter',
  'last_update',
  'created_at',
  'modified_at',
] as const;
export type TrackingRequestListColumn = (typeof TRACKING_REQUEST_LIST_COLUMNS)[number];

/** The list columns not shown by default: id (always shown anyway) and the ones a user adds by choice. */
const NOT_DEFAULT_COLUMNS: readonly TrackingRequestListColumn[] = [
  'id',
  'shipments_health',
  'container_filter',
  'last_update',
  'modified_at',
];

/** The list's default columns (spec section 2), shown when none are chosen; id, always shown, is not among them. */
export const TRACKING_REQUEST_DEFAULT_COLUMNS: readonly TrackingRequestListColumn[] =
  TRACKING_REQUEST_LIST_COLUMNS.filter((column) => !NOT_DEFAULT_COLUMNS.includes(column));

/**
 * The sortable columns of the tracking request list, in its order: each an ordering field of
 * GET tracking-requests/ (`ordering=-created_at`; the API also sorts by project_id and carrier_id). The two
 * others are a count by health and a list, which do not sort.
 */
export type TrackingRequestOrderingField = Exclude<
  TrackingRequestListColumn,
  'shipments_health' | 'container_filter'
>;
export const TRACKING_REQUEST_ORDERING_FIELDS: readonly TrackingRequestOrderingField[] =
  TRACKING_REQUEST_LIST_COLUMNS.filter(
    (c): c is TrackingRequestOrderingField => c !== 'shipments_health' && c !== 'container_filter',
  );
