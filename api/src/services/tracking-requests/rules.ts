// Tracking requests: the rules of spec sections 4 and 5 shared by the single create, the PATCH
// calls and the bulk upload (code types, container numbers, the container-required rule, the
// company cap under a row lock, duplicates), and the insert itself.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Carrier, Database } from '../../db/types';
import { ApiError, type FieldErrors } from '../../lib/errors';
import { iso6346CheckDigit } from '../../tracking/containers';
import { CODE_TYPE_IDS, codeTypeName, type CodeTypeId as CodeType } from '@portal/shared-api/domain';

// The statuses, their English labels and the code types are the domain module's (one source with the screens).
export {
  CODE_TYPES,
  CODE_TYPE_IDS,
  codeTypeName,
  EDITABLE_STATUSES,
  TRACKING_REQUEST_STATUSES as STATUSES,
  TRACKING_REQUEST_STATUS_LABELS as STATUS_LABELS,
  TRANSITION_FROM,
  type CodeTypeId as CodeType,
} from '@portal/shared-api/domain';

export const TR_MESSAGES = {
  containerFormat: 'Container numbers feature 4 uppercase letters followed by 7 digits.',
  containerRequired: 'Required input: Container.',
  checkDigit: (value: string, expected: number) =>
    `${value} is not a valid container number: its check digit (the last digit) should be ${expected} (ISO 6346).`,
  reference: 'Enter a valid booking or B/L number: 3 to 35 letters, digits or hyphens.',
  invalidPk: (value: unknown) => `Invalid pk "${String(value)}" - object does not exist.`,
  notSupported: (carrier: string, codeType: CodeType) =>
    `${carrier} does not support tracking by ${codeTypeName(codeType)}.`,
  badDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  tooLong: (n: number) => `Ensure this field has no more than ${n} characters.`,
  notString: 'Not a valid string.',
  notList: (value: unknown) =>
    `Expected a list of items but got type "${typeof value === 'string' ? 'str' : typeof value}".`,
  duplicate: (id: number, codeType: CodeType) =>
    `A tracking request for this carrier and ${codeTypeName(codeType)} already exists (id ${id}).`,
  cap: (max: number, actual: number, adding: number) =>
    adding === 1
      ? `Your company has reached its limit of ${max} active tracking requests (${actual} in use). ` +
        'Archive or cancel some, or ask for a higher limit.'
      : `Your company can add ${Math.max(0, max - actual)} more active tracking requests ` +
        `(limit ${max}, ${actual} in use), not ${adding}.`,
} as const;

export const CLIENT_CODE_MAX = 100;
const CONTAINER_PATTERN = /^[A-Z]{4}\d{6}-?\d$/;
const REFERENCE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,34}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the carrier's quality note asks for container numbers with bookings and B/Ls. */
export function carrierRequiresContainer(note: string): boolean {
  return /container numbers? submission is needed/i.test(note);
}

/** Whether the carrier can be tracked by `codeType`. */
export function carrierSupports(carrier: Carrier, codeType: CodeType): boolean {
  return codeType === 'c_id'
    ? carrier.supports_c_id
    : codeType === 'b_id'
      ? carrier.supports_b_id
      : carrier.supports_m_bl;
}

/** The problem with a container number (format, then ISO 6346 check digit), or null when valid. */
function containerProblem(value: string): string | null {
  if (!CONTAINER_PATTERN.test(value)) return TR_MESSAGES.containerFormat;
  const plain = value.replace('-', '');
  const expected = iso6346CheckDigit(plain.slice(0, 10));
  return expected === Number(plain[10]) ? null : TR_MESSAGES.checkDigit(value, expected);
}

/** A yyyy-MM-dd calendar date, or undefined when it is not one. */
function parseDate(value: string): string | undefined {
  const m = DATE_PATTERN.exec(value);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
    ? value
    : undefined;
}

/** What a caller may send to create a request (API body or a bulk row once resolved). */
export interface RequestInput {
  carrier_id?: unknown;
  project_id?: unknown;
  code_type?: unknown;
  code_value?: unknown;
  container?: unknown;
  client_code?: unknown;
  contractual_eta_pod?: unknown;
  contractual_eta_dlv?: unknown;
  container_filter?: unknown;
}

export interface NewRequest {
  carrier_id: number;
  project_id: number | null;
  code_type: CodeType;
  code_value: string;
  client_code: string;
  contractual_eta_pod: string | null;
  contractual_eta_dlv: string | null;
  container_filter: string[];
  booking_bl_required_container: boolean;
}

export interface Refs {
  /** Active carriers by id. */
  carriers: Map<number, Carrier>;
  /** Project ids of the company. */
  projectIds: Set<number>;
}

const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function checkClientCode(value: unknown, errors: FieldErrors): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    errors.client_code = [TR_MESSAGES.notString];
    return '';
  }
  const text = value.trim();
  if (text.length > CLIENT_CODE_MAX) errors.client_code = [TR_MESSAGES.tooLong(CLIENT_CODE_MAX)];
  return text;
}

/** A contractual date: null/'' → null; else a yyyy-MM-dd date. */
export function checkDate(field: string, value: unknown, errors: FieldErrors): string | null {
  if (value === undefined || value === null || value === '') return null;
  const date = typeof value === 'string' ? parseDate(value.trim()) : undefined;
  if (!date) errors[field] = [TR_MESSAGES.badDate];
  return date ?? null;
}

/** A project id of the company, or null. */
export function checkProject(
  value: unknown,
  refs: Pick<Refs, 'projectIds'>,
  errors: FieldErrors,
): number | null {
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isInteger(id) || !refs.projectIds.has(id)) {
    errors.project_id = [TR_MESSAGES.invalidPk(value)];
    return null;
  }
  return id;
}

/** Most containers one request may follow (`container` + `container_filter`). */
const MAX_CONTAINERS = 200;

/** Container numbers from a list (or a comma/space separated string), each checked; at most MAX_CONTAINERS. */
function checkContainers(value: unknown, errors: string[]): string[] {
  if (value === undefined || value === null || value === '') return [];
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string') items = value.split(/[\s,;]+/).filter((v) => v !== '');
  else {
    errors.push(TR_MESSAGES.notList(value));
    return [];
  }
  if (items.length > MAX_CONTAINERS) {
    errors.push(`Ensure this field has no more than ${MAX_CONTAINERS} elements.`);
    return [];
  }
  // A Set keeps the first occurrence of each container in order, in linear time.
  const out = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string') {
      errors.push(TR_MESSAGES.containerFormat);
      continue;
    }
    const text = item.trim();
    const problem = containerProblem(text);
    if (problem) errors.push(problem);
    else out.add(text.replace('-', ''));
  }
  return [...out];
}

/**
 * Checks a new request against the rules of spec section 5. Returns the values to insert, or the
 * errors `{field: [messages]}` (every problem at once).
 */
export function checkNewRequest(
  input: RequestInput,
  refs: Refs,
): { ok: true; value: NewRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  // Carrier.
  let carrier: Carrier | undefined;
  if (missing(input.carrier_id)) errors.carrier_id = ['This field is required.'];
  else {
    const id = typeof input.carrier_id === 'number' ? input.carrier_id : Number(input.carrier_id);
    carrier = Number.isInteger(id) ? refs.carriers.get(id) : undefined;
    if (!carrier) errors.carrier_id = [TR_MESSAGES.invalidPk(input.carrier_id)];
  }
  // Code type.
  let codeType: CodeType | undefined;
  if (missing(input.code_type)) errors.code_type = ['This field is required.'];
  else if (!(CODE_TYPE_IDS as unknown[]).includes(input.code_type)) {
    errors.code_type = [`"${String(input.code_type)}" is not a valid choice.`];
  } else {
    codeType = input.code_type as CodeType;
    if (carrier && !carrierSupports(carrier, codeType)) {
      errors.code_type = [TR_MESSAGES.notSupported(carrier.official_name, codeType)];
    }
  }
  // Code value.
  let codeValue = '';
  if (missing(input.code_value)) errors.code_value = ['This field is required.'];
  else if (typeof input.code_value !== 'string') errors.code_value = [TR_MESSAGES.notString];
  else {
    codeValue = input.code_value.trim().toUpperCase();
    if (codeType === 'c_id') {
      const problem = containerProblem(codeValue);
      if (problem) errors.code_value = [problem];
      else codeValue = codeValue.replace('-', '');
    } else if (!REFERENCE_PATTERN.test(codeValue)) errors.code_value = [TR_MESSAGES.reference];
  }
  // Containers: the single `container` field and the container_filter tags.
  const containerErrors: string[] = [];
  const single = missing(input.container)
    ? []
    : checkContainers(
        typeof input.container === 'string' ? input.container.trim() : input.container,
        containerErrors,
      );
  if (containerErrors.length) errors.container = containerErrors;
  const filterErrors: string[] = [];
  const filter = checkContainers(input.container_filter, filterErrors);
  if (filterErrors.length) errors.container_filter = [...new Set(filterErrors)];
  const requiresContainer =
    carrier !== undefined &&
    (codeType === 'b_id' || codeType === 'm_bl') &&
    carrierRequiresContainer(carrier.ctt_quality_note);
  if (
    requiresContainer &&
    single.length === 0 &&
    filter.length === 0 &&
    !errors.container &&
    !errors.container_filter
  ) {
    errors.container = [TR_MESSAGES.containerRequired];
  }
  const clientCode = checkClientCode(input.client_code, errors);
  const pod = checkDate('contractual_eta_pod', input.contractual_eta_pod, errors);
  const dlv = checkDate('contractual_eta_dlv', input.contractual_eta_dlv, errors);
  const projectId = checkProject(input.project_id, refs, errors);
  if (Object.keys(errors).length > 0 || !carrier || !codeType) return { ok: false, errors };
  return {
    ok: true,
    value: {
      carrier_id: carrier.id,
      project_id: projectId,
      code_type: codeType,
      code_value: codeValue,
      client_code: clientCode,
      contractual_eta_pod: pod,
      contractual_eta_dlv: dlv,
      // A container request follows its own container only.
      container_filter: codeType === 'c_id' ? [] : [...new Set([...single, ...filter])],
      booking_bl_required_container: requiresContainer,
    },
  };
}

/** The active carriers, by SCAC. */
export function activeCarriers(db: Kysely<Database>): Promise<Carrier[]> {
  return db.selectFrom('carriers').selectAll().where('active', '=', true).orderBy('scac').execute();
}

/** The company's active carriers and project ids. */
export async function loadRefs(db: Kysely<Database>, companyId: number): Promise<Refs> {
  const [carriers, projects] = await Promise.all([
    activeCarriers(db),
    db.selectFrom('projects').select('id').where('company_id', '=', companyId).execute(),
  ]);
  return {
    carriers: new Map(carriers.map((c) => [c.id, c])),
    projectIds: new Set(projects.map((p) => p.id)),
  };
}

/**
 * Locks the company row (so concurrent creations queue up) and checks that `adding` more live
 * requests fit under max_tracking_requests. Throws a 400 with a clear message otherwise.
 */
export async function lockCompanyForAdding(trx: Transaction<Database>, companyId: number, adding: number) {
  const company = await trx
    .selectFrom('companies')
    .select(['max_tracking_requests', 'actual_tracking_requests'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (company.actual_tracking_requests + adding > company.max_tracking_requests) {
    throw new ApiError(400, {
      non_field_errors: [
        TR_MESSAGES.cap(company.max_tracking_requests, company.actual_tracking_requests, adding),
      ],
    });
  }
  return company;
}

export interface RequestKey {
  carrier_id: number;
  code_type: CodeType;
  code_value: string;
}
export const keyOf = (r: RequestKey) => `${r.carrier_id}\u0000${r.code_type}\u0000${r.code_value}`;

/**
 * The company's existing requests (not archived or cancelled) with the same carrier, code type and
 * code value as one of `keys`: key → id.
 */
export async function existingRequests(
  db: Kysely<Database>,
  companyId: number,
  keys: RequestKey[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const rows = await sql<{ id: number; carrier_id: number; code_type: CodeType; code_value: string }>`
    SELECT tr.id, tr.carrier_id, tr.code_type, tr.code_value
    FROM tracking_requests tr
    JOIN unnest(${keys.map((k) => k.carrier_id)}::int[], ${keys.map((k) => k.code_type)}::text[],
                ${keys.map((k) => k.code_value)}::text[]) AS k(carrier_id, code_type, code_value)
      ON tr.carrier_id = k.carrier_id AND tr.code_type = k.code_type AND tr.code_value = k.code_value
    WHERE tr.company_id = ${companyId} AND tr.status NOT IN ('archived', 'cancelled')`.execute(db);
  for (const row of rows.rows) {
    const key = keyOf(row);
    if (!out.has(key)) out.set(key, row.id);
  }
  return out;
}

/** Inserts the requests (status new, due for polling now) in one statement; returns their ids in order. */
export async function insertRequests(
  trx: Transaction<Database>,
  companyId: number,
  userId: number,
  rows: NewRequest[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof NewRequest>(k: K) => rows.map((r) => r[k]);
  // Arrays of text[] cannot be unnested per row, so container filters travel as JSON.
  const result = await sql<{ id: number }>`
    INSERT INTO tracking_requests (company_id, created_by, carrier_id, project_id, code_type, code_value,
      client_code, contractual_eta_pod, contractual_eta_dlv, container_filter, booking_bl_required_container,
      status, next_poll_at)
    SELECT ${companyId}, ${userId}, t.carrier_id, t.project_id, t.code_type, t.code_value, t.client_code,
      t.pod, t.dlv, ARRAY(SELECT jsonb_array_elements_text(t.filter)), t.required, 'new', now()
    FROM unnest(${col('carrier_id')}::int[], ${col('project_id')}::int[], ${col('code_type')}::text[],
                ${col('code_value')}::text[], ${col('client_code')}::text[], ${col('contractual_eta_pod')}::date[],
                ${col('contractual_eta_dlv')}::date[], ${rows.map((r) => JSON.stringify(r.container_filter))}::jsonb[],
                ${col('booking_bl_required_container')}::boolean[]) WITH ORDINALITY
      AS t(carrier_id, project_id, code_type, code_value, client_code, pod, dlv, filter, required, n)
    ORDER BY t.n
    RETURNING id`.execute(trx);
  return result.rows.map((r) => r.id);
}
