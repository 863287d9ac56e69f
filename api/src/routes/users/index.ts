// GET /api/users/: the active users of the caller's company, as summaries (for subscriber,
// coordinator and member pickers).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { paginate } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import { likePattern, parseOrdering } from '../../lib/query-params';
import { UserSummarySchema } from '../../services/users';

const ORDERING = ['id', 'username', 'first_name', 'last_name', 'email'] as const;

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
      let base = app.db
        .selectFrom('users')
        .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
        .where('user_profiles.company_id', '=', companyId)
        .where('users.is_active', '=', true);
      const search = request.query.search?.trim();
      if (search) {
        const pattern = likePattern(search);
        base = base.where((eb) =>
          eb.or([
            eb('users.username', 'ilike', pattern),
            eb('users.first_name', 'ilike', pattern),
            eb('users.last_name', 'ilike', pattern),
            eb('users.email', 'ilike', pattern),
          ]),
        );
      }
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return paginate(request, Number(count), (limit, offset) =>
        base
          .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.email'])
          .orderBy(`users.${order.key}`, order.direction)
          .orderBy('users.id')
          .limit(limit)
          .offset(offset)
          .execute(),
      );
    },
  );
};
