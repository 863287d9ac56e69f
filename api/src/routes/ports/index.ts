// GET /api/ports/?search=&ordering=: ports and other locations with a UN/LOCODE, searched by name,
// LOCODE or country.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors, Paged } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { likePattern, parseId, parseOrdering } from '../../lib/query-params';

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

const ORDERING = ['name', 'locode', 'country_iso2', 'id'] as const;
const COLUMNS = [
  'id',
  'name',
  'locode',
  'latitude',
  'longitude',
  'timezone',
  'country_iso2',
  'display',
] as const;

type PortRow = {
  id: number;
  name: string;
  locode: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  country_iso2: string | null;
  display: string;
};
const out = (p: PortRow) => ({ ...p, locode: p.locode ?? '' });

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
      let base = app.db.selectFrom('locations').where('locode', 'is not', null);
      const search = request.query.search?.trim();
      if (search) {
        const p = likePattern(search);
        const upper = search.toUpperCase();
        base = base.where((eb) =>
          eb.or([
            eb('locode', 'like', `${likePattern(upper).slice(1)}`),
            eb(sql`lower(name)`, 'like', p.toLowerCase()),
            eb('display', 'ilike', p),
            eb('country_iso2', '=', upper),
          ]),
        );
      }
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return paginate(request, Number(count), async (limit, offset) => {
        let q = base.select([...COLUMNS]);
        if (search) q = q.orderBy(sql`(locode = ${search.toUpperCase()})`, 'desc');
        const rows = await q
          .orderBy(order.key, order.direction)
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute();
        return rows.map(out);
      });
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
      const row = await app.db
        .selectFrom('locations')
        .select([...COLUMNS])
        .where('id', '=', parseId(request.params.id))
        .where('locode', 'is not', null)
        .executeTakeFirst();
      if (!row) throw notFound();
      return out(row);
    },
  );
};
