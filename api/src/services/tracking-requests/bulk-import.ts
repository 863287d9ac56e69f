// The bulk upload of tracking requests (PUT /api/upload/bulk-import-tracking-requests/bulk): the rows of the file,
// already read into text cells by routes/bulk-import/sheet.ts, checked with the rules of POST tracking-requests/
// and inserted all together or not at all; and the carriers the template lists.
import type { Kysely } from 'kysely';
import type { Carrier, Database } from '../../db/types';
import { badRequest, type FieldErrors } from '../../lib/errors';
import {
  activeCarriers,
  carrierRequiresContainer,
  carrierSupports,
  checkNewRequest,
  CODE_TYPES,
  existingRequests,
  insertRequests,
  keyOf,
  lockCompanyForAdding,
  TR_MESSAGES,
  type CodeType,
  type NewRequest,
} from './rules';
import { carrierDetector, KIND_OF_CODE_TYPE, NUMBER_MAX } from '../carrier-detection';

/** The template's columns, in order. The first three are required in every file. */
export const IMPORT_COLUMNS = [
  'carrier',
  'code_type',
  'code_value',
  'container',
  'client_code',
  'project',
  'contractual_eta_pod',
  'contractual_eta_dlv',
  'container_filter',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One row of the file. */
export interface ImportRow {
  /** Row number as the user sees it in the file (the header is row 1). */
  line: number;
  cells: Partial<Record<ImportColumn, string>>;
}

/** Error fields of the API that are named differently in the file. */
const FIELD_TO_COLUMN: Record<string, string> = { carrier_id: 'carrier', project_id: 'project' };

/** Code type from its id or its name ('Booking number'), any case. */
function codeTypeOf(text: string): CodeType | undefined {
  const t = text.trim().toLowerCase();
  return CODE_TYPES.find((c) => c.id === t || c.name.toLowerCase() === t)?.id;
}

/** The problems of the file's rows, by row: 'column: message' lists, answered as one 400. */
class RowErrors {
  private readonly byLine = new Map<number, string[]>();

  add(line: number, column: string, message: string) {
    const list = this.byLine.get(line) ?? [];
    list.push(`${column}: ${message}`);
    this.byLine.set(line, list);
  }

  has(line: number) {
    return this.byLine.has(line);
  }

  get size() {
    return this.byLine.size;
  }

  /** 400: `non_field_errors` (the summary) and `row N` for each bad row, in file order. */
  fail(summary: string[]): never {
    const body: FieldErrors = { non_field_errors: summary };
    for (const [line, messages] of [...this.byLine].sort((a, b) => a[0] - b[0]))
      body[`row ${line}`] = messages;
    throw badRequest(body);
  }
}

/** What the cells name: carriers (by SCAC, short or official name) and the company's projects (by name). */
async function importLookups(db: Kysely<Database>, companyId: number) {
  const [carriers, projects] = await Promise.all([
    activeCarriers(db),
    db.selectFrom('projects').select(['id', 'name']).where('company_id', '=', companyId).execute(),
  ]);
  const carrierByText = new Map<string, Carrier>();
  for (const c of carriers) {
    carrierByText.set(c.official_name.toLowerCase(), c);
    carrierByText.set(c.short_name.toLowerCase(), c);
  }
  for (const c of carriers) carrierByText.set(c.scac.toLowerCase(), c);
  const projectByName = new Map(projects.map((p) => [p.name.toLowerCase(), p.id]));
  const refs = {
    carriers: new Map(carriers.map((c) => [c.id, c])),
    projectIds: new Set(projects.map((p) => p.id)),
  };
  return { carrierByText, projectByName, refs, detect: await carrierDetector(db, companyId) };
}

type Lookups = Awaited<ReturnType<typeof importLookups>>;

/**
 * One row checked with the rules of POST tracking-requests/: its request, or undefined with its problems in
 * `errors`. An empty carrier cell takes the carrier the number names when exactly one does (added to `filled`).
 */
function checkRow(
  row: ImportRow,
  { carrierByText, projectByName, refs, detect }: Lookups,
  errors: RowErrors,
  filled: { row: number; carrier: string }[],
): NewRequest | undefined {
  const c = row.cells;
  const add = (column: string, message: string) => errors.add(row.line, column, message);
  let carrier = c.carrier === undefined ? undefined : carrierByText.get(c.carrier.toLowerCase());
  if (c.carrier !== undefined && !carrier) {
    add('carrier', `Unknown carrier "${c.carrier}": use a SCAC (e.g. MAEU) or a carrier name.`);
  }
  const codeType = c.code_type === undefined ? undefined : codeTypeOf(c.code_type);
  if (c.code_type !== undefined && !codeType) {
    add('code_type', `"${c.code_type}" is not a valid choice: use c_id, b_id or m_bl.`);
  }
  // An empty carrier cell takes the carrier the number names when exactly one does; else the row says why.
  const detecting = c.carrier === undefined && codeType !== undefined && c.code_value !== undefined;
  if (detecting) {
    const d = detect(c.code_value!.slice(0, NUMBER_MAX), KIND_OF_CODE_TYPE[codeType]);
    carrier = d.match === 'exact' ? refs.carriers.get(d.carriers[0].id) : undefined;
    if (carrier) filled.push({ row: row.line, carrier: carrier.scac });
    else add('carrier', d.message ?? TR_MESSAGES.invalidPk(''));
  }
  let projectId: number | undefined;
  if (c.project !== undefined) {
    projectId = projectByName.get(c.project.toLowerCase());
    if (projectId === undefined) add('project', `Unknown project "${c.project}".`);
  }
  const checked = checkNewRequest(
    {
      // Unknown carrier / code type are reported above; a placeholder keeps the other checks going.
      carrier_id: c.carrier === undefined && !detecting ? undefined : (carrier?.id ?? -1),
      code_type: c.code_type === undefined ? undefined : (codeType ?? 'c_id'),
      code_value: c.code_value,
      container: c.container,
      client_code: c.client_code,
      project_id: projectId ?? null,
      contractual_eta_pod: c.contractual_eta_pod,
      contractual_eta_dlv: c.contractual_eta_dlv,
      container_filter: c.container_filter,
    },
    refs,
  );
  if (!checked.ok) {
    for (const [field, messages] of Object.entries(checked.errors)) {
      if (field === 'carrier_id' && (c.carrier !== undefined || detecting)) continue; // already said
      if (field === 'code_value' && c.code_type !== undefined && !codeType) continue; // judged by a wrong type
      for (const m of messages) add(FIELD_TO_COLUMN[field] ?? field, m);
    }
    return undefined;
  }
  if (!carrier || !codeType || errors.has(row.line)) return undefined;
  return checked.value;
}

/** The summary of a file with bad rows, with the company cap when the file would pass it too. */
async function failureSummary(db: Kysely<Database>, companyId: number, errors: RowErrors, rowCount: number) {
  const summary = [
    `${errors.size} of ${rowCount} rows have errors; nothing was imported. Correct them and upload the file again.`,
  ];
  const company = await db
    .selectFrom('companies')
    .select(['max_tracking_requests', 'actual_tracking_requests'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (company.actual_tracking_requests + rowCount > company.max_tracking_requests) {
    summary.push(TR_MESSAGES.cap(company.max_tracking_requests, company.actual_tracking_requests, rowCount));
  }
  return summary;
}

/**
 * Checks every row (the rules of POST tracking-requests/, duplicates within the file and against existing
 * requests, the company cap), then inserts all of them in one transaction, or none: any problem is a 400 with
 * `non_field_errors` (a summary) and one key per bad row, `row N`, listing 'column: message'.
 */
export async function importRows(
  db: Kysely<Database>,
  rows: ImportRow[],
  companyId: number,
  userId: number,
): Promise<{ imported: number; ids: number[]; carriers_filled: { row: number; carrier: string }[] }> {
  const lookups = await importLookups(db, companyId);
  /** Rows whose empty carrier cell was filled from the number (carrier detection), with the carrier's SCAC. */
  const filled: { row: number; carrier: string }[] = [];
  const errors = new RowErrors();
  const valid: { line: number; value: NewRequest }[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const value = checkRow(row, lookups, errors, filled);
    if (!value) continue;
    const key = keyOf(value);
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      errors.add(
        row.line,
        'code_value',
        `Duplicate of row ${seen} (same carrier, code type and code value).`,
      );
      continue;
    }
    firstLine.set(key, row.line);
    valid.push({ line: row.line, value });
  }
  /** Marks the valid rows that a live request of the company already tracks. */
  const markExisting = async (reader: Kysely<Database>) => {
    const existing = await existingRequests(
      reader,
      companyId,
      valid.map((v) => v.value),
    );
    for (const v of valid) {
      const id = existing.get(keyOf(v.value));
      if (id !== undefined) errors.add(v.line, 'code_value', TR_MESSAGES.duplicate(id, v.value.code_type));
    }
  };
  await markExisting(db);
  if (errors.size > 0) errors.fail(await failureSummary(db, companyId, errors, rows.length));
  const ids = await db.transaction().execute(async (trx) => {
    await lockCompanyForAdding(trx, companyId, valid.length);
    // Checked again under the lock: a request created meanwhile is a duplicate too.
    await markExisting(trx);
    if (errors.size > 0)
      errors.fail([`${errors.size} of ${rows.length} rows have errors; nothing was imported.`]);
    return insertRequests(
      trx,
      companyId,
      userId,
      valid.map((v) => v.value),
    );
  });
  return { imported: ids.length, ids, carriers_filled: filled };
}

/** The active carriers as the template's Instructions sheet lists them. */
export async function templateCarriers(db: Kysely<Database>) {
  return (await activeCarriers(db)).map((c) => ({
    scac: c.scac,
    official_name: c.official_name,
    codeTypes: CODE_TYPES.filter((t) => carrierSupports(c, t.id))
      .map((t) => t.id)
      .join(' / '),
    containerNeeded: carrierRequiresContainer(c.ctt_quality_note),
  }));
}
