// Read-modify-write, as Django REST framework allows it: a client may PUT or PATCH back the object the API
// answered, read-only fields included (id, user, created_at, modified_at, counts…). For every PUT and PATCH
// route, the read-only fields are the properties of its 2xx answer schema that its body schema does not have;
// they are removed from the body before validation, so they are accepted and ignored. Anything else the body
// schema does not know is still refused by the route ('Unexpected property' where the schema is closed), and a
// field the body declares (a read-only one checked by the route, such as a profile's company) keeps its rule.
// Related objects the answer holds in full where the body takes their ids (a project's subscribers) are read
// back as their ids.
import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';

type SchemaNode = {
  type?: string;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
};

/** The properties an object schema (or a composition of object schemas) describes, by name; null if none. */
function schemaProperties(schema: unknown): Map<string, SchemaNode> | null {
  if (!schema || typeof schema !== 'object') return null;
  const node = schema as SchemaNode;
  const found = new Map<string, SchemaNode>(Object.entries(node.properties ?? {}));
  let any = node.properties !== undefined;
  for (const part of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    const inner = schemaProperties(part);
    if (!inner) continue;
    any = true;
    for (const [name, prop] of inner) if (!found.has(name)) found.set(name, prop);
  }
  return any ? found : null;
}

/** The answer schema of a write: 200, else the first other 2xx. */
function successSchema(response: unknown): unknown {
  if (!response || typeof response !== 'object') return undefined;
  const byStatus = response as Record<string, unknown>;
  if (byStatus['200']) return byStatus['200'];
  const key = Object.keys(byStatus).find((k) => /^2(\d\d|xx)$/.test(k));
  return key ? byStatus[key] : undefined;
}

export interface ReadBackRule {
  /** Answered, not taken: removed from the body. */
  readOnly: string[];
  /** Taken as a list of ids, answered as a list of objects with their id: objects are read as their id. */
  idLists: string[];
}

const isIdList = (taken: SchemaNode | undefined, answered: SchemaNode | undefined) =>
  taken?.type === 'array' &&
  taken.items?.type === 'integer' &&
  answered?.type === 'array' &&
  answered.items?.properties?.id !== undefined;

/** What a PUT/PATCH route answers but does not take, and takes as ids but answers as objects. */
export function readBackRule(route: Pick<RouteOptions, 'method' | 'schema'>): ReadBackRule {
  const none = { readOnly: [], idLists: [] };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((m) => m === 'PUT' || m === 'PATCH')) return none;
  const schema = route.schema;
  const taken = schemaProperties(schema?.body);
  const answered = schemaProperties(successSchema(schema?.response));
  if (!taken || !answered) return none;
  return {
    readOnly: [...answered.keys()].filter((name) => !taken.has(name)),
    idLists: [...answered.keys()].filter((name) => isIdList(taken.get(name), answered.get(name))),
  };
}

/** The fields a PUT/PATCH route answers but does not take (empty when it has no JSON object body or answer). */
export const readOnlyFieldsOf = (route: Pick<RouteOptions, 'method' | 'schema'>): string[] =>
  readBackRule(route).readOnly;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Adds, to every PUT and PATCH route registered after it, the reading back of what the route itself answers. */
export function registerReadOnlyFields(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const { readOnly, idLists } = readBackRule(route);
    if (readOnly.length === 0 && idLists.length === 0) return;
    const readBack: preValidationHookHandler = (request: FastifyRequest, _reply, done) => {
      const body = request.body;
      if (isObject(body)) {
        for (const name of readOnly) delete body[name];
        for (const name of idLists) {
          const list: unknown = body[name];
          // only objects that carry an id, as the answer has them; anything else is left to validation
          if (Array.isArray(list))
            body[name] = (list as unknown[]).map((item) => (isObject(item) && 'id' in item ? item.id : item));
        }
      }
      done();
    };
    // After the route's own checks (tenancy 404, permission 403), which never depend on these fields.
    const own = route.preValidation;
    route.preValidation = own === undefined ? [readBack] : [...(Array.isArray(own) ? own : [own]), readBack];
  });
}
