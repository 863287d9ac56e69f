// Schemas of the webhook calls and of the payloads sent (documented in the OpenAPI document: the payload
// schemas are registered as components so integrators can read them next to the calls).
import { Type } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';

const dateTime = () => Type.String({ format: 'date-time' });
const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const EventType = Type.Union(
  WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)),
  { description: 'An event type' },
);

export const EndpointSchema = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    disabled_reason: Type.Union([Type.Literal('failing'), Type.Literal('manual'), Type.Null()], {
      description: 'failing: disabled by the worker after failing for days (the managers were e-mailed)',
    }),
    disabled_at: nullable(dateTime()),
    failing_since: nullable(dateTime()),
    created_at: dateTime(),
    modified_at: dateTime(),
    created_by: Type.Union([Type.String(), Type.Null()]),
    secret_rotated_at: Type.Union([dateTime(), Type.Null()], {
      description: 'The last rotation of its secret',
    }),
    previous_secret_expires_at: Type.Union([dateTime(), Type.Null()], {
      description: 'While set, the previous secret signs too (a second signature in Webhook-Signature)',
    }),
  },
  { $id: 'WebhookEndpoint', title: 'WebhookEndpoint' },
);

export const EndpointWithSecretSchema = Type.Intersect(
  [
    Type.Omit(EndpointSchema, []),
    Type.Object({
      secret: Type.String({
        description:
          'The HMAC-SHA256 key of the Webhook-Signature header. Shown once: no call answers it again.',
      }),
    }),
  ],
  { title: 'WebhookEndpointWithSecret' },
);

const Secret = Type.String({
  minLength: 16,
  maxLength: 100,
  pattern: '^[\\x21-\\x7e]+$',
  description: '16 to 100 printable characters without spaces; generated when absent',
});

export const EndpointCreateBody = Type.Object(
  {
    url: Type.String({ maxLength: 2048, description: 'https:// URL that receives POSTs' }),
    events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    secret: Type.Optional(Secret),
  },
  { additionalProperties: false },
);

export const EndpointPatchBody = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    events: Type.Optional(Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length })),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    secret: Type.Optional(Secret),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const RotateSecretBody = Type.Object(
  {
    secret: Type.Optional(Secret),
    grace_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 168,
        description: 'How long the previous secret keeps signing (default 24; 0: it stops at once)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const RotateSecretAnswer = Type.Object(
  {
    secret: Type.String({ description: 'The new secret. Shown once: no call answers it again.' }),
    previous_secret_expires_at: Type.Union([dateTime(), Type.Null()]),
  },
  { title: 'WebhookSecretRotation' },
);

export const TestEventAnswer = Type.Object({ event_id: Type.String(), delivery_id: Type.String() });

export const DeliverySchema = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String({ format: 'uuid' }),
    event_type: Type.String(),
    shipment_id: Type.Union([Type.String(), Type.Null()]),
    tracking_request_id: Type.Union([Type.Integer(), Type.Null()]),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    attempts: Type.Integer(),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_latency_ms: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    last_attempt_at: nullable(dateTime()),
    next_attempt_at: nullable(dateTime()),
    delivered_at: nullable(dateTime()),
    manual: Type.Boolean({ description: "A manager's redelivery" }),
    created_at: dateTime(),
  },
  { $id: 'WebhookDelivery', title: 'WebhookDelivery' },
);

export const DeliveryDetailSchema = Type.Intersect(
  [
    Type.Omit(DeliverySchema, []),
    Type.Object({
      body: Type.Union([Type.String(), Type.Null()], {
        description: 'The exact JSON sent (null before the first attempt)',
      }),
      attempt_log: Type.Array(
        Type.Object({
          attempted_at: dateTime(),
          status_code: Type.Union([Type.Integer(), Type.Null()]),
          latency_ms: Type.Union([Type.Integer(), Type.Null()]),
          error: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  ],
  { title: 'WebhookDeliveryDetail' },
);

export const ChangesSchema = Type.Object(
  {
    results: Type.Array(Type.Unsafe({ $ref: 'ShipmentSummary#' })),
    next_since: dateTime(),
    next_after_id: Type.String(),
  },
  { title: 'ShipmentChanges' },
);
