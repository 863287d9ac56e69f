// The `data` of each webhook event type, as TypeBox schemas with an example each: registered as components of the
// OpenAPI document (plugins/swagger.ts), one per type, so integrators read every type's fields and an example next
// to the WebhookEvent body. The triggers of migrations 0016 and 0034 and the free-time module
// (tracking/free-time/notify.ts) write these shapes; the developer page's examples are checked against them.
import { Type, type TObject } from '@sinclair/typebox';
import {
  FREE_TIME_APPROACHING_DAYS,
  FREE_TIME_CLOCKS,
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MILESTONE_EVENTS,
  type WebhookEventType,
  type WebhookMilestoneEventType,
} from '@portal/shared-api/domain';

const dateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});
const day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description} (YYYY-MM-DD, a UTC date)` });
const Place = nullable(
  Type.Object({ locode: nullable(Type.String()), name: nullable(Type.String()) }),
  'The place (UN/LOCODE and name), null when not known',
);
const closed = { additionalProperties: false } as const;

const milestoneFields = {
  location: Place,
  actual: dateTime('When it happened'),
  previous_actual: nullable(dateTime(), 'The actual before a correction; null the first time'),
};

const vesselFields = {
  vessel: nullable(
    Type.Object({ name: Type.String(), imo: nullable(Type.String()) }),
    'The vessel of that leg, null when the carrier has not named it',
  ),
  voyage: nullable(Type.String(), 'The voyage of that leg, null when not known'),
};

const MILESTONE_EVENT_TEXT: Record<WebhookMilestoneEventType, string> = {
  'shipment.vessel_departed': 'The vessel left the port of loading (first leg’s vessel and voyage).',
  'shipment.vessel_arrived': 'The vessel arrived at the port of discharge (last leg’s vessel and voyage).',
  'shipment.discharged':
    'The container was discharged at the port of discharge (last leg’s vessel and voyage).',
  'shipment.gate_out_full': 'The full container left the terminal of the port of discharge.',
  'shipment.empty_returned': 'The empty container was returned.',
};

function milestoneEventData(type: WebhookMilestoneEventType): TObject {
  const milestone = Type.Literal(WEBHOOK_MILESTONE_EVENTS[type]);
  const withVessel = type !== 'shipment.gate_out_full' && type !== 'shipment.empty_returned';
  return Type.Object(
    { milestone, ...milestoneFields, ...(withVessel ? vesselFields : {}) },
    { ...closed, description: `${MILESTONE_EVENT_TEXT[type]} Also sent as shipment.milestone_actual_set.` },
  );
}

const FreeTimeData = (description: string) =>
  Type.Object(
    {
      clock: Type.Union(
        FREE_TIME_CLOCKS.map((c) => Type.Literal(c)),
        { description: 'demurrage (a combined free time is reported as demurrage) or detention' },
      ),
      last_free_day: day('The last free day'),
      previous_last_free_day: nullable(day('The last free day before it moved'), 'null when it did not move'),
      days_left: Type.Integer({ description: 'Days from today to the last free day; negative when over' }),
      source: nullable(
        Type.Union([Type.Literal('rule'), Type.Literal('carrier')]),
        "rule: from the company's free-time rules; carrier: a last free day the carrier sent",
      ),
    },
    { ...closed, description },
  );

export type DataType = WebhookEventType | typeof TEST_EVENT_TYPE;

/** The schema of `data` per event type. */
export const WEBHOOK_DATA_SCHEMAS: Record<DataType, TObject> = {
  'tracking_request.status_changed': Type.Object(
    {
      old_status: nullable(Type.String(), 'null for a new request'),
      new_status: Type.String(),
      reason: nullable(Type.String(), 'Why the request is invalid, else null'),
    },
    { ...closed, description: 'A tracking request got a status.' },
  ),
  'shipment.created': Type.Object(
    {},
    { ...closed, description: 'A new shipment (the summary is in `shipment`).' },
  ),
  'shipment.milestone_actual_set': Type.Object(
    {
      milestone: Type.String({ description: 'The milestone, e.g. pol_vessel_departure' }),
      ...milestoneFields,
    },
    { ...closed, description: 'Any milestone happened, or its actual date was corrected.' },
  ),
  'shipment.eta_changed': Type.Object(
    {
      location: Type.Union([Type.Literal('POD'), Type.Literal('DLV')]),
      place: Place,
      old: nullable(dateTime()),
      new: dateTime(),
      delta_hours: nullable(Type.Number(), 'Positive = later'),
      delta_days: nullable(Type.Number(), 'Positive = later'),
    },
    { ...closed, description: 'The ETA at the port of discharge (POD) or the planned delivery (DLV) moved.' },
  ),
  'alert.raised': Type.Object(
    {
      alert_id: Type.Integer(),
      code: Type.Integer(),
      code_name: nullable(Type.String()),
      message: nullable(Type.String()),
      raised_at: dateTime(),
    },
    { ...closed, description: 'An alert was raised on a shipment.' },
  ),
  'shipment.vessel_departed': milestoneEventData('shipment.vessel_departed'),
  'shipment.vessel_arrived': milestoneEventData('shipment.vessel_arrived'),
  'shipment.discharged': milestoneEventData('shipment.discharged'),
  'shipment.gate_out_full': milestoneEventData('shipment.gate_out_full'),
  'shipment.empty_returned': milestoneEventData('shipment.empty_returned'),
  'shipment.free_time_approaching': FreeTimeData(
    `A running clock’s last free day is ${FREE_TIME_APPROACHING_DAYS} days away or less (once per last free day).`,
  ),
  'shipment.free_time_passed': FreeTimeData(
    'A running clock went past its last free day (once per last free day).',
  ),
  'shipment.free_time_changed': FreeTimeData(
    'A firm last free day moved (a date changed, a rule or the carrier).',
  ),
  [TEST_EVENT_TYPE]: Type.Object(
    { message: Type.String() },
    { ...closed, description: 'Sent by "Send test event" only.' },
  ),
};

const VALENCIA = { locode: 'ESVLC', name: 'Valencia' };
const SHANGHAI = { locode: 'CNSHA', name: 'Shanghai' };
const VESSEL = { vessel: { name: 'MAERSK KENSINGTON', imo: '9431214' }, voyage: '447E' };
const freeTime = (clock: string, lfd: string, previous: string | null, daysLeft: number) => ({
  clock,
  last_free_day: lfd,
  previous_last_free_day: previous,
  days_left: daysLeft,
  source: 'rule',
});

/** An example `data` per event type (the OpenAPI components' examples). */
export const WEBHOOK_DATA_EXAMPLES: Record<DataType, Record<string, unknown>> = {
  'tracking_request.status_changed': { old_status: 'new', new_status: 'ongoing', reason: null },
  'shipment.created': {},
  'shipment.milestone_actual_set': {
    milestone: 'pol_vessel_departure',
    location: VALENCIA,
    actual: '2026-11-20T10:30:00+00:00',
    previous_actual: null,
  },
  'shipment.eta_changed': {
    location: 'POD',
    place: SHANGHAI,
    old: '2026-12-22T06:00:00+00:00',
    new: '2026-12-24T06:00:00+00:00',
    delta_hours: 48,
    delta_days: 2,
  },
  'alert.raised': {
    alert_id: 3307,
    code: 902,
    code_name: 'ALERT_ETA_POD_CHANGED',
    message: 'ETA at POD moved by 2 days',
    raised_at: '2026-11-26T14:05:00+00:00',
  },
  'shipment.vessel_departed': {
    milestone: 'pol_vessel_departure',
    location: VALENCIA,
    actual: '2026-11-20T10:30:00+00:00',
    previous_actual: null,
    ...VESSEL,
  },
  'shipment.vessel_arrived': {
    milestone: 'pod_vessel_arrival',
    location: SHANGHAI,
    actual: '2026-12-24T04:10:00+00:00',
    previous_actual: null,
    ...VESSEL,
  },
  'shipment.discharged': {
    milestone: 'pod_discharge',
    location: SHANGHAI,
    actual: '2026-12-24T15:45:00+00:00',
    previous_actual: null,
    ...VESSEL,
  },
  'shipment.gate_out_full': {
    milestone: 'pod_departure',
    location: SHANGHAI,
    actual: '2026-12-28T09:20:00+00:00',
    previous_actual: null,
  },
  'shipment.empty_returned': {
    milestone: 'empty_return',
    location: SHANGHAI,
    actual: '2027-01-05T11:00:00+00:00',
    previous_actual: '2027-01-05T10:00:00+00:00',
  },
  'shipment.free_time_approaching': freeTime('demurrage', '2026-12-31', null, 3),
  'shipment.free_time_passed': freeTime('detention', '2027-01-02', null, -1),
  'shipment.free_time_changed': freeTime('demurrage', '2027-01-02', '2026-12-31', 5),
  [TEST_EVENT_TYPE]: { message: 'This is a test event from the Container Tracking Portal.' },
};

/** The OpenAPI component name of a type's data: shipment.vessel_departed → ShipmentVesselDepartedData. */
export const dataComponentName = (type: DataType) =>
  `${type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}Data`;

/** The data schemas as components (with their $id, title and example), in the catalogue's order. */
export function webhookDataComponents(): TObject[] {
  const types: DataType[] = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE];
  return types.map((type) => {
    const name = dataComponentName(type);
    return {
      ...WEBHOOK_DATA_SCHEMAS[type],
      $id: name,
      title: name,
      description: `\`data\` of ${type}: ${WEBHOOK_DATA_SCHEMAS[type].description ?? ''}`,
      example: WEBHOOK_DATA_EXAMPLES[type],
    };
  });
}
