// Schemas shared by the routes (error answers, paging).
import { Type, type TSchema } from '@sinclair/typebox';

export const FieldErrorsSchema = Type.Record(Type.String(), Type.Array(Type.String()), {
  $id: 'FieldErrors',
  title: 'FieldErrors',
  description:
    'Validation errors: each field name with its messages (`non_field_errors` for the whole body).',
  example: { username: ['This field is required.'] },
});

export const DetailSchema = Type.Object(
  { detail: Type.String() },
  { $id: 'Detail', title: 'Detail', description: 'One error message.' },
);

const ref = (id: string, description: string) => Type.Unsafe({ $ref: `${id}#`, description });

/** Error answers, to spread into a route's `response`. */
export const errors = {
  400: (description = 'Invalid input: `{field: [messages]}`') => ({ 400: ref('FieldErrors', description) }),
  401: { 401: ref('Detail', 'Missing or invalid token') },
  403: { 403: ref('Detail', 'Not allowed for this user') },
  404: { 404: ref('Detail', 'Not found (or not in your company)') },
  429: { 429: ref('Detail', 'Too many failed attempts; see the Retry-After header') },
};

/** The error answers of a call that writes to one object by id: 400 field errors, 401, 403, 404. */
export const idWriteErrors = () => ({ ...errors[400](), ...errors[401], ...errors[403], ...errors[404] });

/** A JSON object the user shaped (a custom form's schema or its data), or null. */
export const FreeObject = (description: string) =>
  Type.Union([Type.Object({}, { additionalProperties: true, description }), Type.Null()]);

export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.String({ description: 'Page number, from 1 (30 results a page)' })),
});

/** The `page` and `ordering` parameters of a paged list ordered by one of `fields`, to place in its querystring. */
export const pageAndOrdering = (fields: readonly string[]) => ({
  page: Type.Optional(Type.String({ maxLength: 12, description: 'Page number, from 1' })),
  ordering: Type.Optional(
    Type.String({ maxLength: 40, description: `One of ${fields.join(', ')}; prefix - for descending` }),
  ),
});

export const Paged = <T extends TSchema>(item: T, title: string) =>
  Type.Object(
    {
      count: Type.Integer(),
      next: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
      previous: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
      results: Type.Array(item),
    },
    { title },
  );
