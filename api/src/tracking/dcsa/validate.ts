// Validation of DCSA Track & Trace v2.2 events against the schema extracted from the official
// resolved OpenAPI document (tnt-v2.2-events.schema.json, produced by extract-schema.py).
// An event is checked against the schema of its own eventType (SHIPMENT / TRANSPORT / EQUIPMENT)
// so the reasons are precise. Stricter than ajv-formats where the engine needs it:
// - date-times are RFC 3339 exactly (`Z` or `±hh:mm`; `+0100`, `+01` and the leap second `:60` are
//   refused: Date.parse cannot read them, derivation would drop the event) and between 1900 and 2199
//   (PostgreSQL cannot store year 0; no shipping event is older or that far ahead);
// - eventID is optional (as in the spec): without one, a stable identity is derived from the
//   event's content (`derivedEventId`) and written into the returned event.
import { createHash } from 'node:crypto';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { lastFreeDaysReasons } from './last-free-days';
import schema from './tnt-v2.2-events.schema.json';
import type { DcsaEvent, DcsaEventType } from './types';

const DCSA_EVENT_TYPES: readonly DcsaEventType[] = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'];

export type ValidationResult = { ok: true; event: DcsaEvent } | { ok: false; reasons: string[] };

let compiled: Record<DcsaEventType, ValidateFunction> | undefined;

function validators(): Record<DcsaEventType, ValidateFunction> {
  if (!compiled) {
    // strict: false because the OpenAPI schema carries keywords JSON Schema does not define
    // (`nullable`, `deprecated` on refs); every format is still checked.
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('date-time', { type: 'string', validate: isRfc3339DateTime });
    ajv.addSchema(schema);
    const ref = (name: string) => {
      const fn = ajv.getSchema(`${schema.$id}#/definitions/${name}`);
      if (!fn) throw new Error(`DCSA schema has no definition ${name}`);
      return fn;
    };
    compiled = {
      SHIPMENT: ref('shipmentEvent'),
      TRANSPORT: ref('transportEvent'),
      EQUIPMENT: ref('equipmentEvent'),
    };
  }
  return compiled;
}

/** One schema error as a line of the rejection's reasons (the v2.2 and v3.0 checks word them alike). */
export function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath || '(event)';
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${where}: must be one of ${allowed.join(', ')}`;
  }
  return `${where}: ${error.message ?? error.keyword}`;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;

/** RFC 3339 date-time (section 5.6), without leap seconds, with a real calendar date. */
export function isRfc3339DateTime(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  if (m[8].toUpperCase() !== 'Z' && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  return Number.isFinite(Date.parse(value));
}

/** Instants the portal accepts in an event (PostgreSQL cannot store year 0; nothing real is outside). */
export const EARLIEST_EVENT_TIME = Date.UTC(1900, 0, 1);
export const LATEST_EVENT_TIME = Date.UTC(2200, 0, 1);

/** JSON with object keys sorted: the same content gives the same text whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Identity of an event that came without eventID: a hash of its content except
 * eventCreatedDateTime, so the same event re-published later is recognised (and kept as a new
 * version when anything else changed it is another event). Prefixed so it never looks like a
 * carrier's UUID.
 */
export function derivedEventId(
  event: Record<string, unknown>,
  publicationField: 'eventCreatedDateTime' | 'eventUpdatedDateTime' = 'eventCreatedDateTime',
): string {
  const { eventID: _id, [publicationField]: _published, ...content } = event;
  return `derived-${createHash('sha256').update(canonicalJson(content)).digest('hex').slice(0, 32)}`;
}

/** Validates one raw event (as parsed from JSON). Never throws. */
export function validateEvent(raw: unknown): ValidationResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reasons: ['(event): must be an object'] };
  }
  const event = raw as Record<string, unknown>;
  const reasons: string[] = [];
  const hasId = event.eventID !== undefined && event.eventID !== null;
  if (hasId && typeof event.eventID !== 'string') {
    reasons.push(
      `/eventID: must be a string (got ${Array.isArray(event.eventID) ? 'array' : typeof event.eventID})`,
    );
  }
  const type = event.eventType;
  if (typeof type !== 'string' || !DCSA_EVENT_TYPES.includes(type as DcsaEventType)) {
    reasons.push(`/eventType: must be one of ${DCSA_EVENT_TYPES.join(', ')}`);
    return { ok: false, reasons };
  }
  const validate = validators()[type as DcsaEventType];
  const seen = new Set<string>(reasons);
  if (!validate(event)) {
    for (const error of validate.errors ?? []) {
      if (error.instancePath === '/eventID' && error.keyword === 'type') continue;
      const text = describeSchemaError(error);
      if (!seen.has(text)) {
        seen.add(text);
        reasons.push(text);
      }
    }
  }
  for (const field of ['eventDateTime', 'eventCreatedDateTime'] as const) {
    const value = event[field];
    if (typeof value !== 'string') continue;
    const at = Date.parse(value);
    if (Number.isFinite(at) && (at < EARLIEST_EVENT_TIME || at >= LATEST_EVENT_TIME)) {
      reasons.push(`/${field}: must be between 1900-01-01 and 2199-12-31 (got ${value})`);
    }
  }
  reasons.push(...lastFreeDaysReasons(event, type));
  if (reasons.length) return { ok: false, reasons };
  if (!hasId)
    return { ok: true, event: { ...event, eventID: derivedEventId(event) } as unknown as DcsaEvent };
  return { ok: true, event: event as unknown as DcsaEvent };
}
