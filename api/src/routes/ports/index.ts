// GET /api/ports/?search=&ordering=: ports and other locations with a UN/LOCODE, searched by name,
// LOCODE or country.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../lib/errors';
import { paginateList } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { parseId, parseOrdering } from '../../lib/query-params';
import { findPort, portAnswer, portList, PORT_ORDERING as ORDERING } from '../../services/reference-lists';

const PortSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    locode: Type.String({ description: 'UN/LOCODE' }),
    latitude: Type.Union([Type.Number(), Type.Null()]),
    longitude: Type.Union([Type.Number(), Type.Null()]),
    timezone: Type.Union([Type.String(), Type.Null()]),
    country_iso2: Type.Union([Type.String(), Type.Null()]),
    display: Type.String({ description: 'Name and LOCODE, for pickers' }),
  },
  { title: 'Port' },
);

export const portRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/ports/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'Ports search (paged by 30)',
        description:
          'Locations with a UN/LOCODE. `search` matches the start of the LOCODE, or part of the name ' +
          'or display text, or the 2-letter country code; exact LOCODE matches come first.',
        security: [{ token: [] }],
        querystring: Type.Object({
          page: Type.Optional(Type.String({ description: 'Page number, from 1' })),
          search: Type.Optional(Type.String({ description: 'Text to look for' })),
          ordering: Type.Optional(
            Type.String({
              description: `One of ${ORDERING.join(', ')}; prefix - for descending (default name)`,
            }),
          ),
        }),
        response: { 200: Paged(PortSchema, 'PortPage'), ...errors[400](), ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const order = parseOrdering(request.query.ordering, ORDERING, { key: 'name', direction: 'asc' });
      return paginateList(request, portList(app.db, request.query.search?.trim(), order), portAnswer);
    },
  );

  app.get(
    '/ports/:id/',
    {
      schema: {
        tags: ['reference lists'],
        summary: 'One port',
        security: [{ token: [] }],
        params: Type.Object({ id: Type.String() }),
        response: { 200: PortSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const row = await findPort(app.db, parseId(request.params.id));
      if (!row) throw notFound();
      return portAnswer(row);
    },
  );
};
