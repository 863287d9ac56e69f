// Lookups shared by the shipment and event routes: a shipment or alert event of the caller's company (404
// otherwise), the write check, alert events as answered, and the company's default custom form.
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import { notFound, permissionDenied } from '../../lib/errors';
import { caller, canWrite } from '../../plugins/auth';

/** A bigint id from a path, or 404 (no database call for garbage). */
export function parseId(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  if (!/^\d{1,18}$/.test(text) || /^0+$/.test(text)) throw notFound();
  return text;
}

/**
 * `column = id` for the bigint ids (typed apart: `Generated<BigId>` selects as the column type itself, so
 * Kysely's typed where() refuses a string).
 */
export const idIs = (column: string, id: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = ${id}`;
const idIn = (column: string, ids: string[]): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = ANY(${ids}::bigint[])`;

/** 403 for callers without write permission (limited role, no role). */
export function requireWrite(request: FastifyRequest): void {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

/** Id, hidden flag and custom form of a shipment of the caller's company, or 404. */
export async function findShipmentRef(request: FastifyRequest, rawId: unknown) {
  const id = parseId(rawId);
  const row = await request.server.db
    .selectFrom('shipments')
    .select(['id', 'hidden', 'schema_form', 'sf_data', 'company_id'])
    .where(idIs('shipments.id', id))
    .where('company_id', '=', caller(request).profile.company_id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, id: String(row.id) };
}

export interface AlertEventOut {
  id: number;
  shipment: number;
  code: number;
  code_name: string;
  code_description: string;
  code_description_es: string;
  walltime: string;
  details: { message: string } & Record<string, unknown>;
  hidden: boolean;
}

/** Alert events as answered, newest first, of one shipment (or given ids). */
export async function alertEvents(
  db: Kysely<Database>,
  where: { shipmentId: string } | { ids: string[] },
): Promise<AlertEventOut[]> {
  let query = db
    .selectFrom('alert_events as a')
    .innerJoin('event_codes as c', 'c.code', 'a.code')
    .select([
      'a.id',
      'a.shipment_id',
      'a.code',
      'a.details',
      'a.walltime',
      'a.hidden',
      'c.code_name',
      'c.description',
      'c.description_es',
    ])
    .orderBy('a.walltime', 'desc')
    .orderBy('a.id', 'desc');
  query =
    'shipmentId' in where
      ? query.where('a.shipment_id', '=', where.shipmentId)
      : query.where(idIn('a.id', where.ids));
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    shipment: Number(r.shipment_id),
    code: r.code,
    code_name: r.code_name,
    code_description: r.description,
    code_description_es: r.description_es,
    walltime: r.walltime.toISOString(),
    details: r.details,
    hidden: r.hidden,
  }));
}

/** An alert event of the caller's company, or 404. */
export async function findAlertEvent(request: FastifyRequest, rawId: unknown): Promise<string> {
  const id = parseId(rawId);
  const row = await request.server.db
    .selectFrom('alert_events')
    .select('id')
    .where(idIs('alert_events.id', id))
    .where('company_id', '=', caller(request).profile.company_id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return String(row.id);
}

/** The company's default custom form (companies.attachment_schema_form), or null. */
export async function companyForm(db: Kysely<Database>, companyId: number): Promise<unknown> {
  const row = await db
    .selectFrom('companies')
    .select('attachment_schema_form')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.attachment_schema_form ?? null;
}

/** JSON with object keys sorted, to compare form data regardless of key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
