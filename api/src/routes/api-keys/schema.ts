// Schemas of /api/api-keys/: a key as answered, the bodies, and the route schemas in the order the routes are
// registered (that order is the OpenAPI document's).
import { Type } from '@fastify/type-provider-typebox';
import { errors } from '../../lib/schemas';
import { MAX_EXPIRY_YEARS } from '../../services/api-keys/keys';
import { EXPIRY_WARNING_DAYS } from '../../services/api-keys/expiry-notices';

const nullableDate = () => Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const ApiKeySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    scope: Type.Union([Type.Literal('read'), Type.Literal('read_write')]),
    prefix: Type.String({ description: 'The first 12 characters of the key, to recognise it' }),
    rate_limit_per_minute: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    created_by: Type.Union([Type.String(), Type.Null()], { description: 'Username of the creator' }),
    owner: Type.Union([Type.String(), Type.Null()], {
      description:
        'Username of the manager the key acts for (its creator, or the manager who took it over). The key ' +
        'stops working while its owner is not an active manager with write permission.',
    }),
    owner_id: Type.Integer(),
    owner_since: Type.String({ format: 'date-time' }),
    expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the key stops working (null: never)',
    }),
    status: Type.Union(
      [Type.Literal('active'), Type.Literal('expired'), Type.Literal('suspended'), Type.Literal('revoked')],
      { description: 'suspended: its owner is no longer an active manager; a manager can take it over' },
    ),
    last_used_at: nullableDate(),
    revoked_at: nullableDate(),
  },
  { $id: 'ApiKey', title: 'ApiKey' },
);

const CreatedApiKeySchema = Type.Intersect(
  [
    Type.Omit(ApiKeySchema, []),
    Type.Object({ key: Type.String({ description: 'The key. Shown once: it is stored hashed.' }) }),
  ],
  { title: 'CreatedApiKey' },
);

const RateLimit = Type.Integer({ minimum: 10, maximum: 6000, description: 'Calls a minute (default 600)' });
const Expiry = Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
  description:
    `ISO 8601 date-time (or a date: its start in UTC), in the future and at most ${MAX_EXPIRY_YEARS} years ` +
    `ahead; null: never. The owner is e-mailed ${EXPIRY_WARNING_DAYS} days before.`,
});

const CreateBody = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    scope: Type.Union([Type.Literal('read'), Type.Literal('read_write')]),
    rate_limit_per_minute: Type.Optional(RateLimit),
    expires_at: Type.Optional(Expiry),
  },
  { additionalProperties: false },
);

const PatchBody = Type.Object(
  { rate_limit_per_minute: Type.Optional(RateLimit), expires_at: Type.Optional(Expiry) },
  { additionalProperties: false },
);

const IdParams = Type.Object({ id: Type.String({ description: 'API key id' }) });

/** GET /api-keys/ */
export const listRoute = {
  tags: ['integration'],
  summary: "The company's API keys (active first, then the last 50 revoked)",
  description: 'Managers with write permission only.',
  security: [{ token: [] }],
  response: { 200: Type.Array(ApiKeySchema), ...errors[401], ...errors[403] },
};

/** POST /api-keys/ */
export const createRoute = {
  tags: ['integration'],
  summary: 'Create an API key',
  description:
    'scope `read` reads shipments, tracking requests and the reference lists; `read_write` may also ' +
    'create and change tracking requests. The answer holds the key once: it is stored hashed. ' +
    'Use it as `Authorization: Token <key>`.',
  security: [{ token: [] }],
  body: CreateBody,
  response: { 201: CreatedApiKeySchema, ...errors[400](), ...errors[401], ...errors[403] },
};

/** PATCH /api-keys/:id/ */
export const changeRoute = {
  tags: ['integration'],
  summary: "Change an API key's rate limit or expiry",
  description: 'A revoked key cannot be changed (400). A new expiry is warned about again.',
  security: [{ token: [] }],
  params: IdParams,
  body: PatchBody,
  response: { 200: ApiKeySchema, ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
};

/** POST /api-keys/:id/take_over/ */
export const takeOverRoute = {
  tags: ['integration'],
  summary: 'Take an API key over: it acts for the caller from now on',
  description:
    'A key stops working (401) when its owner is deactivated or is no longer a manager with write ' +
    'permission; a manager who takes it over becomes its owner and it works again (with their ' +
    'thresholds). A revoked key cannot be taken over (400).',
  security: [{ token: [] }],
  params: IdParams,
  response: { 200: ApiKeySchema, ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
};

/** DELETE /api-keys/:id/ */
export const revokeRoute = {
  tags: ['integration'],
  summary: 'Revoke an API key (it stops working at once)',
  security: [{ token: [] }],
  params: IdParams,
  response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
};
