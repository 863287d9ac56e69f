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
import { errors, idWriteErrors, Paged } from '../../lib/schemas';
import { ShipmentSchema } from '../../services/shipments/schema';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMN_KEYS, MAX_COLUMNS, MAX_EXPORT_ROWS } from './export-columns';

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

const TrackingRequestSchema = Type.Object(
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
const TrackingRequestCreateSchema = Type.Object(
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

const TrackingRequestPatchSchema = Type.Object(
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

const TransitionSchema = Type.Object(
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

const StatusAnswerSchema = Type.Object(
  { status: statusType('The new status') },
  { title: 'TrackingRequestStatus' },
);

const ListQuerySchema = Type.Object({
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

// The route schemas, in the order the routes are registered (that order is the OpenAPI document's).
const idParams = Type.Object({ id: Type.String({ description: 'Tracking request id' }) });
const security = [{ token: [] }];
const tags = ['tracking-requests'];

/** GET /tracking-requests/ */
export const listRoute = {
  tags,
  summary: "The company's tracking requests (paged by 30)",
  description:
    'Filters combine with AND; repeated keys (status, shipments_health, carrier_id, project_id, code_type) ' +
    'with OR. Dates are yyyy-MM-dd (UTC days, both ends included). Ordering: id, status, code_type, ' +
    'code_value, client_code, project, project_id, carrier, carrier_id, shipments_count, ' +
    'contractual_eta_pod, contractual_eta_dlv, last_update, created_at, modified_at (prefix - for ' +
    'descending; default -created_at). Bad values: 400 `{param: [message]}`.',
  security,
  querystring: ListQuerySchema,
  response: {
    200: Paged(TrackingRequestSchema, 'TrackingRequestPage'),
    ...errors[400](),
    ...errors[401],
    ...errors[404],
  },
};

/** GET /tracking-requests/:id/ */
export const detailRoute = {
  tags,
  summary: 'One tracking request',
  security,
  params: idParams,
  response: { 200: TrackingRequestSchema, ...errors[401], ...errors[404] },
};

/** POST /tracking-requests/ */
export const createRoute = {
  tags,
  summary: 'Create a tracking request',
  description:
    "Rules (spec section 5), all reported at once: carrier_id, code_type and code_value are required ('This " +
    "field is required.'); the code type must be one the carrier supports; for b_id / m_bl with a carrier " +
    'whose quality note says container number submission is needed, `container` (or a container_filter ' +
    "entry) is required: 'Required input: Container.'; container numbers must match ^[A-Z]{4}\\d{6}-?\\d$ " +
    "('Container numbers feature 4 uppercase letters followed by 7 digits.') and have the right ISO 6346 " +
    'check digit. A request with the same carrier, code type and code value that is not archived or ' +
    'cancelled is a duplicate (400 on code_value). The company cap (max_tracking_requests, counting new, ' +
    'ongoing and pending requests) is checked under a lock of the company row: 400 non_field_errors. ' +
    'Limited users: 403. The new request is polled at once.',
  security,
  body: TrackingRequestCreateSchema,
  response: { 201: TrackingRequestSchema, ...errors[400](), ...errors[401], ...errors[403] },
};

/** PATCH /tracking-requests/:id/ */
export const patchRoute = {
  tags,
  summary: 'Change client_code, project_id or a contractual date',
  description:
    "Other fields: 'This field cannot be changed.'. Only while the status is invalid, new or ongoing " +
    "('This field cannot be changed while the request is …'). Unknown project: 'Invalid pk'. A new " +
    'project or client code is copied to the shipments that still carry the old one. Limited users: 403.',
  security,
  params: idParams,
  body: TrackingRequestPatchSchema,
  response: {
    200: TrackingRequestSchema,
    ...idWriteErrors(),
  },
};

/** POST /tracking-requests/:id/set_client_code/ */
export const setClientCodeRoute = {
  tags,
  summary: 'Set the client code',
  description: 'Same rules as PATCH with client_code. An empty string clears it. Limited users: 403.',
  security,
  params: idParams,
  body: Type.Object({ client_code: Type.String({ maxLength: CLIENT_CODE_MAX }) }, { title: 'SetClientCode' }),
  response: {
    200: TrackingRequestSchema,
    ...idWriteErrors(),
  },
};

/** POST /tracking-requests/:id/transition/ */
export const transitionRoute = {
  tags,
  summary: 'Archive or cancel: ask for pending_archiving or pending_cancelling',
  description:
    'Only from new or ongoing; pending_archiving needs the archivable flag, pending_cancelling the ' +
    'cancellable flag (otherwise 400 on status). The engine then archives or cancels the request. ' +
    'Answers the new status. Limited users: 403.',
  security,
  params: idParams,
  body: TransitionSchema,
  response: {
    200: StatusAnswerSchema,
    ...idWriteErrors(),
  },
};

/** POST /tracking-requests/:id/retry/ */
export const retryRoute = {
  tags,
  summary: 'Retry an invalid request',
  description:
    'Only from invalid (otherwise 400 on status). The request goes back to new and is polled at once; ' +
    'it takes a place under the company cap again (400 non_field_errors when full). Answers the new ' +
    'status. Limited users: 403.',
  security,
  params: idParams,
  response: {
    200: StatusAnswerSchema,
    ...idWriteErrors(),
  },
};

/** GET /tracking-requests/:id/shipments/ */
export const shipmentsRoute = {
  tags,
  summary: 'The shipments of a tracking request (paged by 30)',
  description: 'Shipment objects as in GET shipments/{id}/, health by your thresholds; order by id.',
  security,
  params: idParams,
  querystring: Type.Object({
    page: Type.Optional(Type.String({ description: 'Page number, from 1' })),
    exclude_hidden: Type.Optional(
      Type.String({ description: 'true / 1: leave out hidden shipments (default: show all)' }),
    ),
  }),
  response: {
    200: Paged(ShipmentSchema, 'TrackingRequestShipmentPage'),
    ...errors[400](),
    ...errors[401],
    ...errors[404],
  },
};

/** GET /tracking-requests/export/ */
export const exportRoute = {
  tags: ['tracking-requests'],
  summary: 'Download the filtered tracking requests as XLSX (or CSV)',
  description:
    'Same filters and ordering as the list (no paging). `columns` (repeat the key) picks and orders the ' +
    `columns: ${EXPORT_COLUMN_KEYS.join(', ')}; default ${DEFAULT_EXPORT_COLUMNS.join(', ')}. ` +
    '`filename` (default tracking-requests) names the file in Content-Disposition. The xlsx is streamed: ' +
    'the header row is frozen with an autofilter, numbers are numbers and dates are Excel dates (UTC; ' +
    'yyyy-mm-dd, instants yyyy-mm-dd hh:mm). At most ' +
    `${MAX_EXPORT_ROWS} rows. Needs write permission, like the Export List button (spec section 6).`,
  security: [{ token: [] }],
  querystring: Type.Composite([
    Type.Omit(ListQuerySchema, ['page']),
    Type.Object({
      columns: Type.Optional(
        Type.Union(
          [
            Type.String({ maxLength: 2000 }),
            Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_COLUMNS }),
          ],
          { description: 'Columns (repeat the key)' },
        ),
      ),
      filename: Type.Optional(Type.String({ maxLength: 200, description: 'File name without extension' })),
      format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
      lang: Type.Optional(
        Type.Union([Type.Literal('en'), Type.Literal('es')], {
          description: 'Language of the headers and texts (else Accept-Language, else en)',
        }),
      ),
    }),
  ]),
  response: {
    200: Type.String({ format: 'binary', description: 'The file' }),
    ...errors[400](),
    ...errors[401],
    ...errors[403],
  },
};
