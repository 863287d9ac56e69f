// Result rows as objects built in one step. node-postgres builds each row of a statement by copying an object of
// all its column names and then assigning every value: with more than a few dozen columns (a shipment has about
// 250) V8 keeps such objects as hash tables, slow to build and slow to read. A function made once per list of
// column names that returns an object literal of them gives objects of one fixed shape instead; on a page of 30
// shipments building the rows went from about 1.2 ms to 0.07 ms, and every later read of them is faster too.
import pg from 'pg';

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/** Column lists whose builder is kept: a process runs a bounded set of statements, each with its columns. */
const KEPT_BUILDERS = 512;
const builders = new Map<string, RowBuilder>();

/**
 * The function that turns a row's values (node-postgres' `rowMode: 'array'`, parsed) into the object node-postgres
 * would have made: own properties in column order, a repeated name taking its last value.
 */
export function rowBuilder(names: readonly string[]): RowBuilder {
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (build) return build;
  // A literal `{"__proto__": v}` would set the prototype instead of a property: computed keys always define one,
  // at the cost of a slower object (no such column exists; a statement may still name one so).
  const property = (name: string, i: number) =>
    name === '__proto__' ? `[${JSON.stringify(name)}]: v[${i}]` : `${JSON.stringify(name)}: v[${i}]`;
  // The names are the statement's own column names, written as JSON string literals: nothing of them is code.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  build = new Function('v', `return {${names.map(property).join(', ')}};`) as RowBuilder;
  if (builders.size >= KEPT_BUILDERS) builders.clear();
  builders.set(key, build);
  return build;
}

/** `result` (read with `rowMode: 'array'`) with its rows as objects (rowBuilder). */
export function withRowObjects(result: pg.QueryResult<unknown[]>): pg.QueryResult<Record<string, unknown>> {
  const out = result as unknown as pg.QueryResult<Record<string, unknown>>;
  if (!result.fields?.length || !result.rows.length) return out;
  const build = rowBuilder(result.fields.map((f) => f.name));
  out.rows = result.rows.map((values) => build(values));
  return out;
}

/** What of node-postgres' Result (exported as pg.Result, not typed) arrayRowsWithoutTemplate relies on. */
interface ResultInternals {
  rowAsArray: boolean;
  fields: pg.FieldDef[];
  _types?: { getTypeParser: (oid: number, format: string) => unknown };
  _parsers?: unknown[];
  addFields: ((this: ResultInternals, fields: pg.FieldDef[]) => void) & { arrayRowsOnly?: true };
}

/**
 * node-postgres' Result.addFields, run at every statement's row description, also builds an object of all the
 * column names for its object rows (a hash table of 250 fresh strings for a shipment page: 5 % of the API's CPU
 * on a list). Rows read as arrays never use it: for those, keep only what addFields keeps besides it, the
 * fields and each one's parser (same lookup, same default format). Object rows are left to the original.
 */
export function arrayRowsWithoutTemplate(): void {
  const proto = (pg as unknown as { Result: { prototype: ResultInternals } }).Result.prototype;
  if (proto.addFields.arrayRowsOnly) return;
  const original = proto.addFields;
  const addFields = function (this: ResultInternals, fields: pg.FieldDef[]): void {
    if (!this.rowAsArray) return original.call(this, fields);
    this.fields = fields;
    const types = (this._types ?? pg.types) as NonNullable<ResultInternals['_types']>;
    this._parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, f.format || 'text'));
  };
  proto.addFields = Object.assign(addFields, { arrayRowsOnly: true as const });
}
