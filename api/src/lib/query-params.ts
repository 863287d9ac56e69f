// The query-parameter vocabulary of every route and list service (ids from the path, `ordering`, repeated keys,
// id and choice lists, dates, integers, booleans, LIKE patterns): one parser and one message per mistake, in lib/
// so that no route folder imports another.
import { sql, type RawBuilder } from 'kysely';
import { INVALID_DATE } from '@portal/shared-api/domain';
import { badRequest, notFound, type ErrorCollector } from './errors';
import { valueText } from './validation';

const INT4_MAX = 2 ** 31 - 1;

/** The one message of each query-parameter mistake (translated by src/i18n/catalogue.ts). */
export const QUERY_MESSAGES = {
  invalidDate: INVALID_DATE,
  integer: 'A valid integer is required.',
  positive: 'Ensure this value is greater than or equal to 1.',
  int4Max: `Ensure this value is less than or equal to ${INT4_MAX}.`,
  boolean: 'Must be a valid boolean.',
  choice: (v: string) => `Select a valid choice. ${v} is not one of the available choices.`,
} as const;

/** A positive int4 id from the path, or 404 (a malformed id is as unknown as a missing one). */
export function parseId(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > INT4_MAX) throw notFound();
  return id;
}

export interface Ordering<K extends string> {
  key: K;
  direction: 'asc' | 'desc';
}

/**
 * `ordering=field` / `ordering=-field` against the allowed keys; absent or empty gives `fallback`.
 * An unknown field is a 400 `{ordering: [...]}` rather than being ignored silently.
 */
export function parseOrdering<K extends string>(
  raw: unknown,
  allowed: readonly K[],
  fallback: Ordering<K>,
): Ordering<K> {
  const value: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === '') return fallback;
  const text = valueText(value).trim();
  const direction = text.startsWith('-') ? 'desc' : 'asc';
  const key = text.replace(/^[-+]/, '');
  if (!(allowed as readonly string[]).includes(key)) {
    throw badRequest({
      ordering: [
        `Invalid ordering field "${key}". Use one of: ${allowed.join(', ')} (prefix - for descending).`,
      ],
    });
  }
  return { key: key as K, direction };
}

/** The sort expressions of plain columns of a list's table (`alias.name` for each name), for its orderings. */
export function columnRefs<K extends string>(
  alias: string,
  names: readonly K[],
): Record<K, RawBuilder<unknown>> {
  return Object.fromEntries(names.map((name) => [name, sql.ref(`${alias}.${name}`)])) as Record<
    K,
    RawBuilder<unknown>
  >;
}

/** A query value that may be repeated (`?status=new&status=ongoing`) or comma-separated, as a list. */
export function listParam(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  return values
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The last value of a key that may be repeated (`?a=1&a=2` → '2'), or undefined. */
export function lastParam(raw: unknown): string | undefined {
  const list = listParam(raw);
  return list.length ? list[list.length - 1] : undefined;
}

/** Each value of a repeatable key that is one of `allowed`; every other one adds the choice message to `field`. */
export function choiceParam<T extends string>(
  raw: unknown,
  allowed: readonly T[],
  field: string,
  errors: ErrorCollector,
): T[] {
  const out: T[] = [];
  for (const v of listParam(raw)) {
    if ((allowed as readonly string[]).includes(v)) out.push(v as T);
    else errors.add(field, QUERY_MESSAGES.choice(v));
  }
  return out;
}

/** Each value of a repeatable key of object ids (positive int4); every other one adds the choice message. */
export function idListParam(raw: unknown, field: string, errors: ErrorCollector): number[] {
  const out: number[] = [];
  for (const v of listParam(raw)) {
    const n = /^\+?\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
    if (n >= 1 && n <= INT4_MAX) out.push(n);
    else errors.add(field, QUERY_MESSAGES.choice(v));
  }
  return out;
}

/** One object id of a filter (a positive int4; absent or blank: null); a bad one adds its message to `field`. */
export function positiveIdParam(
  raw: string | undefined,
  field: string,
  errors: ErrorCollector,
): number | null {
  const text = raw?.trim();
  if (!text) return null;
  if (!/^\d+$/.test(text)) errors.add(field, QUERY_MESSAGES.integer);
  else if (Number(text) < 1) errors.add(field, QUERY_MESSAGES.positive);
  else if (Number(text) > INT4_MAX) errors.add(field, QUERY_MESSAGES.int4Max);
  else return Number(text);
  return null;
}

/** A whole number of at most 7 digits (`-3`, `+12`), or null. */
export function parseInteger(value: string): number | null {
  return /^[+-]?\d{1,7}$/.test(value) ? Number(value) : null;
}

/** true / 1 / yes / on and false / 0 / no / off (any case), or null. */
export function parseBoolean(value: string): boolean | null {
  const v = value.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return null;
}

/** Whether `value` is a calendar day (yyyy-MM-dd) rather than an instant. */
export const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The calendar a date filter may name: 1900-01-01 up to the end of 9998. The bounds the lists derive from a date
 * (the end of an inclusive day, relative shifts) then still have four-digit years, which both JavaScript's
 * Date.UTC (two-digit years mean 19xx) and PostgreSQL's timestamp input (no five-digit `+010000-…`) need.
 */
const FIRST_DATE = Date.UTC(1900, 0, 1);
const AFTER_LAST_DATE = Date.UTC(9999, 0, 1);
const inCalendar = (d: Date) => d.getTime() >= FIRST_DATE && d.getTime() < AFTER_LAST_DATE;

/**
 * yyyy-MM-dd (→ UTC midnight of that day) or an ISO 8601 date-time (→ that instant); null when invalid or
 * outside the supported calendar (1900 – 9998).
 */
export function parseQueryDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    const same =
      d.getUTCFullYear() === Number(m[1]) &&
      d.getUTCMonth() === Number(m[2]) - 1 &&
      d.getUTCDate() === Number(m[3]);
    return same && inCalendar(d) ? d : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) || !inCalendar(d) ? null : d;
  }
  return null;
}

/**
 * `LIKE` pattern for a free-text search (`%text%`, wildcards in the text taken literally). `lowerCase` folds the
 * text for a case-insensitive `lower(column) LIKE` (or a column kept in lower case).
 */
export function likePattern(text: string, options: { lowerCase?: boolean } = {}): string {
  const folded = options.lowerCase ? text.toLowerCase() : text;
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
