// Ingestion step: the payloads set aside (invalid, unstorable, irrelevant, retracted, ...), stored
// in rejected_events once per fingerprint, as jsonb or, when PostgreSQL refuses it, as text.
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { isolated } from './storage';
import type { IngestBatch, SetAside } from './types';

function fingerprint(raw: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(raw) ?? 'undefined')
    .digest('hex');
}

function setAsideFingerprint(r: SetAside, trackingRequestId: number | null): string {
  // Invalid payloads keep the plain fingerprint (one row per bad payload per carrier); the other
  // kinds depend on the request (an event can be irrelevant to one request and not to another).
  return r.kind === 'invalid' ? fingerprint(r.raw) : fingerprint([r.kind, trackingRequestId, r.raw]);
}

export async function storeSetAside(
  trx: Transaction<Database>,
  batch: IngestBatch,
  items: SetAside[],
): Promise<number> {
  if (!items.length) return 0;
  const trId = batch.trackingRequestId ?? null;
  const rows = items.map((r) => ({
    text: r.raw === undefined ? null : JSON.stringify(r.raw),
    reasons: JSON.stringify(r.reasons),
    fingerprint: setAsideFingerprint(r, trId),
    kind: r.kind,
  }));
  const insert = (list: typeof rows, asText: boolean) => sql<{ id: string }>`
    INSERT INTO rejected_events (carrier_id, tracking_request_id, raw, raw_text, reasons, fingerprint, source, kind)
    SELECT ${batch.carrierId}, ${trId}::int,
      ${asText ? sql`NULL` : sql`r.text::jsonb`}, ${asText ? sql`r.text` : sql`NULL`},
      r.reasons::jsonb, r.fingerprint, ${batch.source}, r.kind
    FROM unnest(${list.map((r) => r.text)}::text[], ${list.map((r) => r.reasons)}::text[],
                ${list.map((r) => r.fingerprint)}::text[], ${list.map((r) => r.kind)}::text[])
      AS r(text, reasons, fingerprint, kind)
    ON CONFLICT ((coalesce(carrier_id, 0)), fingerprint) DO NOTHING
    RETURNING id`;
  const all = await isolated(trx, 'rejected_all', () => insert(rows, false).execute(trx));
  if (all.ok) return all.value.rows.length;
  // Some payload is no valid jsonb for PostgreSQL (e.g. \u0000 in a string): keep each as text.
  let count = 0;
  for (const row of rows) {
    const one = await isolated(trx, 'rejected_one', () => insert([row], false).execute(trx));
    const res = one.ok ? one.value : await insert([row], true).execute(trx);
    count += res.rows.length;
  }
  return count;
}
