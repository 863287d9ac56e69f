// Error answers for the whole app: `{field: [messages]}` or `{detail: message}`, never Fastify's
// default shape, and no internals on 5xx.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, MESSAGES, type ErrorBody, type FieldErrors } from '../lib/errors';
import { fieldOf } from '../lib/validation';

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  // A string payload is sent as is, whatever response schema the route declares.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => send(reply, 404, { detail: MESSAGES.notFound }));

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.body);
    }
    const err = error as FastifyError;
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
