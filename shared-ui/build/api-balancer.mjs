// The shell's /api/ proxy, to one API process or balanced over several (API_URL=http://127.0.0.1:8001,http://…).
// Made of the parts @fastify/http-proxy already brings: @fastify/reply-from sends to an undici BalancedPool when it
// is given several upstreams (round-robin, and an upstream whose connections fail is weighted down until it answers
// again), and its retry hook tries the request again, on the pool's next upstream, when a process did not take or
// did not finish it. No other proxy is needed: nginx or HAProxy would do the same in production, but would be one
// more program to install for `npm start`, and http-proxy (the older library) has no pool or retry of its own.
//
// Which requests are tried again (at most once per upstream):
// - any request the process never received: connection refused or connect timeout (nothing ran);
// - idempotent ones (GET, HEAD, OPTIONS, PUT, DELETE) and a POST / PATCH carrying an Idempotency-Key (the API
//   stores its answer and replays it) also when the connection broke mid-request or the process answered 502/503
//   (it is stopping). Any other write is answered 502 rather than run twice.
// Bodies are read whole (up to API_BODY_LIMIT_MB, default 32) in balanced mode, so a retry can send them again;
// with one upstream the proxy streams them, as before.

const RETRY_ANY = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND']);
const RETRY_IDEMPOTENT = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_ABORTED',
]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** The API's addresses from API_URL: one, or several separated by commas. */
export function apiUpstreams(apiUrl) {
  return String(apiUrl)
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/** Whether a request whose attempt ended with `err` / `statusCode` may be sent again to another process. */
export function mayRetry({ method, headers = {}, errorCode, statusCode }) {
  if (errorCode && RETRY_ANY.has(errorCode)) return true;
  const idempotent = IDEMPOTENT.has(method) || Boolean(headers['idempotency-key']);
  if (!idempotent) return false;
  if (errorCode) return RETRY_IDEMPOTENT.has(errorCode);
  return statusCode === 502 || statusCode === 503;
}

/**
 * Registers @fastify/http-proxy (`fastifyProxy`) with `options` (upstream = API_URL). Several upstreams: balanced,
 * with retries; one: exactly the plain proxy.
 */
export async function registerApiProxy(app, fastifyProxy, options, env = process.env) {
  const upstreams = apiUpstreams(options.upstream);
  if (upstreams.length <= 1) {
    await app.register(fastifyProxy, options);
    return;
  }
  const bodyLimit = Math.max(1, Number(env.API_BODY_LIMIT_MB) || 32) * 1024 * 1024;
  await app.register(async (scope) => {
    // Bodies as bytes (not parsed, not streamed): forwarded unchanged (the DCSA callbacks' signatures cover the
    // exact bytes), and still there for a retry.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    await scope.register(fastifyProxy, {
      ...options,
      upstream: upstreams,
      proxyPayloads: false,
      replyOptions: {
        ...options.replyOptions,
        // reply-from builds the URL from this; the BalancedPool then picks the process.
        getUpstream: () => upstreams[0],
        retriesCount: upstreams.length,
        retryDelay: ({ err, req, res, attempt }) => {
          if (attempt >= upstreams.length) return null;
          const again = mayRetry({
            method: req.method,
            headers: req.headers,
            errorCode: err?.code,
            statusCode: res?.statusCode,
          });
          if (!again) return null;
          res?.stream?.resume?.(); // a 502/503 answer that is dropped: let its socket go back to the pool
          return 20 + attempt * 50;
        },
      },
      // The bytes read above, as they came (reply-from would otherwise JSON-encode a Buffer).
      handler: (request, reply, dest, handlerOptions) =>
        Buffer.isBuffer(request.body)
          ? reply.from(dest, {
              ...handlerOptions,
              body: request.body,
              contentType: request.headers['content-type'] || 'application/octet-stream',
            })
          : reply.from(dest, handlerOptions),
    });
  });
}
