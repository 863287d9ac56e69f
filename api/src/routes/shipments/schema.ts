// Schemas of /api/shipments/ and /api/events/ (validation of bodies, and the OpenAPI document). Query
// filters are checked by services/shipments/filters.ts so that every bad value gets its exact message.
import { HEALTH_VALUES, INVALID_DATE } from '@portal/shared-api/domain';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  DATE_FILTER_FIELDS,
  ORDERING_FIELD_NAMES,
  SHIPMENT_STATUS_VALUES,
} from '../../services/shipments/filters';
import { lngLat, ShipmentSchema } from '../../services/shipments/schema';
import { FreeTimeRuleSummarySchema } from '../../services/shipments/free-time-fields';
import { errors, FreeObject, idWriteErrors } from '../../lib/schemas';

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const many = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));
const one = (description: string) => Type.Optional(Type.String({ description }));

const dateParams = Object.fromEntries(
  Object.keys(DATE_FILTER_FIELDS).flatMap((f) => [
    [`${f}_before`, one(`${f} on or before this day (yyyy-MM-dd; '${INVALID_DATE}' otherwise)`)],
    [`${f}_after`, one(`${f} on or after this day (yyyy-MM-dd)`)],
    [`${f}_rel_min`, one(`${f} at least this many days from today (integer, may be negative)`)],
    [`${f}_rel_max`, one(`${f} at most this many days from today (integer, may be negative)`)],
  ]),
);

/** Filters of the map points (search, health, pol_loc, pod_loc; the list's other filters work too). */
const MapFilterParams = {
  search: one(
    'Free text: part of the container, booking, B/L or client code, a vessel name or IMO, or a POL/POD name or UN/LOCODE',
  ),
  health: many(`Repeatable: ${HEALTH_VALUES.join(', ')} (with the caller's thresholds)`),
  pol_loc: one('POL: location id, UN/LOCODE or part of its name'),
  pod_loc: one('POD: location id, UN/LOCODE or part of its name'),
};

export const ShipmentListQuery = Type.Object(
  {
    ...MapFilterParams,
    status: many(`Repeatable: the tracking request status, one of ${SHIPMENT_STATUS_VALUES.join(', ')}`),
    carrier: many('Repeatable: carrier id'),
    project: many('Repeatable: project id'),
    dta: one('Days to arrival (dta, whole days from now) equal to this number'),
    order_dta: one('true: sort by dta ascending first'),
    dtd_min: one('Days to departure at least (integer)'),
    dtd_max: one('Days to departure at most (integer)'),
    dta_min: one('Days to arrival at least (integer)'),
    dta_max: one('Days to arrival at most (integer)'),
    ...dateParams,
    last_n_days: one('Created in the last N days (dashboard: 7)'),
    free_time_ends_within: one(
      'Free time ends within N days (0..60): a running clock whose last free day is today..today+N (UTC days)',
    ),
    over_free_time: one(
      'true: a running clock past its last free day (false filters nothing); with free_time_ends_within: either',
    ),
    exclude_hidden: one('Default true: hidden shipments are left out; false shows them too'),
    ordering: many(
      `One or more of ${ORDERING_FIELD_NAMES.join(', ')}; prefix '-' for descending. Default -id.`,
    ),
    page: one('Page number, from 1 (30 results a page)'),
    fields: many(
      'Comma-separated or repeatable: only these properties of each shipment (e.g. the columns a list shows); ' +
        'of a port or a leg, only some of its own with a dot (pol_loc.locode,pol_loc.name: pol_loc then holds ' +
        'those two, or is null); absent: every property',
    ),
  },
  { additionalProperties: true },
);

export const MapQuery = Type.Object(
  {
    ...MapFilterParams,
    status: many('Repeatable: tracking request status'),
    carrier: many('Repeatable: carrier id'),
    format: Type.Optional(
      Type.String({
        enum: ['compact'],
        description:
          "compact: one array per column instead of one object per point (see CompactMapPoints); the map page's form",
      }),
    ),
  },
  { additionalProperties: true },
);

export const IdParams = Type.Object({ id: Type.String({ description: 'Shipment id' }) });
export const EventIdParams = Type.Object({ id: Type.String({ description: 'Alert event id' }) });

const ShipmentPage = Type.Object(
  {
    count: Type.Integer(),
    next: nullable(Type.String({ format: 'uri' })),
    previous: nullable(Type.String({ format: 'uri' })),
    results: Type.Array(ShipmentSchema),
  },
  { title: 'ShipmentPage' },
);

export const AlertEventSchema = Type.Object(
  {
    id: Type.Integer(),
    shipment: Type.Integer(),
    code: Type.Integer(),
    code_name: Type.String(),
    code_description: Type.String(),
    code_description_es: Type.String(),
    walltime: Type.String({ format: 'date-time' }),
    details: Type.Object({ message: Type.String() }, { additionalProperties: true }),
    hidden: Type.Boolean(),
  },
  { title: 'AlertEvent' },
);

const TimelineEventSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Carrier event id' }),
    code: nullable(Type.Integer()),
    code_name: nullable(Type.String()),
    code_description: Type.String(),
    code_description_es: Type.String(),
    event_type: Type.String({ enum: ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'], description: 'DCSA eventType' }),
    type_code: Type.String({ description: 'DCSA type code (LOAD, DEPA, …)' }),
    classifier: Type.String({ enum: ['PLN', 'EST', 'ACT'], description: 'Planned, estimated or actual' }),
    walltime: Type.String({ format: 'date-time', description: 'When it happened (or is planned)' }),
    created: Type.String({ format: 'date-time', description: 'When the carrier published it' }),
    locode: nullable(Type.String()),
    location: nullable(Type.String()),
    details: Type.Object({ message: Type.String({ description: 'What, when (kind) and where, in words' }) }),
    hidden: Type.Boolean(),
  },
  { title: 'TimelineEvent' },
);

const DateChangeSchema = Type.Object(
  {
    id: Type.Integer(),
    field: Type.String({ description: 'Milestone date column, e.g. pod_vessel_arrival_planned_last' }),
    old_value: nullable(Type.String({ format: 'date-time' })),
    new_value: nullable(Type.String({ format: 'date-time' })),
    changed_at: Type.String({ format: 'date-time' }),
  },
  { title: 'MilestoneDateChange' },
);

const ShipmentDetailSchema = Type.Object(
  {
    ...ShipmentSchema.properties,
    planned_positions: Type.Array(lngLat(), {
      description: 'Planned route along the sea from POL through the transshipments to POD, [lng, lat] pairs',
    }),
    events: Type.Array(TimelineEventSchema, { description: 'Timeline: carrier events, oldest first' }),
    alerts: Type.Array(AlertEventSchema, { description: 'Alert events, newest first (hidden included)' }),
    date_changes: Type.Array(DateChangeSchema, { description: 'Change history of the dates, newest first' }),
    free_time_rule: nullable(FreeTimeRuleSummarySchema),
  },
  { title: 'ShipmentDetail' },
);

const ShipmentPatchSchema = Type.Object(
  {
    client_code: Type.Optional(Type.Unknown({ description: 'Text, up to 150 characters' })),
    project: Type.Optional(Type.Unknown({ description: "Project id of the caller's company, or null" })),
    project_id: Type.Optional(Type.Unknown({ description: 'Same as project' })),
    hide: Type.Optional(Type.Unknown({ description: 'true hides the shipment, false shows it' })),
    hidden: Type.Optional(Type.Unknown({ description: 'Same as hide' })),
  },
  {
    title: 'ShipmentPatch',
    description:
      'One field and its value (several are accepted, all or nothing). Unknown fields are ignored.',
  },
);

export const HideAnswerSchema = Type.Object(
  { id: Type.Integer(), hide: Type.Boolean(), detail: Type.String() },
  { title: 'ShipmentHideAnswer' },
);

export const BulkEventsAnswerSchema = Type.Object(
  {
    updated: Type.Integer({ description: 'Alert events whose hidden flag changed' }),
    results: Type.Array(AlertEventSchema),
  },
  { title: 'BulkEventsAnswer' },
);

const MapPointSchema = Type.Object(
  {
    id: Type.Integer(),
    lng: Type.Number(),
    lat: Type.Number(),
    health: Type.String({ enum: [...HEALTH_VALUES] }),
    container_number: Type.String(),
  },
  { title: 'MapPoint', description: 'Kept small (maps show thousands); the detail has the rest.' },
);

const CompactMapPointsSchema = Type.Object(
  {
    count: Type.Integer(),
    id: Type.Array(Type.Integer()),
    lng: Type.Array(Type.Number()),
    lat: Type.Array(Type.Number()),
    health: Type.Array(Type.Integer({ description: '0 ontrack, 1 delayed, 2 alerted' })),
    vessel: Type.Array(Type.Integer({ description: 'Index into vessels, -1 when not on a vessel' })),
    vessels: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        lng: nullable(Type.Number()),
        lat: nullable(Type.Number()),
        next_port: nullable(Type.Object({ name: Type.String(), locode: nullable(Type.String()) })),
      }),
    ),
  },
  {
    title: 'CompactMapPoints',
    description:
      'format=compact: each column array has count entries in the same order; the details of clicked points ' +
      'come from GET shipments/coordinates/details/.',
  },
);

const StatsSchema = Type.Object(
  {
    shipments_last_week_count: Type.Integer({ description: 'Created in the last 7 days (last_n_days=7)' }),
    shipments_on_track_count: Type.Integer({ description: 'health=ontrack' }),
    shipments_warning_count: Type.Integer({ description: 'health=delayed' }),
    shipments_delayed_count: Type.Integer({ description: 'Same as shipments_warning_count' }),
    shipments_with_incidents_count: Type.Integer({ description: 'health=alerted' }),
    free_time_ending_count: Type.Integer({
      description: "Free time ends within the caller's free_time_warning_days (free_time_ends_within=N)",
    }),
    over_free_time_count: Type.Integer({ description: 'Over free time (over_free_time=true)' }),
    free_time_warning_days: Type.Integer({ description: "The caller's N (user profile)" }),
  },
  { title: 'DashboardStats' },
);

export const AttachmentBodySchema = Type.Object(
  {
    schema_form: Type.Optional(
      FreeObject("The shipment's own form schema (object), or null for the company default"),
    ),
    sf_data: Type.Optional(FreeObject('The form data (object)')),
  },
  { title: 'AttachmentBody' },
);

export const AttachmentAnswerSchema = Type.Object(
  {
    saved: Type.Boolean({ description: 'false when nothing changed (nothing written)' }),
    schema_form: FreeObject('The form in force: the shipment’s own, else the company default'),
    schema_form_source: nullable(Type.String({ enum: ['shipment', 'company'] })),
    sf_data: FreeObject('The form data'),
  },
  { title: 'AttachmentAnswer' },
);

// The route schemas of index.ts, in the order the routes are registered (that order is the OpenAPI document's).

/** GET /shipments/ */
export const listRoute = {
  tags: ['shipments'],
  summary: "Shipments of the caller's company: filters, ordering, pages of 30",
  description:
    'Hidden shipments are left out unless exclude_hidden=false. Bad filter values answer 400 ' +
    "`{field: [messages]}` ('Invalid date' for dates, 'A valid integer is required.' for day numbers, " +
    "'Select a valid choice. X is not one of the available choices.' for status / health / carrier). " +
    "health is computed with the caller's thresholds (see GET shipments/stats/).",
  security: [{ token: [] }],
  querystring: ShipmentListQuery,
  response: { 200: ShipmentPage, ...errors[400](), ...errors[401], ...errors[404] },
};

/** GET /shipments/coordinates/ */
export const coordinatesRoute = {
  tags: ['shipments'],
  summary: 'Map points: last position of the active shipments matching the filters',
  description:
    'Active (lifecycle active), visible shipments with a last position; filters as the list ' +
    '(search, health, pol_loc, pod_loc; status and carrier too). Not paged.',
  security: [{ token: [] }],
  querystring: MapQuery,
  response: {
    200: Type.Union([Type.Array(MapPointSchema), CompactMapPointsSchema]),
    ...errors[400](),
    ...errors[401],
  },
};

/** GET /shipments/stats/ */
export const statsRoute = {
  tags: ['shipments'],
  summary: 'Dashboard counts with the caller’s thresholds',
  description:
    'Visible shipments only. Each count equals the list count with the same filter: last_n_days=7, ' +
    'health=ontrack, health=delayed, health=alerted; free_time_ending_count: ' +
    "free_time_ends_within=<the caller's free_time_warning_days>; over_free_time_count: over_free_time=true.",
  security: [{ token: [] }],
  response: { 200: StatsSchema, ...errors[401] },
};

/** GET /shipments/:id/ */
export const detailRoute = {
  tags: ['shipments'],
  summary: 'One shipment with its timeline, alert events and date change history',
  security: [{ token: [] }],
  params: IdParams,
  response: { 200: ShipmentDetailSchema, ...errors[401], ...errors[404] },
};

/** PATCH /shipments/:id/ */
export const patchRoute = {
  tags: ['shipments'],
  summary: 'Change client_code, project or hide',
  description:
    "project must be a project of the caller's company (or null). Limited users: 403. All or nothing.",
  security: [{ token: [] }],
  params: IdParams,
  body: ShipmentPatchSchema,
  response: {
    200: ShipmentDetailSchema,
    ...idWriteErrors(),
  },
};
