// Judging a v3.0 event by the v3.0 schema (tnt-v3.0-events.schema.json): its lengths, formats and code
// lists, RFC 3339 date-times within 1900-2199, the portal's lastFreeDays extension, and the fields
// without which the portal cannot place an event (v3.0 itself marks nothing as required).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { lastFreeDaysReasons } from './last-free-days';
import v3Schema from './tnt-v3.0-events.schema.json';
import { describeSchemaError, EARLIEST_EVENT_TIME, isRfc3339DateTime, LATEST_EVENT_TIME } from './validate';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;

let v3Validator: ValidateFunction | undefined;

function eventSchema(): ValidateFunction {
  if (!v3Validator) {
    // strict: false because the OpenAPI schema carries keywords JSON Schema does not define; the
    // OpenAPI number formats (int32, float) only describe the storage size.
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('date-time', { type: 'string', validate: isRfc3339DateTime });
    ajv.addFormat('int32', {
      type: 'number',
      validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
    });
    ajv.addFormat('float', { type: 'number', validate: () => true });
    ajv.addSchema(v3Schema);
    const fn = ajv.getSchema(`${v3Schema.$id}#/definitions/Event`);
    if (!fn) throw new Error('DCSA v3.0 schema has no definition Event');
    v3Validator = fn;
  }
  return v3Validator;
}

const PORTAL_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const;
const TYPE_CODE_FIELD = {
  SHIPMENT: 'shipmentEventTypeCode',
  TRANSPORT: 'transportEventTypeCode',
  EQUIPMENT: 'equipmentEventTypeCode',
} as const;

/**
 * v3.0 marks nothing as required; these are the fields without which the portal cannot place an
 * event (when it happened, when it was published — the order of versions —, what kind of event,
 * and for a transport event its transport call, for a shipment event the document it is about).
 */
function missingForUse(e: Obj, type: (typeof PORTAL_TYPES)[number]): string[] {
  const reasons: string[] = [];
  const need = (path: string, value: unknown) => {
    if (value === undefined || value === null) reasons.push(`${path}: is required by the portal`);
  };
  const cls = obj(e.eventClassification);
  need('/eventDateTime', e.eventDateTime);
  need('/eventUpdatedDateTime', e.eventUpdatedDateTime);
  need('/eventClassification/eventClassifierCode', cls?.eventClassifierCode);
  need(`/eventClassification/${TYPE_CODE_FIELD[type]}`, cls?.[TYPE_CODE_FIELD[type]]);
  if (type === 'TRANSPORT') need('/transportDetails/transportCall', obj(e.transportDetails)?.transportCall);
  if (type === 'SHIPMENT') {
    const doc = obj(obj(e.shipmentDetails)?.documentReference);
    need('/shipmentDetails/documentReference/typeCode', doc?.typeCode);
    need('/shipmentDetails/documentReference/reference', doc?.reference);
  }
  return reasons;
}

/**
 * Judges a v3.0 event by the v3.0 schema (its lengths, formats and code lists, RFC 3339
 * date-times within 1900-2199) and the fields the portal needs; the reasons, or none.
 */
export function v3SchemaReasons(e: Obj): string[] {
  const validate = eventSchema();
  const reasons: string[] = [];
  if (!validate(e)) {
    for (const error of validate.errors ?? []) {
      const text = describeSchemaError(error);
      if (!reasons.includes(text)) reasons.push(text);
    }
  }
  for (const field of ['eventDateTime', 'eventUpdatedDateTime'] as const) {
    const value = e[field];
    if (typeof value !== 'string' || !isRfc3339DateTime(value)) continue;
    const at = Date.parse(value);
    if (at < EARLIEST_EVENT_TIME || at >= LATEST_EVENT_TIME)
      reasons.push(`/${field}: must be between 1900-01-01 and 2199-12-31 (got ${value})`);
  }
  const type = obj(e.eventClassification)?.eventTypeCode;
  reasons.push(...lastFreeDaysReasons(e, type));
  if (type === undefined) reasons.push('/eventClassification/eventTypeCode: is required by the portal');
  else if (PORTAL_TYPES.includes(type as (typeof PORTAL_TYPES)[number]))
    reasons.push(...missingForUse(e, type as (typeof PORTAL_TYPES)[number]));
  return reasons;
}
