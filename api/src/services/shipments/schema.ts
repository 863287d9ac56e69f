// The shipment object of the OpenAPI document: every property serializeShipments (./serializer.ts) writes, with
// its nullability, and the names a list's `fields` may ask for.
import { Type, type TOptional, type TSchema } from '@sinclair/typebox';
import {
  HEALTH_VALUES,
  LEG_NUMBERS,
  LIFECYCLE_STATUSES,
  LOCATION_KEYS,
  MILESTONE_DATE_COLUMNS,
  SHIPMENT_STATUS_TEXTS,
  TRACKING_REQUEST_STATUSES,
  type LocationKey,
  type MilestoneDateColumn,
} from '@portal/shared-api/domain';
import { FreeObject } from '../../lib/schemas';
import { DATE_COLUMNS, NUMBER_COLUMNS } from './serializer';
import { FREE_TIME_PROPERTIES } from './free-time-fields';

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const dateTime = () => nullable(Type.String({ format: 'date-time' }));
export const lngLat = () => Type.Tuple([Type.Number(), Type.Number()], { description: '[lng, lat]' });

const LocationSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    locode: nullable(Type.String()),
    latitude: nullable(Type.Number()),
    longitude: nullable(Type.Number()),
    lat: nullable(Type.Number()),
    lng: nullable(Type.Number()),
    timezone: nullable(Type.String()),
    country_iso2: nullable(Type.String()),
    display: Type.String(),
  },
  { title: 'Location' },
);

const VesselSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), imo: nullable(Type.String()) },
  { title: 'Vessel' },
);

const LegSchema = Type.Object(
  { voyage: nullable(Type.String()), vessel: nullable(VesselSchema) },
  { title: 'Leg' },
);

/** The POD arrival prediction (tracking/derive PodArrivalPrediction); older rows may lack some keys. */
const PodArrivalPredictionSchema = Type.Object(
  {
    created: Type.Optional(Type.String({ format: 'date-time' })),
    predicted: Type.Optional(nullable(Type.String({ format: 'date-time' }))),
    lower: Type.Optional(nullable(Type.String({ format: 'date-time' }))),
    upper: Type.Optional(nullable(Type.String({ format: 'date-time' }))),
    distance_nm: Type.Optional(Type.Number({ description: 'Remaining sea distance from the last fix' })),
    speed_kn: Type.Optional(Type.Number({ description: 'Speed used (knots)' })),
    method: Type.Optional(Type.String({ enum: ['fixes', 'dead_reckoning'] })),
    model: Type.Optional(Type.String({ format: 'date-time', description: "The model's own arrival" })),
    carrier_estimate: Type.Optional(nullable(Type.String({ format: 'date-time' }))),
  },
  { title: 'PodArrivalPrediction', additionalProperties: true },
);

/** The POD time-of-arrival warning (tracking/derive PodTimeOfArrivalWarning); {} until there is one. */
const PodTimeOfArrivalWarningSchema = Type.Object(
  {
    risk: Type.Optional(
      Type.Integer({ minimum: -1, maximum: 2, description: '0 good, -1 unknown, 1 low risk, 2 high risk' }),
    ),
    risk_description: Type.Optional(Type.String()),
    risk_verbose: Type.Optional(Type.String()),
    conclusion: Type.Optional(Type.String()),
    predicted_time_of_arrival: Type.Optional(nullable(Type.String({ format: 'date-time' }))),
    created: Type.Optional(Type.String({ format: 'date-time' })),
    modified: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { title: 'PodTimeOfArrivalWarning', additionalProperties: true },
);

const PortPredictionSchema = Type.Object(
  {
    predicted: Type.String({ format: 'date-time' }),
    predicted_upper: Type.String({ format: 'date-time' }),
    predicted_lower: Type.String({ format: 'date-time' }),
  },
  { title: 'PortPrediction' },
);

export const ShipmentSchema = Type.Object(
  {
    id: Type.Integer(),
    tracking_request: Type.Integer({ description: 'Tracking request id' }),
    status: Type.Integer({ description: 'Life stage (0 unknown … 12 completed, 13 initializing)' }),
    status_text: Type.String({ enum: [...SHIPMENT_STATUS_TEXTS], description: 'Life stage key' }),
    status_verbose: Type.String({ description: "The life stage's wording (status_text, translated)" }),
    request_status: nullable(
      Type.String({ enum: [...TRACKING_REQUEST_STATUSES], description: 'Status of the tracking request' }),
    ),
    lifecycle_status: Type.String({ enum: [...LIFECYCLE_STATUSES] }),
    lifecycle_status_verbose: Type.String(),
    health: Type.String({
      enum: [...HEALTH_VALUES],
      description:
        "The caller's health: ontrack / delayed (Later than expected) / alerted (Attention required)",
    }),
    health_verbose: Type.String(),
    is_alerted: Type.Boolean(),
    is_delayed: Type.Boolean(),
    container_number: Type.String(),
    container_type_str: nullable(Type.String()),
    container_type_iso: nullable(Type.String()),
    bl_number: nullable(Type.String()),
    booking_number: nullable(Type.String()),
    bl_or_booking_number: nullable(Type.String()),
    client_code: Type.String(),
    carrier: Type.Integer({ description: 'Carrier id' }),
    carrier_name: Type.String({ description: "The carrier's short name" }),
    carrier_official_name: Type.String(),
    carrier_scac: Type.String(),
    project: nullable(Type.Integer({ description: 'Project id' })),
    project_name: nullable(Type.String()),
    hide: Type.Boolean({ description: 'Hidden shipment' }),
    hidden: Type.Boolean({ description: 'Same as hide' }),
    positions: Type.Array(lngLat(), { description: 'Where the container has been: [lng, lat] pairs' }),
    last_coordinates: nullable(
      Type.Object({
        lng: Type.Number(),
        lat: Type.Number(),
        warnings: Type.Optional(Type.Array(Type.String(), { description: 'Why the position is uncertain' })),
      }),
    ),
    current_vessel: nullable(VesselSchema),
    current_vessel_position: nullable(Type.Object({ lng: Type.Number(), lat: Type.Number() })),
    current_vessel_nextport: nullable(LocationSchema),
    ...(Object.fromEntries(LEG_NUMBERS.map((i) => [`leg${i}`, LegSchema])) as Record<
      `leg${(typeof LEG_NUMBERS)[number]}`,
      typeof LegSchema
    >),
    ...(Object.fromEntries(LOCATION_KEYS.map((k) => [k, nullable(LocationSchema)])) as Record<
      LocationKey,
      ReturnType<typeof nullable<typeof LocationSchema>>
    >),
    ...(Object.fromEntries(MILESTONE_DATE_COLUMNS.map((c) => [c, Type.Optional(dateTime())])) as Record<
      MilestoneDateColumn,
      TOptional<ReturnType<typeof dateTime>>
    >),
    ...(Object.fromEntries(DATE_COLUMNS.map((c) => [c, dateTime()])) as Record<
      Exclude<(typeof DATE_COLUMNS)[number], 'created_at' | 'modified_at'>,
      ReturnType<typeof dateTime>
    >),
    created_at: Type.String({ format: 'date-time' }),
    modified_at: Type.String({ format: 'date-time' }),
    ...(Object.fromEntries(NUMBER_COLUMNS.map((c) => [c, Type.Optional(nullable(Type.Number()))])) as Record<
      (typeof NUMBER_COLUMNS)[number],
      TOptional<ReturnType<typeof nullable<ReturnType<typeof Type.Number>>>>
    >),
    dtd: nullable(Type.Integer({ description: 'Days from now to the departure date (dtd_date)' })),
    dta: nullable(Type.Integer({ description: 'Days from now to the arrival date (dta_date)' })),
    dtd_date: dateTime(),
    dta_date: dateTime(),
    carrier_release_state: nullable(Type.String()),
    customs_release_state: nullable(Type.String()),
    alert_codes: Type.Array(Type.Integer(), { description: 'Codes of the visible alert events' }),
    last_alert_message: nullable(Type.String()),
    last_alert_code: nullable(Type.Integer()),
    pod_timeofarrival_warning: nullable(PodTimeOfArrivalWarningSchema),
    pod_vslarrival_prediction: nullable(PodArrivalPredictionSchema),
    predictions: Type.Record(Type.String(), PortPredictionSchema, {
      description: 'While sailing: the predicted arrival at the next port, keyed by its UN/LOCODE',
    }),
    schema_form: FreeObject(
      "The custom form's JSON schema: the shipment's own, else the company default (schema_form_source)",
    ),
    schema_form_source: Type.Optional(nullable(Type.String({ enum: ['shipment', 'company'] }))),
    sf_data: FreeObject('Custom form data'),
    ...FREE_TIME_PROPERTIES,
  },
  {
    title: 'Shipment',
    description:
      'In lists, milestone dates and durations / discrepancies (weight, days_in_*, storage_days_*, ' +
      'transit_time*, discrepancy_*, eta_delta_days) that are null are left out (absent = null). ' +
      'schema_form_source comes with the shipment list and detail.',
  },
);

/** Every property of a shipment object (the names `fields` may ask for). */
export const SHIPMENT_FIELDS: readonly string[] = Object.keys(ShipmentSchema.properties);
