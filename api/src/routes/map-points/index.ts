// GET /api/shipments/coordinates/details/: the few fields the map's info window shows for the points clicked
// (the compact coordinates answer carries positions only). Ids of other companies are left out, never an error.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorCollector } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import { thresholdsOf } from '../../services/health';
import { MAP_HEALTH_CODES, MAX_DETAIL_IDS, mapPointDetails } from '../../services/map-points';

const Port = Type.Union([
  Type.Object({ name: Type.String(), locode: Type.Union([Type.String(), Type.Null()]) }),
  Type.Null(),
]);
const nullableString = Type.Union([Type.String(), Type.Null()]);

const MapPointDetailSchema = Type.Object(
  {
    id: Type.Integer(),
    container_number: Type.String(),
    carrier: nullableString,
    status_text: Type.String(),
    pol: Port,
    pod: Port,
    eta: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    ata: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    health: Type.String({ enum: [...MAP_HEALTH_CODES] }),
    vessel: Type.Union([Type.String({ description: 'The vessel the container is on now' }), Type.Null()]),
    next_port: Type.Union([Type.String({ description: "That vessel's next port" }), Type.Null()]),
    free_time: Type.Union(
      [
        Type.Object({
          clock: Type.String({ enum: ['demurrage', 'detention', 'combined'] }),
          state: Type.String({ enum: ['running', 'over'] }),
          lfd: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
          days_left: Type.Union([Type.Integer({ description: 'Negative when over' }), Type.Null()]),
        }),
        Type.Null(),
      ],
      { description: 'The free-time clock running now (the one over first); null when none runs' },
    ),
  },
  { title: 'MapPointDetail' },
);

const DetailsQuery = Type.Object(
  {
    id: Type.Optional(
      Type.Union(
        [Type.String({ maxLength: 4000 }), Type.Array(Type.String({ maxLength: 20 }), { maxItems: 500 })],
        {
          description: `Repeatable (or comma separated): shipment ids, at most ${MAX_DETAIL_IDS}`,
        },
      ),
    ),
  },
  { additionalProperties: true },
);

const TOO_MANY = `Ensure this field has no more than ${MAX_DETAIL_IDS} elements.`;

/** The ids of the query: integers, at most MAX_DETAIL_IDS, duplicates dropped; 400 otherwise. */
function parseDetailIds(raw: string | string[] | undefined): number[] {
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const collector = new ErrorCollector();
  const ids = new Set<number>();
  for (const v of list) {
    const n = Number(v);
    if (!/^\d{1,15}$/.test(v) || !Number.isSafeInteger(n) || n < 1) {
      collector.add('id', 'A valid integer is required.');
    } else ids.add(n);
  }
  if (ids.size > MAX_DETAIL_IDS) collector.add('id', TOO_MANY);
  collector.throwIfAny();
  return [...ids];
}

// Registers synchronously; Fastify takes the plugin's promise (there is nothing to wait for).
export const mapPointRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/shipments/coordinates/details/',
    {
      schema: {
        tags: ['shipments'],
        summary: "The map's info window: container, carrier, status, POL, POD, ETA/ATA, health, vessel",
        description:
          `For up to ${MAX_DETAIL_IDS} shipment ids (repeat id= or separate by commas), in the order asked. ` +
          "Ids that are not of the caller's company are left out.",
        security: [{ token: [] }],
        querystring: DetailsQuery,
        response: { 200: Type.Array(MapPointDetailSchema), ...errors[400](), ...errors[401] },
      },
    },
    async (request) => {
      const ids = parseDetailIds(request.query.id);
      const { profile } = caller(request);
      return mapPointDetails(app.db, profile.company_id, thresholdsOf(profile), ids);
    },
  );
  return Promise.resolve();
};
