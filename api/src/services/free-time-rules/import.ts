// Importing the rules spreadsheet: the header must be the template's, every row is read and checked (the same
// checks as the API, plus duplicates within the file) before anything is written, and the writes are one
// transaction: any problem is a 400 naming each bad row and column, and nothing is saved.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ApiError, badRequest, ErrorCollector, type FieldErrors } from '../../lib/errors';
import { requestFreeTimeRecompute } from '../../tracking/free-time/recompute';
import { checkRule, MAX_RULES, RULE_MESSAGES, scopeKey, type FreeTimeRuleInput } from './check';
import { ruleValues, scopeRefs } from './index';
import { RULE_DEFAULTS } from './input';
import { CHOICES, parseTiers, SHEET_COLUMNS, SHEET_MESSAGES, type SheetColumn } from './sheet';

export type ImportMode = 'upsert' | 'replace';

export interface ImportResult {
  mode: ImportMode;
  created: number;
  updated: number;
  deleted: number;
  total: number;
}

/** Checked fields of the rule → the column that holds them in the sheet. */
const FIELD_COLUMN: Record<string, SheetColumn | null> = { carrier_id: 'carrier', non_field_errors: null };

const fileError = (message: string) => new ApiError(400, { file: [message] });
const headerKey = (text: string) =>
  text
    .replace(/\(.*\)/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-/]+/g, '_');

interface SheetRow {
  line: number;
  cells: Partial<Record<SheetColumn, string>>;
}

/** The data rows under the template's header (blank rows left out); not the template → `{file: [...]}`. */
export function sheetRows(table: string[][]): SheetRow[] {
  const headerIndex = table.findIndex((r) => r.some((c) => c !== ''));
  if (headerIndex < 0) throw fileError(SHEET_MESSAGES.noRules);
  const positions = new Map<SheetColumn, number>();
  let foreign = false;
  table[headerIndex].forEach((text, i) => {
    const key = headerKey(text);
    if (key === '') return;
    if (!(SHEET_COLUMNS as readonly string[]).includes(key) || positions.has(key as SheetColumn))
      foreign = true;
    else positions.set(key as SheetColumn, i);
  });
  if (foreign || positions.size !== SHEET_COLUMNS.length) {
    throw fileError(SHEET_MESSAGES.notTemplate([...SHEET_COLUMNS]));
  }
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    if (!table[i].some((c) => c !== '')) continue;
    const cells: SheetRow['cells'] = {};
    for (const [column, index] of positions) {
      const value = (table[i][index] ?? '').trim();
      if (value !== '') cells[column] = value;
    }
    rows.push({ line: i + 1, cells });
  }
  if (rows.length === 0) throw fileError(SHEET_MESSAGES.noRules);
  if (rows.length > MAX_RULES) throw fileError(RULE_MESSAGES.tooManyRules(MAX_RULES));
  return rows;
}

interface CarrierRef {
  id: number;
  scac: string;
  short_name: string;
  official_name: string;
}

function carrierIndex(carriers: CarrierRef[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const c of carriers) {
    for (const name of [c.official_name, c.short_name]) index.set(name.trim().toLowerCase(), c.id);
  }
  // A SCAC wins over a name that happens to read the same.
  for (const c of carriers) index.set(c.scac.toLowerCase(), c.id);
  return index;
}

/** One row's cells → a rule input, adding `column: message` problems for cells that cannot be read. */
function rowInput(
  row: SheetRow,
  carriers: Map<string, number>,
  add: (column: SheetColumn, m: string) => void,
) {
  const input: FreeTimeRuleInput = {
    ...RULE_DEFAULTS,
    demurrage_tiers: [],
    detention_tiers: [],
    combined_tiers: [],
  };
  const c = row.cells;
  if (c.carrier) {
    const id = carriers.get(c.carrier.toLowerCase());
    if (id === undefined) add('carrier', SHEET_MESSAGES.unknownCarrier(c.carrier));
    else input.carrier_id = id;
  }
  input.pod_locode = c.pod_locode?.toUpperCase() ?? null;
  input.container_type = c.container_type?.toUpperCase() ?? null;
  input.currency = c.currency?.toUpperCase() ?? '';
  const only = c.combined_free_days !== undefined && !c.demurrage_free_days && !c.detention_free_days;
  input.mode = only ? 'combined' : 'separate';
  for (const key of ['mode', 'day_count', 'demurrage_start', 'demurrage_stop', 'detention_start'] as const) {
    const value = c[key]?.toLowerCase();
    if (value === undefined) continue;
    const options = CHOICES[key] as readonly string[];
    if (options.includes(value)) (input as unknown as Record<string, string>)[key] = value;
    else add(key, SHEET_MESSAGES.choice(c[key] as string, options));
  }
  for (const key of ['demurrage_free_days', 'detention_free_days', 'combined_free_days'] as const) {
    const text = c[key];
    if (text === undefined) continue;
    const value = Number(text);
    if (/^-?\d+(\.0+)?$/.test(text) && Number.isSafeInteger(value)) input[key] = value;
    else add(key, SHEET_MESSAGES.integer);
  }
  for (const key of ['demurrage_tiers', 'detention_tiers', 'combined_tiers'] as const) {
    const text = c[key];
    if (text === undefined) continue;
    const tiers = parseTiers(text);
    if (tiers) input[key] = tiers;
    else add(key, SHEET_MESSAGES.tiers);
  }
  return input;
}

/** Every row read and checked; throws the 400 with all the rows' problems, or answers the inputs. */
export async function checkedRows(
  db: Kysely<Database>,
  rows: SheetRow[],
): Promise<Array<{ line: number; input: FreeTimeRuleInput }>> {
  const carriers = carrierIndex(
    await db.selectFrom('carriers').select(['id', 'scac', 'short_name', 'official_name']).execute(),
  );
  const errors = new Map<number, ErrorCollector>();
  const problemsOf = (line: number) => errors.get(line) ?? errors.set(line, new ErrorCollector()).get(line)!;
  const read = rows.map((row) => ({
    line: row.line,
    input: rowInput(row, carriers, (column, m) => problemsOf(row.line).add(column, m)),
  }));
  const locodes = [...new Set(read.flatMap((r) => (r.input.pod_locode ? [r.input.pod_locode] : [])))];
  const refs = await scopeRefs(db, [...new Set(read.flatMap((r) => r.input.carrier_id ?? []))], locodes);
  const seen = new Map<string, number>();
  for (const { line, input } of read) {
    const rowProblems = new ErrorCollector();
    checkRule(input, refs, rowProblems);
    for (const [field, messages] of Object.entries(rowProblems.errors)) {
      const column = field in FIELD_COLUMN ? FIELD_COLUMN[field] : (field as SheetColumn);
      // A cell that could not be read already says why; the check's view of its empty value adds nothing.
      if (column && errors.get(line)?.errors[column]) continue;
      for (const m of messages) problemsOf(line).add(column ?? 'non_field_errors', m);
    }
    const key = scopeKey(input);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else problemsOf(line).add('non_field_errors', SHEET_MESSAGES.sameScope(first));
  }
  if (errors.size > 0) {
    const body: FieldErrors = {
      non_field_errors: [`${errors.size} of ${rows.length} rows have errors; nothing was imported.`],
    };
    for (const [line, problems] of [...errors].sort((a, b) => a[0] - b[0])) {
      body[`row ${line}`] = Object.entries(problems.errors).flatMap(([column, messages]) =>
        messages.map((m) => (column === 'non_field_errors' ? m : `${column}: ${m}`)),
      );
    }
    throw badRequest(body);
  }
  return read;
}

/** Writes the checked rules in one transaction: upsert by scope; `replace` also deletes the rules not in the file. */
export async function saveImport(
  db: Kysely<Database>,
  companyId: number,
  inputs: FreeTimeRuleInput[],
  mode: ImportMode,
): Promise<ImportResult> {
  return db.transaction().execute(async (trx) => {
    // One import (or write) of a company's rules at a time: two files never interleave.
    await sql`SELECT pg_advisory_xact_lock(hashtext('free_time_rules'), ${companyId})`.execute(trx);
    const existing = await trx
      .selectFrom('free_time_rules')
      .select(['id', 'carrier_id', 'pod_locode', 'container_type'])
      .where('company_id', '=', companyId)
      .execute();
    const byScope = new Map(existing.map((r) => [scopeKey(r), r.id]));
    const kept = new Set<number>();
    let created = 0;
    for (const input of inputs) {
      const id = byScope.get(scopeKey(input));
      if (id === undefined) {
        await trx
          .insertInto('free_time_rules')
          .values({ company_id: companyId, ...ruleValues(input) })
          .execute();
        created += 1;
      } else {
        kept.add(id);
        await trx
          .updateTable('free_time_rules')
          .set({ ...ruleValues(input), modified_at: sql`now()` })
          .where('id', '=', id)
          .execute();
      }
    }
    const gone = mode === 'replace' ? existing.filter((r) => !kept.has(r.id)).map((r) => r.id) : [];
    if (gone.length) await trx.deleteFrom('free_time_rules').where('id', 'in', gone).execute();
    const total = existing.length - gone.length + created;
    if (total > MAX_RULES) throw badRequest({ non_field_errors: [RULE_MESSAGES.tooManyRules(MAX_RULES)] });
    await requestFreeTimeRecompute(trx, companyId);
    return { mode, created, updated: kept.size, deleted: gone.length, total };
  });
}
