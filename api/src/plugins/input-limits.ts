// Bounds every request's input before any route sees it, in one linear pass over what was parsed:
// - no NUL byte in any string (body, query, params): PostgreSQL text cannot hold one → a field error;
// - JSON bodies at most MAX_DEPTH levels deep and every list at most MAX_LIST_ITEMS long;
// - integers of a body's top-level fields (and of its top-level lists) within PostgreSQL's int4;
// - an `:id` path parameter that looks like a number must be canonical (no sign, spaces or leading zeros) and
//   within int4, else 404: one object, one address.
// Route schemas bound their own fields more tightly; this is the floor under every route, including routes
// whose body is checked by hand.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ErrorCollector, MESSAGES } from '../lib/errors';

const MAX_DEPTH = 20;
const MAX_LIST_ITEMS = 1000;
const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;

const LIMIT_MESSAGES = {
  nul: 'Null characters are not allowed.',
  depth: `Ensure this value is nested no more than ${MAX_DEPTH} levels deep.`,
  listLength: (n: number) => `Ensure this field has no more than ${n} elements.`,
  int4Max: `Ensure this value is less than or equal to ${INT4_MAX}.`,
  int4Min: `Ensure this value is greater than or equal to ${INT4_MIN}.`,
};

const fieldName = (key: string | undefined) => key ?? 'non_field_errors';

/**
 * Walks a parsed JSON value without recursion (a 10,000-deep body cannot overflow the stack) and reports each
 * problem once per top-level field.
 */
export function checkJsonValue(value: unknown, errors: ErrorCollector, topLevelInts = true): void {
  // [value, depth, top-level field, is a top-level field or an item of a top-level list]
  const stack: Array<[unknown, number, string | undefined, boolean]> = [[value, 0, undefined, false]];
  while (stack.length > 0) {
    const [v, depth, field, shallow] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) errors.add(fieldName(field), LIMIT_MESSAGES.nul);
      continue;
    }
    if (typeof v === 'number') {
      if (topLevelInts && shallow && Number.isFinite(v)) {
        if (v > INT4_MAX) errors.add(fieldName(field), LIMIT_MESSAGES.int4Max);
        else if (v < INT4_MIN) errors.add(fieldName(field), LIMIT_MESSAGES.int4Min);
      }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      errors.add(fieldName(field), LIMIT_MESSAGES.depth);
      continue;
    }
    if (Array.isArray(v)) {
      if (v.length > MAX_LIST_ITEMS) {
        errors.add(fieldName(field), LIMIT_MESSAGES.listLength(MAX_LIST_ITEMS));
        continue;
      }
      const itemsShallow = depth === 1 || (depth === 0 && field === undefined);
      for (const item of v) stack.push([item, depth + 1, field, itemsShallow]);
      continue;
    }
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      if (key.includes('\u0000')) errors.add(fieldName(field ?? key), LIMIT_MESSAGES.nul);
      stack.push([item, depth + 1, field ?? key, depth === 0]);
    }
  }
}

const NUMERIC = /^\s*[+-]?\d+\s*$/;
const CANONICAL = /^(0|[1-9]\d{0,9})$/;

function checkParams(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params) return;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    if (value.includes('\u0000')) throw new ApiError(404, { detail: MESSAGES.notFound });
    if (key !== 'id') continue;
    if (NUMERIC.test(value) && (!CANONICAL.test(value) || Number(value) > INT4_MAX)) {
      throw new ApiError(404, { detail: MESSAGES.notFound });
    }
  }
}

function checkQuery(request: FastifyRequest, errors: ErrorCollector): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  for (const [key, value] of Object.entries(query)) {
    const list = Array.isArray(value) ? value : [value];
    if (list.length > MAX_LIST_ITEMS) errors.add(key, LIMIT_MESSAGES.listLength(MAX_LIST_ITEMS));
    if (key.includes('\u0000')) errors.add('non_field_errors', LIMIT_MESSAGES.nul);
    for (const item of list) {
      if (typeof item === 'string' && item.includes('\u0000')) {
        errors.add(key, LIMIT_MESSAGES.nul);
        break;
      }
    }
  }
}

export function registerInputLimits(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkParams(request);
    const errors = new ErrorCollector();
    checkQuery(request, errors);
    const body = request.body;
    // Multipart uploads are streams (not parsed here); JSON bodies are plain values.
    if (body !== undefined && body !== null && (typeof body !== 'object' || isPlainJson(body))) {
      checkJsonValue(body, errors);
    }
    errors.throwIfAny();
  });
}

function isPlainJson(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
