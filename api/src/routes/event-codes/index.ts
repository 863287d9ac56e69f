// GET /api/event-codes/ and /api/event-codes/{code}/: the event codes (DCSA events and the
// portal's alert codes) with their English and Spanish descriptions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { EventCodesTable } from '../../db/types';
import { notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { listParam, parseId } from '../../lib/query-params';

const CATEGORIES = ['equipment', 'transport', 'shipment', 'alert'] as const;

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

const out = (e: Selectable<EventCodesTable>) => ({
  id: e.code,
  code: e.code,
  code_name: e.code_name,
  description: e.description,
  description_es: e.description_es,
  only_daily: e.only_daily,
  category: e.category,
});

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
      const categories = listParam(request.query.category).filter((c): c is (typeof CATEGORIES)[number] =>
        (CATEGORIES as readonly string[]).includes(c),
      );
      let base = app.db.selectFrom('event_codes');
      if (listParam(request.query.category).length > 0) {
        base = categories.length
          ? base.where('category', 'in', categories)
          : base.where((eb) => eb.lit(false));
      }
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return paginate(request, Number(count), async (limit, offset) =>
        (await base.selectAll().orderBy('code').limit(limit).offset(offset).execute()).map(out),
      );
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
      const row = await app.db
        .selectFrom('event_codes')
        .selectAll()
        .where('code', '=', parseId(request.params.id))
        .executeTakeFirst();
      if (!row) throw notFound();
      return out(row);
    },
  );
};
