// POST shipments/{id}/attachment/: the body checked (objects or null, bounded size), then the custom form and its
// data saved only when one of them changed.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ErrorCollector } from '../../lib/errors';
import { companyForm, saveShipmentForm } from '../../services/shipments';
import { canonicalJson, type findShipmentRef } from './lookup';

/** Largest custom form or form data (JSON characters). */
const MAX_FORM_JSON = 64 * 1024;

type ShipmentRef = Awaited<ReturnType<typeof findShipmentRef>>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) =>
  Array.isArray(v) ? 'list' : typeof v === 'string' ? 'str' : typeof v === 'number' ? 'int' : typeof v;

function checkBody(body: Record<string, unknown>, problems: ErrorCollector) {
  if ('schema_form' in body && body.schema_form !== null && !isPlainObject(body.schema_form)) {
    problems.add(
      'schema_form',
      `Invalid data. Expected a dictionary, but got ${typeName(body.schema_form)}.`,
    );
  }
  if (!('sf_data' in body) && !('schema_form' in body)) problems.add('sf_data', 'This field is required.');
  if ('sf_data' in body && body.sf_data !== null && !isPlainObject(body.sf_data)) {
    problems.add('sf_data', `Invalid data. Expected a dictionary, but got ${typeName(body.sf_data)}.`);
  }
  // Bounded size (depth is bounded for every body by plugins/input-limits): a form is read by every client.
  for (const key of ['schema_form', 'sf_data'] as const) {
    if (key in body && JSON.stringify(body[key] ?? null).length > MAX_FORM_JSON) {
      problems.add(key, `Ensure this value has no more than ${MAX_FORM_JSON} characters as JSON.`);
    }
  }
  problems.throwIfAny();
}

/** Saves the form and data `body` asks for on the shipment `ref`; answers them with where the form comes from. */
export async function saveAttachment(db: Kysely<Database>, ref: ShipmentRef, body: Record<string, unknown>) {
  const problems = new ErrorCollector();
  checkBody(body, problems);
  const ownForm = 'schema_form' in body ? (body.schema_form ?? null) : (ref.schema_form ?? null);
  const defaultForm = ownForm === null ? await companyForm(db, ref.company_id) : null;
  const form = ownForm ?? defaultForm;
  if (form === null) {
    problems.add('schema_form', 'This shipment has no custom form: neither its own nor a company default.');
    problems.throwIfAny();
  }
  const data = 'sf_data' in body ? (body.sf_data ?? null) : (ref.sf_data ?? null);
  const formChanged = canonicalJson(ownForm) !== canonicalJson(ref.schema_form ?? null);
  const dataChanged = canonicalJson(data) !== canonicalJson(ref.sf_data ?? null);
  if (formChanged || dataChanged) {
    await saveShipmentForm(db, ref.id, ownForm, data);
  }
  return {
    saved: formChanged || dataChanged,
    schema_form: form,
    schema_form_source: ownForm !== null ? 'shipment' : 'company',
    sf_data: data,
  };
}
