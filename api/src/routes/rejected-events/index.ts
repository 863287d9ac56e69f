// GET /api/rejected-events/: the carrier events the tracking engine set aside or recorded
// (rejected_events: invalid, schema, unstorable, irrelevant, other_shipment, clamped, retracted,
// retraction_refused — see tracking/ingest.ts),
// for superusers only (403 for everyone else; every company's requests, since a superuser looks
// after the engine, not a tenant). Newest first, 30 a page (page from 1), with filters: kind
// (repeated), carrier, tracking_request, source (poll/push), received_after / received_before
// (yyyy-MM-dd, both days included, UTC) and search (an eventID or words of a reason). `kind_counts`
// counts each kind under the other filters.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CODE_TYPE_IDS,
  REJECTED_KINDS,
  REJECTED_SOURCES,
  type RejectedEventKind,
} from '@portal/shared-api/domain';
import { Type } from '@sinclair/typebox';
import { permissionDenied } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import { parseRejectedEventFilters, rejectedEventList } from '../../services/rejected-events';

const Query = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 20 })),
  kind: Type.Optional(
    Type.Union([Type.String({ maxLength: 20 }), Type.Array(Type.String({ maxLength: 20 }), { maxItems: 5 })]),
  ),
  carrier: Type.Optional(Type.String({ maxLength: 20 })),
  tracking_request: Type.Optional(Type.String({ maxLength: 20 })),
  source: Type.Optional(Type.String({ maxLength: 10 })),
  received_after: Type.Optional(Type.String({ maxLength: 10 })),
  received_before: Type.Optional(Type.String({ maxLength: 10 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});

const Text = Type.String();
const Nullable = <T extends ReturnType<typeof Type.Object>>(t: T) => Type.Union([t, Type.Null()]);
const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const Item = Type.Object({
  id: Type.Integer(),
  kind: oneOf(REJECTED_KINDS, 'Why the event was set aside or recorded'),
  source: oneOf(REJECTED_SOURCES, 'poll: read from the carrier; push: sent to the DCSA callback'),
  received_at: Type.String({ format: 'date-time' }),
  reasons: Type.Array(Text),
  event_id: Type.Union([Text, Type.Null()]),
  event_type: Type.Union([Text, Type.Null()]),
  event_created: Type.Union([Text, Type.Null()]),
  carrier: Nullable(Type.Object({ id: Type.Integer(), short_name: Text, scac: Text })),
  tracking_request: Nullable(
    Type.Object({
      id: Type.Integer(),
      code_type: oneOf(CODE_TYPE_IDS, 'What the request tracks by'),
      code_value: Text,
      company: Type.Object({ id: Type.Integer(), name: Text }),
    }),
  ),
  payload: Text,
  payload_truncated: Type.Boolean(),
});
const Answer = Type.Object(
  {
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    kind_counts: Type.Object(
      Object.fromEntries(REJECTED_KINDS.map((kind) => [kind, Type.Integer()])) as Record<
        RejectedEventKind,
        ReturnType<typeof Type.Integer>
      >,
      { description: 'How many events of each kind the other filters find' },
    ),
    results: Type.Array(Item),
  },
  { title: 'RejectedEventPage' },
);

export const rejectedEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/rejected-events/',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Carrier events the tracking engine set aside (superusers only)',
        description:
          'invalid (refused by the DCSA v2.2 validator), schema (refused by the DCSA v3.0 schema), unstorable ' +
          '(PostgreSQL could not store it), irrelevant (not about the request), other_shipment (names another ' +
          'booking or B/L than the request), clamped (stored with a creation time the carrier gave in the ' +
          'future), retracted (DCSA v3.0 isRetracted), retraction_refused (a retraction for an event that did ' +
          'not come through that subscription). Every company; 403 for non-superusers. Newest first, 30 a page.',
        security: [{ token: [] }],
        querystring: Query,
        response: { 200: Answer, ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      if (!caller(request).user.is_superuser) throw permissionDenied();
      const list = await rejectedEventList(app.db, parseRejectedEventFilters(request.query));
      const page = await paginate(request, list.count, list.page);
      return {
        count: page.count,
        next: page.next,
        previous: page.previous,
        kind_counts: list.kindCounts,
        results: page.results,
      };
    },
  );
};
