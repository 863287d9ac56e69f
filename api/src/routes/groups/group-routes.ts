// CRUD of a company's named groups of users: projects (subscribers) and teams (coordinators and
// members). One implementation, two route plugins (see projects/index.ts and teams/index.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserProfile } from '../../db/types';
import { permissionDenied } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { likePattern, parseId, parseOrdering } from '../../lib/query-params';
import {
  createGroup,
  deleteGroup,
  findGroup,
  GROUP_ORDERING as ORDERING,
  groupAnswers,
  groupList,
  updateGroup,
  type GroupLinkTable,
  type GroupRow,
  type GroupTables,
} from '../../services/groups';
import { checkGroupBody, groupNameClash } from './group-body';
import { groupRouteSchemas } from './group-schemas';

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

export function groupRoutes(def: GroupDefinition): FastifyPluginAsyncTypebox {
  const schemas = groupRouteSchemas(def);
  const base = `/${def.resource}/`;
  const one = `/${def.resource}/:id/`;
  const nameClash = groupNameClash(def);

  const serialize = (db: Kysely<Database>, rows: GroupRow[]) => groupAnswers(db, def, rows);

  const find = (db: Kysely<Database>, companyId: number, rawId: unknown): Promise<GroupRow> =>
    findGroup(db, def, companyId, parseId(rawId));

  const guardWrite = async (request: FastifyRequest) => {
    if (!def.mayWrite(caller(request).profile)) throw permissionDenied();
  };

  /** PUT (`full`: name required, omitted lists emptied) and PATCH. */
  const update = (full: boolean) => async (request: FastifyRequest) => {
    const { db } = request.server;
    const companyId = caller(request).profile.company_id;
    const current = await find(db, companyId, (request.params as { id: string }).id);
    const body = request.body as Record<string, unknown>;
    const { name, lists } = await checkGroupBody(db, def, companyId, body, full, current.id);
    if (full) for (const link of def.links) lists[link.field] ??= [];
    await updateGroup(db, def, current.id, name, lists).catch(nameClash);
    return (await serialize(db, [await find(db, companyId, String(current.id))]))[0];
  };

  // Tenancy first (another company's id: 404 even for a user who may not write).
  const findThenGuard = async (request: FastifyRequest) => {
    await find(request.server.db, caller(request).profile.company_id, (request.params as { id: string }).id);
    await guardWrite(request);
  };

  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(base, { schema: schemas.list }, async (request) => {
      const companyId = caller(request).profile.company_id;
      const order = parseOrdering(request.query.ordering, ORDERING, { key: 'name', direction: 'asc' });
      const search = request.query.search?.trim();
      const list = groupList(app.db, def, companyId, search ? likePattern(search) : undefined, order);
      return paginate(request, await list.count(), async (limit, offset) =>
        serialize(app.db, await list.page(limit, offset)),
      );
    });

    app.get(one, { schema: schemas.detail }, async (request) => {
      const row = await find(app.db, caller(request).profile.company_id, request.params.id);
      return (await serialize(app.db, [row]))[0];
    });

    app.post(base, { preValidation: guardWrite, schema: schemas.create }, async (request, reply) => {
      const companyId = caller(request).profile.company_id;
      const { name, lists } = await checkGroupBody(app.db, def, companyId, request.body, true, null);
      const id = await createGroup(app.db, def, companyId, name as string, lists).catch(nameClash);
      const row = await find(app.db, companyId, String(id));
      // The item's shape depends on the links; the response schema describes it.
      return reply.code(201).send((await serialize(app.db, [row]))[0] as never);
    });

    app.put(one, { preValidation: findThenGuard, schema: schemas.replace }, update(true));
    app.patch(one, { preValidation: findThenGuard, schema: schemas.change }, update(false));

    app.delete(one, { preValidation: findThenGuard, schema: schemas.remove }, async (request, reply) => {
      const companyId = caller(request).profile.company_id;
      const row = await find(app.db, companyId, request.params.id);
      await deleteGroup(app.db, def, companyId, row.id);
      return reply.code(204).send(null);
    });
  };
}

export const writeAllowed = (profile: UserProfile) => canWrite(profile.role_id);
