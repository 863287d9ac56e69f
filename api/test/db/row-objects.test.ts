// The rows a createDb pool gives Kysely are built from node-postgres' array rows by a function made per list of
// column names (src/db/row-objects.ts): they must be the objects node-postgres itself would have made.
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, TEXT_TIMESTAMPS, type DbHandle } from '../../src/db/connection';
import { rowBuilder } from '../../src/db/row-objects';
import { testDatabaseUrl } from '../helpers/app';

let handle: DbHandle;
let plain: pg.Client;

beforeAll(async () => {
  handle = createDb(testDatabaseUrl(), { max: 1 });
  plain = new pg.Client({ connectionString: testDatabaseUrl() });
  await plain.connect();
});

afterAll(async () => {
  await handle.close();
  await plain.end();
});

/** The same statement through the pool (Kysely) and through a plain node-postgres client. */
async function both(text: string): Promise<[unknown[], unknown[]]> {
  const ours = await sql.raw(text).execute(handle.db);
  const theirs = await plain.query(text, []);
  return [ours.rows, theirs.rows];
}

it('gives the rows node-postgres gives, values parsed by type, in column order', async () => {
  const text = `SELECT g AS id, 'x' || g AS name, g % 2 = 0 AS even, NULL::text AS nothing,
      '2026-11-29 02:25:01+00'::timestamptz AS at, 1.50::numeric AS amount, ARRAY[g, g + 1] AS pair
    FROM generate_series(1, 3) g ORDER BY g`;
  const [ours, theirs] = await both(text);
  expect(ours).toEqual(theirs);
  expect(ours).toHaveLength(3);
  expect(Object.keys(ours[0] as object)).toEqual(['id', 'name', 'even', 'nothing', 'at', 'amount', 'pair']);
  expect((ours[1] as { at: unknown }).at).toBeInstanceOf(Date);
  // The pool's array rows skip node-postgres' template of object rows; the plain client's rows above are still
  // built by node-postgres itself, from that template.
  const result = (pg as unknown as { Result: { prototype: { addFields: { arrayRowsOnly?: true } } } }).Result;
  expect(result.prototype.addFields.arrayRowsOnly).toBe(true);
});

it('gives each statement its own parsers, timestamps as text where marked, on array rows', async () => {
  const at = sql`'2026-11-29 02:25:01+00'::timestamptz`;
  const marked = await handle.db
    .selectNoFrom([at.as('at')])
    .modifyFront(TEXT_TIMESTAMPS)
    .execute();
  const plainAgain = await handle.db.selectNoFrom([at.as('at')]).execute();
  expect(marked).toEqual([{ at: '2026-11-29 02:25:01+00' }]);
  expect(plainAgain).toEqual([{ at: new Date('2026-11-29T02:25:01Z') }]);
});

it('keeps the last value of a repeated name, and a column named __proto__ as a property', async () => {
  const [ours, theirs] = await both(`SELECT 1 AS a, 2 AS a, 3 AS "__proto__", 4 AS "constructor", 5 AS "0"`);
  expect(ours).toEqual(theirs);
  const row = ours[0] as Record<string, unknown>;
  expect(row.a).toBe(2);
  expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(3);
  expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  expect(row['0']).toBe(5);
});

it('answers a statement without rows or without columns', async () => {
  const [none] = await both(`SELECT 1 AS a WHERE false`);
  expect(none).toEqual([]);
  const result = await sql`CREATE TEMP TABLE IF NOT EXISTS row_objects_probe (a int)`.execute(handle.db);
  expect(result.rows).toEqual([]);
});

it('makes one builder per list of names, and names are data, never code', () => {
  expect(rowBuilder(['a', 'b'])).toBe(rowBuilder(['a', 'b']));
  expect(rowBuilder(['a', 'b'])).not.toBe(rowBuilder(['b', 'a']));
  const odd = ['"}; throw 1; //', '\u2028', 'a\\'];
  expect(rowBuilder(odd)([1, 2, 3])).toEqual({ '"}; throw 1; //': 1, '\u2028': 2, 'a\\': 3 });
});
