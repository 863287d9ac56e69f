// The query-parameter vocabulary of every route (ids from the path, `ordering`, repeated keys, LIKE patterns):
// one parser and one message per mistake, in lib/ so that no route folder imports another.
import { badRequest, notFound } from './errors';

/** A positive int4 id from the path, or 404 (a malformed id is as unknown as a missing one). */
export function parseId(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound();
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
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === '') return fallback;
  const text = String(value).trim();
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

/** A query value that may be repeated (`?status=new&status=ongoing`) or comma-separated, as a list. */
export function listParam(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  return values
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** `LIKE` pattern for a free-text search (wildcards in the text are taken literally). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
