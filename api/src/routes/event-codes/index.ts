// GET /api/event-codes/ and /api/event-codes/{code}/: the event codes (DCSA events and the
// portal's alert codes) with their English and Spanish descriptions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../lib/errors';
import { paginateList } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { listParam, parseId } from '../../lib/query-params';
import {
  EVENT_CODE_CATEGORIES as CATEGORIES,
  eventCodeAnswer,
  eventCodeList,
  findEventCode,
} from '../../services/reference-lists';

const EventCodeSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Same as code' }),
    code: Type.Integer(),
    code_name: Type.String(),
    description: Type.String({ description: 'English' }),
    description_es: Type.String({ description: 'Spanish' }),
    only_daily: Type.Boolean({ description: 'Checked once a day rather than on every event' }),
    category: Type.String({ description: CATEGORIES.join(', ') }),
  },
  { title: 'EventCode' },
);

export const eventCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/event-codes/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'Event codes, by code (paged by 30)',
        security: [{ token: [] }],
        querystring: Type.Object({
          page: Type.Optional(Type.String({ description: 'Page number, from 1' })),
          category: Type.Optional(
            Type.Union([Type.String(), Type.Array(Type.String())], {
              description: `Only these categories (${CATEGORIES.join(', ')}); repeat the key for several`,
            }),
          ),
        }),
        response: { 200: Paged(EventCodeSchema, 'EventCodePage'), ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const list = eventCodeList(app.db, listParam(request.query.category));
      return paginateList(request, list, eventCodeAnswer);
    },
  );

  app.get(
    '/event-codes/:id/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'One event code',
        security: [{ token: [] }],
        params: Type.Object({ id: Type.String({ description: 'The code (a number)' }) }),
        response: { 200: EventCodeSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const row = await findEventCode(app.db, parseId(request.params.id));
      if (!row) throw notFound();
      return eventCodeAnswer(row);
    },
  );
};
