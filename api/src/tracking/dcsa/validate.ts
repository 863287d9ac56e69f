// Validation of DCSA Track & Trace v2.2 events against the schema extracted from the official
// resolved OpenAPI document (tnt-v2.2-events.schema.json, produced by extract-schema.py).
// An event is checked against the schema of its own eventType (SHIPMENT / TRANSPORT / EQUIPMENT)
// so the reasons are precise; the portal additionally requires an eventID (the spec leaves it
// optional, but idempotent ingestion is keyed on it).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import schema from './tnt-v2.2-events.schema.json';
import type { DcsaEvent, DcsaEventType } from './types';

export const DCSA_EVENT_TYPES: readonly DcsaEventType[] = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'];

export type ValidationResult = { ok: true; event: DcsaEvent } | { ok: false; reasons: string[] };

let compiled: Record<DcsaEventType, ValidateFunction> | undefined;

function validators(): Record<DcsaEventType, ValidateFunction> {
  if (!compiled) {
    // strict: false because the OpenAPI schema carries keywords JSON Schema does not define
    // (`nullable`, `deprecated` on refs); every format is still checked.
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
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

function describe(error: ErrorObject): string {
  const where = error.instancePath || '(event)';
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${where}: must be one of ${allowed.join(', ')}`;
  }
  return `${where}: ${error.message ?? error.keyword}`;
}

/** Validates one raw event (as parsed from JSON). Never throws. */
export function validateEvent(raw: unknown): ValidationResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reasons: ['(event): must be an object'] };
  }
  const event = raw as Record<string, unknown>;
  const reasons: string[] = [];
  if (typeof event.eventID !== 'string' || event.eventID.trim() === '') {
    reasons.push('/eventID: is required (idempotent ingestion needs it)');
  }
  const type = event.eventType;
  if (typeof type !== 'string' || !DCSA_EVENT_TYPES.includes(type as DcsaEventType)) {
    reasons.push(`/eventType: must be one of ${DCSA_EVENT_TYPES.join(', ')}`);
    return { ok: false, reasons };
  }
  const validate = validators()[type as DcsaEventType];
  if (!validate(event)) {
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      const text = describe(error);
      if (!seen.has(text)) {
        seen.add(text);
        reasons.push(text);
      }
    }
  }
  if (reasons.length) return { ok: false, reasons };
  return { ok: true, event: event as unknown as DcsaEvent };
}
