// DCSA push callbacks: events a carrier pushes for one of our subscriptions
// (tracking/engine/subscriptions.ts), in the carrier's version:
// - v2.2: POST /api/dcsa/callback/{subscriptionId}/ with a JSON list of events; answered 204.
// - v3.0: POST /api/dcsa/callback/{subscriptionId}/v3/events, the standard's Event Consumer
//   endpoint (`POST /events`, PostEventsRequest `{events: [...]}`); answered 200 with a
//   PostEventsResponse whose feedbackElements (severity ERROR, propertyPath `$.events[i]`) name the
//   events refused, or a PostEventsError (400) when nothing could be read. Retracted events
//   (isRetracted) are applied (ingest.ts).
// Both: the Notification-Signature (HMAC-SHA256 of the exact raw body, with the subscription's
// shared secret; v3.0 leaves authentication out of the standard, so the portal keeps v2.2's) is
// checked before anything is parsed or stored: a bad signature is refused with 401 and stored
// nowhere. Valid events are ingested; invalid, unstorable and irrelevant ones are set aside with
// their reasons, and one bad event never makes the carrier re-send the good ones.
// Rate limit (@fastify/rate-limit, scoped to these routes): per subscription and client address,
// DCSA_CALLBACK_RATE_LIMIT_MAX deliveries (default 300) per DCSA_CALLBACK_RATE_LIMIT_WINDOW_MS
// (default 60 000); beyond, 429 with Retry-After, before the body is read or the database touched,
// in the standard's error shape of the version asked (v2.2 error, v3.0 PostEventsError).
import { createHmac, timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rate-limits';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  DCSA_V3_API_VERSION,
  findSubscription,
  ingestBatch,
  readV3,
  type DcsaEvent,
  type RejectedPayload,
  type V3Retraction,
} from '../../tracking/engine';

/** Events in one v3 delivery (the body limit is 10 MB; this bounds the work per request). */
const MAX_EVENTS_PER_DELIVERY = 10_000;

/** Whether `header` (`sha256=<hex>`, keyword in any case as in DCSA's reference implementation) is the HMAC-SHA256 of `body` under the base64 `secret`. */
function signatureMatches(secretBase64: string, body: string, header: string | undefined): boolean {
  const m = /^\s*sha256=([0-9a-f]{64})\s*$/i.exec(header ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

type Feedback = { severity: 'ERROR' | 'WARN' | 'INFO'; message: string; propertyPath?: string };

const RATE_LIMITED = 'Too many notifications for this subscription. Retry later.';

/**
 * Beyond the rate limit, in each version's error shape: v2.2 `error` (httpMethod, requestUri,
 * statusCode, statusCodeText, errorDateTime, errors [{reason, message}]); v3.0 PostEventsError
 * (feedbackElements with one ERROR).
 */
class RateLimited extends Error {
  readonly statusCode = 429;
  readonly body: object;
  constructor(
    request: FastifyRequest,
    readonly retryAfter: number,
  ) {
    super(RATE_LIMITED);
    const message = `${RATE_LIMITED} (Retry-After: ${retryAfter} s)`;
    this.body = /\/v3\/events\/?(\?|$)/.test(request.url)
      ? { feedbackElements: [{ severity: 'ERROR', message }] }
      : {
          httpMethod: request.method,
          requestUri: request.url,
          statusCode: 429,
          statusCodeText: 'Too Many Requests',
          errorDateTime: new Date().toISOString(),
          errors: [{ reason: 'rateLimitExceeded', message }],
        };
  }
}

/** The subscription, after the signature check; undefined when the reply was sent. */
async function authenticated(request: FastifyRequest, reply: FastifyReply, body: string) {
  const { subscriptionId } = request.params as { subscriptionId: string };
  const sub = await findSubscription(request.server.db, subscriptionId);
  if (!sub) {
    await reply.code(404).send({ detail: 'Not found.' });
    return undefined;
  }
  const header = request.headers['notification-signature'];
  if (!signatureMatches(sub.secret, body, typeof header === 'string' ? header : undefined)) {
    await reply.code(401).send({ detail: 'Invalid Notification-Signature.' });
    return undefined;
  }
  return sub;
}

/** v2.2: a JSON list of events, answered 204. */
async function receiveV2(request: FastifyRequest, reply: FastifyReply) {
  const body = typeof request.body === 'string' ? request.body : '';
  const sub = await authenticated(request, reply, body);
  if (!sub) return reply;
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return reply.code(400).send({ detail: 'JSON parse error - the body is not JSON.' });
  }
  if (!Array.isArray(payload)) return reply.code(400).send({ detail: 'Expected a list of events.' });
  await ingestBatch(request.server.db, {
    carrierId: sub.carrier_id,
    trackingRequestId: sub.tracking_request_id,
    source: 'push',
    relevance: true,
    raw: payload,
  });
  return reply.code(204).send();
}

/** A v3.0 delivery's events sorted: events and retractions to apply, the rest set aside with their feedback. */
function sortV3Events(list: unknown[]) {
  const events: DcsaEvent[] = [];
  const rejected: RejectedPayload[] = [];
  const retractions: V3Retraction[] = [];
  const feedbackElements: Feedback[] = [];
  list.forEach((raw, i) => {
    const read = readV3(raw);
    if (read.kind === 'event') events.push(read.event);
    else if (read.kind === 'retraction') retractions.push(read.retraction);
    else {
      rejected.push({ raw, reasons: read.reasons, kind: read.setAside });
      feedbackElements.push({
        severity: 'ERROR',
        message: `Not processed: ${read.reasons.join('; ')}`.slice(0, 5000),
        propertyPath: `$.events[${i}]`,
      });
    }
  });
  return { events, rejected, retractions, feedbackElements };
}

/** v3.0: a PostEventsRequest, answered by a PostEventsResponse (200) or a PostEventsError (400). */
async function receiveV3(request: FastifyRequest, reply: FastifyReply) {
  reply.header('API-Version', DCSA_V3_API_VERSION);
  const refuse = (message: string, propertyPath?: string) =>
    reply.code(400).send({
      feedbackElements: [{ severity: 'ERROR', message, ...(propertyPath ? { propertyPath } : {}) }],
    });
  const body = typeof request.body === 'string' ? request.body : '';
  const sub = await authenticated(request, reply, body);
  if (!sub) return reply;
  const version = request.headers['api-version'];
  if (typeof version === 'string' && version.trim().split('.')[0] !== '3') {
    return refuse(`API-Version ${version.slice(0, 20)} is not served here (major version 3).`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return refuse('The body is not JSON.');
  }
  const list =
    payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as { events?: unknown }).events
      : undefined;
  if (!Array.isArray(list)) return refuse('Expected an object with a list of events.', '$.events');
  if (list.length > MAX_EVENTS_PER_DELIVERY)
    return refuse(`At most ${MAX_EVENTS_PER_DELIVERY} events per request.`, '$.events');

  const { feedbackElements, ...sorted } = sortV3Events(list);
  await ingestBatch(request.server.db, {
    carrierId: sub.carrier_id,
    trackingRequestId: sub.tracking_request_id,
    source: 'push',
    relevance: true,
    ...sorted,
  });
  return reply.code(200).send({ feedbackElements });
}

export const dcsaCallbackRoutes: FastifyPluginAsync = async (app) => {
  // Keep the body as the exact string received: the signature covers its bytes.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  // DCSA_CALLBACK_RATE_LIMIT_MAX and _WINDOW_MS (config.ts), read when the app is built.
  const limit = app.config.env.dcsaCallbackRateLimit;
  await app.register(rateLimit, {
    // Counted in PostgreSQL: the same window in every API process.
    store: sharedRateLimitStore(app.db, 'dcsa-callback'),
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) =>
      `${request.ip}|${(request.params as { subscriptionId?: string }).subscriptionId ?? ''}`,
    errorResponseBuilder: (request, context) => new RateLimited(request, Math.ceil(context.ttl / 1000)),
  });
  // The refusal in the standard's error shape of the endpoint asked (rethrown otherwise: the
  // portal's error handler answers).
  app.setErrorHandler(async (error, _request, reply) => {
    if (!(error instanceof RateLimited)) throw error;
    return reply.code(429).header('Retry-After', String(error.retryAfter)).send(error.body);
  });

  app.post('/dcsa/callback/:subscriptionId/', { schema: { hide: true } }, receiveV2);
  // DCSA T&T v3.0 Event Consumer endpoint (PostEventsRequest → PostEventsResponse / PostEventsError).
  app.post('/dcsa/callback/:subscriptionId/v3/events', { schema: { hide: true } }, receiveV3);
};
