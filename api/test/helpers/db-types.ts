// Compares the Kysely table types (src/db/types.ts) with the columns of a migrated database, so a migration
// that adds, drops or retypes a column without the types following fails a test instead of a query at run
// time. The database side is one query on information_schema; the TypeScript side is one compiler program
// over types.ts, read through the type checker so aliases, intersections and mapped types resolve as the
// query builder sees them.
import path from 'node:path';
import type pg from 'pg';
import ts from 'typescript';

export const TYPES_FILE = path.resolve(__dirname, '../../src/db/types.ts');

/** Tables of the `public` schema that `Database` leaves out on purpose, with the reason. */
export const TABLES_OUTSIDE_TYPES: Record<string, string> = {
  schema_migrations: 'the migration runner’s own ledger, read with plain pg by src/db/migrate.ts',
  shipment_data_changes:
    'written and summed only by the SQL triggers and shipments_data_version() of migration 0017',
};

/** Columns information_schema calls nullable that can never be NULL: generated from an expression that always
 * has a value, so types.ts rightly leaves out `| null`. */
export const NEVER_NULL_BY_EXPRESSION: Record<string, string> = {
  'shipments.search_text': 'lower(container_number || … || client_code), both NOT NULL, the rest coalesced',
  'shipments.vessel_ids': 'ARRAY[leg1_vessel_id, …]: an array always, its elements may be NULL',
};

export interface DbColumn {
  table: string;
  column: string;
  /** information_schema's data_type, e.g. `integer`, `ARRAY`, `timestamp with time zone`. */
  dataType: string;
  /** The type's internal name (`int4`, `_text` for text[]). */
  udtName: string;
  nullable: boolean;
  /** A DEFAULT, an identity or a generated expression: the database fills it when an INSERT omits it. */
  filledByDatabase: boolean;
  /** GENERATED ALWAYS (a computed column or an identity that rejects explicit values). */
  generatedAlways: boolean;
}

/** Every column of every table and view of the `public` schema. */
export async function readDatabaseColumns(client: pg.Client): Promise<DbColumn[]> {
  const { rows } = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
    identity_generation: 'ALWAYS' | 'BY DEFAULT' | null;
    is_generated: 'ALWAYS' | 'NEVER';
  }>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity,
            identity_generation, is_generated
       FROM information_schema.columns
      WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`,
  );
  return rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    dataType: r.data_type,
    udtName: r.udt_name,
    nullable: r.is_nullable === 'YES',
    filledByDatabase: r.column_default !== null || r.is_identity === 'YES' || r.is_generated === 'ALWAYS',
    generatedAlways: r.is_generated === 'ALWAYS' || r.identity_generation === 'ALWAYS',
  }));
}

/** What a TypeScript type can hold at run time, coarsely: enough to tell the driver's answer apart. */
type Kind = 'number' | 'string' | 'boolean' | 'Date' | 'array' | 'unknown' | 'undefined' | 'other';

interface KindSet {
  kinds: Set<Kind>;
  nullable: boolean;
  /** Kinds of the elements when an array is among the kinds. */
  elements?: KindSet;
}

export interface TsColumn {
  table: string;
  column: string;
  /** The type as written, for messages. */
  text: string;
  /** What a SELECT gives (Kysely's SelectType: the first argument of ColumnType). */
  select: KindSet;
  /** Generated<T>: an INSERT may leave it out because the database fills it. (Timestamp, BigId and Json<T>
   * accept undefined on insert for any column, so only the Generated shape says the types rely on a default.) */
  generated: boolean;
  /** The insert type is `never`: the query builder refuses to write it. */
  insertNever: boolean;
  /** The insert type accepts a string (how JSON values are written, see Json<T>). */
  insertAcceptsString: boolean;
}

function members(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

/** Kysely's ColumnType<S, I, U> is an object with the phantom properties __select__, __insert__, __update__. */
function columnTypePart(checker: ts.TypeChecker, type: ts.Type, part: '__select__' | '__insert__') {
  const symbol = checker.getPropertyOfType(type, part);
  return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
}

function kindsOf(checker: ts.TypeChecker, types: ts.Type[]): KindSet {
  const set: KindSet = { kinds: new Set(), nullable: false };
  for (const t of types) {
    const f = t.flags;
    if (f & ts.TypeFlags.Null) set.nullable = true;
    else if (f & ts.TypeFlags.Undefined) set.kinds.add('undefined');
    else if (f & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) set.kinds.add('unknown');
    else if (f & ts.TypeFlags.StringLike) set.kinds.add('string');
    else if (f & ts.TypeFlags.NumberLike) set.kinds.add('number');
    else if (f & ts.TypeFlags.BooleanLike) set.kinds.add('boolean');
    else if (checker.isArrayType(t) || checker.isTupleType(t)) {
      set.kinds.add('array');
      const elements = kindsOf(checker, checker.getTypeArguments(t as ts.TypeReference).flatMap(members));
      if (set.elements) {
        for (const k of elements.kinds) set.elements.kinds.add(k);
        set.elements.nullable ||= elements.nullable;
      } else set.elements = elements;
    } else if (t.getSymbol()?.getName() === 'Date') set.kinds.add('Date');
    else set.kinds.add('other');
  }
  return set;
}

/**
 * The columns of each table of the `Database` interface in `file`, as the type checker resolves them.
 * `sourceText` replaces the file's content (same path, so its imports still resolve): how the test checks
 * that an edited copy is caught without touching the real file.
 */
export function readTypesColumns(
  file: string = TYPES_FILE,
  sourceText?: string,
  oldProgram?: ts.Program,
): { tables: Map<string, TsColumn[]>; program: ts.Program } {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts'],
    // Without strict null checks `T | null` collapses to T and nullability could not be compared.
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options, true);
  if (sourceText !== undefined) {
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, languageVersion, onError, shouldCreate) =>
      path.resolve(name) === file
        ? ts.createSourceFile(name, sourceText, languageVersion, true)
        : getSourceFile(name, languageVersion, onError, shouldCreate);
  }
  const program = ts.createProgram({ rootNames: [file], options, host, oldProgram });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not part of the program`);
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error(`${file} declares no \`interface Database\``);

  const tables = new Map<string, TsColumn[]>();
  for (const tableSymbol of checker.getPropertiesOfType(checker.getTypeAtLocation(database.name))) {
    const tableType = checker.getTypeOfSymbol(tableSymbol);
    const columns: TsColumn[] = [];
    for (const columnSymbol of checker.getPropertiesOfType(tableType)) {
      const declared = checker.getTypeOfSymbol(columnSymbol);
      const selectTypes: ts.Type[] = [];
      const insertTypes: ts.Type[] = [];
      let generated = false;
      // SelectType/InsertType distribute over a union: `Timestamp | null` selects Date | null.
      for (const member of members(declared)) {
        const select = members(columnTypePart(checker, member, '__select__') ?? member);
        const insert = members(columnTypePart(checker, member, '__insert__') ?? member);
        const definedInsert = insert.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
        // Generated<S> is ColumnType<S, S | undefined, S>: the insert type is the select type plus undefined.
        generated ||=
          definedInsert.length < insert.length &&
          definedInsert.length === select.length &&
          select.every((t) => definedInsert.includes(t));
        selectTypes.push(...select);
        insertTypes.push(...insert);
      }
      columns.push({
        table: tableSymbol.name,
        column: columnSymbol.name,
        text: checker.typeToString(declared),
        select: kindsOf(checker, selectTypes),
        generated,
        insertNever: insertTypes.every((t) => t.flags & ts.TypeFlags.Never),
        insertAcceptsString: kindsOf(checker, insertTypes).kinds.has('string'),
      });
    }
    tables.set(tableSymbol.name, columns);
  }
  return { tables, program };
}

/** Kinds a SELECT of the SQL type gives through node-postgres with its default parsers (src/db/connection.ts
 * registers none): int8 and numeric arrive as strings, so they keep their precision. */
function expectedKinds(udtName: string): Set<Kind> | 'json' | undefined {
  switch (udtName) {
    case 'int2':
    case 'int4':
    case 'float4':
    case 'float8':
    case 'oid':
      return new Set(['number']);
    case 'int8':
    case 'numeric':
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'citext':
    case 'uuid':
    case 'inet':
    case 'tsvector':
      return new Set(['string']);
    case 'bool':
      return new Set(['boolean']);
    case 'timestamptz':
    case 'timestamp':
    case 'date':
      return new Set(['Date']);
    case 'json':
    case 'jsonb':
      return 'json';
    default:
      return undefined;
  }
}

function describeDb(c: DbColumn): string {
  const type = c.dataType === 'ARRAY' ? `${c.udtName.slice(1)}[]` : c.dataType;
  return `${type}${c.nullable ? '' : ' NOT NULL'}`;
}

function kindsText(set: KindSet): string {
  return [...set.kinds]
    .map((k) => (k === 'array' && set.elements ? `${kindsText(set.elements)}[]` : k))
    .join(' | ');
}

/** A column's type problems, empty when the TypeScript type fits the SQL one. */
function typeProblems(db: DbColumn, tsc: TsColumn): string[] {
  const where = `${db.table}.${db.column}`;
  const problems: string[] = [];
  const nullable = db.nullable && !(where in NEVER_NULL_BY_EXPRESSION);
  if (tsc.select.nullable !== nullable) {
    problems.push(
      nullable
        ? `${where}: nullable in the database (${describeDb(db)}) but types.ts has no \`| null\` (${tsc.text})`
        : `${where}: NOT NULL in the database (${describeDb(db)}) but types.ts allows null (${tsc.text})`,
    );
  }
  const isArray = db.dataType === 'ARRAY';
  const expected = expectedKinds(isArray ? db.udtName.slice(1) : db.udtName);
  if (expected === undefined) {
    problems.push(
      `${where}: SQL type ${describeDb(db)} is not known to this test; add it to expectedKinds()`,
    );
    return problems;
  }
  if (expected === 'json' && !isArray) {
    // node-postgres would write a JS array as a PostgreSQL array literal, so JSON goes in as a string (Json<T>).
    if (!tsc.insertNever && !tsc.insertAcceptsString) {
      problems.push(
        `${where}: ${describeDb(db)} is written as JSON text, but types.ts does not accept a string on insert (${tsc.text}); use Json<T>`,
      );
    }
    return problems;
  }
  const fits = (set: KindSet, want: Set<Kind> | 'json') =>
    set.kinds.size > 0 && [...set.kinds].every((k) => want === 'json' || want.has(k));
  const ok = isArray
    ? tsc.select.kinds.size === 1 &&
      tsc.select.kinds.has('array') &&
      tsc.select.elements !== undefined &&
      fits(tsc.select.elements, expected)
    : fits(tsc.select, expected);
  if (!ok) {
    const want = expected === 'json' ? 'JSON' : [...expected].join(' | ');
    problems.push(
      `${where}: ${describeDb(db)} selects as ${isArray ? `${want}[]` : want} but types.ts says ${kindsText(tsc.select) || 'nothing'} (${tsc.text})`,
    );
  }
  return problems;
}

/** Every disagreement between the database and the types, one line each, sorted; empty when they agree. */
export function compareDatabaseWithTypes(
  dbColumns: DbColumn[],
  tsTables: Map<string, TsColumn[]>,
  outside: Record<string, string> = TABLES_OUTSIDE_TYPES,
): string[] {
  const problems: string[] = [];
  const dbTables = new Map<string, DbColumn[]>();
  for (const c of dbColumns) dbTables.set(c.table, [...(dbTables.get(c.table) ?? []), c]);

  for (const [table, columns] of dbTables) {
    const tsColumns = tsTables.get(table);
    if (!tsColumns) {
      if (!(table in outside)) problems.push(`${table}: table in the database but not in \`Database\``);
      continue;
    }
    const byName = new Map(tsColumns.map((c) => [c.column, c]));
    for (const db of columns) {
      const tsc = byName.get(db.column);
      const where = `${table}.${db.column}`;
      if (!tsc) {
        problems.push(`${where}: column in the database (${describeDb(db)}) but not in types.ts`);
        continue;
      }
      problems.push(...typeProblems(db, tsc));
      if (tsc.generated && !db.nullable && !db.filledByDatabase) {
        problems.push(`${where}: Generated in types.ts (${tsc.text}) but the database has no default`);
      }
      if (db.generatedAlways && !tsc.insertNever) {
        problems.push(`${where}: GENERATED ALWAYS in the database but writable in types.ts (${tsc.text})`);
      }
    }
    const dbNames = new Set(columns.map((c) => c.column));
    for (const tsc of tsColumns) {
      if (!dbNames.has(tsc.column))
        problems.push(`${table}.${tsc.column}: in types.ts but not a column of the database`);
    }
  }
  for (const table of tsTables.keys()) {
    if (!dbTables.has(table)) problems.push(`${table}: in \`Database\` but not a table of the database`);
  }
  for (const table of Object.keys(outside)) {
    if (!dbTables.has(table))
      problems.push(`${table}: listed in TABLES_OUTSIDE_TYPES but not in the database`);
    else if (tsTables.has(table))
      problems.push(`${table}: listed in TABLES_OUTSIDE_TYPES but also in \`Database\``);
  }
  for (const column of Object.keys(NEVER_NULL_BY_EXPRESSION)) {
    if (!dbColumns.some((c) => `${c.table}.${c.column}` === column && c.nullable)) {
      problems.push(
        `${column}: listed in NEVER_NULL_BY_EXPRESSION but not a nullable column of the database`,
      );
    }
  }
  return problems.sort();
}
