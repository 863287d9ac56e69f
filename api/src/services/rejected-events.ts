// The carrier events the tracking engine set aside or recorded (rejected_events: invalid, schema, unstorable,
// irrelevant, other_shipment, clamped, retracted, retraction_refused — see tracking/ingest.ts) as GET /api/rejected-events/ lists them: the filters (kind, carrier,
// tracking_request, source, received_after / received_before, search) in the vocabulary of lib/query-params, the
// counts per kind and the pages, newest first. The HTTP side (schemas, superuser check, reply) is
// routes/rejected-events/.
import {
  REJECTED_KINDS,
  REJECTED_SOURCES,
  type CodeTypeId,
  type RejectedEventKind,
  type RejectedEventSource,
} from '@portal/shared-api/domain';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/types';
import { ErrorCollector } from '../lib/errors';
import {
  choiceParam,
  isDateOnly,
  likePattern,
  parseQueryDate,
  positiveIdParam,
  QUERY_MESSAGES,
} from '../lib/query-params';

/** The payload shown per row (the stored one may be up to the callback's 10 MB body). */
const PAYLOAD_MAX_CHARS = 20_000;

/** The query keys of the list. */
export interface RejectedEventQuery {
  kind?: string | string[];
  carrier?: string;
  tracking_request?: string;
  source?: string;
  received_after?: string;
  received_before?: string;
  search?: string;
}

interface Filters {
  kinds: RejectedEventKind[];
  carrier: number | null;
  trackingRequest: number | null;
  source: RejectedEventSource | null;
  after: string | null;
  before: string | null;
  search: string | null;
}

/** The filters, or 400 `{field: [messages]}`. */
export function parseRejectedEventFilters(q: RejectedEventQuery): Filters {
  const errors = new ErrorCollector();
  const kinds = choiceParam(q.kind, REJECTED_KINDS, 'kind', errors);
  const carrier = positiveIdParam(q.carrier, 'carrier', errors);
  const trackingRequest = positiveIdParam(q.tracking_request, 'tracking_request', errors);
  const source = q.source?.trim() || null;
  if (source && !(REJECTED_SOURCES as readonly string[]).includes(source))
    errors.add('source', QUERY_MESSAGES.choice(source));
  const day = (name: 'received_after' | 'received_before') => {
    const raw = q[name]?.trim();
    if (!raw) return null;
    if (isDateOnly(raw) && parseQueryDate(raw)) return raw;
    errors.add(name, QUERY_MESSAGES.invalidDate);
    return null;
  };
  const after = day('received_after');
  const before = day('received_before');
  errors.throwIfAny();
  return {
    kinds: [...new Set(kinds)],
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

/**
 * The set-aside events the filters find: `kindCounts` counts each kind under the other filters, `count` the
 * events of the chosen kinds (all kinds when none is chosen), `page` one page of them as the API shows them.
 */
export async function rejectedEventList(db: Kysely<Database>, filters: Filters) {
  const counts = await sql<{ kind: RejectedEventKind; n: string }>`
    SELECT r.kind, count(*) AS n FROM rejected_events r WHERE ${where(filters, false)} GROUP BY r.kind`.execute(
    db,
  );
  const kindCounts = Object.fromEntries(REJECTED_KINDS.map((k) => [k, 0])) as Record<
    RejectedEventKind,
    number
  >;
  for (const row of counts.rows) kindCounts[row.kind] = Number(row.n);
  const count = filters.kinds.length
    ? filters.kinds.reduce((sum, k) => sum + kindCounts[k], 0)
    : Object.values(kindCounts).reduce((a, b) => a + b, 0);
  return {
    kindCounts,
    count,
    page: (limit: number, offset: number) => rejectedEventPage(db, filters, limit, offset),
  };
}

async function rejectedEventPage(db: Kysely<Database>, filters: Filters, limit: number, offset: number) {
  const rows = await sql<{
    id: string;
    kind: RejectedEventKind;
    source: RejectedEventSource;
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
    code_type: CodeTypeId | null;
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
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
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
      r.carrier_id !== null ? { id: r.carrier_id, short_name: r.short_name ?? '', scac: r.scac ?? '' } : null,
    // code_type is NOT NULL: present whenever the request is.
    tracking_request:
      r.tr_id !== null && r.code_type !== null
        ? {
            id: r.tr_id,
            code_type: r.code_type,
            code_value: r.code_value ?? '',
            company: { id: r.company_id ?? 0, name: r.company_name ?? '' },
          }
        : null,
    payload: r.payload.slice(0, PAYLOAD_MAX_CHARS),
    payload_truncated: r.payload.length > PAYLOAD_MAX_CHARS,
  }));
}
