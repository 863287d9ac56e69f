// GET /api/carriers/: the active carriers with the request types they support and their quality
// note (never their DCSA endpoint or credentials).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Carrier } from '../../db/types';
import { notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { carrierRequiresContainer } from '../../services/tracking-requests';
import { likePattern, parseId, parseOrdering } from '../../lib/query-params';

const CarrierSchema = Type.Object(
  {
    id: Type.Integer(),
    official_name: Type.String(),
    short_name: Type.String(),
    scac: Type.String({ description: 'Standard Carrier Alpha Code' }),
    oicode: Type.Union([Type.String(), Type.Null()]),
    request_type_support: Type.Object(
      { b_id: Type.Boolean(), c_id: Type.Boolean(), m_bl: Type.Boolean() },
      { description: 'Code types the carrier can be tracked by' },
    ),
    ctt_quality: Type.Object(
      {
        note: Type.String({ description: 'May say that container number submission is needed' }),
        rank: Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()]),
      },
      { description: 'Tracking quality' },
    ),
    booking_bl_required_container: Type.Boolean({
      description:
        'True when the quality note says container number submission is needed: a booking (b_id) or ' +
        "B/L (m_bl) request then needs a container ('Required input: Container.')",
    }),
  },
  { title: 'Carrier' },
);

function carrierOut(c: Carrier) {
  return {
    id: c.id,
    official_name: c.official_name,
    short_name: c.short_name,
    scac: c.scac,
    oicode: c.oicode,
    request_type_support: { b_id: c.supports_b_id, c_id: c.supports_c_id, m_bl: c.supports_m_bl },
    ctt_quality: { note: c.ctt_quality_note, rank: c.ctt_quality_rank },
    booking_bl_required_container: carrierRequiresContainer(c.ctt_quality_note),
  };
}

const ORDERING = ['id', 'official_name', 'short_name', 'scac'] as const;

export const carrierRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/carriers/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'Active carriers (paged by 30; default order official_name)',
        security: [{ token: [] }],
        querystring: Type.Object({
          page: Type.Optional(Type.String({ description: 'Page number, from 1' })),
          search: Type.Optional(
            Type.String({ description: 'Part of the official name, short name or SCAC' }),
          ),
          ordering: Type.Optional(
            Type.String({ description: `One of ${ORDERING.join(', ')}; prefix - for descending` }),
          ),
        }),
        response: {
          200: Paged(CarrierSchema, 'CarrierPage'),
          ...errors[400](),
          ...errors[401],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const order = parseOrdering(request.query.ordering, ORDERING, {
        key: 'official_name',
        direction: 'asc',
      });
      let base = app.db.selectFrom('carriers').where('active', '=', true);
      const search = request.query.search?.trim();
      if (search) {
        const p = likePattern(search);
        base = base.where((eb) =>
          eb.or([eb('official_name', 'ilike', p), eb('short_name', 'ilike', p), eb('scac', 'ilike', p)]),
        );
      }
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return paginate(request, Number(count), async (limit, offset) =>
        (
          await base
            .selectAll()
            .orderBy(order.key === 'id' ? sql.ref('id') : sql`lower(${sql.ref(order.key)})`, order.direction)
            .orderBy('id')
            .limit(limit)
            .offset(offset)
            .execute()
        ).map(carrierOut),
      );
    },
  );

  app.get(
    '/carriers/:id/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'One active carrier',
        security: [{ token: [] }],
        params: Type.Object({ id: Type.String() }),
        response: { 200: CarrierSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('carriers')
        .selectAll()
        .where('id', '=', parseId(request.params.id))
        .where('active', '=', true)
        .executeTakeFirst();
      if (!row) throw notFound();
      return carrierOut(row);
    },
  );
};
