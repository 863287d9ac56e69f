// Export templates (spec section 3): checks and storage. A template's filters use the shipment list's query
// vocabulary (what GET shipments/ and GET shipments/export/ take), so a template replays as the same list; the
// spec's range names eta_0 / eta_1 (and etd_, last_update_, created_at_) are read as _after / _before.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest, ErrorCollector } from '../../lib/errors';
import { valueText } from '../../lib/validation';
import { DATE_FILTER_FIELDS, parseShipmentFilters } from '../shipments/filters';
import type { Mailer } from '../../mail';
import { sendRun, type ReportSettings } from '../../reports/runs';
import { customFormFields, findField } from './fields';

const SEND_EMAIL_CHOICES = ['', 'daily', 'weekly', 'monthly'] as const;
type SendEmail = (typeof SEND_EMAIL_CHOICES)[number];
export const MAX_TEMPLATE_COLUMNS = 400;
export const MAX_FILTER_VALUES = 50;

const LIST_KEYS = ['status', 'health', 'carrier', 'project', 'ordering'];
const SCALAR_KEYS = [
  'search',
  'pol_loc',
  'pod_loc',
  'dta',
  'order_dta',
  'dtd_min',
  'dtd_max',
  'dta_min',
  'dta_max',
  'last_n_days',
  'exclude_hidden',
  'free_time_ends_within',
  'over_free_time',
  ...Object.keys(DATE_FILTER_FIELDS).flatMap((f) => [
    `${f}_before`,
    `${f}_after`,
    `${f}_rel_min`,
    `${f}_rel_max`,
  ]),
];
const TEMPLATE_FILTER_KEYS: ReadonlySet<string> = new Set([...LIST_KEYS, ...SCALAR_KEYS]);
/** The spec's names of the date ranges' two ends. */
const RANGE_ALIASES: Record<string, string> = {};
for (const f of ['eta', 'etd', 'last_update', 'created_at']) {
  RANGE_ALIASES[`${f}_0`] = `${f}_after`;
  RANGE_ALIASES[`${f}_1`] = `${f}_before`;
}

type TemplateFilters = Record<string, string | string[]>;

export interface TemplateInput {
  name: string;
  description: string;
  send_email: SendEmail;
  columns: string[];
  filters: TemplateFilters;
}

export interface TemplateRow {
  id: number;
  user_id: number;
  name: string;
  description: string;
  send_email: SendEmail;
  columns: string[];
  filters: TemplateFilters;
  created_at: Date;
  modified_at: Date;
}

const scalarText = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : typeof v === 'boolean'
        ? String(v)
        : null;

/**
 * Checks a template body (after the schema: types and lengths) and returns it normalised: known columns only,
 * filters in the list's vocabulary and valid for the list. Throws one 400 naming every problem.
 */
export function checkTemplate(
  body: { name?: unknown; description?: unknown; send_email?: unknown; columns?: unknown; filters?: unknown },
  customFormSchema: unknown,
): TemplateInput {
  const errs = new ErrorCollector();
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errs.add('name', 'This field may not be blank.');
  const description = typeof body.description === 'string' ? body.description.trim() : '';
  const sendEmail =
    body.send_email === undefined || body.send_email === null ? '' : valueText(body.send_email);
  if (!(SEND_EMAIL_CHOICES as readonly string[]).includes(sendEmail)) {
    errs.add('send_email', `"${sendEmail.slice(0, 50)}" is not a valid choice.`);
  }

  const custom = customFormFields(customFormSchema);
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const c of Array.isArray(body.columns) ? body.columns : []) {
    const key = String(c);
    if (seen.has(key)) continue;
    seen.add(key);
    if (findField(key, custom)) columns.push(key);
    else errs.add('columns', `"${key.slice(0, 100)}" is not a valid choice.`);
  }
  if (seen.size === 0) errs.add('columns', 'Select columns to display');

  const filters: TemplateFilters = {};
  const raw = body.filters ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errs.add('filters', 'Invalid data. Expected a dictionary.');
  } else {
    for (const [given, value] of Object.entries(raw as Record<string, unknown>)) {
      const key = RANGE_ALIASES[given] ?? given;
      if (!TEMPLATE_FILTER_KEYS.has(key)) {
        errs.add(`filters.${given.slice(0, 50)}`, 'Unknown filter.');
        continue;
      }
      if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      if (Array.isArray(value)) {
        if (!LIST_KEYS.includes(key)) {
          errs.add(`filters.${given}`, 'Not a valid string.');
          continue;
        }
        const texts = value.map(scalarText);
        if (texts.some((t) => t === null)) errs.add(`filters.${given}`, 'Not a valid string.');
        else filters[key] = [...new Set(texts as string[])];
      } else {
        const text = scalarText(value);
        if (text === null) errs.add(`filters.${given}`, 'Not a valid string.');
        else filters[key] = LIST_KEYS.includes(key) ? [text] : text;
      }
    }
    // The values must be what the list accepts: the same parser, its messages under filters.<key>.
    try {
      parseShipmentFilters(filters);
    } catch (error) {
      const fields = (error as { body?: Record<string, string[]> }).body;
      if (!fields) throw error;
      for (const [key, messages] of Object.entries(fields)) {
        for (const m of messages) errs.add(`filters.${key}`, m);
      }
    }
  }
  errs.throwIfAny();
  return { name, description, send_email: sendEmail as SendEmail, columns, filters };
}

export const NAME_TAKEN = 'A template with this name already exists.';

/** 400 {name} when another template of the user has this name (any case); `selfId` is the one being changed. */
export async function checkNameFree(
  db: Kysely<Database>,
  userId: number,
  name: string,
  selfId: number | null,
): Promise<void> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM export_templates
    WHERE user_id = ${userId} AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${selfId}
    LIMIT 1`.execute(db);
  if (rows.length > 0) throw badRequest({ name: [NAME_TAKEN] });
}

/** Two simultaneous saves of one name: the unique index answers, as the same field error. */
export function nameClash(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw badRequest({ name: [NAME_TAKEN] });
  throw error;
}

export function serializeTemplate(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    send_email: row.send_email,
    user: row.user_id,
    columns: row.columns,
    filters: row.filters,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
  };
}

const COLUMNS = sql`id, user_id, name, description, send_email, columns, filters, created_at, modified_at`;

export async function listTemplates(
  db: Kysely<Database>,
  userId: number,
  companyId: number,
): Promise<TemplateRow[]> {
  const { rows } = await sql<TemplateRow>`SELECT ${COLUMNS} FROM export_templates
    WHERE user_id = ${userId} AND company_id = ${companyId} ORDER BY lower(name), id`.execute(db);
  return rows;
}

export async function getTemplate(
  db: Kysely<Database>,
  id: number,
  userId: number,
  companyId: number,
): Promise<TemplateRow | undefined> {
  const { rows } = await sql<TemplateRow>`SELECT ${COLUMNS} FROM export_templates
    WHERE id = ${id} AND user_id = ${userId} AND company_id = ${companyId}`.execute(db);
  return rows[0];
}

export async function insertTemplate(
  db: Kysely<Database>,
  userId: number,
  companyId: number,
  t: TemplateInput,
): Promise<TemplateRow> {
  const { rows } = await sql<TemplateRow>`INSERT INTO export_templates
      (company_id, user_id, name, description, send_email, columns, filters)
    VALUES (${companyId}, ${userId}, ${t.name}, ${t.description}, ${t.send_email}, ${t.columns}::text[],
      ${JSON.stringify(t.filters)}::jsonb)
    RETURNING ${COLUMNS}`.execute(db);
  return rows[0];
}

export async function updateTemplate(
  db: Kysely<Database>,
  id: number,
  userId: number,
  companyId: number,
  t: TemplateInput,
): Promise<TemplateRow | undefined> {
  // a new schedule starts from now: the period already under way is not sent (reports/periods.ts)
  const { rows } = await sql<TemplateRow>`UPDATE export_templates SET name = ${t.name},
      schedule_since = CASE WHEN send_email = ${t.send_email} THEN schedule_since ELSE now() END,
      description = ${t.description}, send_email = ${t.send_email}, columns = ${t.columns}::text[],
      filters = ${JSON.stringify(t.filters)}::jsonb, modified_at = now()
    WHERE id = ${id} AND user_id = ${userId} AND company_id = ${companyId}
    RETURNING ${COLUMNS}`.execute(db);
  return rows[0];
}

export async function deleteTemplate(
  db: Kysely<Database>,
  id: number,
  userId: number,
  companyId: number,
): Promise<boolean> {
  const result = await sql`DELETE FROM export_templates
    WHERE id = ${id} AND user_id = ${userId} AND company_id = ${companyId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Mails template `id` (already checked as the caller's) at once to its recipients, as a run of its own
 * ('now:' and the time), so its schedule and its periods' runs are untouched. Resolves with the run's status;
 * throws when delivery failed (the run then stays pending and the report queue retries it).
 */
export async function sendTemplateNow(
  db: Kysely<Database>,
  mailer: Mailer,
  id: number,
  userId: number,
  settings: ReportSettings,
): Promise<'sent' | 'empty' | 'failed' | 'skipped'> {
  const { rows } = await sql<{ id: string }>`INSERT INTO report_runs (kind, template_id, user_id, period)
    VALUES ('template', ${id}, ${userId}, ${`now:${new Date().toISOString()}`})
    ON CONFLICT (template_id, period) WHERE kind = 'template' DO NOTHING
    RETURNING id`.execute(db);
  if (!rows[0]) return 'skipped';
  return sendRun(db, mailer, String(rows[0].id), settings);
}
