// Schemas of the webhook calls and of the payloads sent (documented in the OpenAPI document: the payload
// schemas are registered as components so integrators can read them next to the calls).
import { Type } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';
import { errors, Paged, PageQuerySchema } from '../../lib/schemas';
import { REPLAY_WINDOW_SECONDS } from '../../services/webhooks/signing';

const dateTime = () => Type.String({ format: 'date-time' });
const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const EventType = Type.Union(
  WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)),
  { description: 'An event type' },
);

const EndpointSchema = Type.Object(
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

const EndpointWithSecretSchema = Type.Intersect(
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

const EndpointCreateBody = Type.Object(
  {
    url: Type.String({ maxLength: 2048, description: 'https:// URL that receives POSTs' }),
    events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    secret: Type.Optional(Secret),
  },
  { additionalProperties: false },
);

const EndpointPatchBody = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    events: Type.Optional(Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length })),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    secret: Type.Optional(Secret),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const RotateSecretBody = Type.Object(
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

const RotateSecretAnswer = Type.Object(
  {
    secret: Type.String({ description: 'The new secret. Shown once: no call answers it again.' }),
    previous_secret_expires_at: Type.Union([dateTime(), Type.Null()]),
  },
  { title: 'WebhookSecretRotation' },
);

const TestEventAnswer = Type.Object({ event_id: Type.String(), delivery_id: Type.String() });

const DeliverySchema = Type.Object(
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

const DeliveryDetailSchema = Type.Intersect(
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

const ChangesSchema = Type.Object(
  {
    results: Type.Array(Type.Unsafe({ $ref: 'ShipmentSummary#' })),
    next_since: dateTime(),
    next_after_id: Type.String(),
  },
  { title: 'ShipmentChanges' },
);

// The route schemas, in the order the routes are registered (that order is the OpenAPI document's).
const tags = ['integration'];
const security = [{ token: [] }];
const IdParams = Type.Object({ id: Type.String() });
const DeliveryParams = Type.Object({ id: Type.String(), deliveryId: Type.String() });

export const listEndpointsRoute = {
  tags,
  summary: "The company's webhook endpoints",
  description: 'Managers with write permission only.',
  security,
  response: { 200: Type.Array(EndpointSchema), ...errors[401], ...errors[403] },
};

export const createEndpointRoute = {
  tags,
  summary: 'Register a webhook endpoint',
  description:
    'The URL must be https:// and reach a public address (private, loopback and link-local addresses are ' +
    'refused in every spelling, unless the server was started with the development opt-in ' +
    'WEBHOOK_ALLOW_PRIVATE_URLS=1). Without `secret` one is generated. The answer holds the secret used to ' +
    'sign each delivery, once: no other call shows it (see the Webhook-Signature header in the guide).',
  security,
  body: EndpointCreateBody,
  response: { 201: EndpointWithSecretSchema, ...errors[400](), ...errors[401], ...errors[403] },
};

export const endpointDetailRoute = {
  tags,
  summary: 'One webhook endpoint (never its secret: it is shown once, at creation and at rotation)',
  security,
  params: IdParams,
  response: { 200: EndpointSchema, ...errors[401], ...errors[403], ...errors[404] },
};

export const rotateSecretRoute = {
  tags,
  summary: 'Rotate the signing secret (the new one is in the answer, once)',
  description:
    'The new secret (generated unless given) signs from now on; the previous one keeps signing for ' +
    '`grace_hours` (default 24), so each delivery carries two signatures ' +
    '(`Webhook-Signature: v1=<new>, v1=<previous>`) until the receiver has switched. `grace_hours: 0` ' +
    'stops the previous secret at once (a leaked secret).',
  security,
  params: IdParams,
  body: RotateSecretBody,
  response: {
    200: RotateSecretAnswer,
    ...errors[400](),
    ...errors[401],
    ...errors[403],
    ...errors[404],
  },
};

export const changeEndpointRoute = {
  tags,
  summary: 'Change a webhook endpoint; enable or disable it',
  description:
    'Enabling an endpoint (also one the worker disabled after failing for days) sends its pending ' +
    'deliveries in order.',
  security,
  params: IdParams,
  body: EndpointPatchBody,
  response: { 200: EndpointSchema, ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
};

export const deleteEndpointRoute = {
  tags,
  summary: 'Delete a webhook endpoint and its delivery log',
  security,
  params: IdParams,
  response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
};

export const testEventRoute = {
  tags,
  summary: 'Send a test event (type webhook.test) to this endpoint',
  security,
  params: IdParams,
  response: { 202: TestEventAnswer, ...errors[401], ...errors[403], ...errors[404] },
};

export const deliveryLogRoute = {
  tags,
  summary: 'Delivery log of an endpoint (newest first, 30 a page)',
  description: 'status: pending (being sent or waiting for its next attempt), succeeded, failed (given up).',
  security,
  params: IdParams,
  querystring: Type.Intersect([
    PageQuerySchema,
    Type.Object({
      status: Type.Optional(
        Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
      ),
    }),
  ]),
  response: {
    200: Paged(DeliverySchema, 'DeliveryPage'),
    ...errors[401],
    ...errors[403],
    ...errors[404],
  },
};

export const deliveryDetailRoute = {
  tags,
  summary: 'One delivery: its body as sent and every attempt',
  security,
  params: DeliveryParams,
  response: { 200: DeliveryDetailSchema, ...errors[401], ...errors[403], ...errors[404] },
};

export const redeliverRoute = {
  tags,
  summary: 'Send a delivered or failed event again (same event id)',
  security,
  params: DeliveryParams,
  response: { 201: DeliverySchema, ...errors[401], ...errors[403], ...errors[404] },
};

export const eventTypesRoute = {
  tags,
  summary: 'The event types an endpoint can ask for',
  description: `Signatures: HMAC-SHA256, replay window ${REPLAY_WINDOW_SECONDS} s (see the integration guide).`,
  security,
  response: { 200: Type.Array(Type.String()), ...errors[401], ...errors[403] },
};

export const changesRoute = {
  tags,
  summary: 'Shipments changed since a time (oldest change first, 100 a page)',
  description:
    'Pass the `next_since` and `next_after_id` of one answer as `since` and `after_id` of the next call ' +
    'to walk every change once; an empty `results` means you are up to date. health follows the ' +
    "caller's thresholds (for an API key: those of the manager who created it).",
  security,
  querystring: Type.Object({
    since: Type.String({ maxLength: 40, description: 'ISO 8601 date-time, e.g. 2026-11-24T08:00:00Z' }),
    after_id: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9]{1,19}$' })),
  }),
  response: { 200: ChangesSchema, ...errors[400](), ...errors[401] },
};
