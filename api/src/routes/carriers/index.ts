// GET /api/carriers/: the active carriers with the request types they support and their quality
// note (never their DCSA endpoint or credentials).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../lib/errors';
import { paginateList } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { parseId, parseOrdering } from '../../lib/query-params';
import {
  CARRIER_ORDERING as ORDERING,
  carrierAnswer,
  carrierList,
  findActiveCarrier,
} from '../../services/reference-lists';

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
      return paginateList(request, carrierList(app.db, request.query.search?.trim(), order), carrierAnswer);
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
      const row = await findActiveCarrier(app.db, parseId(request.params.id));
      if (!row) throw notFound();
      return carrierAnswer(row);
    },
  );
};
