// Webhook signatures: `Webhook-Signature: v1=<hex>` where hex is HMAC-SHA256 with the endpoint's
// secret (its UTF-8 bytes) over `<Webhook-Timestamp>.<exact body>`. During the grace period after a secret
// rotation the header carries two signatures, `v1=<with the new secret>, v1=<with the previous one>`, so a
// receiver still holding the previous secret keeps verifying until it switches; a receiver accepts a request
// when any of the signatures matches its secret. The timestamp is the send time in Unix
// seconds; receivers refuse a timestamp more than REPLAY_WINDOW_SECONDS from their clock (replayed requests)
// and de-duplicate on Webhook-Id (the event id): delivery is at least once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const REPLAY_WINDOW_SECONDS = 300;
const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** How long the previous secret keeps signing after a rotation unless the caller says otherwise. */
export const SECRET_GRACE_HOURS = 24;

/** The headers of one attempt, signed with every secret given (the current one first). */
export function signedHeaders(
  secret: string | readonly string[],
  eventId: string,
  eventType: string,
  body: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'ContainerTrackingPortal-Webhooks/1',
    'webhook-id': eventId,
    'webhook-event': eventType,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': (typeof secret === 'string' ? [secret] : secret)
      .map((s) => `v1=${signature(s, timestamp, body)}`)
      .join(', '),
  };
}

/**
 * What a receiver does (the README's snippet is the same code): true when the signature matches and the
 * timestamp is inside the replay window.
 */
export function verifySignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(`v1=${signature(secret, timestamp, rawBody)}`);
  return String(headers.signature ?? '')
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
