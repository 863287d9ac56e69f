// /api/api-keys/: the company's API keys (issue 20). Managers with write permission only (others 403):
// list, create (the key is in the answer of the create call and nowhere else) and revoke (at once).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ErrorCollector, notFound } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { requireAuth, requireManager } from '../../plugins/auth';
import { newApiKey } from '../../services/api-keys';
import { parseId } from '../../lib/query-params';

/** Active keys a company may hold at once. */
export const MAX_ACTIVE_KEYS = 20;
export const API_KEY_FIELD_MESSAGES = {
  nameBlank: 'This field may not be blank.',
  nameTaken: 'An active key with this name already exists.',
  tooMany: `A company can have at most ${MAX_ACTIVE_KEYS} active keys. Revoke one first.`,
} as const;

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

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);
  const db = app.db;

  const select = (companyId: number) =>
    db
      .selectFrom('api_keys as k')
      .leftJoin('users as u', 'u.id', 'k.created_by')
      .select([
        'k.id',
        'k.name',
        'k.scope',
        'k.prefix',
        'k.rate_limit_per_minute',
        'k.created_at',
        'k.last_used_at',
        'k.revoked_at',
        'u.username as created_by',
      ])
      .where('k.company_id', '=', companyId);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const out = (r: Row) => ({
    ...r,
    created_at: iso(r.created_at)!,
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
  });

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
      const active = await select(profile.company_id)
        .where('k.revoked_at', 'is', null)
        .orderBy('k.id', 'desc')
        .execute();
      const revoked = await select(profile.company_id)
        .where('k.revoked_at', 'is not', null)
        .orderBy('k.revoked_at', 'desc')
        .limit(50)
        .execute();
      return [...active, ...revoked].map(out);
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
      const body = request.body;
      const problems = new ErrorCollector();
      const name = body.name.trim();
      if (!name) problems.add('name', API_KEY_FIELD_MESSAGES.nameBlank);
      problems.throwIfAny();
      const created = await db.transaction().execute(async (trx) => {
        // One company's creates one at a time: the count and the name check hold.
        await sql`SELECT pg_advisory_xact_lock(20150, ${profile.company_id})`.execute(trx);
        const active = await trx
          .selectFrom('api_keys')
          .select(['name'])
          .where('company_id', '=', profile.company_id)
          .where('revoked_at', 'is', null)
          .execute();
        if (active.some((k) => k.name.toLowerCase() === name.toLowerCase()))
          problems.add('name', API_KEY_FIELD_MESSAGES.nameTaken);
        else if (active.length >= MAX_ACTIVE_KEYS)
          problems.add('non_field_errors', API_KEY_FIELD_MESSAGES.tooMany);
        problems.throwIfAny();
        const { key, hash, prefix } = newApiKey();
        const row = await trx
          .insertInto('api_keys')
          .values({
            company_id: profile.company_id,
            created_by: user.id,
            name,
            scope: body.scope,
            key_hash: hash,
            prefix,
            ...(body.rate_limit_per_minute ? { rate_limit_per_minute: body.rate_limit_per_minute } : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id, key };
      });
      const row = await select(profile.company_id).where('k.id', '=', created.id).executeTakeFirstOrThrow();
      return reply.code(201).send({ ...out(row), key: created.key });
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
      const row = await db
        .updateTable('api_keys')
        .set({
          revoked_at: sql`coalesce(revoked_at, now())`,
          revoked_by: sql`coalesce(revoked_by, ${user.id})`,
        })
        .where('id', '=', parseId(request.params.id))
        .where('company_id', '=', profile.company_id)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
