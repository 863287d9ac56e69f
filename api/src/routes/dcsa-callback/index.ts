// POST /api/dcsa/callback/{subscriptionId}/: events pushed by a carrier for one of our DCSA
// subscriptions. The Notification-Signature (HMAC-SHA256 of the exact raw body, with the
// subscription's shared secret) is checked before anything is parsed or stored: a bad signature
// is refused with 401 and stored nowhere. Valid events are ingested; invalid, unstorable and
// irrelevant ones are set aside with their reasons (ingest.ts), and the answer is 204 for what
// was taken: one bad event never makes the carrier re-send the good ones.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ingestBatch } from '../../tracking/ingest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `header` (`sha256=<hex>`, keyword in any case as in DCSA's reference implementation) is the HMAC-SHA256 of `body` under the base64 `secret`. */
export function signatureMatches(secretBase64: string, body: string, header: string | undefined): boolean {
  const m = /^\s*sha256=([0-9a-f]{64})\s*$/i.exec(header ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

export const dcsaCallbackRoutes: FastifyPluginAsync = async (app) => {
  // Keep the body as the exact string received: the signature covers its bytes.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post('/dcsa/callback/:subscriptionId/', { schema: { hide: true } }, async (request, reply) => {
    const { subscriptionId } = request.params as { subscriptionId: string };
    const body = typeof request.body === 'string' ? request.body : '';
    const sub = UUID.test(subscriptionId)
      ? await app.db
          .selectFrom('dcsa_subscriptions')
          .selectAll()
          .where('id', '=', subscriptionId)
          .executeTakeFirst()
      : undefined;
    if (!sub) return reply.code(404).send({ detail: 'Not found.' });
    const header = request.headers['notification-signature'];
    if (!signatureMatches(sub.secret, body, typeof header === 'string' ? header : undefined)) {
      return reply.code(401).send({ detail: 'Invalid Notification-Signature.' });
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return reply.code(400).send({ detail: 'JSON parse error - the body is not JSON.' });
    }
    if (!Array.isArray(payload)) return reply.code(400).send({ detail: 'Expected a list of events.' });
    await ingestBatch(app.db, {
      carrierId: sub.carrier_id,
      trackingRequestId: sub.tracking_request_id,
      source: 'push',
      relevance: true,
      raw: payload,
    });
    return reply.code(204).send();
  });
};
