// /api/api-keys/: the company's API keys (issue 20). Managers with write permission only (others 403):
// list, create (the key is in the answer of the create call and nowhere else) and revoke (at once). The rules
// and SQL are services/api-keys/keys.ts.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { requireAuth, requireManager } from '../../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-keys/keys';
import { parseId } from '../../lib/query-params';

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

const CreateBody = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    scope: Type.Union([Type.Literal('read'), Type.Literal('read_write')]),
    rate_limit_per_minute: Type.Optional(Type.Integer({ minimum: 10, maximum: 6000 })),
  },
  { additionalProperties: false },
);

const IdParams = Type.Object({ id: Type.String({ description: 'API key id' }) });

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/api-keys/',
    {
      schema: {
        tags: ['integration'],
        summary: "The company's API keys (active first, then the last 50 revoked)",
        description: 'Managers with write permission only.',
        security: [{ token: [] }],
        response: { 200: Type.Array(ApiKeySchema), ...errors[401], ...errors[403] },
      },
    },
    async (request) => {
      const { profile } = requireManager(request);
      return listApiKeys(app.db, profile.company_id);
    },
  );

  app.post(
    '/api-keys/',
    {
      schema: {
        tags: ['integration'],
        summary: 'Create an API key',
        description:
          'scope `read` reads shipments, tracking requests and the reference lists; `read_write` may also ' +
          'create and change tracking requests. The answer holds the key once: it is stored hashed. ' +
          'Use it as `Authorization: Token <key>`.',
        security: [{ token: [] }],
        body: CreateBody,
        response: { 201: CreatedApiKeySchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const { user, profile } = requireManager(request);
      return reply.code(201).send(await createApiKey(app.db, profile.company_id, user.id, request.body));
    },
  );

  app.delete(
    '/api-keys/:id/',
    {
      schema: {
        tags: ['integration'],
        summary: 'Revoke an API key (it stops working at once)',
        security: [{ token: [] }],
        params: IdParams,
        response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request, reply) => {
      const { user, profile } = requireManager(request);
      const found = await revokeApiKey(app.db, profile.company_id, user.id, parseId(request.params.id));
      if (!found) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
