// Request validation with TypeBox (no type coercion of bodies, all errors at once), producing
// Django REST framework style messages so that Fastify's validation errors come out as
// `{field: [messages]}` like every other 400 of the API.
import type { FastifySchemaCompiler } from 'fastify';
import { FormatRegistry, Kind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { MESSAGES } from './errors';

// Close to Django's EmailValidator: a local part, an @, and a dotted domain.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', isEmail);

/** A value the client sent, as a message quotes it: a string as it is, any other JSON value as JSON. */
export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** Python-style type name, as DRF reports it. */
function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
}

type SchemaLike = TSchema & {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  anyOf?: TSchema[];
  const?: unknown;
};

/** The DRF-style message for one TypeBox error. */
function messageFor(error: ValueError): string {
  const schema = error.schema as SchemaLike;
  const { value } = error;
  if (value === null && error.type !== ValueErrorType.ObjectRequiredProperty) {
    if (error.type !== ValueErrorType.Literal && error.type !== ValueErrorType.Object) {
      return 'This field may not be null.';
    }
  }
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return MESSAGES.required;
    case ValueErrorType.Integer:
      return 'A valid integer is required.';
    case ValueErrorType.Number:
      return 'A valid number is required.';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `Ensure this value is greater than or equal to ${schema.minimum}.`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `Ensure this value is less than or equal to ${schema.maximum}.`;
    case ValueErrorType.String:
      return 'Not a valid string.';
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1
        ? MESSAGES.required
        : `Ensure this field has at least ${schema.minLength} characters.`;
    case ValueErrorType.StringMaxLength:
      return `Ensure this field has no more than ${schema.maxLength} characters.`;
    case ValueErrorType.StringFormat:
      return schema.format === 'email' ? 'Enter a valid email address.' : 'Enter a valid value.';
    case ValueErrorType.Boolean:
      return 'Must be a valid boolean.';
    case ValueErrorType.Array:
      return `Expected a list of items but got type "${typeName(value)}".`;
    case ValueErrorType.Object:
      return `Invalid data. Expected a dictionary, but got ${typeName(value)}.`;
    case ValueErrorType.Literal:
      return `"${String(value)}" is not a valid choice.`;
    case ValueErrorType.Union: {
      const variants = (schema.anyOf ?? []).filter((s) => s[Kind] !== 'Null');
      if (variants.length > 0 && variants.every((s) => s[Kind] === 'Literal')) {
        return `"${valueText(value)}" is not a valid choice.`;
      }
      // A nullable type: report the error of the non-null variant.
      const first = variants[0] ? Value.Errors(variants[0], value).First() : undefined;
      return first ? messageFor(first) : 'Invalid value.';
    }
    default:
      return error.message;
  }
}

/** The top-level field an error path belongs to (`/report_emails/0` → `report_emails`). */
export function fieldOf(path: string): string {
  const first = path.split('/')[1];
  return first ? first.replace(/~1/g, '/').replace(/~0/g, '~') : 'non_field_errors';
}

interface FieldValidationError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

function collect(errors: Iterable<ValueError>): FieldValidationError[] {
  const out: FieldValidationError[] = [];
  const seen = new Set<string>();
  const required = new Set<string>();
  for (const error of errors) {
    const field = fieldOf(error.path);
    // A missing property also fails its own type check: report only "required".
    if (error.type === ValueErrorType.ObjectRequiredProperty) required.add(field);
    else if (required.has(field)) continue;
    const message = messageFor(error);
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ keyword: 'drf', instancePath: `/${field}`, schemaPath: '', params: {}, message });
  }
  return out;
}

/**
 * Fastify validator compiler. Bodies are checked as sent (no coercion; a missing (or null) body
 * counts as `{}`); querystrings and params are converted first (`'2'` → 2).
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  return (input: unknown) => {
    const value = httpPart === 'body' ? (input ?? {}) : Value.Convert(schema, input);
    if (check.Check(value)) return { value };
    return { error: collect(check.Errors(value)) };
  };
};
