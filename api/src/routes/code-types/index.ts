// GET /api/code-types/: the three fixed code types a tracking request can be made by (spec section 3).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { CODE_TYPES } from '../../services/tracking-requests';

const CodeTypeSchema = Type.Object(
  {
    id: Type.Union([Type.Literal('c_id'), Type.Literal('b_id'), Type.Literal('m_bl')]),
    name: Type.String({ description: 'Container number, Booking number or B/L number' }),
  },
  { title: 'CodeType' },
);

export const codeTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/code-types/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'The code types: c_id Container number, b_id Booking number, m_bl B/L number',
        description:
          'Always the same three, in one page. Which ones a carrier supports is in its request_type_support.',
        security: [{ token: [] }],
        response: { 200: Paged(CodeTypeSchema, 'CodeTypePage'), ...errors[401] },
      },
    },
    async () => ({
      count: CODE_TYPES.length,
      next: null,
      previous: null,
      results: CODE_TYPES.map(({ id, name }) => ({ id, name })),
    }),
  );
};
