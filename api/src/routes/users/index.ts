// GET /api/users/: the active users of the caller's company, as summaries (for subscriber,
// coordinator and member pickers).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { paginateList } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import { parseOrdering } from '../../lib/query-params';
import { companyUserList, USER_ORDERING as ORDERING, UserSummarySchema } from '../../services/users';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/users/',
    {
      schema: {
        tags: ['reference lists'],
        summary: "Active users of the caller's company (paged by 30)",
        security: [{ token: [] }],
        querystring: Type.Object({
          page: Type.Optional(Type.String({ maxLength: 12, description: 'Page number, from 1' })),
          search: Type.Optional(
            Type.String({
              maxLength: 200,
              description: 'Part of the username, first or last name, or e-mail',
            }),
          ),
          ordering: Type.Optional(
            Type.String({
              maxLength: 40,
              description: `One of ${ORDERING.join(', ')}; prefix - for descending (default username)`,
            }),
          ),
        }),
        response: {
          200: Paged(UserSummarySchema, 'UserSummaryPage'),
          ...errors[400](),
          ...errors[401],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const companyId = caller(request).profile.company_id;
      const order = parseOrdering(request.query.ordering, ORDERING, { key: 'username', direction: 'asc' });
      const list = companyUserList(app.db, companyId, request.query.search?.trim(), order);
      return paginateList(request, list, (user) => user);
    },
  );
};
