import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { databaseAnswers } from '../../services/readiness';

/** GET /api/health/: readiness for start scripts (no auth). Checks the database answers. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness check',
        response: {
          200: Type.Object({ status: Type.Literal('ok') }),
          503: Type.Object({ status: Type.Literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      if (await databaseAnswers(app.db)) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );
};
