// src/db/types.ts is written by hand next to the SQL migrations: this checks it against the database the run
// migrated (test/global-setup.ts), so a column added, dropped, made nullable or retyped by a migration fails
// here rather than in a query at run time.
import fs from 'node:fs';
import pg from 'pg';
import type ts from 'typescript';
import {
  compareDatabaseWithTypes,
  readDatabaseColumns,
  readTypesColumns,
  TYPES_FILE,
  type DbColumn,
} from '../helpers/db-types';
import { testDatabaseUrl } from '../helpers/app';

let dbColumns: DbColumn[];
let program: ts.Program;
let problems: string[];

beforeAll(async () => {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    dbColumns = await readDatabaseColumns(client);
  } finally {
    await client.end();
  }
  const read = readTypesColumns();
  program = read.program;
  problems = compareDatabaseWithTypes(dbColumns, read.tables);
});

it('types.ts has every table and column of the migrated database, with its nullability and type', () => {
  // One line per disagreement, so the failure lists everything to fix at once.
  expect(problems.join('\n')).toBe('');
});

it('the database side is read (a check over nothing would pass)', () => {
  const shipments = dbColumns.filter((c) => c.table === 'shipments');
  expect(shipments.length).toBeGreaterThan(50);
  expect(shipments.find((c) => c.column === 'weight')).toMatchObject({ udtName: 'numeric', nullable: true });
});

it('a copy of types.ts that drifted from the database is reported column by column', () => {
  const lines = fs.readFileSync(TYPES_FILE, 'utf8').split('\n');
  const edit = (from: string, to: string | null) => {
    const at = lines.findIndex((line) => line === from);
    expect(at).toBeGreaterThanOrEqual(0);
    if (to === null) lines.splice(at, 1);
    else lines[at] = to;
  };
  // A column left out, a NOT NULL column made nullable, an int8 typed as number, a column the database lacks,
  // jsonb written without Json<T>, Generated on a column without a default, a table left out.
  edit('  scac: string;', null);
  edit('  code_name: string;', '  code_name: string | null;');
  edit('  carrier_event_id: BigId;', '  carrier_event_id: number;'); // the first: tracking_request_events
  edit('  display: string;', '  display: string;\n  display_es: string;');
  edit('  reasons: Json<string[]>;', '  reasons: string[];');
  edit('  code_value: string;', '  code_value: Generated<string>;');
  edit('  vessels: VesselsTable;', null);
  const drifted = readTypesColumns(TYPES_FILE, lines.join('\n'), program);
  // Only what the edits changed, so this holds whether or not the real file agrees with the database.
  const found = compareDatabaseWithTypes(dbColumns, drifted.tables).filter((p) => !problems.includes(p));
  expect(found).toEqual([
    'carriers.scac: column in the database (character varying NOT NULL) but not in types.ts',
    'event_codes.code_name: NOT NULL in the database (text NOT NULL) but types.ts allows null (string | null)',
    'locations.display_es: in types.ts but not a column of the database',
    'rejected_events.reasons: jsonb NOT NULL is written as JSON text, but types.ts does not accept a string on insert (string[]); use Json<T>',
    'tracking_request_events.carrier_event_id: bigint NOT NULL selects as string but types.ts says number (number)',
    'tracking_requests.code_value: Generated in types.ts (Generated<string>) but the database has no default',
    'vessels: table in the database but not in `Database`',
  ]);
});
