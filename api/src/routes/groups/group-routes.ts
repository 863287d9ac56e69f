// CRUD of a company's named groups of users: projects (subscribers) and teams (coordinators and
// members). One implementation, two route plugins (see projects/index.ts and teams/index.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserProfile } from '../../db/types';
import { badRequest, ErrorCollector, MESSAGES, permissionDenied } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors, Paged, idWriteErrors } from '../../lib/schemas';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { likePattern, parseId, parseOrdering } from '../../lib/query-params';
import {
  createGroup,
  deleteGroup,
  findGroup,
  GROUP_ORDERING as ORDERING,
  groupAnswers,
  groupIdByName,
  groupList,
  updateGroup,
  type GroupLinkTable,
  type GroupRow,
  type GroupTables,
} from '../../services/groups';
import { foreignUserIds, UserSummarySchema } from '../../services/users';

interface GroupLink extends GroupLinkTable {
  description: string;
}

export interface GroupDefinition extends GroupTables {
  resource: 'projects' | 'teams';
  /** Singular, for messages and docs. */
  noun: string;
  title: string;
  links: GroupLink[];
  /** Who may create, change and delete. */
  mayWrite: (profile: UserProfile) => boolean;
  writeRule: string;
}

const NAME_MAX = 150;
/** Most users one list of a group may hold (the unknown-id check is one query and a Set: linear). */
const MAX_GROUP_USERS = 1000;
const INT4_MAX = 2147483647;

export function groupRoutes(def: GroupDefinition): FastifyPluginAsyncTypebox {
  const linkSchemas: Record<string, TSchema> = {};
  const idListSchemas: Record<string, TSchema> = {};
  for (const link of def.links) {
    linkSchemas[link.field] = Type.Array(UserSummarySchema, { description: link.description });
    idListSchemas[link.field] = Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: INT4_MAX }), {
        maxItems: MAX_GROUP_USERS,
        description: `${link.description}: ids of active users of your company (at most ${MAX_GROUP_USERS})`,
      }),
    );
  }
  const ItemSchema = Type.Object(
    {
      id: Type.Integer(),
      name: Type.String(),
      ...linkSchemas,
      created_at: Type.String({ format: 'date-time' }),
      modified_at: Type.String({ format: 'date-time' }),
    },
    { title: def.title },
  );
  const BodySchema = Type.Object(
    {
      name: Type.Optional(Type.String({ maxLength: NAME_MAX, description: 'Required on POST and PUT' })),
      ...idListSchemas,
    },
    { title: `${def.title}Write` },
  );
  const params = Type.Object({ id: Type.String({ description: `${def.title} id` }) });
  const tag = def.resource;
  const base = `/${def.resource}/`;
  const one = `/${def.resource}/:id/`;

  const serialize = (db: Kysely<Database>, rows: GroupRow[]) => groupAnswers(db, def, rows);

  const find = (db: Kysely<Database>, companyId: number, rawId: unknown): Promise<GroupRow> =>
    findGroup(db, def, companyId, parseId(rawId));

  /** Checks name and id lists; `full` (POST, PUT) requires the name. */
  const check = async (
    db: Kysely<Database>,
    companyId: number,
    body: Record<string, unknown>,
    full: boolean,
    selfId: number | null,
  ) => {
    const problems = new ErrorCollector();
    let name: string | undefined;
    if (body.name !== undefined) {
      name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) problems.add('name', MESSAGES.required);
    } else if (full) problems.add('name', MESSAGES.required);
    if (name) {
      const clashId = await groupIdByName(db, def, companyId, name);
      if (clashId !== undefined && clashId !== selfId)
        problems.add('name', `A ${def.noun} with this name already exists.`);
    }
    const lists: Record<string, number[]> = {};
    for (const link of def.links) {
      const value = body[link.field];
      if (value === undefined) continue;
      const ids = [...new Set(value as number[])];
      for (const bad of await foreignUserIds(db, companyId, ids)) {
        problems.add(link.field, `Invalid pk "${bad}" - object does not exist.`);
      }
      lists[link.field] = ids;
    }
    problems.throwIfAny();
    return { name, lists };
  };

  /** Two simultaneous writes of the same name: the unique index answers, mapped to the field error. */
  const nameClash = (error: unknown): never => {
    if ((error as { code?: string }).code === '23505') {
      throw badRequest({ name: [`A ${def.noun} with this name already exists.`] });
    }
    throw error;
  };

  const guardWrite = async (request: FastifyRequest) => {
    if (!def.mayWrite(caller(request).profile)) throw permissionDenied();
  };

  const writeResponses = {
    ...idWriteErrors(),
  };

  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      base,
      {
        schema: {
          tags: [tag],
          summary: `The ${def.resource} of your company (paged by 30; default order name)`,
          security: [{ token: [] }],
          querystring: Type.Object({
            page: Type.Optional(Type.String({ maxLength: 12, description: 'Page number, from 1' })),
            search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
            ordering: Type.Optional(
              Type.String({
                maxLength: 40,
                description: `One of ${ORDERING.join(', ')}; prefix - for descending`,
              }),
            ),
          }),
          response: {
            200: Paged(ItemSchema, `${def.title}Page`),
            ...errors[400](),
            ...errors[401],
            ...errors[404],
          },
        },
      },
      async (request) => {
        const companyId = caller(request).profile.company_id;
        const order = parseOrdering(request.query.ordering, ORDERING, { key: 'name', direction: 'asc' });
        const search = request.query.search?.trim();
        const list = groupList(app.db, def, companyId, search ? likePattern(search) : undefined, order);
        return paginate(request, await list.count(), async (limit, offset) =>
          serialize(app.db, await list.page(limit, offset)),
        );
      },
    );

    app.get(
      one,
      {
        schema: {
          tags: [tag],
          summary: `One ${def.noun}`,
          security: [{ token: [] }],
          params,
          response: { 200: ItemSchema, ...errors[401], ...errors[404] },
        },
      },
      async (request) => {
        const row = await find(app.db, caller(request).profile.company_id, request.params.id);
        return (await serialize(app.db, [row]))[0];
      },
    );

    app.post(
      base,
      {
        preValidation: guardWrite,
        schema: {
          tags: [tag],
          summary: `Create a ${def.noun}`,
          description: `${def.writeRule} Names are unique in the company (case-insensitive).`,
          security: [{ token: [] }],
          body: BodySchema,
          response: { 201: ItemSchema, ...writeResponses },
        },
      },
      async (request, reply) => {
        const companyId = caller(request).profile.company_id;
        const { name, lists } = await check(app.db, companyId, request.body, true, null);
        const id = await createGroup(app.db, def, companyId, name as string, lists).catch(nameClash);
        const row = await find(app.db, companyId, String(id));
        // The item's shape depends on the links; the response schema describes it.
        return reply.code(201).send((await serialize(app.db, [row]))[0] as never);
      },
    );

    const update = (full: boolean) => async (request: FastifyRequest) => {
      const companyId = caller(request).profile.company_id;
      const current = await find(app.db, companyId, (request.params as { id: string }).id);
      const { name, lists } = await check(
        app.db,
        companyId,
        request.body as Record<string, unknown>,
        full,
        current.id,
      );
      if (full) for (const link of def.links) lists[link.field] ??= [];
      await updateGroup(app.db, def, current.id, name, lists).catch(nameClash);
      return (await serialize(app.db, [await find(app.db, companyId, String(current.id))]))[0];
    };
    // Tenancy first (another company's id: 404 even for a user who may not write).
    const findThenGuard = async (request: FastifyRequest) => {
      await find(app.db, caller(request).profile.company_id, (request.params as { id: string }).id);
      await guardWrite(request);
    };

    app.put(
      one,
      {
        preValidation: findThenGuard,
        schema: {
          tags: [tag],
          summary: `Replace a ${def.noun} (name required; omitted lists become empty)`,
          description: def.writeRule,
          security: [{ token: [] }],
          params,
          body: BodySchema,
          response: { 200: ItemSchema, ...writeResponses },
        },
      },
      update(true),
    );

    app.patch(
      one,
      {
        preValidation: findThenGuard,
        schema: {
          tags: [tag],
          summary: `Change some fields of a ${def.noun}`,
          description: def.writeRule,
          security: [{ token: [] }],
          params,
          body: BodySchema,
          response: { 200: ItemSchema, ...writeResponses },
        },
      },
      update(false),
    );

    app.delete(
      one,
      {
        preValidation: findThenGuard,
        schema: {
          tags: [tag],
          summary: `Delete a ${def.noun}`,
          description: def.writeRule,
          security: [{ token: [] }],
          params,
          response: {
            204: Type.Null({ description: 'Deleted' }),
            ...errors[401],
            ...errors[403],
            ...errors[404],
          },
        },
      },
      async (request, reply) => {
        const companyId = caller(request).profile.company_id;
        const row = await find(app.db, companyId, request.params.id);
        await deleteGroup(app.db, def, companyId, row.id);
        return reply.code(204).send(null);
      },
    );
  };
}

export const writeAllowed = (profile: UserProfile) => canWrite(profile.role_id);
