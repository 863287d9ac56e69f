// The custom form of a shipment: its own schema (schema_form) or else the company's default (the API fills that
// in). The schema is a JSON-Schema object: properties with type string / number / integer / boolean, optional
// title, enum and required.
import type { Shipment } from '@portal/shared-api';

type FieldType = 'string' | 'number' | 'integer' | 'boolean';

export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  options?: string[];
  required: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shipment's form schema, or null when neither it nor the company has one. */
export function formSchemaOf(s: Shipment): Json | null {
  return isObject(s.schema_form) ? s.schema_form : null;
}

export function hasCustomForm(s: Shipment): boolean {
  return formSchemaOf(s) !== null;
}

/** The fields of a schema, in the schema's order. */
export function formFields(schema: Json): FormField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return Object.entries(properties).map(([name, raw]) => {
    const p = isObject(raw) ? raw : {};
    const type: FieldType = ['number', 'integer', 'boolean'].includes(String(p.type))
      ? (p.type as FieldType)
      : 'string';
    return {
      name,
      label: typeof p.title === 'string' && p.title ? p.title : name,
      type,
      options: Array.isArray(p.enum) ? p.enum.map(String) : undefined,
      required: required.includes(name),
    };
  });
}

/** Form data in a stable form (sorted keys) to tell whether it changed. */
export function canonical(data: Json): string {
  return JSON.stringify(Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/** The values of a form as shown on the detail card: label and text. */
export function formValues(s: Shipment): { label: string; value: string }[] {
  const schema = formSchemaOf(s);
  const data = isObject(s.sf_data) ? s.sf_data : {};
  if (!schema) return [];
  return formFields(schema)
    .filter((f) => data[f.name] !== undefined && data[f.name] !== null && data[f.name] !== '')
    .map((f) => ({ label: f.label, value: String(data[f.name]) }));
}
