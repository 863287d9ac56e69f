// Statements marked PREPARED run as named prepared statements on each session of a createDb pool (planned once
// per session, not at every run); others stay unnamed, and a session keeps a bounded number of them. Statements
// marked TEXT_TIMESTAMPS get their timestamps as PostgreSQL's text, prepared or not.
import { sql } from 'kysely';
import { createDb, PREPARED, TEXT_TIMESTAMPS, type DbHandle } from '../../src/db/connection';
import { testDatabaseUrl } from '../helpers/app';

let handle: DbHandle;

beforeAll(() => {
  // One session, so every statement below meets the same pg_prepared_statements.
  handle = createDb(testDatabaseUrl(), { max: 1 });
});

afterAll(() => handle.close());

/** The texts prepared on the pool's one session. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(
    handle.db,
  );
  return rows.map((r) => r.statement);
}

const marked = (n: number) =>
  handle.db
    .selectFrom('carriers')
    .modifyFront(PREPARED)
    .select(sql<number>`${n}::int + ${sql.lit(n)}`.as('k'))
    .where('id', '=', -1);

it('runs a marked statement as one named statement, reused with other values', async () => {
  for (let i = 0; i < 3; i++) {
    await handle.db.selectFrom('carriers').modifyFront(PREPARED).select('id').where('id', '=', i).execute();
  }
  const texts = (await preparedTexts()).filter((t) => t.includes('"carriers"') && t.includes('"id" = $1'));
  expect(texts).toHaveLength(1);
  expect(texts[0]).toMatch(/^select \/\* prepared \*\//);
});

it('leaves unmarked statements unnamed', async () => {
  await handle.db.selectFrom('carriers').select('short_name').where('id', '=', 1).execute();
  expect((await preparedTexts()).some((t) => t.includes('"short_name"'))).toBe(false);
});

it('answers a marked statement like an unmarked one', async () => {
  const plain = await handle.db.selectFrom('carriers').select(['id', 'scac']).orderBy('id').execute();
  const prepared = await handle.db
    .selectFrom('carriers')
    .modifyFront(PREPARED)
    .select(['id', 'scac'])
    .orderBy('id')
    .execute();
  expect(prepared).toEqual(plain);
});

describe('TEXT_TIMESTAMPS', () => {
  const at = sql<Date | string>`'2026-11-29 02:25:01.5+00'::timestamptz`;
  const select = () => handle.db.selectNoFrom([at.as('at'), sql<number>`1::int`.as('n')]);

  it('gives the timestamps of a marked statement as text, in UTC, and leaves other types parsed', async () => {
    expect(await select().modifyFront(TEXT_TIMESTAMPS).execute()).toEqual([
      { at: '2026-11-29 02:25:01.5+00', n: 1 },
    ]);
    expect(await select().execute()).toEqual([{ at: new Date('2026-11-29T02:25:01.500Z'), n: 1 }]);
  });

  it('does so for a prepared statement too, which stays named', async () => {
    const rows = await select().modifyFront(PREPARED).modifyFront(TEXT_TIMESTAMPS).execute();
    expect(rows).toEqual([{ at: '2026-11-29 02:25:01.5+00', n: 1 }]);
    expect(
      (await preparedTexts()).some((t) => /^select \/\* prepared \*\/ \/\* text timestamps \*\//.test(t)),
    ).toBe(true);
  });
});

it('keeps at most 64 named statements per session, running the others unnamed', async () => {
  // 70 distinct texts (the literal differs): the first ones up to the bound are kept, the rest still answer.
  for (let n = 0; n < 70; n++) expect(await marked(n).execute()).toEqual([]);
  const texts = await preparedTexts();
  expect(texts.length).toBe(64);
  expect(texts.some((t) => t.includes('+ 69'))).toBe(false);
});
