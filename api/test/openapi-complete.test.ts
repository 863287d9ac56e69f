// The OpenAPI document describes every answer the API sends ("response schemas complete and true"),
// so the generated contract types (openapi-types.test.ts) carry every field: every operation's success answer
// (2xx but 204; a file download is documented as a binary string) has a JSON schema, and no part of a schema is an
// untyped catch-all — an object with no properties whose other keys are free (additionalProperties true or
// unspecified), or a value with no type at all. A deliberate free-form JSON value is allowed below, with its reason.
import { builtOpenApiDocument } from '../scripts/openapi-document';

jest.setTimeout(60_000);

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** Free-form JSON on purpose: the name of the field (the pointer's last part) → why it has no fixed shape. */
const FREE_FORM: Record<string, string> = {
  schema_form: "a shipment's custom form: a JSON Schema the company writes, of any shape (object or null)",
  sf_data: "the answers to that custom form, shaped by the company's form (object or null)",
};
const fieldOf = (at: string) => /\.([^.[\]{}]+)$/.exec(at)?.[1] ?? '';

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const COMBINERS = ['anyOf', 'oneOf', 'allOf'] as const;

async function currentDocument(): Promise<Document> {
  return (await builtOpenApiDocument()) as Document;
}

const isFile = (schema: Schema) => schema.type === 'string' && schema.format === 'binary';

/** The untyped parts of a schema, as pointers (`.field`, `[]` for array items, `{}` for map values). */
function untyped(
  doc: Document,
  schema: Schema,
  at: string,
  seen: Set<string>,
): { at: string; why: string }[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    const target = doc.components?.schemas?.[name];
    if (!target) return [{ at, why: `unresolved $ref ${schema.$ref}` }];
    return untyped(doc, target, at, new Set([...seen, name]));
  }
  const parts = COMBINERS.flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as Schema[]) : []));
  if (parts.length > 0) return parts.flatMap((part) => untyped(doc, part, at, seen));
  // A closed set of values (the swagger plugin writes a null as `{type: object, nullable, enum: [null]}`).
  if (schema.enum !== undefined || schema.const !== undefined) return [];
  if (schema.type === undefined) return [{ at, why: 'no type' }];
  const found: { at: string; why: string }[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const extra = schema.additionalProperties;
    const patterns = (schema.patternProperties ?? {}) as Record<string, Schema>;
    if (
      Object.keys(properties).length === 0 &&
      Object.keys(patterns).length === 0 &&
      (extra ?? true) === true
    ) {
      found.push({ at, why: 'object with no properties and free additional properties' });
    }
    for (const [key, value] of Object.entries(properties))
      found.push(...untyped(doc, value, `${at}.${key}`, seen));
    for (const value of Object.values(patterns)) found.push(...untyped(doc, value, `${at}{}`, seen));
    if (extra && typeof extra === 'object') found.push(...untyped(doc, extra as Schema, `${at}{}`, seen));
  }
  if (types.includes('array')) {
    const items = schema.items as Schema | Schema[] | undefined;
    if (!items) found.push({ at: `${at}[]`, why: 'array items with no type' });
    else
      for (const item of Array.isArray(items) ? items : [items])
        found.push(...untyped(doc, item, `${at}[]`, seen));
  }
  return found;
}

/** Every success answer that has no JSON schema or an untyped part, as `METHOD path status pointer: why`. */
function offenders(doc: Document): string[] {
  const found: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const responses = operation.responses ?? {};
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      if (success.length === 0) found.push(`${name}: documents no success answer`);
      for (const status of success.filter((s) => s !== '204')) {
        const schema = responses[status].content?.['application/json']?.schema;
        if (!schema) {
          found.push(`${name} ${status}: no JSON schema`);
          continue;
        }
        if (isFile(schema)) continue;
        for (const { at, why } of untyped(doc, schema, '', new Set())) {
          if (!(fieldOf(at) in FREE_FORM)) found.push(`${name} ${status} ${at || '(answer)'}: ${why}`);
        }
      }
    }
  }
  return found;
}

let doc: Document;
beforeAll(async () => {
  doc = await currentDocument();
});

it('every success answer of the OpenAPI document has a typed JSON schema', () => {
  expect(offenders(doc)).toEqual([]);
});

it('every free-form exception is a field of the document that has no fixed shape', () => {
  const free = new Set<string>();
  for (const item of Object.values(doc.paths))
    for (const operation of Object.values(item))
      for (const response of Object.values(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) for (const { at } of untyped(doc, schema, '', new Set())) free.add(fieldOf(at));
      }
  expect(Object.keys(FREE_FORM).filter((field) => !free.has(field))).toEqual([]);
});

it('reports an untyped answer, an object without properties and a missing success answer', () => {
  const sample: Document = {
    paths: {
      '/a/': {
        get: {
          responses: {
            200: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { x: {}, sf_data: { type: 'object' } } },
                },
              },
            },
          },
        },
      },
      '/b/': {
        post: { responses: { 201: { content: { 'application/json': { schema: { type: 'object' } } } } } },
      },
      '/c/': { get: { responses: { 401: {} } } },
      '/d/': {
        get: {
          responses: {
            200: { content: { 'application/json': { schema: { type: 'string', format: 'binary' } } } },
          },
        },
      },
      '/e/': { delete: { responses: { 204: {} } } },
    },
  };
  expect(offenders(sample)).toEqual([
    'GET /a/ 200 .x: no type',
    'POST /b/ 201 (answer): object with no properties and free additional properties',
    'GET /c/: documents no success answer',
  ]);
});
