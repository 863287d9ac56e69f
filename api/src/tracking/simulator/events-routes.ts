// The carrier network simulator's events endpoints: GET /carriers/{SCAC}/v2/events (v2.2:
// eventCreatedDateTime bounds, Current-Page / Next-Page cursors, retracted events left out) and
// GET /carriers/{SCAC}/v3/events (v3.0: eventUpdatedDateTimeMin/Max, Next-Page-Cursor, retractions
// shown), both answering what the carrier shows now, with the GET faults an admin set.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { v3BodyOf, type FeedItem } from './faults';
import { decodeCursor, encodeCursor, eventsQuery, faulty, sendError, takeFault } from './http';
import type { SimulatorStore } from './store';

const OPERATORS = ['gte', 'gt', 'lte', 'lt', 'eq'] as const;
type Bound = [(typeof OPERATORS)[number], number];

/** The eventCreatedDateTime bounds of a v2.2 query, or the 400 message. */
function createdBounds(q: Record<string, string | undefined>): Bound[] | { error: string } {
  const bounds: Bound[] = [];
  for (const op of OPERATORS) {
    const value = q[`eventCreatedDateTime:${op}`] ?? (op === 'eq' ? q.eventCreatedDateTime : undefined);
    if (value === undefined) continue;
    const t = Date.parse(value);
    if (Number.isNaN(t)) return { error: `eventCreatedDateTime:${op} is not a date-time` };
    bounds.push([op, t]);
  }
  return bounds;
}

function withinBounds(e: FeedItem, bounds: Bound[]): boolean {
  const created = Date.parse(e.event.eventCreatedDateTime);
  return bounds.every(([op, t]) =>
    op === 'gte'
      ? created >= t
      : op === 'gt'
        ? created > t
        : op === 'lte'
          ? created <= t
          : op === 'lt'
            ? created < t
            : created === t,
  );
}

function v2Events(store: SimulatorStore) {
  const { clock, carriers } = store;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { scac } = req.params as { scac: string };
    const q = req.query as Record<string, string | undefined>;
    const read = eventsQuery(q);
    if ('error' in read) return sendError(clock, reply, 400, read.error);
    const { codeType, reference, limit } = read;
    const types = q.eventType ? q.eventType.split(',') : null;
    const bounds = createdBounds(q);
    if ('error' in bounds) return sendError(clock, reply, 400, bounds.error);

    const { answered, fault } = await takeFault(store, scac, reply, false);
    if (answered) return reply;

    const journey = store.journeyFor(scac, codeType, reference);
    if (!journey) {
      if (carriers[scac]?.unknownReference === '404')
        return sendError(clock, reply, 404, `No shipment found for ${reference}`);
      return reply.send([]);
    }
    const now = clock.now();
    const matching = store
      .released(scac, journey, codeType, codeType === 'c_id' ? reference : null, types, now)
      // v2.2 has no retraction: the event is gone
      .filter((e) => !e.retraction && withinBounds(e, bounds));
    const filterKey = JSON.stringify([scac, codeType, reference, types, bounds]);
    const offset = q.cursor === undefined ? 0 : decodeCursor(q.cursor, filterKey);
    if (offset === null) return sendError(clock, reply, 400, 'Invalid cursor');
    const page = matching.slice(offset, offset + limit).map((e) => e.event) as unknown as Array<
      Record<string, unknown>
    >;
    reply.header('Current-Page', encodeCursor(offset, filterKey));
    if (offset + limit < matching.length)
      reply.header('Next-Page', encodeCursor(store.nextOffset(scac, filterKey, offset, limit), filterKey));
    return reply.send(faulty(page, fault, false));
  };
}

function v3Events(store: SimulatorStore) {
  const { clock } = store;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { scac } = req.params as { scac: string };
    const q = req.query as Record<string, string | undefined>;
    const read = eventsQuery(q);
    if ('error' in read) return sendError(clock, reply, 400, read.error);
    const { codeType, reference, limit } = read;
    const types = q.eventTypes ? q.eventTypes.split(',') : null;
    const min = q.eventUpdatedDateTimeMin === undefined ? null : Date.parse(q.eventUpdatedDateTimeMin);
    const max = q.eventUpdatedDateTimeMax === undefined ? null : Date.parse(q.eventUpdatedDateTimeMax);
    if (Number.isNaN(min) || Number.isNaN(max))
      return sendError(clock, reply, 400, 'eventUpdatedDateTimeMin/Max must be date-times');
    // The same faults as v2.2 (timeout, 5xx, malformed, wrong schema, duplicates, out of order).
    const { answered, fault } = await takeFault(store, scac, reply, true);
    if (answered) return reply;
    const journey = store.journeyFor(scac, codeType, reference);
    // v3: no match is a 200 with no events, never a 404.
    if (!journey) return reply.send({ events: [] });
    const now = clock.now();
    const matching = store
      .released(scac, journey, codeType, codeType === 'c_id' ? reference : null, types, now)
      .filter((e) => (min === null || e.updatedAt >= min) && (max === null || e.updatedAt <= max));
    const filterKey = JSON.stringify(['v3', scac, codeType, reference, types, min, max]);
    const offset = q.cursor === undefined ? 0 : decodeCursor(q.cursor, filterKey);
    if (offset === null) return sendError(clock, reply, 400, 'Invalid cursor');
    if (offset + limit < matching.length)
      reply.header(
        'Next-Page-Cursor',
        encodeCursor(store.nextOffset(scac, filterKey, offset, limit), filterKey),
      );
    return reply.send({ events: faulty(matching.slice(offset, offset + limit).map(v3BodyOf), fault, true) });
  };
}

export function registerEventRoutes(app: FastifyInstance, store: SimulatorStore): void {
  app.get('/carriers/:scac/v2/events', v2Events(store));
  app.get('/carriers/:scac/v3/events', v3Events(store));
}
