// Error answers for the whole app: `{field: [messages]}` or `{detail: message}`, never Fastify's
// default shape, and no internals on 5xx.
import { INVALID_DATE } from '@portal/shared-api/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, MESSAGES, type ErrorBody, type FieldErrors } from '../lib/errors';
import { fieldOf } from '../lib/validation';
import { localizeErrorBody, requestLang } from '../i18n';

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  // A string payload is sent as is, whatever response schema the route declares; the messages are in the
  // request's language (src/i18n).
  const localized = localizeErrorBody(body, requestLang(reply.request));
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(localized));
}

/** The fields of a PostgreSQL error (node-postgres DatabaseError). */
interface DatabaseError {
  code?: string;
  severity?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  table?: string;
}

const CLASS_22_MESSAGES: Record<string, string> = {
  '22003': 'A number is out of range.',
  '22008': 'A date is out of range.',
  '22007': INVALID_DATE,
  '22P02': 'Invalid value.',
  '22021': 'Null characters are not allowed.',
  '22001': 'A value is too long.',
  '2201B': 'Invalid value.',
  '22P05': 'Null characters are not allowed.',
};

/**
 * A database constraint violation or a value PostgreSQL refused, as `{field: [messages]}` (400), or null when
 * `err` is not one. The field comes from the constraint's columns (`Key (name, company_id)=…` → name) or the
 * constraint name (`user_profiles_days_of_delay_check` → days_of_delay); `non_field_errors` otherwise.
 * Only errors that carry a PostgreSQL SQLSTATE and the `severity` of a server error are mapped.
 */
export function databaseFieldErrors(err: DatabaseError): FieldErrors | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (!/^[0-9A-Z]{5}$/.test(code) || typeof err.severity !== 'string') return null;
  const keyColumn = /^Key \((?:lower\()?"?([a-z_][a-z0-9_]*)/.exec(err.detail ?? '')?.[1];
  const fromConstraint = (suffix: RegExp) => {
    const name = err.constraint ?? '';
    const table = err.table ?? '';
    const rest = name.startsWith(`${table}_`) ? name.slice(table.length + 1) : name;
    return rest.replace(suffix, '') || undefined;
  };
  switch (code) {
    case '23505': {
      const field = keyColumn ?? fromConstraint(/_(key|idx|unique)$/) ?? 'non_field_errors';
      return { [field]: ['An object with this value already exists.'] };
    }
    case '23503': {
      const field = keyColumn ?? fromConstraint(/_fkey$/) ?? 'non_field_errors';
      const value = /\)=\(([^)]*)\)/.exec(err.detail ?? '')?.[1];
      return {
        [field]: [
          value !== undefined && !/is still referenced/.test(err.detail ?? '')
            ? `Invalid pk "${value}" - object does not exist.`
            : 'This object is still in use.',
        ],
      };
    }
    case '23514': {
      const field = fromConstraint(/_check$/) ?? 'non_field_errors';
      return { [field]: ['Invalid value.'] };
    }
    case '23502':
      return { [err.column ?? 'non_field_errors']: [MESSAGES.required] };
    case '54001':
      return { non_field_errors: ['The input is too complex.'] };
    default:
      if (code in CLASS_22_MESSAGES) return { [err.column ?? 'non_field_errors']: [CLASS_22_MESSAGES[code]] };
      return null;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => send(reply, 404, { detail: MESSAGES.notFound }));

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.body);
    }
    const err = error;
    if (err.validation) {
      const fields: FieldErrors = {};
      for (const item of err.validation) {
        const field = fieldOf(item.instancePath ?? '');
        const list = (fields[field] ??= []);
        const message = item.message ?? 'Invalid value.';
        if (!list.includes(message)) list.push(message);
      }
      return send(reply, 400, fields);
    }
    const database = databaseFieldErrors(err);
    if (database) return send(reply, 400, database);
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err, url: request.url, method: request.method }, 'request failed');
      return send(reply, 500, { detail: MESSAGES.serverError });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, { detail: `JSON parse error - ${err.message}` });
    }
    if (err instanceof SyntaxError && status === 400) {
      return send(reply, 400, { detail: `JSON parse error - ${err.message}` });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, {
        detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
      });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, { detail: 'Request body is too large.' });
    }
    // Other client errors from Fastify itself (4xx): keep the status, plain message.
    return send(reply, status, { detail: err.message });
  });
}
