// Helpers of the tenancy and permission sweep: the operations of the API's own OpenAPI document,
// plausible values from their schemas, the rows a company owns (found from the columns of every table, so new
// tables are covered), a digest of them, and rows that link two companies.
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/types';

export type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  nullable?: boolean;
};

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  query: string[];
  /** JSON body schema (undefined: no JSON body). */
  body?: Schema;
  multipart: boolean;
  secured: boolean;
}

export function operations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        security?: unknown[];
      };
      const params = op.parameters ?? [];
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return out;
}

export const isWrite = (op: Operation) => op.method !== 'GET';

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

let counter = 0;
/** A value the schema accepts (as far as types go), with integers taken from `ints`. */
export function plausible(schema: Schema | undefined, ints: number[]): unknown {
  if (!schema) return 'sweep';
  if (schema.anyOf && schema.anyOf.length > 0) return plausible(schema.anyOf[0], ints);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'date') return '2031-01-02';
      if (schema.format === 'date-time') return '2031-01-02T03:04:05Z';
      if (schema.format === 'email') return 'sweep@example.com';
      counter += 1;
      return `sweep${counter}`.slice(0, schema.maxLength ?? 100);
    }
    case 'integer':
    case 'number':
      return ints[0] ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items?.type === 'integer' ? ints.slice(0, 50) : [plausible(schema.items, ints)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = plausible(schema.properties?.[key], ints);
      return out;
    }
    default:
      return 'sweep';
  }
}

/** A property that may carry an object's id: integer, list of integers, or untyped. */
export function idLike(schema: Schema): 'scalar' | 'list' | null {
  const options = schema.anyOf ?? [schema];
  if (
    options.some((s) => s.type === 'array' && (s.items?.type === 'integer' || s.items?.type === 'number'))
  ) {
    return 'list';
  }
  if (options.some((s) => s.type === 'integer' || s.type === 'number' || s.type === undefined))
    return 'scalar';
  return null;
}

/** The body of an answer as text: xlsx and other zip files are read back cell by cell. */
export async function bodyText(payload: Buffer): Promise<string> {
  if (payload.length > 4 && payload.readUInt32LE(0) === 0x04034b50) {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(payload as unknown as ArrayBuffer);
    } catch {
      return payload.toString('latin1');
    }
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? cell.value)))),
    );
    return cells.join('\n');
  }
  return payload.toString('utf8');
}

// ---- Rows owned by a company -------------------------------------------------------------------------------

/** How a column names its owner company, in the order a table's owner is looked up. */
const OWNER_COLUMNS: Array<[string, (col: string) => string]> = [
  ['company_id', (c) => c],
  ['user_id', (c) => `(SELECT company_id FROM user_profiles WHERE id = ${c})`],
  ['created_by', (c) => `(SELECT company_id FROM user_profiles WHERE id = ${c})`],
  ['shipment_id', (c) => `(SELECT company_id FROM shipments WHERE id = ${c})`],
  ['tracking_request_id', (c) => `(SELECT company_id FROM tracking_requests WHERE id = ${c})`],
  ['project_id', (c) => `(SELECT company_id FROM projects WHERE id = ${c})`],
  ['team_id', (c) => `(SELECT company_id FROM teams WHERE id = ${c})`],
  ['template_id', (c) => `(SELECT company_id FROM export_templates WHERE id = ${c})`],
];
/** Columns that change by merely being used (a login, a token's sliding expiry). */
const VOLATILE = new Set(['last_used_at', 'last_login']);
/**
 * Logs that any company's writes trim for every company: shipment_changes drops all changes up to a transaction
 * id (migration 0044), so another test file's trim changes this company's rows without anyone writing them. A
 * write to a shipment shows in `shipments` itself.
 */
const TRIMMED_FOR_ALL = new Set(['shipment_changes']);

async function tableColumns(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
  return out;
}

function ownerExpression(table: string, columns: string[]): string | null {
  if (table === 'companies') return 'id';
  if (table === 'users') return '(SELECT company_id FROM user_profiles WHERE id = users.id)';
  for (const [name, expr] of OWNER_COLUMNS) if (columns.includes(name)) return expr(`"${table}".${name}`);
  return null;
}

/**
 * A digest of every row company `companyId` owns, per table (tables found from the catalogue; a table's owner
 * from its first owner column). `skip`: "table" or "table.column" left out.
 */
export async function companyDigest(
  db: Kysely<Database>,
  companyId: number,
  skip: string[] = [],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, columns] of await tableColumns(db)) {
    if (skip.includes(table) || TRIMMED_FOR_ALL.has(table)) continue;
    const owner = ownerExpression(table, columns);
    if (!owner) continue;
    const kept = columns.filter((c) => !VOLATILE.has(c) && !skip.includes(`${table}.${c}`));
    const list = kept.map((c) => `"${c}"`).join(', ');
    const { rows } = await sql<{ n: string; digest: string }>`
      SELECT count(*) AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest
      FROM (SELECT ${sql.raw(list)} FROM ${sql.table(table)} WHERE ${sql.raw(owner)} = ${companyId}) r`.execute(
      db,
    );
    out[table] = `${rows[0].n}:${rows[0].digest}`;
  }
  return out;
}

/** Rows of any table whose owner columns name two different companies, one of them among `companies`. */
export async function crossCompanyRows(db: Kysely<Database>, companies: number[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of await tableColumns(db)) {
    const owners = OWNER_COLUMNS.filter(([name]) => columns.includes(name)).map(([name, expr]) => ({
      name,
      expr: expr(`"${table}".${name}`),
    }));
    if (table === 'user_profiles' || table === 'users') continue; // id = the user itself
    for (let i = 0; i < owners.length; i++) {
      for (let j = i + 1; j < owners.length; j++) {
        const a = owners[i].expr;
        const b = owners[j].expr;
        const ids = sql.join(companies);
        const { rows } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM ${sql.table(table)}
          WHERE ${sql.raw(a)} <> ${sql.raw(b)} AND (${sql.raw(a)} IN (${ids}) OR ${sql.raw(b)} IN (${ids}))`.execute(
          db,
        );
        if (Number(rows[0].n) > 0)
          found.push(`${table}: ${owners[i].name} / ${owners[j].name} (${rows[0].n})`);
      }
    }
  }
  return found;
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
