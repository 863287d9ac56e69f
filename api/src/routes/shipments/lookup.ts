// Lookups shared by the shipment and event routes: a shipment or alert event of the caller's company (404
// otherwise), the write check, and form comparison. Their SQL is services/shipments.ts.
import type { FastifyRequest } from 'fastify';
import { notFound, permissionDenied } from '../../lib/errors';
import { caller, canWrite } from '../../plugins/auth';
import { findAlertEventId, findShipment } from '../../services/shipments';

/** A bigint id from a path, or 404 (no database call for garbage). */
export function parseId(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  if (!/^\d{1,18}$/.test(text) || /^0+$/.test(text)) throw notFound();
  return text;
}

/** 403 for callers without write permission (limited role, no role). */
export function requireWrite(request: FastifyRequest): void {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

/** Id, hidden flag and custom form of a shipment of the caller's company, or 404. */
export async function findShipmentRef(request: FastifyRequest, rawId: unknown) {
  const id = parseId(rawId);
  const row = await findShipment(request.server.db, caller(request).profile.company_id, id);
  if (!row) throw notFound();
  return row;
}

/** An alert event of the caller's company, or 404. */
export async function findAlertEvent(request: FastifyRequest, rawId: unknown): Promise<string> {
  const id = parseId(rawId);
  const found = await findAlertEventId(request.server.db, caller(request).profile.company_id, id);
  if (found === undefined) throw notFound();
  return found;
}

/** JSON with object keys sorted, to compare form data regardless of key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
