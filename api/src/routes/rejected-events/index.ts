// GET /api/rejected-events/: the carrier events the tracking engine set aside or recorded
// (rejected_events: invalid, unstorable, irrelevant, clamped, retracted — see tracking/ingest.ts),
// for superusers only (403 for everyone else; every company's requests, since a superuser looks
// after the engine, not a tenant). Newest first, 30 a page (page from 1), with filters: kind
// (repeated), carrier, tracking_request, source (poll/push), received_after / received_before
// (yyyy-MM-dd, both days included, UTC) and search (an eventID or words of a reason). `kind_counts`
// counts each kind under the other filters.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { RejectedEventKind } from '../../db/types';
import { badRequest, permissionDenied, type FieldErrors } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { likePattern, QUERY_MESSAGES } from '../../lib/query-params';
import { errors } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';

export const REJECTED_KINDS: readonly RejectedEventKind[] = [
  'invalid',
  'unstorable',
  'irrelevant',
  'clamped',
  'retracted',
];
/** The payload shown per row (the stored one may be up to the callback's 10 MB body). */
export const PAYLOAD_MAX_CHARS = 20_000;
const INT4_MAX = 2_147_483_647;

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
const Item = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  source: Type.String(),
  received_at: Type.String({ format: 'date-time' }),
  reasons: Type.Array(Text),
  event_id: Type.Union([Text, Type.Null()]),
  event_type: Type.Union([Text, Type.Null()]),
  event_created: Type.Union([Text, Type.Null()]),
  carrier: Nullable(Type.Object({ id: Type.Integer(), short_name: Text, scac: Text })),
  tracking_request: Nullable(
    Type.Object({
      id: Type.Integer(),
      code_type: Text,
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
    kind_counts: Type.Record(Type.String(), Type.Integer()),
    results: Type.Array(Item),
  },
  { title: 'RejectedEventPage' },
);

type QueryValue = { [K in keyof typeof Query.static]: (typeof Query.static)[K] };

interface Filters {
  kinds: RejectedEventKind[];
  carrier: number | null;
  trackingRequest: number | null;
  source: 'poll' | 'push' | null;
  after: string | null;
  before: string | null;
  search: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** The filters, or 400 `{field: [messages]}`. */
export function parseFilters(q: QueryValue): Filters {
  const errs: FieldErrors = {};
  const kinds = (Array.isArray(q.kind) ? q.kind : q.kind ? [q.kind] : []).flatMap((k) =>
    k.split(',').filter(Boolean),
  );
  for (const k of kinds) {
    if (!REJECTED_KINDS.includes(k as RejectedEventKind)) {
      errs.kind = [QUERY_MESSAGES.choice(k)];
      break;
    }
  }
  const id = (name: 'carrier' | 'tracking_request'): number | null => {
    const raw = q[name]?.trim();
    if (!raw) return null;
    if (!/^\d+$/.test(raw)) {
      errs[name] = [QUERY_MESSAGES.integer];
      return null;
    }
    const n = Number(raw);
    if (n < 1 || n > INT4_MAX) {
      errs[name] = [
        n < 1 ? QUERY_MESSAGES.positive : `Ensure this value is less than or equal to ${INT4_MAX}.`,
      ];
      return null;
    }
    return n;
  };
  const carrier = id('carrier');
  const trackingRequest = id('tracking_request');
  const source = q.source?.trim() || null;
  if (source && source !== 'poll' && source !== 'push') errs.source = [QUERY_MESSAGES.choice(source)];
  const date = (name: 'received_after' | 'received_before') => {
    const raw = q[name]?.trim();
    if (!raw) return null;
    if (!isDate(raw)) {
      errs[name] = [QUERY_MESSAGES.invalidDate];
      return null;
    }
    return raw;
  };
  const after = date('received_after');
  const before = date('received_before');
  if (Object.keys(errs).length) throw badRequest(errs);
  return {
    kinds: [...new Set(kinds)] as RejectedEventKind[],
    carrier,
    trackingRequest,
    source: source as Filters['source'],
    after,
    before,
    search: q.search?.trim() || null,
  };
}

/** WHERE of the filters (on rejected_events as r); `withKind` false leaves the kind out (for kind_counts). */
function where(f: Filters, withKind: boolean): Expression<SqlBool> {
  const parts = [sql<SqlBool>`true`];
  if (withKind && f.kinds.length) parts.push(sql<SqlBool>`r.kind = ANY(${f.kinds}::text[])`);
  if (f.carrier !== null) parts.push(sql<SqlBool>`r.carrier_id = ${f.carrier}`);
  if (f.trackingRequest !== null) parts.push(sql<SqlBool>`r.tracking_request_id = ${f.trackingRequest}`);
  if (f.source) parts.push(sql<SqlBool>`r.source = ${f.source}`);
  if (f.after) parts.push(sql<SqlBool>`r.received_at >= ${f.after}::date::timestamp AT TIME ZONE 'UTC'`);
  if (f.before)
    parts.push(sql<SqlBool>`r.received_at < (${f.before}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (f.search) {
    const like = likePattern(f.search);
    parts.push(
      sql<SqlBool>`(r.raw->>'eventID' = ${f.search} OR r.reasons::text ILIKE ${like} OR r.raw_text ILIKE ${like})`,
    );
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

export const rejectedEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/rejected-events/',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Carrier events the tracking engine set aside (superusers only)',
        description:
          'invalid (refused by the DCSA validator), unstorable (PostgreSQL could not store it), irrelevant (not ' +
          'about the request), clamped (stored with a creation time the carrier gave in the future), retracted ' +
          '(DCSA v3.0 isRetracted). Every company; 403 for non-superusers. Newest first, 30 a page.',
        security: [{ token: [] }],
        querystring: Query,
        response: { 200: Answer, ...errors[400](), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      if (!caller(request).user.is_superuser) throw permissionDenied();
      const filters = parseFilters(request.query);
      const counts = await sql<{ kind: string; n: string }>`
        SELECT r.kind, count(*) AS n FROM rejected_events r WHERE ${where(filters, false)} GROUP BY r.kind`.execute(
        app.db,
      );
      const kindCounts = Object.fromEntries(REJECTED_KINDS.map((k) => [k, 0]));
      for (const row of counts.rows) kindCounts[row.kind] = Number(row.n);
      const count = filters.kinds.length
        ? filters.kinds.reduce((sum, k) => sum + (kindCounts[k] ?? 0), 0)
        : Object.values(kindCounts).reduce((a, b) => a + b, 0);
      const page = await paginate(request, count, async (limit, offset) => {
        const rows = await sql<{
          id: string;
          kind: string;
          source: string;
          received_at: Date;
          reasons: unknown;
          event_id: string | null;
          event_type: string | null;
          event_created: string | null;
          payload: string;
          carrier_id: number | null;
          short_name: string | null;
          scac: string | null;
          tr_id: number | null;
          code_type: string | null;
          code_value: string | null;
          company_id: number | null;
          company_name: string | null;
        }>`
          SELECT r.id, r.kind, r.source, r.received_at, r.reasons,
            CASE WHEN jsonb_typeof(r.raw->'eventID') = 'string' THEN r.raw->>'eventID' END AS event_id,
            CASE WHEN jsonb_typeof(r.raw->'eventType') = 'string' THEN r.raw->>'eventType'
                 WHEN jsonb_typeof(r.raw->'eventClassification'->'eventTypeCode') = 'string'
                 THEN r.raw->'eventClassification'->>'eventTypeCode' END AS event_type,
            CASE WHEN jsonb_typeof(r.raw->'eventCreatedDateTime') = 'string' THEN r.raw->>'eventCreatedDateTime'
                 WHEN jsonb_typeof(r.raw->'eventUpdatedDateTime') = 'string' THEN r.raw->>'eventUpdatedDateTime' END
              AS event_created,
            left(coalesce(jsonb_pretty(r.raw), r.raw_text, ''), ${PAYLOAD_MAX_CHARS + 1}) AS payload,
            c.id AS carrier_id, c.short_name, c.scac,
            tr.id AS tr_id, tr.code_type, tr.code_value, co.id AS company_id, co.name AS company_name
          FROM rejected_events r
          LEFT JOIN carriers c ON c.id = r.carrier_id
          LEFT JOIN tracking_requests tr ON tr.id = r.tracking_request_id
          LEFT JOIN companies co ON co.id = tr.company_id
          WHERE ${where(filters, true)}
          ORDER BY r.received_at DESC, r.id DESC
          LIMIT ${limit} OFFSET ${offset}`.execute(app.db);
        return rows.rows.map((r) => ({
          id: Number(r.id),
          kind: r.kind,
          source: r.source,
          received_at: r.received_at.toISOString(),
          reasons: Array.isArray(r.reasons) ? r.reasons.map(String) : [],
          event_id: r.event_id,
          event_type: r.event_type,
          event_created: r.event_created,
          carrier:
            r.carrier_id !== null
              ? { id: r.carrier_id, short_name: r.short_name ?? '', scac: r.scac ?? '' }
              : null,
          tracking_request:
            r.tr_id !== null
              ? {
                  id: r.tr_id,
                  code_type: r.code_type ?? '',
                  code_value: r.code_value ?? '',
                  company: { id: r.company_id ?? 0, name: r.company_name ?? '' },
                }
              : null,
          payload: r.payload.slice(0, PAYLOAD_MAX_CHARS),
          payload_truncated: r.payload.length > PAYLOAD_MAX_CHARS,
        }));
      });
      return {
        count: page.count,
        next: page.next,
        previous: page.previous,
        kind_counts: kindCounts,
        results: page.results,
      };
    },
  );
};
