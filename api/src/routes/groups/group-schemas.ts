// The schemas of a group's routes (projects, teams), built from its definition, in the order the routes are
// registered (that order is the OpenAPI document's).
import { Type, type TSchema } from '@sinclair/typebox';
import { errors, Paged, idWriteErrors, pageAndOrdering } from '../../lib/schemas';
import { GROUP_ORDERING as ORDERING } from '../../services/groups';
import { UserSummarySchema } from '../../services/users';
import type { GroupDefinition } from './group-routes';

const NAME_MAX = 150;
/** Most users one list of a group may hold (the unknown-id check is one query and a Set: linear). */
const MAX_GROUP_USERS = 1000;
const INT4_MAX = 2147483647;

/** A group as answered, its write body, and the id parameter. */
function groupShapes(def: GroupDefinition) {
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
  return { ItemSchema, BodySchema, params };
}

export function groupRouteSchemas(def: GroupDefinition) {
  const { ItemSchema, BodySchema, params } = groupShapes(def);
  const tag = def.resource;
  const paging = pageAndOrdering(ORDERING);
  const writeResponses = {
    ...idWriteErrors(),
  };
  return {
    list: {
      tags: [tag],
      summary: `The ${def.resource} of your company (paged by 30; default order name)`,
      security: [{ token: [] }],
      querystring: Type.Object({
        page: paging.page,
        search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
        ordering: paging.ordering,
      }),
      response: {
        200: Paged(ItemSchema, `${def.title}Page`),
        ...errors[400](),
        ...errors[401],
        ...errors[404],
      },
    },
    detail: {
      tags: [tag],
      summary: `One ${def.noun}`,
      security: [{ token: [] }],
      params,
      response: { 200: ItemSchema, ...errors[401], ...errors[404] },
    },
    create: {
      tags: [tag],
      summary: `Create a ${def.noun}`,
      description: `${def.writeRule} Names are unique in the company (case-insensitive).`,
      security: [{ token: [] }],
      body: BodySchema,
      response: { 201: ItemSchema, ...writeResponses },
    },
    replace: {
      tags: [tag],
      summary: `Replace a ${def.noun} (name required; omitted lists become empty)`,
      description: def.writeRule,
      security: [{ token: [] }],
      params,
      body: BodySchema,
      response: { 200: ItemSchema, ...writeResponses },
    },
    change: {
      tags: [tag],
      summary: `Change some fields of a ${def.noun}`,
      description: def.writeRule,
      security: [{ token: [] }],
      params,
      body: BodySchema,
      response: { 200: ItemSchema, ...writeResponses },
    },
    remove: {
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
  };
}
