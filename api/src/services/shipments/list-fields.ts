// The list's `fields`: which properties each result keeps, and of an object-valued one (a port, a leg, the
// carrier's next port) which of its own properties, so that a list sends what it shows and no more; the detail
// call has the rest.
import { Kind, type TSchema } from '@sinclair/typebox';
import { localizePayload, type Lang } from '../../i18n';
import { ErrorCollector } from '../../lib/errors';
import { listParam, QUERY_MESSAGES } from '../../lib/query-params';
import type { RawQuery } from './filters';
import { ShipmentSchema } from './schema';
import type { ShipmentOut } from './serializer';

export interface ListFields {
  /** The shipment properties each result keeps, in the order first asked. */
  keys: string[];
  /** Those narrowed to some of their own properties (`pol_loc.locode`), in the order asked. */
  parts: ReadonlyMap<string, readonly string[]>;
  /** The same choice as one text, for the keys of kept pages. */
  text: string;
}

/** The object schema of a property that holds an object or null (a port, a leg); null for any other. */
function objectSchema(schema: TSchema): TSchema | null {
  if (schema[Kind] === 'Object') return schema;
  if (schema[Kind] !== 'Union') return null;
  const objects = (schema.anyOf as TSchema[]).filter((s) => s[Kind] === 'Object');
  return objects.length === 1 ? objects[0] : null;
}

const PROPERTIES = ShipmentSchema.properties as Record<string, TSchema>;
/** Every name `fields` takes: each property, and `<property>.<its property>` of the object-valued ones. */
const CHOICES: ReadonlySet<string> = new Set(
  Object.entries(PROPERTIES).flatMap(([key, schema]) => {
    const inner = objectSchema(schema);
    const parts = inner ? Object.keys(inner.properties as object).map((p) => `${key}.${p}`) : [];
    return [key, ...parts];
  }),
);

/**
 * The `fields` of the query (comma-separated or repeated); null when absent (the full objects). A property named
 * whole and by parts is sent whole. Unknown names answer 400 `{fields: [messages]}`.
 */
export function parseListFields(query: RawQuery): ListFields | null {
  if (query.fields === undefined) return null;
  const errors = new ErrorCollector();
  const keys: string[] = [];
  const parts = new Map<string, string[]>();
  const whole = new Set<string>();
  for (const name of listParam(query.fields)) {
    if (!CHOICES.has(name)) {
      errors.add('fields', QUERY_MESSAGES.choice(name));
      continue;
    }
    const dot = name.indexOf('.');
    const key = dot < 0 ? name : name.slice(0, dot);
    if (!whole.has(key) && !parts.has(key)) keys.push(key);
    if (dot < 0) whole.add(key);
    else {
      const chosen = parts.get(key) ?? [];
      if (!chosen.includes(name.slice(dot + 1))) chosen.push(name.slice(dot + 1));
      parts.set(key, chosen);
    }
  }
  errors.throwIfAny();
  for (const key of whole) parts.delete(key);
  if (keys.length === 0) return null;
  const text = keys.map((k) => (parts.has(k) ? `${k}(${parts.get(k)?.join(',')})` : k)).join(',');
  return { keys, parts, text };
}

/** `value` (an object or null) with only `chosen` of its properties, in that order. */
function narrow(value: unknown, chosen: readonly string[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const p of chosen) if (from[p] !== undefined) out[p] = from[p];
  return out;
}

/**
 * The JSON text of a page's results in the caller's language, with only the chosen fields (in that order; a key
 * the object leaves out, a null date of a list, stays out), written straight from the objects.
 */
export function resultsJson(shipments: ShipmentOut[], fields: ListFields | null, lang: Lang): string {
  if (!fields) return JSON.stringify(localizePayload(shipments, lang));
  // Only what is sent is put into the caller's language (each property is translated on its own).
  const sent =
    lang === 'en'
      ? shipments
      : localizePayload(
          shipments.map((s) => pick(s, fields.keys)),
          lang,
        );
  const keys = fields.keys.map((k) => [k, fields.parts.get(k)] as const);
  // One object a row with the chosen keys in order (none is an array index, so the order holds), written by one
  // JSON.stringify: cheaper than writing each member apart and joining the texts (fewer strings to collect).
  const rows = sent.map((s) => {
    const row: Record<string, unknown> = {};
    for (const [key, chosen] of keys) {
      const value = s[key];
      if (value !== undefined) row[key] = chosen ? narrow(value, chosen) : value;
    }
    return row;
  });
  return JSON.stringify(rows);
}

const pick = (s: ShipmentOut, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, s[k]])) as ShipmentOut;
