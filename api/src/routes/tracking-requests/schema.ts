// Schemas of the tracking-request calls (answers and bodies), for validation and /api/docs.
import { Type, type TSchema } from '@sinclair/typebox';
import {
  CODE_TYPE_IDS,
  CODE_TYPES,
  HEALTH_VALUES,
  TRACKING_REQUEST_STATUSES,
  TRANSITION_STATUSES,
} from '@portal/shared-api/domain';
import { CLIENT_CODE_MAX } from '../../services/tracking-requests';

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const statusType = (description: string) =>
  Type.Union(
    TRACKING_REQUEST_STATUSES.map((s) => Type.Literal(s)),
    { description },
  );
const codeType = () =>
  Type.Union(
    CODE_TYPES.map((c) => Type.Literal(c.id)),
    { description: CODE_TYPES.map((c) => `${c.id} ${c.name}`).join(', ') },
  );
const date = (description: string) => nullable(Type.String({ format: 'date', description }));

const HealthCountsSchema = Type.Object(
  Object.fromEntries(HEALTH_VALUES.map((h) => [h, Type.Integer()])) as Record<
    (typeof HEALTH_VALUES)[number],
    ReturnType<typeof Type.Integer>
  >,
  {
    title: 'ShipmentsHealth',
    description:
      "How many of the request's visible shipments are on track, later than expected and need attention, " +
      "by the caller's own thresholds",
  },
);

export const TrackingRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    carrier: Type.String({ description: "The carrier's official name" }),
    carrier_id: Type.Integer(),
    carrier_short_name: Type.String(),
    carrier_scac: Type.String(),
    project: nullable(Type.String({ description: 'Project name' })),
    project_id: nullable(Type.Integer()),
    code_type: codeType(),
    code_type_verbose: Type.String({ description: 'Container number, Booking number or B/L number' }),
    code_value: Type.String(),
    client_code: Type.String(),
    contractual_eta_pod: date('yyyy-MM-dd'),
    contractual_eta_dlv: date('yyyy-MM-dd'),
    status: statusType('Status (spec section 4)'),
    status_verbose: Type.String({ description: "e.g. 'New', 'On going'" }),
    shipments_count: Type.Integer({ description: 'Shipments (containers) found, hidden ones included' }),
    shipments_health: HealthCountsSchema,
    shipments: Type.Array(Type.Integer(), { description: 'Ids of the shipments' }),
    booking_bl_required_container: Type.Boolean({
      description: "The carrier needed a container with this booking / B/L ('Required input: Container.')",
    }),
    container_filter: Type.Array(Type.String(), {
      description: 'Containers followed (booking / B/L requests)',
    }),
    archivable: Type.Boolean({
      description: 'Archive allowed now (status new or ongoing, all shipments finished)',
    }),
    cancellable: Type.Boolean({
      description: 'Cancel allowed now (status new or ongoing, tracking still running)',
    }),
    warnings: Type.Array(
      Type.Object({ code: Type.String(), message: Type.String(), created: Type.String() }),
      { description: 'Readable notes from the engine, e.g. why the request is invalid' },
    ),
    alerts: Type.Integer({ description: "Visible alert events of the request's shipments" }),
    last_update: nullable(Type.String({ format: 'date-time', description: 'Last carrier update' })),
    created_at: Type.String({ format: 'date-time' }),
    modified_at: Type.String({ format: 'date-time' }),
  },
  { title: 'TrackingRequest' },
);

const containerList = Type.Array(Type.String({ pattern: '^[A-Z]{4}\\d{6}-?\\d$' }), {
  description:
    "Container numbers (ISO 6346 with a correct check digit; 'ABCU1234565' or 'ABCU123456-5'). " +
    "Wrong format: 'Container numbers feature 4 uppercase letters followed by 7 digits.'",
});

/** Documented body of POST tracking-requests/ (checked by the service, all errors at once). */
export const TrackingRequestCreateSchema = Type.Object(
  {
    carrier_id: Type.Optional(
      Type.Integer({
        description:
          'An active carrier. Optional when the number names exactly one carrier (GET carriers/detect/, your ' +
          "company's prefix overrides included); when it names none or several: 400 on carrier_id " +
          "('No carrier recognised from this number: pick one.' / 'Several carriers use this prefix: pick one.')",
      }),
    ),
    code_type: codeType(),
    code_value: Type.String({
      description: 'Required. c_id: a container number; b_id / m_bl: 3-35 letters, digits or hyphens',
    }),
    project_id: Type.Optional(nullable(Type.Integer({ description: 'A project of your company' }))),
    container: Type.Optional(
      nullable(
        Type.String({
          description:
            "One container number. Required ('Required input: Container.') for b_id / m_bl when the carrier's " +
            'quality note says container number submission is needed, unless container_filter has one',
        }),
      ),
    ),
    client_code: Type.Optional(nullable(Type.String({ maxLength: CLIENT_CODE_MAX }))),
    contractual_eta_pod: Type.Optional(date('yyyy-MM-dd')),
    contractual_eta_dlv: Type.Optional(date('yyyy-MM-dd')),
    container_filter: Type.Optional(containerList),
  },
  { title: 'TrackingRequestCreate' },
);

export const TrackingRequestPatchSchema = Type.Object(
  {
    client_code: Type.Optional(Type.String({ maxLength: CLIENT_CODE_MAX })),
    project_id: Type.Optional(nullable(Type.Integer())),
    contractual_eta_pod: Type.Optional(date('yyyy-MM-dd')),
    contractual_eta_dlv: Type.Optional(date('yyyy-MM-dd')),
  },
  {
    title: 'TrackingRequestPatch',
    description:
      "Usually one field. Any other field: 'This field cannot be changed.'. Only while the status is invalid, " +
      'new or ongoing.',
  },
);

export const TransitionSchema = Type.Object(
  {
    status: Type.Union(
      TRANSITION_STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          'pending_archiving (Archive, needs archivable) or pending_cancelling (Cancel, needs cancellable)',
      },
    ),
  },
  { title: 'TrackingRequestTransition' },
);

export const StatusAnswerSchema = Type.Object(
  { status: statusType('The new status') },
  { title: 'TrackingRequestStatus' },
);

export const ListQuerySchema = Type.Object({
  page: Type.Optional(Type.String({ description: 'Page number, from 1 (30 a page)' })),
  search: Type.Optional(
    Type.String({
      description:
        'Part of the code value, client code, carrier (official name, short name, SCAC), project name, ' +
        'a container of the filter or of a shipment',
    }),
  ),
  status: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: `Statuses (repeat the key): ${TRACKING_REQUEST_STATUSES.join(', ')}`,
    }),
  ),
  shipments_health: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: `${HEALTH_VALUES.join(', ')} (repeat the key): requests with a visible shipment of that health`,
    }),
  ),
  carrier_id: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Carrier ids (repeat the key)' }),
  ),
  project_id: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Project ids (repeat the key)' }),
  ),
  code_type: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: `${CODE_TYPE_IDS.join(', ')} (repeat the key)`,
    }),
  ),
  last_update_after: Type.Optional(
    Type.String({ description: 'yyyy-MM-dd: last update on or after that day (UTC)' }),
  ),
  last_update_before: Type.Optional(
    Type.String({ description: 'yyyy-MM-dd: last update on or before that day' }),
  ),
  created_at_after: Type.Optional(
    Type.String({ description: 'yyyy-MM-dd: created on or after that day (UTC)' }),
  ),
  created_at_before: Type.Optional(Type.String({ description: 'yyyy-MM-dd: created on or before that day' })),
  ordering: Type.Optional(
    Type.String({ description: 'A field of the list; prefix - for descending (default -created_at)' }),
  ),
});
