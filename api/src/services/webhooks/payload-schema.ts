// The JSON bodies the webhooks send (services/webhooks/payload.ts builds them), as TypeBox schemas: registered as
// components of the OpenAPI document (plugins/swagger.ts) so integrators read them next to the calls.
import { Type } from '@sinclair/typebox';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';
import { dataComponentName } from './payload-data';

const dateTime = () => Type.String({ format: 'date-time' });
const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const Place = Type.Union([
  Type.Object({
    locode: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Null(),
]);

export const ShipmentSummarySchema = Type.Object(
  {
    id: Type.String(),
    container_number: Type.String(),
    booking_number: Type.Union([Type.String(), Type.Null()]),
    bl_number: Type.Union([Type.String(), Type.Null()]),
    client_code: Type.String(),
    carrier: Type.Object({ scac: Type.String(), name: Type.String() }),
    pol: Place,
    pod: Place,
    dlv: Place,
    etd: nullable(dateTime()),
    atd: nullable(dateTime()),
    eta: nullable(dateTime()),
    ata: nullable(dateTime()),
    eta_dlv: nullable(dateTime()),
    status: Type.String({ description: 'Status text' }),
    lifecycle_status: Type.String(),
    request_status: Type.Union([Type.String(), Type.Null()]),
    health: Type.Union([Type.Literal('ontrack'), Type.Literal('delayed'), Type.Literal('alerted')]),
    last_alert_code: Type.Union([Type.Integer(), Type.Null()]),
    last_update: nullable(dateTime()),
    modified_at: dateTime(),
  },
  { $id: 'ShipmentSummary', title: 'ShipmentSummary' },
);

const EXAMPLE_SHIPMENT = {
  id: '4711',
  container_number: 'MSKU1234565',
  booking_number: 'BK123456',
  bl_number: 'MAEU123456789',
  client_code: 'PO-1',
  carrier: { scac: 'MAEU', name: 'Maersk' },
  pol: { locode: 'ESVLC', name: 'Valencia' },
  pod: { locode: 'CNSHA', name: 'Shanghai' },
  dlv: null,
  etd: '2026-11-20T08:00:00.000Z',
  atd: '2026-11-20T10:30:00.000Z',
  eta: '2026-12-24T06:00:00.000Z',
  ata: null,
  eta_dlv: null,
  status: 'ocean transport to POD',
  lifecycle_status: 'active',
  request_status: 'ongoing',
  health: 'delayed',
  last_alert_code: 902,
  last_update: '2026-11-24T07:58:12.000Z',
  modified_at: '2026-11-24T07:58:12.345Z',
};

/** The JSON body of every webhook POST (registered as a component of the OpenAPI document). */
export const WebhookEventSchema = Type.Object(
  {
    id: Type.String({
      format: 'uuid',
      description: 'Event id (also the Webhook-Id header): de-duplicate on it',
    }),
    type: Type.Union([...WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)), Type.Literal(TEST_EVENT_TYPE)]),
    created_at: Type.String({ format: 'date-time', description: 'When the change was committed' }),
    data: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'Depends on `type`: the component <Type>Data of each type (shipment.vessel_departed → ' +
          'ShipmentVesselDepartedData) lists its fields with an example. ' +
          WEBHOOK_EVENT_TYPES.map((t) => `${t}: ${dataComponentName(t)}`).join('; ') +
          `; ${TEST_EVENT_TYPE}: ${dataComponentName(TEST_EVENT_TYPE)}.`,
      },
    ),
    tracking_request: Type.Union([
      Type.Object({
        id: Type.Integer(),
        status: Type.String(),
        code_type: Type.String({ description: 'c_id (container), b_id (booking) or m_bl (B/L)' }),
        code_value: Type.String(),
        client_code: Type.String(),
        carrier: Type.Object({ scac: Type.String(), name: Type.String() }),
        created_at: Type.String({ format: 'date-time' }),
      }),
      Type.Null(),
    ]),
    shipment: Type.Union([Type.Unsafe({ $ref: 'ShipmentSummary#' }), Type.Null()], {
      description:
        'The shipment as it was when the delivery was first attempted (null for request-level events)',
    }),
  },
  {
    $id: 'WebhookEvent',
    title: 'WebhookEvent',
    description:
      'POSTed to each endpoint with the headers Webhook-Id (event id), Webhook-Event (type), Webhook-Timestamp ' +
      '(Unix seconds) and Webhook-Signature (`v1=` + hex HMAC-SHA256 of `<timestamp>.<body>` with the ' +
      "endpoint's secret). Refuse a timestamp more than 300 s from your clock. Answer 2xx within 10 s; " +
      'anything else is retried with exponential backoff for 72 hours, in order per tracking request.',
    example: {
      id: '7d0f3c1e-8f7a-4f57-9a53-3c1b1b7c9d10',
      type: 'shipment.eta_changed',
      created_at: '2026-11-24T07:58:12.345Z',
      data: {
        location: 'POD',
        place: { locode: 'CNSHA', name: 'Shanghai' },
        old: '2026-12-22T06:00:00+00:00',
        new: '2026-12-24T06:00:00+00:00',
        delta_hours: 48,
        delta_days: 2,
      },
      tracking_request: {
        id: 812,
        status: 'ongoing',
        code_type: 'c_id',
        code_value: 'MSKU1234565',
        client_code: 'PO-1',
        carrier: { scac: 'MAEU', name: 'Maersk' },
        created_at: '2026-11-18T09:12:00.000Z',
      },
      shipment: EXAMPLE_SHIPMENT,
    },
  },
);
